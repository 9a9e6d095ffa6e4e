import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import { SpotifyApiError, type SpotifyProvider } from './contract';
import { createSpotifyProvider, isSandboxSpotify } from './index';
import {
  SANDBOX_MAX_PLAYLIST_TRACKS,
  sandboxSiteEmail,
  sandboxSiteHasEmail,
  sandboxSpotifyUserId,
} from './sandbox';

let ctx: TestContext;
let spotify: SpotifyProvider;
let appUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  spotify = createSpotifyProvider(ctx.deps.config, ctx.deps.database);
  appUrl = ctx.deps.config.appUrl;
});
afterAll(() => ctx.close());

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** A fresh well-formed Spotify id, so tests sharing the database do not meet. */
const newId = () => [...randomBytes(22)].map((b) => BASE62[b % 62]).join('');

/** Post an HTML form the way a browser does. */
const postForm = (url: string, fields: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('sandbox Spotify data', () => {
  it('is the default provider and is the same for the same id', async () => {
    expect(spotify.name).toBe('sandbox');
    expect(isSandboxSpotify(spotify)).toBe(true);
    const id = newId();
    const other = createSpotifyProvider(ctx.deps.config, ctx.deps.database);
    const track = await spotify.getTrack(id);
    expect(track).toEqual(await other.getTrack(id));
    expect(track).toMatchObject({
      id,
      coverUrl: `${appUrl}/api/sandbox/spotify/cover/${id}.svg`,
      externalUrl: `https://open.spotify.com/track/${id}`,
      previewUrl: null,
    });
    expect(track!.name).toMatch(/^\w+ \w+$/);
    expect(track!.artists.length).toBeGreaterThanOrEqual(1);
    expect(track!.durationMs).toBeGreaterThanOrEqual(120_000);
    expect(track!.durationMs).toBeLessThan(301_000);

    const playlist = await spotify.getPlaylist(id);
    expect(playlist).toEqual(await other.getPlaylist(id));
    expect(playlist!.ownerId).toBe(`sandbox-owner-${id.slice(0, 6)}`);
    expect(playlist!.externalUrl).toBe(`https://open.spotify.com/playlist/${id}`);
  });

  it('varies with the id, within the documented ranges', async () => {
    const names = new Set<string>();
    for (let i = 0; i < 40; i += 1) {
      const playlist = await spotify.getPlaylist(newId());
      // Base 1k-500k on 2026-01-01, then up to 30 % a year and a ±0.2 % wobble (follower histories).
      expect(playlist!.followers).toBeGreaterThanOrEqual(998);
      const years = (Date.now() - Date.UTC(2026, 0, 1)) / (365 * 86_400_000);
      expect(playlist!.followers).toBeLessThanOrEqual(500_000 * (1.003 + 0.3 * Math.max(0, years)));
      expect(playlist!.trackCount).toBeGreaterThanOrEqual(20);
      names.add((await spotify.getTrack(newId()))!.name);
    }
    expect(names.size).toBeGreaterThan(20);
  });

  it('finds nothing for malformed ids and for the not-found prefix', async () => {
    expect(await spotify.getTrack('short')).toBeNull();
    expect(await spotify.getPlaylist('not a spotify id at all')).toBeNull();
    expect(await spotify.getTrack('NotFound00000000000000')).toBeNull();
    expect(await spotify.getPlaylist('NotFound00000000000000')).toBeNull();
  });

  it('parses links like the real provider', () => {
    const id = newId();
    expect(spotify.parseTrackLink(`https://open.spotify.com/track/${id}?si=1`)).toBe(id);
    expect(spotify.parsePlaylistLink(`spotify:playlist:${id}`)).toBe(id);
    expect(spotify.parseTrackLink(`https://open.spotify.com/album/${id}`)).toBeNull();
  });

  it('searches artists deterministically, and not under 3 characters', async () => {
    const found = await spotify.searchArtists('luna', 5);
    expect(found).toHaveLength(5);
    expect(found[0]!.name).toBe('Luna');
    expect(found.every((a) => a.name.includes('Luna'))).toBe(true);
    expect(new Set(found.map((a) => a.id)).size).toBe(5);
    expect(await spotify.searchArtists('LUNA ', 5)).toEqual(found);
    expect(await spotify.searchArtists('lu', 5)).toEqual([]);
  });

  it('serves the generated cover, and 422 for a malformed name', async () => {
    const id = newId();
    const res = await ctx.call('GET', `/api/sandbox/spotify/cover/${id}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.body).toContain('<svg');
    expect(res.body).toContain('SANDBOX');
    expect((await ctx.call('GET', `/api/sandbox/spotify/cover/${id}.svg`)).body).toBe(res.body);
    expect((await ctx.call('GET', '/api/sandbox/spotify/cover/abc.svg')).statusCode).toBe(422);
    expect((await ctx.call('GET', `/api/sandbox/spotify/cover/${id}.png`)).statusCode).toBe(422);
  });

  it('lets a page opened as 127.0.0.1 show the covers stored with the localhost URL', async () => {
    const id = newId();
    const cover = await ctx.app.inject({
      method: 'GET',
      url: `/api/sandbox/spotify/cover/${id}.svg`,
      headers: { host: '127.0.0.1:3000' },
    });
    // Another site for the browser: the cover must not be same-origin only.
    expect(cover.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // The page's policy names the product's own URL, where the stored covers live.
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { host: '127.0.0.1:3000' },
    });
    const imgSrc = String(page.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'img-src');
    expect(imgSrc).toContain(new URL(appUrl).origin);
    expect((await spotify.getTrack(id))?.coverUrl?.startsWith(new URL(appUrl).origin)).toBe(true);
  });
});

describe('sandbox placements (dev routes)', () => {
  const tracksUrl = (playlistId: string) => `/api/sandbox/spotify/playlists/${playlistId}/tracks`;

  it('adds, lists and removes placements that playlistHasTrack reads', async () => {
    const playlistId = newId();
    const [first, second] = [newId(), newId()];
    const before = await spotify.getPlaylist(playlistId);
    expect(await spotify.playlistHasTrack(playlistId, first)).toEqual({
      found: false,
      position: null,
      addedAt: null,
    });

    const added = await ctx.call('POST', tracksUrl(playlistId), { body: { track_id: first } });
    expect(added.statusCode).toBe(201);
    const placement = added.json().data;
    // Placements go after the playlist's filler tracks, like an add at the end of a real playlist.
    expect(placement).toEqual({
      playlist_id: playlistId,
      track_id: first,
      position: before!.trackCount,
      added_at: ctx.clock.now().toISOString(),
    });

    const again = await ctx.call('POST', tracksUrl(playlistId), { body: { track_id: first } });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(placement);

    ctx.clock.advance(60_000);
    const next = await ctx.call('POST', tracksUrl(playlistId), { body: { track_id: second } });
    expect(next.json().data.position).toBe(before!.trackCount + 1);

    expect(await spotify.playlistHasTrack(playlistId, first)).toEqual({
      found: true,
      position: before!.trackCount,
      addedAt: placement.added_at,
    });
    expect((await spotify.getPlaylist(playlistId))!.trackCount).toBe(before!.trackCount + 2);

    const listed = await ctx.call('GET', tracksUrl(playlistId));
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((p: { track_id: string }) => p.track_id)).toEqual([first, second]);

    const removed = await ctx.call('DELETE', `${tracksUrl(playlistId)}/${first}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.track_id).toBe(first);
    expect((await spotify.playlistHasTrack(playlistId, first)).found).toBe(false);
    expect((await spotify.playlistHasTrack(playlistId, second)).found).toBe(true);
    expect((await ctx.call('DELETE', `${tracksUrl(playlistId)}/${first}`)).statusCode).toBe(404);
    expect((await ctx.call('GET', tracksUrl(playlistId))).json().data).toHaveLength(1);
  });

  it('gives concurrent adds distinct positions', async () => {
    const playlistId = newId();
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.call('POST', tracksUrl(playlistId), { body: { track_id: newId() } }),
      ),
    );
    const positions = results.map((r) => r.json().data.position as number);
    expect(new Set(positions).size).toBe(6);
  });

  it('validates ids with 422', async () => {
    const id = newId();
    expect((await ctx.call('POST', tracksUrl('short'), { body: { track_id: id } })).statusCode).toBe(422);
    expect((await ctx.call('POST', tracksUrl(id), { body: { track_id: 'x'.repeat(23) } })).statusCode).toBe(
      422,
    );
    expect((await ctx.call('POST', tracksUrl(id), { body: {} })).statusCode).toBe(422);
    expect((await ctx.call('GET', tracksUrl(`${id.slice(1)}!`))).statusCode).toBe(422);
    expect((await ctx.call('DELETE', `${tracksUrl(id)}/not-an-id`)).statusCode).toBe(422);
  });
});

describe('sandbox curator OAuth', () => {
  const redirectUri = () => `${appUrl}/express/callback`;

  it('shows a SANDBOX consent page and redirects back with a code the exchange accepts', async () => {
    const url = new URL(spotify.authorizationUrl('state-"<1>"', redirectUri()));
    expect(`${url.origin}${url.pathname}`).toBe(`${appUrl}/api/sandbox/spotify/authorize`);

    const page = await ctx.call('GET', `${url.pathname}${url.search}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('name="display_name"');
    expect(page.body).toContain('name="email"');
    expect(page.body).not.toContain('state-"<1>"');

    const res = await postForm('/api/sandbox/spotify/authorize', {
      state: 'state-"<1>"',
      redirect_uri: redirectUri(),
      display_name: 'Curtis Curator',
      email: 'Curtis@Example.com',
    });
    expect(res.statusCode).toBe(302);
    const back = new URL(res.headers.location as string);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri());
    expect(back.searchParams.get('state')).toBe('state-"<1>"');
    const code = back.searchParams.get('code')!;

    const account = await spotify.exchangeCode(code, redirectUri());
    expect(account).toMatchObject({
      spotifyUserId: sandboxSpotifyUserId('curtis@example.com'),
      displayName: 'Curtis Curator',
      email: 'curtis@example.com',
      expiresIn: 3600,
    });
    expect(account.spotifyUserId).toMatch(/^sandbox-user-[0-9a-f]{16}$/);

    // The same email is the same account; the refresh token gives new access.
    const refreshed = await spotify.refreshAccessToken(account.refreshToken);
    expect(refreshed.refreshToken).toBe(account.refreshToken);
    expect(refreshed.accessToken).toEqual(expect.any(String));
    await expect(spotify.refreshAccessToken(account.accessToken)).rejects.toBeInstanceOf(SpotifyApiError);
  });

  it('refuses a forged code and a code for another redirect URI', async () => {
    if (!isSandboxSpotify(spotify)) throw new Error('sandbox expected');
    const code = spotify.issueCode({ displayName: 'A', email: 'a@b.test', redirectUri: redirectUri() });
    await expect(spotify.exchangeCode(code, `${appUrl}/elsewhere`)).rejects.toMatchObject({ status: 400 });
    await expect(spotify.exchangeCode(`${code}x`, redirectUri())).rejects.toMatchObject({ status: 400 });
    await expect(spotify.exchangeCode('garbage', redirectUri())).rejects.toBeInstanceOf(SpotifyApiError);
  });

  it('redirects a cancel back with access_denied, and never to another origin', async () => {
    const denied = await postForm('/api/sandbox/spotify/authorize/deny', {
      state: 's1',
      redirect_uri: redirectUri(),
    });
    expect(denied.statusCode).toBe(302);
    const back = new URL(denied.headers.location as string);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('s1');
    expect(back.searchParams.has('code')).toBe(false);

    const evil = 'https://evil.test/steal';
    expect(
      (
        await ctx.call(
          'GET',
          `/api/sandbox/spotify/authorize?state=s&redirect_uri=${encodeURIComponent(evil)}`,
        )
      ).statusCode,
    ).toBe(404);
    const posted = await postForm('/api/sandbox/spotify/authorize', {
      state: 's',
      redirect_uri: evil,
      display_name: 'X',
      email: 'x@y.test',
    });
    expect(posted.statusCode).toBe(404);
  });

  it('validates the consent form with 422', async () => {
    const res = await postForm('/api/sandbox/spotify/authorize', {
      state: 's',
      redirect_uri: redirectUri(),
      display_name: 'X',
      email: 'not-an-email',
    });
    expect(res.statusCode).toBe(422);
  });
});

describe('sandbox playlist ownership', () => {
  it('gives a playlist to the first account that claims it', async () => {
    const playlistId = newId();
    const [alice, bob] = [sandboxSpotifyUserId('alice@x.test'), sandboxSpotifyUserId('bob@x.test')];
    const claims = await Promise.all([
      spotify.ownsPlaylist(playlistId, alice),
      spotify.ownsPlaylist(playlistId, bob),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    const owner = claims[0] ? alice : bob;
    const other = claims[0] ? bob : alice;
    expect(await spotify.ownsPlaylist(playlistId, owner)).toBe(true);
    expect(await spotify.ownsPlaylist(playlistId, other)).toBe(false);
    expect((await spotify.getPlaylist(playlistId))!.ownerId).toBe(owner);
  });

  it('owns nothing that does not exist', async () => {
    expect(await spotify.ownsPlaylist('NotFound00000000000000', sandboxSpotifyUserId('a@x.test'))).toBe(
      false,
    );
    expect(await spotify.ownsPlaylist('bad', sandboxSpotifyUserId('a@x.test'))).toBe(false);
  });
});

describe('provider selection', () => {
  it('refuses half a configuration and the sandbox in production', () => {
    const { config, database } = ctx.deps;
    expect(() => createSpotifyProvider({ ...config, SPOTIFY_CLIENT_ID: 'id' }, database)).toThrow(
      /SPOTIFY_CLIENT_SECRET/,
    );
    expect(() => createSpotifyProvider({ ...config, NODE_ENV: 'production' }, database)).toThrow(
      /production never runs on sandbox providers.*Spotify/,
    );
    expect(
      createSpotifyProvider({ ...config, SPOTIFY_CLIENT_ID: 'id', SPOTIFY_CLIENT_SECRET: 'secret' }, database)
        .name,
    ).toBe('spotify');
  });

  it('answers 404 on every sandbox route while the real provider is configured', async () => {
    const real = await createTestApp({ env: { SPOTIFY_CLIENT_ID: 'id', SPOTIFY_CLIENT_SECRET: 'secret' } });
    try {
      const id = newId();
      const calls: [string, string, unknown?][] = [
        ['GET', `/api/sandbox/spotify/playlists/${id}/tracks`],
        ['POST', `/api/sandbox/spotify/playlists/${id}/tracks`, { track_id: id }],
        ['DELETE', `/api/sandbox/spotify/playlists/${id}/tracks/${id}`],
        ['GET', `/api/sandbox/spotify/cover/${id}.svg`],
        ['GET', `/api/sandbox/spotify/authorize?state=s&redirect_uri=${encodeURIComponent(`${appUrl}/cb`)}`],
        ['GET', `/api/sandbox/scraping/sites/${id}`],
        ['GET', `/api/sandbox/scraping/sites/${id}/contact`],
      ];
      for (const [method, url, body] of calls) {
        expect((await real.call(method, url, { body })).statusCode, `${method} ${url}`).toBe(404);
      }
    } finally {
      await real.close();
    }
  });
});

describe('sandbox Spotify scraping data', () => {
  /** A sized sandbox playlist id: `Tracks` + three digits + 13 random base62 characters. */
  const sized = (n: number) => `Tracks${String(n).padStart(3, '0')}${newId().slice(0, 13)}`;

  it('pages a sized playlist 50 at a time, the same for the same id, up to its size', async () => {
    const id = sized(120);
    expect((await spotify.getPlaylist(id))!.trackCount).toBe(120);
    const positions: number[] = [];
    let offset: number | null = 0;
    while (offset !== null) {
      const page = await spotify.getPlaylistItems(id, offset);
      expect(page!.total).toBe(120);
      expect(page!.items.length).toBeLessThanOrEqual(50);
      positions.push(...page!.items.map((i) => i.position));
      offset = page!.nextOffset;
    }
    expect(positions).toEqual(Array.from({ length: 120 }, (_, i) => i));
    expect(await spotify.getPlaylistItems(id, 50)).toEqual(await spotify.getPlaylistItems(id, 50));
    expect(await spotify.getPlaylistItems('NotFound00000000000000', 0)).toBeNull();
  });

  it('holds up to 500 tracks, and lists placements after the generated tracks', async () => {
    expect((await spotify.getPlaylist(sized(999)))!.trackCount).toBe(SANDBOX_MAX_PLAYLIST_TRACKS);
    const id = sized(30);
    const placed = newId();
    const add = await ctx.call('POST', `/api/sandbox/spotify/playlists/${id}/tracks`, {
      body: { track_id: placed },
    });
    expect(add.statusCode).toBe(201);
    const page = await spotify.getPlaylistItems(id, 0);
    expect(page!.total).toBe(31);
    expect(page!.items.at(-1)).toMatchObject({ position: 30, trackId: placed });
  });

  it('credits tracks to a pool of artists who recur across playlists, with full profiles', async () => {
    const credits = new Map<string, string>();
    let total = 0;
    for (const id of [sized(200), sized(200)]) {
      for (let offset = 0; offset < 200; offset += 50) {
        for (const item of (await spotify.getPlaylistItems(id, offset))!.items) {
          expect(item.artists.length).toBeGreaterThanOrEqual(1);
          for (const a of item.artists) {
            credits.set(a.id, a.name);
            total += 1;
          }
        }
      }
    }
    expect(credits.size).toBeLessThan(total);
    const ids = [...credits.keys()].slice(0, 50);
    const profiles = await spotify.getArtists(ids);
    expect(profiles.map((p) => p.id)).toEqual(ids);
    for (const profile of profiles) {
      expect(profile.name).toBe(credits.get(profile.id));
      expect(profile.followers).toBeGreaterThanOrEqual(50);
      expect(profile.followers).toBeLessThanOrEqual(2_000_000);
      expect(profile.genres.length).toBeGreaterThanOrEqual(1);
      expect(profile.externalUrl).toBe(`https://open.spotify.com/artist/${profile.id}`);
    }
    expect(profiles.some((p) => p.links.website?.startsWith(`${appUrl}/api/sandbox/scraping/sites/`))).toBe(
      true,
    );
    await expect(spotify.getArtists(Array(51).fill(ids[0]))).rejects.toBeInstanceOf(RangeError);
  });

  it('finds the same playlists for the same keyword, 10 a page', async () => {
    const first = await spotify.searchPlaylists('Indie  Pop', 0);
    expect(first).toEqual(await spotify.searchPlaylists('indie pop', 0));
    expect(first.total).toBeGreaterThanOrEqual(8);
    expect(first.items).toHaveLength(Math.min(10, first.total));
    const found = (await spotify.getPlaylist(first.items[0]!.id))!;
    expect(found.trackCount).toBe(first.items[0]!.trackCount);
    expect(found.ownerId).toBe(first.items[0]!.ownerId);
  });
});

describe('sandbox websites of artists', () => {
  it('serves the artists’ sites with a contact page, and a robots.txt forbidding their private pages', async () => {
    const robots = await ctx.call('GET', '/robots.txt');
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('Allow: /api/sandbox/scraping/sites/');
    expect(robots.body).toContain('Disallow: /api/sandbox/scraping/sites/*/private');
    let artistId = newId();
    while (!sandboxSiteHasEmail(artistId)) artistId = newId();
    const home = await ctx.call('GET', `/api/sandbox/scraping/sites/${artistId}`);
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain(`/api/sandbox/scraping/sites/${artistId}/contact`);
    const contact = await ctx.call('GET', `/api/sandbox/scraping/sites/${artistId}/contact`);
    expect(contact.body).toContain(`mailto:${sandboxSiteEmail(artistId)}`);
    expect((await ctx.call('GET', '/api/sandbox/scraping/sites/not-an-id')).statusCode).toBe(422);
  });
});
