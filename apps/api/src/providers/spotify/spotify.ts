import { decodeHTML } from 'entities';
import {
  clampSearchLimit,
  MAX_ARTISTS_PER_CALL,
  MIN_ARTIST_SEARCH_LENGTH,
  PLAYLIST_ITEMS_PAGE_SIZE,
  PLAYLIST_SEARCH_PAGE_SIZE,
  type PlaylistTrackCheck,
  SPOTIFY_CURATOR_SCOPES,
  SpotifyApiError,
  type SpotifyArtist,
  type SpotifyArtistProfile,
  type SpotifyPlaylist,
  type SpotifyPlaylistItem,
  type SpotifyPlaylistSummary,
  type SpotifyProvider,
  type SpotifyTokens,
  type SpotifyTrack,
} from './contract';
import { isSpotifyId, parsePlaylistLink, parseTrackLink, spotifyProfileUrl, spotifyUrl } from './links';

/** Documented endpoints of the Spotify Accounts service and the Web API. */
export const SPOTIFY_ENDPOINTS = {
  authorize: 'https://accounts.spotify.com/authorize',
  token: 'https://accounts.spotify.com/api/token',
  api: 'https://api.spotify.com/v1',
} as const;

/** Settings of the real Spotify provider. */
export interface SpotifyClientOptions {
  clientId: string;
  clientSecret: string;
  /** Transport (recorded responses in tests); the global fetch otherwise. */
  fetchImpl?: typeof fetch;
  /** Clock in ms, for the token cache. */
  now?: () => number;
  /** Waits before the one retry after a 429. */
  sleep?: (ms: number) => Promise<void>;
  /** A 429 asking to wait longer than this (seconds) is not waited for: it throws at once. Default 10. */
  maxRetryAfterSeconds?: number;
  /** Per-request timeout in ms. Default 15000. */
  timeoutMs?: number;
}

/** Items read per page when looking for a track in a playlist (the endpoint's maximum). */
const PAGE_SIZE = PLAYLIST_ITEMS_PAGE_SIZE;
/** Spotify playlists hold at most 10,000 items; stop paging there whatever `next` says. */
const MAX_PAGES = 10_000 / PAGE_SIZE;
/** The app token is renewed this long before Spotify's expiry. */
const TOKEN_MARGIN_MS = 60_000;

/** Fields of GET /v1/playlists/{id} we read (Spotify's `fields` filter keeps answers small). */
const PLAYLIST_FIELDS =
  'id,name,description,images(url),followers(total),owner(id,display_name),external_urls(spotify),tracks(total)';

interface TokenAnswer {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  error?: string;
  error_description?: string;
}
interface ImageObject {
  url: string;
}
interface TrackObject {
  id: string;
  name: string;
  artists: { id?: string | null; name: string }[];
  album: { name: string; images?: ImageObject[] | null };
  duration_ms: number;
  preview_url?: string | null;
  external_urls?: { spotify?: string };
  popularity?: number | null;
}
interface PlaylistObject {
  id: string;
  name: string;
  images?: ImageObject[] | null;
  followers?: { total?: number | null } | null;
  owner?: { id: string; display_name?: string | null } | null;
  external_urls?: { spotify?: string };
  tracks?: { total?: number } | null;
  /** Since February 2026 the summary of a playlist's entries is `items` (was `tracks`). */
  items?: { total?: number } | null;
  description?: string | null;
}
/** The track (or episode) of a playlist entry: `item` on /items since February 2026, `track` before. */
interface PlaylistEntryObject {
  id: string | null;
  name?: string;
  type?: string;
  is_local?: boolean;
  artists?: { id: string | null; name: string }[];
}
interface PlaylistItemsPage {
  items: { added_at: string | null; item?: PlaylistEntryObject | null; track?: PlaylistEntryObject | null }[];
  total?: number;
  next: string | null;
}
interface ArtistObject {
  id: string;
  name: string;
  images?: ImageObject[] | null;
  followers?: { total?: number | null } | null;
  genres?: string[] | null;
  popularity?: number | null;
}
interface UserObject {
  id: string;
  display_name?: string | null;
  email?: string | null;
}

/**
 * Real Spotify provider on the Web API with fetch.
 *
 * - Catalogue reads (tracks, playlists, playlist items, search) use an app token from the client
 *   credentials flow, cached until 60 s before it expires (concurrent callers share one request);
 *   a 401 on a cached token drops it and retries once with a new one.
 * - Curators connect with the authorization code flow (`authorizationUrl`, `exchangeCode` then
 *   GET /v1/me with the user's token, `refreshAccessToken`); client authentication is HTTP Basic.
 * - 404 answers null (not found); 429 waits `Retry-After` seconds once (at most
 *   `maxRetryAfterSeconds`) and throws SpotifyApiError(429) if it comes again; any other failure
 *   throws SpotifyApiError with Spotify's status and message.
 *   Network failures and timeouts (`timeoutMs`, 15 s) reject with fetch's own error.
 *
 * Spotify's February 2026 changes: playlist entries are read from GET /playlists/{id}/items (in
 * place of /tracks; at most 50 a page), and a Development Mode app reads the items of only the
 * playlists its user owns or collaborates on, searches 10 results at a time and gets no follower or
 * popularity counts. A 403 on a catalogue read is a SpotifyApiError whose `failure` is
 * 'not_permitted' (said as such to staff, never swallowed); Extended Quota apps (a registered
 * business with large reach) read everything used here.
 */
export function createSpotifyWebApiProvider(options: SpotifyClientOptions): SpotifyProvider {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxRetryAfter = options.maxRetryAfterSeconds ?? 10;
  const timeoutMs = options.timeoutMs ?? 15_000;
  const basic = `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`;

  let appToken: { value: string; expiresAt: number } | undefined;
  let pendingToken: Promise<string> | undefined;

  /** One call, with the single 429 retry. */
  async function send(url: string, init: RequestInit): Promise<Response> {
    const attempt = () => fetchImpl(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    const first = await attempt();
    if (first.status !== 429) return first;
    const wait = retryAfterSeconds(first);
    await first.body?.cancel();
    if (wait > maxRetryAfter) {
      throw new SpotifyApiError(`spotify rate limited: retry after ${wait}s`, 429, wait);
    }
    await sleep(wait * 1000);
    const second = await attempt();
    if (second.status === 429) {
      await second.body?.cancel();
      const again = retryAfterSeconds(second);
      throw new SpotifyApiError(`spotify rate limited: retry after ${again}s`, 429, again);
    }
    return second;
  }

  /** POST to the token endpoint with the app's Basic credentials. */
  async function tokenRequest(form: Record<string, string>, what: string): Promise<TokenAnswer> {
    const res = await send(SPOTIFY_ENDPOINTS.token, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });
    const body = (await res.json().catch(() => ({}))) as TokenAnswer;
    if (!res.ok || !body.access_token) {
      const reason = body.error
        ? `${body.error}${body.error_description ? ` (${body.error_description})` : ''}`
        : '';
      throw new SpotifyApiError(`spotify ${what} failed: ${res.status} ${reason}`.trim(), res.status);
    }
    return body;
  }

  /** The cached client-credentials token, fetched once when missing or about to expire. */
  function clientToken(): Promise<string> {
    if (appToken && now() < appToken.expiresAt) return Promise.resolve(appToken.value);
    pendingToken ??= tokenRequest({ grant_type: 'client_credentials' }, 'client credentials token')
      .then((answer) => {
        const value = answer.access_token!;
        appToken = { value, expiresAt: now() + (answer.expires_in ?? 3600) * 1000 - TOKEN_MARGIN_MS };
        return value;
      })
      .finally(() => {
        pendingToken = undefined;
      });
    return pendingToken;
  }

  /**
   * GET a Web API path. With no `userToken` the app token is used (renewed once on a 401).
   * @returns the JSON body, or null on 404
   */
  async function get<T>(
    path: string,
    query: Record<string, string> = {},
    userToken?: string,
  ): Promise<T | null> {
    const qs = new URLSearchParams(query).toString();
    const url = `${SPOTIFY_ENDPOINTS.api}${path}${qs ? `?${qs}` : ''}`;
    const call = (token: string) =>
      send(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    let res = await call(userToken ?? (await clientToken()));
    if (res.status === 401 && !userToken) {
      await res.body?.cancel();
      appToken = undefined;
      res = await call(await clientToken());
    }
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) throw await apiError(res, `GET ${path}`);
    return (await res.json()) as T;
  }

  /** One page of GET /playlists/{id}/items (no `fields` filter: the entry's key changed in 2026). */
  function itemsPage(playlistId: string, offset: number) {
    return get<PlaylistItemsPage>(`/playlists/${playlistId}/items`, {
      limit: String(PAGE_SIZE),
      offset: String(offset),
    });
  }

  return {
    name: 'spotify',
    parseTrackLink,
    parsePlaylistLink,

    async getTrack(id) {
      if (!isSpotifyId(id)) return null;
      const track = await get<TrackObject>(`/tracks/${id}`);
      return track ? toTrack(track) : null;
    },

    async getPlaylist(id) {
      if (!isSpotifyId(id)) return null;
      const playlist = await get<PlaylistObject>(`/playlists/${id}`, { fields: PLAYLIST_FIELDS });
      return playlist ? toPlaylist(playlist) : null;
    },

    async playlistHasTrack(playlistId, trackId) {
      const none: PlaylistTrackCheck = { found: false, position: null, addedAt: null };
      if (!isSpotifyId(playlistId) || !isSpotifyId(trackId)) return none;
      for (let page = 0; page < MAX_PAGES; page += 1) {
        const offset = page * PAGE_SIZE;
        const items = await itemsPage(playlistId, offset);
        if (!items) return none;
        // Removed, local and unavailable entries come back with a null track or id.
        const index = items.items.findIndex((item) => entryOf(item)?.id === trackId);
        if (index !== -1) {
          return { found: true, position: offset + index, addedAt: items.items[index]?.added_at ?? null };
        }
        if (!items.next || items.items.length === 0) return none;
      }
      return none;
    },

    authorizationUrl(state, redirectUri) {
      const params = new URLSearchParams({
        client_id: options.clientId,
        response_type: 'code',
        redirect_uri: redirectUri,
        scope: SPOTIFY_CURATOR_SCOPES,
        state,
        // Curators may connect several accounts: let them pick another one than the remembered one.
        show_dialog: 'true',
      });
      return `${SPOTIFY_ENDPOINTS.authorize}?${params}`;
    },

    async exchangeCode(code, redirectUri) {
      const tokens = toTokens(
        await tokenRequest(
          { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
          'authorization code exchange',
        ),
        null,
      );
      const me = await get<UserObject>('/me', {}, tokens.accessToken);
      if (!me?.id) throw new SpotifyApiError('spotify /v1/me answered no user', 502);
      return {
        ...tokens,
        spotifyUserId: me.id,
        displayName: me.display_name || me.id,
        email: me.email ? me.email.toLowerCase() : null,
      };
    },

    async refreshAccessToken(refreshToken) {
      const answer = await tokenRequest(
        { grant_type: 'refresh_token', refresh_token: refreshToken },
        'token refresh',
      );
      return toTokens(answer, refreshToken);
    },

    async ownsPlaylist(playlistId, spotifyUserId) {
      if (!isSpotifyId(playlistId)) return false;
      const playlist = await get<Pick<PlaylistObject, 'owner'>>(`/playlists/${playlistId}`, {
        fields: 'owner(id)',
      });
      return playlist?.owner?.id === spotifyUserId;
    },

    async searchArtists(q, limit) {
      const query = q.trim();
      if (query.length < MIN_ARTIST_SEARCH_LENGTH) return [];
      const answer = await get<{ artists?: { items: (ArtistObject | null)[] } }>('/search', {
        q: query,
        type: 'artist',
        limit: String(clampSearchLimit(limit)),
      });
      return (answer?.artists?.items ?? []).filter((a): a is ArtistObject => a !== null).map(toArtist);
    },

    async artistTracks(artist) {
      if (!isSpotifyId(artist.id) || !artist.name.trim()) return [];
      const name = artist.name.replaceAll('"', ' ').trim();
      const answer = await get<{ tracks?: { items: (TrackObject | null)[] } }>('/search', {
        q: `artist:"${name}"`,
        type: 'track',
        limit: String(PLAYLIST_SEARCH_PAGE_SIZE),
      });
      return (answer?.tracks?.items ?? [])
        .filter((t): t is TrackObject => t?.artists.some((a) => a.id === artist.id) === true)
        .map(toTrack);
    },

    async getPlaylistItems(playlistId, offset) {
      if (!isSpotifyId(playlistId)) return null;
      const page = await itemsPage(playlistId, Math.max(0, Math.trunc(offset)));
      if (!page) return null;
      const items: SpotifyPlaylistItem[] = [];
      for (const [index, entry] of page.items.entries()) {
        const track = entryOf(entry);
        if (!track?.id || track.is_local || (track.type && track.type !== 'track')) continue;
        items.push({
          position: offset + index,
          trackId: track.id,
          trackName: track.name ?? '',
          artists: (track.artists ?? []).flatMap((a) => (a.id ? [{ id: a.id, name: a.name }] : [])),
          addedAt: entry.added_at ?? null,
        });
      }
      const total = page.total ?? offset + page.items.length;
      const next = offset + page.items.length;
      return { items, total, nextOffset: page.next && page.items.length > 0 && next < total ? next : null };
    },

    async getArtists(ids) {
      if (ids.length > MAX_ARTISTS_PER_CALL) {
        throw new RangeError(`at most ${MAX_ARTISTS_PER_CALL} artists per call (${ids.length} asked)`);
      }
      const wanted = ids.filter(isSpotifyId);
      if (wanted.length === 0) return [];
      const answer = await get<{ artists?: (ArtistObject | null)[] }>('/artists', { ids: wanted.join(',') });
      return (answer?.artists ?? []).filter((a): a is ArtistObject => a !== null).map(toArtistProfile);
    },

    async searchPlaylists(q, offset) {
      const query = q.trim();
      if (!query) return { items: [], total: 0 };
      const answer = await get<{ playlists?: { items: (PlaylistObject | null)[]; total?: number } }>(
        '/search',
        {
          q: query,
          type: 'playlist',
          limit: String(PLAYLIST_SEARCH_PAGE_SIZE),
          offset: String(Math.max(0, Math.trunc(offset))),
        },
      );
      const items = (answer?.playlists?.items ?? [])
        .filter((p): p is PlaylistObject => p !== null && Boolean(p.id))
        .map(toPlaylistSummary);
      return { items, total: answer?.playlists?.total ?? items.length };
    },
  };
}

/** The track or episode of a playlist entry, whichever key the answer uses. */
function entryOf(entry: PlaylistItemsPage['items'][number]): PlaylistEntryObject | null {
  return entry.item ?? entry.track ?? null;
}

/** Spotify's description as plain text: tags dropped, entities decoded; null when empty. */
export function plainDescription(description: string | null | undefined): string | null {
  if (!description) return null;
  const text = decodeHTML(description.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
  return text || null;
}

/** `Retry-After` in whole seconds (Spotify sends seconds); 1 when absent or unreadable. */
function retryAfterSeconds(res: Response): number {
  const value = Number.parseInt(res.headers.get('retry-after') ?? '', 10);
  return Number.isFinite(value) && value >= 0 ? value : 1;
}

/** Spotify's `{ error: { status, message } }` as a SpotifyApiError. */
async function apiError(res: Response, what: string): Promise<SpotifyApiError> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  const message = body?.error?.message ? ` ${body.error.message}` : '';
  return new SpotifyApiError(`spotify ${what} failed: ${res.status}${message}`, res.status);
}

function toTokens(answer: TokenAnswer, previousRefreshToken: string | null): SpotifyTokens {
  const refreshToken = answer.refresh_token ?? previousRefreshToken;
  if (!refreshToken) throw new SpotifyApiError('spotify token answer has no refresh token', 502);
  return { accessToken: answer.access_token!, refreshToken, expiresIn: answer.expires_in ?? 3600 };
}

function toTrack(track: TrackObject): SpotifyTrack {
  return {
    id: track.id,
    name: track.name,
    artists: track.artists.map((a) => a.name),
    album: track.album.name,
    // Spotify lists album images widest first.
    coverUrl: track.album.images?.[0]?.url ?? null,
    durationMs: track.duration_ms,
    previewUrl: track.preview_url ?? null,
    externalUrl: track.external_urls?.spotify ?? spotifyUrl('track', track.id),
    popularity: typeof track.popularity === 'number' ? track.popularity : null,
  };
}

function toPlaylist(playlist: PlaylistObject): SpotifyPlaylist {
  return {
    id: playlist.id,
    name: playlist.name,
    imageUrl: playlist.images?.[0]?.url ?? null,
    followers: playlist.followers?.total ?? 0,
    ownerId: playlist.owner?.id ?? '',
    ownerName: playlist.owner?.display_name ?? null,
    externalUrl: playlist.external_urls?.spotify ?? spotifyUrl('playlist', playlist.id),
    trackCount: playlist.items?.total ?? playlist.tracks?.total ?? 0,
    description: plainDescription(playlist.description),
  };
}

function toPlaylistSummary(playlist: PlaylistObject): SpotifyPlaylistSummary {
  return {
    id: playlist.id,
    name: playlist.name,
    ownerId: playlist.owner?.id ?? '',
    ownerName: playlist.owner?.display_name ?? null,
    externalUrl: playlist.external_urls?.spotify ?? spotifyUrl('playlist', playlist.id),
    imageUrl: playlist.images?.[0]?.url ?? null,
    trackCount: playlist.items?.total ?? playlist.tracks?.total ?? null,
  };
}

function toArtistProfile(artist: ArtistObject): SpotifyArtistProfile {
  return {
    id: artist.id,
    name: artist.name,
    imageUrl: artist.images?.[0]?.url ?? null,
    followers: artist.followers?.total ?? null,
    popularity: artist.popularity ?? null,
    genres: artist.genres ?? [],
    externalUrl: spotifyProfileUrl('artist', artist.id),
    links: {},
  };
}

function toArtist(artist: ArtistObject): SpotifyArtist {
  return {
    id: artist.id,
    name: artist.name,
    imageUrl: artist.images?.[0]?.url ?? null,
    followers: artist.followers?.total ?? 0,
    genres: artist.genres ?? [],
  };
}
