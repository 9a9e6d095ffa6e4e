/**
 * Spotify behind a small contract (STYLE: providers/<vendor>/{contract,real,sandbox}): catalogue
 * reads for express campaigns (track, playlist, placement checks, artist search) and the curator's
 * account connection (OAuth authorization code flow). Spec section 7 "Spotify express".
 */

/** A track as campaigns show it. */
export interface SpotifyTrack {
  id: string;
  name: string;
  /** Artist names in Spotify's order (main artist first). */
  artists: string[];
  /** Album name. */
  album: string;
  /** Widest album image, null when the album has none. */
  coverUrl: string | null;
  durationMs: number;
  /** 30-second preview; Spotify answers null for most tracks since late 2024. */
  previewUrl: string | null;
  /** https://open.spotify.com/track/<id> */
  externalUrl: string;
  /**
   * Spotify's popularity of the track today (0..100, from its recent plays); null when Spotify leaves
   * it out (Development Mode apps since February 2026).
   */
  popularity: number | null;
}

/** A playlist as curators list it. */
export interface SpotifyPlaylist {
  id: string;
  name: string;
  imageUrl: string | null;
  followers: number;
  /** Spotify user id of the owner. */
  ownerId: string;
  ownerName: string | null;
  externalUrl: string;
  /** Number of items in the playlist. */
  trackCount: number;
  /**
   * The curator's public description (plain text, Spotify escapes HTML); curators often publish a
   * submission address or a website there. Null when empty.
   */
  description: string | null;
}

/** Whether a track is in a playlist, and where. */
export interface PlaylistTrackCheck {
  found: boolean;
  /** Zero-based index of the first occurrence (Spotify's `position`), null when not found. */
  position: number | null;
  /** ISO 8601 time the track was added, null when not found (or unknown). */
  addedAt: string | null;
}

/** Tokens of a connected Spotify account (user tokens; keep them server-side). */
export interface SpotifyTokens {
  accessToken: string;
  /** Long-lived; Spotify may rotate it on refresh (the answer then carries the new one). */
  refreshToken: string;
  /** Lifetime of the access token in seconds. */
  expiresIn: number;
}

/** What connecting an account proves: its tokens and its profile. */
export interface SpotifyAccount extends SpotifyTokens {
  spotifyUserId: string;
  /** Spotify's display name; the account id when the account has none (as Spotify's apps show it). */
  displayName: string;
  /** Needs the user-read-email scope; Spotify leaves it out for some apps (null then). */
  email: string | null;
}

/** An artist found by search. */
export interface SpotifyArtist {
  id: string;
  name: string;
  imageUrl: string | null;
  followers: number;
  genres: string[];
}

/** An artist credited on a playlist item. */
export interface SpotifyArtistRef {
  id: string;
  name: string;
}

/**
 * One track of a playlist (episodes, local files and removed tracks are left out, so a page may hold
 * fewer entries than asked for; `position` is the entry's index in the playlist).
 */
export interface SpotifyPlaylistItem {
  position: number;
  trackId: string;
  trackName: string;
  /** Credited artists in Spotify's order (main artist first); artists without an id are left out. */
  artists: SpotifyArtistRef[];
  /** ISO 8601 time the track was added, null when Spotify does not say. */
  addedAt: string | null;
}

/** A page of a playlist's items. */
export interface SpotifyPlaylistItemsPage {
  items: SpotifyPlaylistItem[];
  /** Entries in the whole playlist (tracks and skipped entries). */
  total: number;
  /** Offset of the next page, null after the last one. */
  nextOffset: number | null;
}

/**
 * An artist's public profile (followers, genres, popularity, image, Spotify URL, links).
 * Development Mode apps get no followers or popularity since February 2026: null then.
 */
export interface SpotifyArtistProfile {
  id: string;
  name: string;
  imageUrl: string | null;
  followers: number | null;
  popularity: number | null;
  genres: string[];
  /** https://open.spotify.com/artist/<id> */
  externalUrl: string;
  /**
   * Public links the artist lists besides Spotify, by kind (`website`, `instagram`, ...). The Web API
   * publishes none (its `external_urls` holds only the Spotify link), so the real client answers {};
   * the sandbox lists some, to exercise the contact pipeline.
   */
  links: Record<string, string>;
}

/** A playlist found by search. */
export interface SpotifyPlaylistSummary {
  id: string;
  name: string;
  ownerId: string;
  ownerName: string | null;
  externalUrl: string;
  imageUrl: string | null;
  /** Items in the playlist, null when the answer does not say. */
  trackCount: number | null;
}

/** A page of playlist search results. */
export interface SpotifyPlaylistSearchPage {
  items: SpotifyPlaylistSummary[];
  total: number;
}

/** Items per page of GET /playlists/{id}/items (the endpoint's maximum). */
export const PLAYLIST_ITEMS_PAGE_SIZE = 50;
/** Ids per call of GET /artists?ids= (the endpoint's maximum). */
export const MAX_ARTISTS_PER_CALL = 50;
/** Results per search page: 10 is the most a Development Mode app may ask for since February 2026. */
export const PLAYLIST_SEARCH_PAGE_SIZE = 10;

/** Scopes asked of curators: read their (private and collaborative) playlists and their email. */
export const SPOTIFY_CURATOR_SCOPES = 'playlist-read-private playlist-read-collaborative user-read-email';

/**
 * Spec section 5: artist search needs at least 3 characters. Callers validate the query (422)
 * before calling `searchArtists`; providers answer [] below it without calling Spotify.
 */
export const MIN_ARTIST_SEARCH_LENGTH = 3;

/** A search limit within what Spotify accepts (1..50; 10 when not a number). */
export function clampSearchLimit(limit: number): number {
  return Number.isFinite(limit) ? Math.min(50, Math.max(1, Math.trunc(limit))) : 10;
}

/**
 * Why a call failed, when it is something a caller acts on: `rate_limited` (429: wait
 * `retryAfterSeconds`), `not_permitted` (403 on a catalogue read: since February 2026 an app in
 * Development Mode reads the items of only the playlists its user owns or collaborates on, and some
 * endpoints not at all; Extended Quota needs a registered business).
 */
export type SpotifyFailure = 'rate_limited' | 'not_permitted' | 'other';

/** A failed Spotify call, with the HTTP status Spotify answered. */
export class SpotifyApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Seconds Spotify asked to wait (429 only). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'SpotifyApiError';
  }

  /** What the failure means for the caller (see {@link SpotifyFailure}). */
  get failure(): SpotifyFailure {
    if (this.status === 429) return 'rate_limited';
    if (this.status === 403) return 'not_permitted';
    return 'other';
  }
}

/** Spotify Web API (real) or the deterministic sandbox (default). */
export interface SpotifyProvider {
  readonly name: 'spotify' | 'sandbox';
  /**
   * Sandbox only: the address of the sound's generated, playable preview, at least `seconds` long
   * (`sandbox-audio.ts`); real platforms have none (their embed player plays the sound).
   */
  soundPreviewUrl?(soundId: string, seconds: number): string;
  /** Track id of a track URL or `spotify:track:` URI (see links.ts); null otherwise. */
  parseTrackLink(link: string): string | null;
  /** Playlist id of a playlist URL or `spotify:playlist:` URI; null otherwise. */
  parsePlaylistLink(link: string): string | null;
  /**
   * The track, or null when Spotify does not know it (or `id` is not a well-formed id).
   * @throws SpotifyApiError on other failures (429 after one wait, 5xx, ...)
   */
  getTrack(id: string): Promise<SpotifyTrack | null>;
  /**
   * The playlist, or null when not found (private playlists are not found with the app token).
   * @throws SpotifyApiError on other failures
   */
  getPlaylist(id: string): Promise<SpotifyPlaylist | null>;
  /**
   * Whether `trackId` is in the playlist, reading its items 100 per page until found. A missing
   * playlist answers not found.
   * @throws SpotifyApiError on other failures
   */
  playlistHasTrack(playlistId: string, trackId: string): Promise<PlaylistTrackCheck>;
  /** Consent page URL for a curator connecting an account (scopes SPOTIFY_CURATOR_SCOPES). */
  authorizationUrl(state: string, redirectUri: string): string;
  /**
   * Exchange the authorization code (with the same redirect URI) for tokens and the profile.
   * @throws SpotifyApiError when the code is invalid, used or expired (400 invalid_grant)
   */
  exchangeCode(code: string, redirectUri: string): Promise<SpotifyAccount>;
  /**
   * A fresh access token for a connected account.
   * @throws SpotifyApiError when the refresh token is revoked or invalid (400 invalid_grant)
   */
  refreshAccessToken(refreshToken: string): Promise<SpotifyTokens>;
  /**
   * Whether the connected account `spotifyUserId` may submit `playlistId`: the real provider
   * checks the playlist's owner id; the sandbox applies "first claim wins" (see sandbox.ts).
   */
  ownsPlaylist(playlistId: string, spotifyUserId: string): Promise<boolean>;
  /**
   * Artists matching `q`, best first, at most `limit` (clamped to 1..50). [] when `q` has fewer
   * than MIN_ARTIST_SEARCH_LENGTH characters.
   * @throws SpotifyApiError on failures
   */
  searchArtists(q: string, limit: number): Promise<SpotifyArtist[]>;
  /**
   * A page of the playlist's tracks from `offset` (GET /playlists/{id}/items, at most
   * PLAYLIST_ITEMS_PAGE_SIZE); null when the playlist is not found.
   * @throws SpotifyApiError 403 (`failure` 'not_permitted') when the app's mode may not read it, 429, 5xx
   */
  getPlaylistItems(playlistId: string, offset: number): Promise<SpotifyPlaylistItemsPage | null>;
  /**
   * Profiles of up to MAX_ARTISTS_PER_CALL artists (GET /artists?ids=) in the order asked; ids
   * Spotify does not know are left out.
   * @throws RangeError for more than MAX_ARTISTS_PER_CALL ids; SpotifyApiError on failures
   */
  getArtists(ids: readonly string[]): Promise<SpotifyArtistProfile[]>;
  /**
   * Playlists matching `q` (GET /search?type=playlist), PLAYLIST_SEARCH_PAGE_SIZE from `offset`.
   * @throws SpotifyApiError on failures
   */
  searchPlaylists(q: string, offset: number): Promise<SpotifyPlaylistSearchPage>;
  /**
   * Tracks credited to the artist (GET /search?type=track with an `artist:` filter on its name, at most
   * PLAYLIST_SEARCH_PAGE_SIZE), keeping only those whose credits name the artist's id: the artist's
   * own tracks. [] when the artist has none or `artist.id` is malformed.
   * @throws SpotifyApiError on failures
   */
  artistTracks(artist: SpotifyArtistRef): Promise<SpotifyTrack[]>;
}
