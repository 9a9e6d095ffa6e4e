import { describe, expect, it } from 'vitest';
import { consentQuery } from '../../test/consent-url';
import { type RecordedAnswer, type Replayed, replayFetch, type SentRequest } from '../../test/replay-fetch';
import { SPOTIFY_CURATOR_SCOPES, SpotifyApiError } from './contract';
import artistsSeveral from './recorded/artists-several.json' with { type: 'json' };
import forbidden from './recorded/error-forbidden.json' with { type: 'json' };
import notFound from './recorded/error-not-found.json' with { type: 'json' };
import rateLimited from './recorded/error-rate-limited.json' with { type: 'json' };
import serverError from './recorded/error-server.json' with { type: 'json' };
import tokenExpired from './recorded/error-token-expired.json' with { type: 'json' };
import me from './recorded/me.json' with { type: 'json' };
import playlist from './recorded/playlist.json' with { type: 'json' };
import itemsPage1 from './recorded/playlist-items-page1.json' with { type: 'json' };
import itemsPage2 from './recorded/playlist-items-page2.json' with { type: 'json' };
import itemsScrape from './recorded/playlist-items-scrape.json' with { type: 'json' };
import playlistOwner from './recorded/playlist-owner.json' with { type: 'json' };
import searchArtists from './recorded/search-artists.json' with { type: 'json' };
import searchPlaylists from './recorded/search-playlists.json' with { type: 'json' };
import searchTracksByArtist from './recorded/search-tracks-by-artist.json' with { type: 'json' };
import tokenCode from './recorded/token-authorization-code.json' with { type: 'json' };
import tokenClient from './recorded/token-client-credentials.json' with { type: 'json' };
import tokenInvalid from './recorded/token-invalid-grant.json' with { type: 'json' };
import tokenRefresh from './recorded/token-refresh.json' with { type: 'json' };
import track from './recorded/track.json' with { type: 'json' };
import { createSpotifyWebApiProvider, SPOTIFY_ENDPOINTS } from './spotify';

const CLIENT_ID = 'recorded-client-id';
const CLIENT_SECRET = 'recorded-client-secret';
const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
const API = SPOTIFY_ENDPOINTS.api;
const TOKEN = SPOTIFY_ENDPOINTS.token;
const PLAYLIST = playlist.id;
const TRACK_ON_PAGE_2 = '4iV5W9uYEdYUVa79Axb7Rh';
const REDIRECT = 'http://localhost:3000/express/callback';

/** A fetch replaying recorded answers of Spotify's documented endpoints, keyed by `METHOD origin+path`. */
function replay(routes: Record<string, Replayed>) {
  const { fetchImpl, requests } = replayFetch(routes, {
    keyOf: (req) => `${req.method} ${req.url.origin}${req.url.pathname}`,
  });
  const apiCalls = () => requests.filter((r) => r.url.origin === new URL(API).origin);
  const tokenCalls = () => requests.filter((r) => `${r.url.origin}${r.url.pathname}` === TOKEN);
  return { fetchImpl, requests, apiCalls, tokenCalls };
}

const clientToken = { [`POST ${TOKEN}`]: { status: 200, body: tokenClient } };

function provider(fetchImpl: typeof fetch, extra: { now?: () => number; sleeps?: number[] } = {}) {
  return createSpotifyWebApiProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    fetchImpl,
    now: extra.now,
    sleep: async (ms) => {
      extra.sleeps?.push(ms);
    },
  });
}

describe('Spotify Web API provider against recorded responses', () => {
  it('builds the curator consent URL with the scopes, the state and the redirect URI', () => {
    const spotify = provider(replay({}).fetchImpl);
    const query = consentQuery(spotify.authorizationUrl('state-xyz', REDIRECT), SPOTIFY_ENDPOINTS.authorize);
    expect(query).toEqual({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: REDIRECT,
      scope: 'playlist-read-private playlist-read-collaborative user-read-email',
      state: 'state-xyz',
      show_dialog: 'true',
    });
    expect(SPOTIFY_CURATOR_SCOPES).toBe(query.scope);
  });

  it('reads a track with a client-credentials token (Basic auth), cached for the next calls', async () => {
    const { fetchImpl, requests, tokenCalls } = replay({
      ...clientToken,
      [`GET ${API}/tracks/${track.id}`]: { status: 200, body: track },
    });
    const spotify = provider(fetchImpl);
    expect(await spotify.getTrack(track.id)).toEqual({
      id: '11dFghVXANMlKmJXsNCbNl',
      name: 'Cut To The Feeling',
      artists: ['Carly Rae Jepsen', 'Various Artists'],
      album: 'Cut To The Feeling',
      coverUrl: track.album.images[0]!.url,
      durationMs: 207959,
      previewUrl: null,
      popularity: 63,
      externalUrl: 'https://open.spotify.com/track/11dFghVXANMlKmJXsNCbNl',
    });
    await spotify.getTrack(track.id);

    expect(tokenCalls()).toHaveLength(1);
    const [token, first] = requests;
    expect(token?.method).toBe('POST');
    expect(token?.headers.get('authorization')).toBe(BASIC);
    expect(token?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({
      grant_type: 'client_credentials',
    });
    expect(first?.headers.get('authorization')).toBe(`Bearer ${tokenClient.access_token}`);
    expect(requests).toHaveLength(3);
  });

  it('renews the app token 60 s before it expires, and shares one request between concurrent calls', async () => {
    let nowMs = 1_000_000;
    const { fetchImpl, tokenCalls } = replay({
      ...clientToken,
      [`GET ${API}/tracks/${track.id}`]: { status: 200, body: track },
    });
    const spotify = provider(fetchImpl, { now: () => nowMs });
    await Promise.all([spotify.getTrack(track.id), spotify.getTrack(track.id), spotify.getTrack(track.id)]);
    expect(tokenCalls()).toHaveLength(1);
    nowMs += (tokenClient.expires_in - 61) * 1000;
    await spotify.getTrack(track.id);
    expect(tokenCalls()).toHaveLength(1);
    nowMs += 2000;
    await spotify.getTrack(track.id);
    expect(tokenCalls()).toHaveLength(2);
  });

  it('answers null for an unknown track, and does not call Spotify for a malformed id', async () => {
    const { fetchImpl, apiCalls } = replay({
      ...clientToken,
      [`GET ${API}/tracks/0000000000000000000000`]: { status: 404, body: notFound },
    });
    const spotify = provider(fetchImpl);
    expect(await spotify.getTrack('0000000000000000000000')).toBeNull();
    expect(await spotify.getTrack('../me')).toBeNull();
    expect(await spotify.getTrack('not-an-id')).toBeNull();
    expect(apiCalls()).toHaveLength(1);
  });

  it('reads a playlist with a fields filter', async () => {
    const { fetchImpl, apiCalls } = replay({
      ...clientToken,
      [`GET ${API}/playlists/${PLAYLIST}`]: { status: 200, body: playlist },
    });
    const spotify = provider(fetchImpl);
    expect(await spotify.getPlaylist(PLAYLIST)).toEqual({
      id: PLAYLIST,
      name: 'Spotify Web API Testing playlist',
      imageUrl: playlist.images[0]!.url,
      followers: 5421,
      ownerId: 'jmperezperez',
      ownerName: 'JMPerez²',
      externalUrl: `https://open.spotify.com/playlist/${PLAYLIST}`,
      trackCount: 112,
      description: 'Tracks for testing the Web API & its clients. Submissions: curator@playlists.example',
    });
    expect(apiCalls()[0]?.url.searchParams.get('fields')).toBe(
      'id,name,description,images(url),followers(total),owner(id,display_name),external_urls(spotify),tracks(total)',
    );
  });

  describe('playlistHasTrack', () => {
    // The recorded 112 entries, served 50 a page as GET /playlists/{id}/items does.
    const entries = [...itemsPage1.items, ...itemsPage2.items];
    const pages = (req: SentRequest): RecordedAnswer => {
      const offset = Number(req.url.searchParams.get('offset') ?? 0);
      const next =
        offset + 50 < entries.length ? `${API}/playlists/${PLAYLIST}/items?offset=${offset + 50}` : null;
      return {
        status: 200,
        body: { items: entries.slice(offset, offset + 50), next, total: entries.length },
      };
    };

    it('pages through GET /playlists/{id}/items 50 at a time and finds the track on page 3', async () => {
      const { fetchImpl, apiCalls } = replay({
        ...clientToken,
        [`GET ${API}/playlists/${PLAYLIST}/items`]: pages,
      });
      const spotify = provider(fetchImpl);
      expect(await spotify.playlistHasTrack(PLAYLIST, TRACK_ON_PAGE_2)).toEqual({
        found: true,
        position: 107,
        addedAt: '2026-01-15T09:30:00Z',
      });
      const calls = apiCalls();
      expect(calls).toHaveLength(3);
      for (const [i, call] of calls.entries()) {
        expect(call.url.pathname).toBe(`/v1/playlists/${PLAYLIST}/items`);
        expect(Object.fromEntries(call.url.searchParams)).toEqual({ limit: '50', offset: String(i * 50) });
      }
    });

    it('stops on the first page that has the track', async () => {
      const onPage1 = itemsPage1.items[3]!.track!.id!;
      const { fetchImpl, apiCalls } = replay({
        ...clientToken,
        [`GET ${API}/playlists/${PLAYLIST}/items`]: pages,
      });
      expect(await provider(fetchImpl).playlistHasTrack(PLAYLIST, onPage1)).toEqual({
        found: true,
        position: 3,
        addedAt: itemsPage1.items[3]!.added_at,
      });
      expect(apiCalls()).toHaveLength(1);
    });

    it('answers not found after the last page, and for a missing playlist', async () => {
      const { fetchImpl, apiCalls } = replay({
        ...clientToken,
        [`GET ${API}/playlists/${PLAYLIST}/items`]: pages,
        [`GET ${API}/playlists/0000000000000000000000/items`]: { status: 404, body: notFound },
      });
      const spotify = provider(fetchImpl);
      const none = { found: false, position: null, addedAt: null };
      expect(await spotify.playlistHasTrack(PLAYLIST, '7ouMYWpwJ422jRcDASZB7P')).toEqual(none);
      expect(apiCalls()).toHaveLength(3);
      expect(await spotify.playlistHasTrack('0000000000000000000000', TRACK_ON_PAGE_2)).toEqual(none);
      expect(await spotify.playlistHasTrack(PLAYLIST, 'bad id')).toEqual(none);
      expect(apiCalls()).toHaveLength(4);
    });
  });

  describe('errors', () => {
    it('waits Retry-After once on a 429 and then succeeds', async () => {
      const sleeps: number[] = [];
      const { fetchImpl, apiCalls } = replay({
        ...clientToken,
        [`GET ${API}/tracks/${track.id}`]: [
          { status: 429, body: rateLimited, headers: { 'retry-after': '2' } },
          { status: 200, body: track },
        ],
      });
      const result = await provider(fetchImpl, { sleeps }).getTrack(track.id);
      expect(result?.name).toBe('Cut To The Feeling');
      expect(sleeps).toEqual([2000]);
      expect(apiCalls()).toHaveLength(2);
    });

    /** Reading the track when Spotify answers 429 with this Retry-After every time. */
    const alwaysRateLimited = (retryAfter: string) => {
      const sleeps: number[] = [];
      const { fetchImpl, apiCalls } = replay({
        ...clientToken,
        [`GET ${API}/tracks/${track.id}`]: {
          status: 429,
          body: rateLimited,
          headers: { 'retry-after': retryAfter },
        },
      });
      return { sleeps, apiCalls, getTrack: () => provider(fetchImpl, { sleeps }).getTrack(track.id) };
    };

    it('throws a 429 when it comes again after the wait', async () => {
      const { sleeps, apiCalls, getTrack } = alwaysRateLimited('3');
      const error = await getTrack().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SpotifyApiError);
      expect(error).toMatchObject({ status: 429, retryAfterSeconds: 3 });
      expect(sleeps).toEqual([3000]);
      expect(apiCalls()).toHaveLength(2);
    });

    it('does not sleep through a long Retry-After', async () => {
      const { sleeps, apiCalls, getTrack } = alwaysRateLimited('3600');
      await expect(getTrack()).rejects.toMatchObject({
        status: 429,
        retryAfterSeconds: 3600,
      });
      expect(sleeps).toEqual([]);
      expect(apiCalls()).toHaveLength(1);
    });

    it("throws other failures with Spotify's status and message", async () => {
      const { fetchImpl } = replay({
        ...clientToken,
        [`GET ${API}/playlists/${PLAYLIST}`]: { status: 503, body: serverError },
      });
      const error = await provider(fetchImpl)
        .getPlaylist(PLAYLIST)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SpotifyApiError);
      expect(error).toMatchObject({ status: 503, message: expect.stringMatching(/503 Service unavailable/) });
    });

    it('renews a cached app token Spotify no longer accepts, once', async () => {
      const { fetchImpl, tokenCalls, apiCalls } = replay({
        ...clientToken,
        [`GET ${API}/tracks/${track.id}`]: [
          { status: 200, body: track },
          { status: 401, body: tokenExpired },
          { status: 200, body: track },
        ],
      });
      const spotify = provider(fetchImpl);
      await spotify.getTrack(track.id);
      expect((await spotify.getTrack(track.id))?.id).toBe(track.id);
      expect(tokenCalls()).toHaveLength(2);
      expect(apiCalls()).toHaveLength(3);
    });

    it('throws when the client credentials are refused', async () => {
      const { fetchImpl } = replay({
        [`POST ${TOKEN}`]: {
          status: 400,
          body: { error: 'invalid_client', error_description: 'Invalid client' },
        },
      });
      await expect(provider(fetchImpl).getTrack(track.id)).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/invalid_client/),
      });
    });
  });

  describe('curator account', () => {
    it('exchanges the code, then reads /v1/me with the user token', async () => {
      const { fetchImpl, requests } = replay({
        [`POST ${TOKEN}`]: { status: 200, body: tokenCode },
        [`GET ${API}/me`]: { status: 200, body: me },
      });
      const account = await provider(fetchImpl).exchangeCode('AQBrecorded-code', REDIRECT);
      expect(account).toEqual({
        accessToken: tokenCode.access_token,
        refreshToken: tokenCode.refresh_token,
        expiresIn: 3600,
        spotifyUserId: 'curtis.curator',
        displayName: 'Curtis Curator',
        email: 'curtis.curator@example.com',
      });
      const [token, profile] = requests;
      expect(token?.headers.get('authorization')).toBe(BASIC);
      expect(Object.fromEntries(new URLSearchParams(token?.body))).toEqual({
        grant_type: 'authorization_code',
        code: 'AQBrecorded-code',
        redirect_uri: REDIRECT,
      });
      expect(profile?.url.toString()).toBe(`${API}/me`);
      expect(profile?.headers.get('authorization')).toBe(`Bearer ${tokenCode.access_token}`);
    });

    it('uses the account id as the name, and null as the email, when Spotify has none', async () => {
      const { fetchImpl } = replay({
        [`POST ${TOKEN}`]: { status: 200, body: tokenCode },
        [`GET ${API}/me`]: { status: 200, body: { ...me, display_name: null, email: undefined } },
      });
      expect(await provider(fetchImpl).exchangeCode('code', REDIRECT)).toMatchObject({
        displayName: 'curtis.curator',
        email: null,
      });
    });

    it('refuses a used or invalid code without reading the profile', async () => {
      const { fetchImpl, requests } = replay({ [`POST ${TOKEN}`]: { status: 400, body: tokenInvalid } });
      const error = await provider(fetchImpl)
        .exchangeCode('used-code', REDIRECT)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SpotifyApiError);
      expect(error).toMatchObject({ status: 400, message: expect.stringMatching(/invalid_grant/) });
      expect(requests).toHaveLength(1);
    });

    it('refreshes the access token and keeps the refresh token Spotify did not rotate', async () => {
      const { fetchImpl, requests } = replay({ [`POST ${TOKEN}`]: { status: 200, body: tokenRefresh } });
      expect(await provider(fetchImpl).refreshAccessToken('AQDold-refresh')).toEqual({
        accessToken: tokenRefresh.access_token,
        refreshToken: 'AQDold-refresh',
        expiresIn: 3600,
      });
      expect(Object.fromEntries(new URLSearchParams(requests[0]?.body))).toEqual({
        grant_type: 'refresh_token',
        refresh_token: 'AQDold-refresh',
      });
      expect(requests[0]?.headers.get('authorization')).toBe(BASIC);
    });

    it("owns a playlist when the playlist's owner is the connected account", async () => {
      const { fetchImpl, apiCalls } = replay({
        ...clientToken,
        [`GET ${API}/playlists/${PLAYLIST}`]: { status: 200, body: playlistOwner },
        [`GET ${API}/playlists/0000000000000000000000`]: { status: 404, body: notFound },
      });
      const spotify = provider(fetchImpl);
      expect(await spotify.ownsPlaylist(PLAYLIST, 'jmperezperez')).toBe(true);
      expect(await spotify.ownsPlaylist(PLAYLIST, 'someone-else')).toBe(false);
      expect(await spotify.ownsPlaylist('0000000000000000000000', 'jmperezperez')).toBe(false);
      expect(apiCalls()[0]?.url.searchParams.get('fields')).toBe('owner(id)');
    });
  });

  describe('artistTracks', () => {
    it("searches the artist's tracks by name and keeps those crediting the artist's id", async () => {
      const { fetchImpl, apiCalls } = replay({
        ...clientToken,
        [`GET ${API}/search`]: { status: 200, body: searchTracksByArtist },
      });
      const tracks = await provider(fetchImpl).artistTracks({
        id: '6sFIWsNpZYqfjUpaCgueju',
        name: 'Carly "Rae" Jepsen',
      });
      expect(tracks.map((t) => [t.id, t.name, t.artists[0]])).toEqual([
        ['11dFghVXANMlKmJXsNCbNl', 'Cut To The Feeling', 'Carly Rae Jepsen'],
        ['4iV5W9uYEdYUVa79Axb7Rh', 'Run Away With Me', 'Carly Rae Jepsen'],
      ]);
      const sent = apiCalls()[0]!.url.searchParams;
      expect(Object.fromEntries(sent)).toEqual({
        q: 'artist:"Carly  Rae  Jepsen"',
        type: 'track',
        limit: '10',
      });
    });

    it('answers [] without calling Spotify for a malformed artist id', async () => {
      const { fetchImpl, apiCalls } = replay({ ...clientToken });
      expect(await provider(fetchImpl).artistTracks({ id: 'nope', name: 'x' })).toEqual([]);
      expect(apiCalls()).toHaveLength(0);
    });
  });

  describe('searchArtists', () => {
    it('searches artists and maps them', async () => {
      const { fetchImpl, apiCalls } = replay({
        ...clientToken,
        [`GET ${API}/search`]: { status: 200, body: searchArtists },
      });
      const artists = await provider(fetchImpl).searchArtists('  carly ', 3);
      expect(artists).toEqual([
        {
          id: '6sFIWsNpZYqfjUpaCgueju',
          name: 'Carly Rae Jepsen',
          imageUrl: searchArtists.artists.items[0]!.images[0]!.url,
          followers: 4125031,
          genres: ['canadian pop', 'dance pop', 'pop'],
        },
        {
          id: '4RJVzsuTBkdZ5dRBzbYvYU',
          name: 'Carly Pearce',
          imageUrl: searchArtists.artists.items[1]!.images[0]!.url,
          followers: 1209846,
          genres: ['contemporary country'],
        },
        { id: '0iqZ1mP2qFyNN9B3qLMaDc', name: 'Carly Recorded', imageUrl: null, followers: 812, genres: [] },
      ]);
      expect(Object.fromEntries(apiCalls()[0]!.url.searchParams)).toEqual({
        q: 'carly',
        type: 'artist',
        limit: '3',
      });
    });

    it('answers [] under 3 characters without calling Spotify, and clamps the limit', async () => {
      const { fetchImpl, requests, apiCalls } = replay({
        ...clientToken,
        [`GET ${API}/search`]: { status: 200, body: searchArtists },
      });
      const spotify = provider(fetchImpl);
      expect(await spotify.searchArtists('ab', 10)).toEqual([]);
      expect(await spotify.searchArtists('   ', 10)).toEqual([]);
      expect(requests).toHaveLength(0);
      await spotify.searchArtists('carly', 500);
      await spotify.searchArtists('carly', 0);
      expect(apiCalls().map((c) => c.url.searchParams.get('limit'))).toEqual(['50', '1']);
    });
  });

  describe('scraping reads', () => {
    it('reads a page of GET /playlists/{id}/items, keeping tracks with their artists ids', async () => {
      const { fetchImpl, apiCalls } = replay({
        ...clientToken,
        [`GET ${API}/playlists/${PLAYLIST}/items`]: { status: 200, body: itemsScrape },
      });
      const page = await provider(fetchImpl).getPlaylistItems(PLAYLIST, 50);
      // The episode, the local file and the removed entry are left out; positions stay the playlist's.
      expect(page).toEqual({
        total: 54,
        nextOffset: null,
        items: [
          {
            position: 50,
            trackId: '4iV5W9uYEdYUVa79Axb7Rh',
            trackName: 'New Noise',
            artists: [
              { id: '6sFIWsNpZYqfjUpaCgueju', name: 'Carly Rae Jepsen' },
              { id: '0iqZ1mP2qFyNN9B3qLMaDc', name: 'Carly Recorded' },
            ],
            addedAt: '2025-11-02T10:00:00Z',
          },
          {
            position: 54,
            trackId: '1301WleyT98MSxVHPZCA6M',
            trackName: 'Cut Short',
            artists: [{ id: '4RJVzsuTBkdZ5dRBzbYvYU', name: 'Carly Pearce' }],
            addedAt: '2025-11-06T10:00:00Z',
          },
        ],
      });
      expect(apiCalls()[0]!.url.pathname).toBe(`/v1/playlists/${PLAYLIST}/items`);
      expect(Object.fromEntries(apiCalls()[0]!.url.searchParams)).toEqual({ limit: '50', offset: '50' });
    });

    it('answers the next offset while Spotify has more, and null for a missing playlist', async () => {
      const { fetchImpl } = replay({
        ...clientToken,
        [`GET ${API}/playlists/${PLAYLIST}/items`]: {
          status: 200,
          body: {
            ...itemsScrape,
            offset: 0,
            total: 120,
            next: `${API}/playlists/${PLAYLIST}/items?offset=5`,
          },
        },
        [`GET ${API}/playlists/0000000000000000000000/items`]: { status: 404, body: notFound },
      });
      const spotify = provider(fetchImpl);
      expect((await spotify.getPlaylistItems(PLAYLIST, 0))?.nextOffset).toBe(5);
      expect(await spotify.getPlaylistItems('0000000000000000000000', 0)).toBeNull();
      expect(await spotify.getPlaylistItems('not an id', 0)).toBeNull();
    });

    it('says "not permitted" when the app\'s mode may not read a playlist\'s items (403)', async () => {
      const { fetchImpl } = replay({
        ...clientToken,
        [`GET ${API}/playlists/${PLAYLIST}/items`]: { status: 403, body: forbidden },
      });
      const error = await provider(fetchImpl)
        .getPlaylistItems(PLAYLIST, 0)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SpotifyApiError);
      expect(error).toMatchObject({ status: 403, failure: 'not_permitted' });
    });

    it('reads several artists in one call, without followers or popularity in Development Mode', async () => {
      const { fetchImpl, apiCalls } = replay({
        ...clientToken,
        [`GET ${API}/artists`]: { status: 200, body: artistsSeveral },
      });
      const ids = ['6sFIWsNpZYqfjUpaCgueju', '7ouMYWpwJ422jRcDASZB7P', '4RJVzsuTBkdZ5dRBzbYvYU', 'bad'];
      const artists = await provider(fetchImpl).getArtists(ids);
      expect(apiCalls()[0]!.url.searchParams.get('ids')).toBe(ids.slice(0, 3).join(','));
      expect(artists).toEqual([
        {
          id: '6sFIWsNpZYqfjUpaCgueju',
          name: 'Carly Rae Jepsen',
          imageUrl: artistsSeveral.artists[0]!.images[0]!.url,
          followers: 4125031,
          popularity: 60,
          genres: ['canadian pop', 'dance pop', 'pop'],
          externalUrl: 'https://open.spotify.com/artist/6sFIWsNpZYqfjUpaCgueju',
          links: {},
        },
        {
          id: '4RJVzsuTBkdZ5dRBzbYvYU',
          name: 'Carly Pearce',
          imageUrl: artistsSeveral.artists[2]!.images[0]!.url,
          followers: null,
          popularity: null,
          genres: ['contemporary country'],
          externalUrl: 'https://open.spotify.com/artist/4RJVzsuTBkdZ5dRBzbYvYU',
          links: {},
        },
      ]);
      await expect(provider(fetchImpl).getArtists(Array(51).fill(ids[0]))).rejects.toBeInstanceOf(RangeError);
    });

    it('searches playlists 10 at a time (the Development Mode maximum)', async () => {
      const { fetchImpl, apiCalls } = replay({
        ...clientToken,
        [`GET ${API}/search`]: { status: 200, body: searchPlaylists },
      });
      const page = await provider(fetchImpl).searchPlaylists(' indie pop ', 10);
      expect(Object.fromEntries(apiCalls()[0]!.url.searchParams)).toEqual({
        q: 'indie pop',
        type: 'playlist',
        limit: '10',
        offset: '10',
      });
      expect(page).toEqual({
        total: 812,
        items: [
          {
            id: '37i9dQZF1DX2Nc3B70tvx0',
            name: 'Recorded Indie Pop',
            ownerId: 'spotify',
            ownerName: 'Spotify',
            externalUrl: 'https://open.spotify.com/playlist/37i9dQZF1DX2Nc3B70tvx0',
            imageUrl: 'https://image-cdn-ak.spotifycdn.com/image/recorded-indie-pop',
            trackCount: 100,
          },
          {
            id: '1RecordedCuratorPlst01',
            name: 'bedroom indie pop finds',
            ownerId: 'recorded.curator',
            ownerName: null,
            externalUrl: 'https://open.spotify.com/playlist/1RecordedCuratorPlst01',
            imageUrl: null,
            trackCount: 37,
          },
        ],
      });
    });
  });
});
