import { describe, expect, it } from 'vitest';
import { type TestContext, testAppForFile } from '../../test/harness';
import { parseArtistLink } from './artist-connections.service';
import { ACCOUNTS_LIMIT } from './connections.service';

const ctx = testAppForFile();

const base = '/api/connected/platforms';
let n = 0;
/** A well-formed Spotify artist id the sandbox knows (22 base62 characters). */
const artistId = () => {
  n += 1;
  return `Artist${String(n).padStart(4, '0')}${Date.now().toString(36)}`.padEnd(22, 'x').slice(0, 22);
};
const link = (id: string) => `https://open.spotify.com/artist/${id}?si=abc`;

async function artist(overrides: Parameters<TestContext['makeUser']>[0] = {}) {
  const user = await ctx.makeUser({ userTypeId: 1, ...overrides });
  return { user, token: await ctx.loginUser(user.email) };
}
const connect = (token: string, value: string) =>
  ctx.call('POST', `${base}/artist/connect/spotify/account`, { token, body: { link: value } });

describe('artist connections (spec section 7 "Connections")', () => {
  it('reads artist links and URIs only', () => {
    expect(parseArtistLink('https://open.spotify.com/intl-fr/artist/0TnOYISbd1XYRBk9myaseg')).toBe(
      '0TnOYISbd1XYRBk9myaseg',
    );
    expect(parseArtistLink('spotify:artist:0TnOYISbd1XYRBk9myaseg')).toBe('0TnOYISbd1XYRBk9myaseg');
    expect(parseArtistLink('https://open.spotify.com/track/0TnOYISbd1XYRBk9myaseg')).toBeNull();
    expect(parseArtistLink('https://evil.test/artist/0TnOYISbd1XYRBk9myaseg')).toBeNull();
  });

  it('an artist connects their profile, sees its tracks, checks it, and disconnects it', async () => {
    const { token } = await artist();
    const before = await ctx.call('GET', `${base}/artist/check/if/connected`, { token });
    expect(before.json().data).toEqual({ connected: false, accounts: 0, platforms_limit: ACCOUNTS_LIMIT });

    const id = artistId();
    const res = await connect(token, link(id));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Account connected');
    const profile = res.json().data;
    expect(profile).toMatchObject({ spotify_artist_id: id, is_active: 1, status: { status: 'Active' } });

    const tracks = await ctx.call('GET', `${base}/artist/connected/tracks`, { token });
    expect(tracks.statusCode).toBe(200);
    expect(tracks.json().data.length).toBeGreaterThanOrEqual(3);
    expect(tracks.json().data[0]).toMatchObject({ artists: profile.name, account_id: profile.id });
    expect(tracks.json().data[0].external_url).toMatch(/^https:\/\/open\.spotify\.com\/track\//);

    const all = await ctx.call('GET', `${base}/all/user/accounts`, { token });
    expect(all.json().data).toMatchObject({
      artist_profiles: [{ id: profile.id }],
      tiktok: [],
      instagram: [],
    });
    const info = await ctx.call('GET', '/api/user/info/spotify', { token });
    expect(info.json().data).toMatchObject({ connected: true, artist_profiles: [{ id: profile.id }] });

    const del = await ctx.call('DELETE', `${base}/artist/delete/connected/account/${profile.id}`, { token });
    expect(del.statusCode).toBe(200);
    expect((await ctx.call('GET', `${base}/artist/connected/accounts`, { token })).json().data).toEqual([]);
    expect((await ctx.call('GET', `${base}/artist/connected/tracks`, { token })).json().data).toEqual([]);
    // Connecting it again revives the same row.
    expect((await connect(token, link(id))).json().data.id).toBe(profile.id);
  });

  it('refuses a link that is not an artist page, and an artist Spotify does not know', async () => {
    const { token } = await artist();
    const bad = await connect(token, 'https://open.spotify.com/track/0TnOYISbd1XYRBk9myaseg');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.link[0]).toMatch(/^Paste the link of your Spotify artist page/);
    const missing = await connect(token, link('NotFound12345678901234'));
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.link).toEqual(['Spotify does not know this artist. Please check the link']);
  });

  it('a profile belongs to one user at a time, also when both connect at once', async () => {
    const a = await artist();
    const b = await artist();
    const id = artistId();
    const [ra, rb] = await Promise.all([connect(a.token, link(id)), connect(b.token, link(id))]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(loser.json().message).toBe('This artist profile is already connected by another user');
  });

  it(`holds at most ${ACCOUNTS_LIMIT} live profiles per artist`, async () => {
    const { token } = await artist();
    for (let i = 0; i < ACCOUNTS_LIMIT; i += 1)
      expect((await connect(token, link(artistId()))).statusCode).toBe(200);
    const sixth = await connect(token, link(artistId()));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toBe(
      `You can connect at most ${ACCOUNTS_LIMIT} accounts per platform. Disconnect one first`,
    );
  });

  it("never reaches another user's profile; curators have the all-accounts call but not the artist calls", async () => {
    const a = await artist();
    const b = await artist();
    const profile = (await connect(a.token, link(artistId()))).json().data;
    expect(
      (await ctx.call('DELETE', `${base}/artist/delete/connected/account/${profile.id}`, { token: b.token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.call('GET', `${base}/artist/connected/tracks?account_id=${profile.id}`, { token: b.token }))
        .statusCode,
    ).toBe(404);

    const curator = await ctx.makeUser({ userTypeId: 2 });
    const token = await ctx.loginUser(curator.email);
    expect((await ctx.call('GET', `${base}/all/user/accounts`, { token })).statusCode).toBe(200);
    expect((await connect(token, link(artistId()))).statusCode).toBe(403);
    expect((await ctx.call('GET', `${base}/artist/tiktok/music`, { token })).statusCode).toBe(403);
  });
});
