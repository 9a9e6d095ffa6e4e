import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistWithCoins } from '../../test/coins';
import type { TestContext } from '../../test/harness';
import { seedSocialReference } from '../connections';
import { walletBalance } from '../wallet/ledger';
import { BASE, connectedInfluencer, createSpotifyTestApp, LINK } from './express.fixture';

/**
 * AI-made music: the artist declares on a new campaign whether the track was made with AI (optional
 * for older clients: stored null, "not declared"); a curator's playlist or an influencer's account
 * can refuse AI-made music. Such playlists and accounts are left out of the artist's offer lists for
 * an AI-declared track, and a request forced through the API is refused with a translated error.
 */

let ctx: TestContext;
let playlistIds: number[] = [];
let curatorToken: string;

beforeAll(async () => {
  const world = await createSpotifyTestApp();
  ctx = world.ctx;
  await seedSocialReference(ctx.deps);
  playlistIds = world.playlistIds;
  curatorToken = await ctx.loginUser(world.curator.email);
});
afterAll(async () => {
  await ctx?.close();
});

const TRACKS = [
  'https://open.spotify.com/track/5AiMusicTrack00000000A',
  'https://open.spotify.com/track/5AiMusicTrack00000000B',
  'https://open.spotify.com/track/5AiMusicTrack00000000C',
];
const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((p) => p.id);

describe('Spotify playlists that take no AI-made music', () => {
  it('the curator sets it on the playlist; AI tracks are not offered it and are refused it', async () => {
    const [refusing, open] = playlistIds as [number, number];
    const saved = await ctx.call('PUT', `/api/express/curator/playlist/edit/${refusing}`, {
      token: curatorToken,
      body: { refuses_ai: true },
    });
    expect(saved.statusCode).toBe(200);
    const mine = await ctx.call('GET', `/api/express/curator/shows/playlist/${refusing}`, {
      token: curatorToken,
    });
    expect(mine.json().data).toMatchObject({ id: refusing, refuses_ai: true });

    const artist = await artistWithCoins(ctx, 2000);
    const all = await ctx.call('GET', '/api/express/artist/playlists', { token: artist.token });
    expect(ids(all)).toEqual(expect.arrayContaining([refusing, open]));
    const human = await ctx.call('GET', '/api/express/artist/playlists?made_with_ai=false', {
      token: artist.token,
    });
    expect(ids(human)).toEqual(expect.arrayContaining([refusing, open]));
    const ai = await ctx.call('GET', '/api/express/artist/playlists?made_with_ai=true', {
      token: artist.token,
    });
    expect(ids(ai)).toContain(open);
    expect(ids(ai)).not.toContain(refusing);

    // Forced through the API: refused whole, in the caller's language, nothing held.
    const forced = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token: artist.token,
      headers: { 'accept-language': 'fr' },
      body: { track_link: TRACKS[0], playlist_ids: [open, refusing], made_with_ai: true },
    });
    expect(forced.statusCode).toBe(422);
    expect(forced.json().errors.playlist_ids[0]).toMatch(/n'accepte pas la musique créée avec l'IA/);
    expect(await walletBalance(ctx.deps.database, artist.user.id)).toBe(2000);

    const declared = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token: artist.token,
      body: { track_link: TRACKS[1], playlist_ids: [open], made_with_ai: true },
    });
    expect(declared.statusCode).toBe(201);
    expect(declared.json().data[0]).toMatchObject({ made_with_ai: true });

    // Not made with AI, or not declared (older clients): the refusing playlist takes it.
    const no = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token: artist.token,
      body: { track_link: TRACKS[1], playlist_ids: [refusing], made_with_ai: false },
    });
    expect(no.statusCode).toBe(201);
    expect(no.json().data[0]).toMatchObject({ made_with_ai: false });
    const undeclared = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token: artist.token,
      body: { track_link: TRACKS[2], playlist_ids: [refusing] },
    });
    expect(undeclared.statusCode).toBe(201);
    expect(undeclared.json().data[0]).toMatchObject({ made_with_ai: null });

    // The curator reads the declaration on the request.
    const incoming = await ctx.call('GET', `/api/express/curator/shows/campaigns/${no.json().data[0].id}`, {
      token: curatorToken,
    });
    expect(incoming.json().data).toMatchObject({ made_with_ai: false });
  });
});

describe.each(['tiktok', 'instagram'] as const)('%s accounts that take no AI-made music', (platform) => {
  it('the influencer sets it on the account; AI tracks are not offered it and are refused it', async () => {
    const inf = await connectedInfluencer(ctx, platform, 'aimusic');
    const other = await connectedInfluencer(ctx, platform, 'aimusic');
    expect(inf.account).toMatchObject({ refuses_ai: false });

    // Only the account's owner changes it.
    const foreign = await ctx.call('PUT', `/api/social-accounts/${inf.account.id}/settings`, {
      token: other.token,
      body: { refuses_ai: true },
    });
    expect(foreign.statusCode).toBe(404);
    const saved = await ctx.call('PUT', `/api/social-accounts/${inf.account.id}/settings`, {
      token: inf.token,
      body: { refuses_ai: true },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ id: inf.account.id, refuses_ai: true });
    const listed = await ctx.call('GET', `${BASE[platform]}/${platform}/influencer/accounts`, {
      token: inf.token,
    });
    expect(listed.json().data).toEqual([expect.objectContaining({ id: inf.account.id, refuses_ai: true })]);

    const artist = await artistWithCoins(ctx, 5000);
    const forSale = (q: string) =>
      ctx.call('GET', `${BASE[platform]}/artist/accounts/campaigns${q}`, { token: artist.token });
    expect(ids(await forSale(''))).toEqual(expect.arrayContaining([inf.account.id, other.account.id]));
    const ai = ids(await forSale('?made_with_ai=true'));
    expect(ai).toContain(other.account.id);
    expect(ai).not.toContain(inf.account.id);

    const forced = await ctx.call('POST', `${BASE[platform]}/artist/campaign/create`, {
      token: artist.token,
      body: { track_link: LINK[platform], account_ids: [inf.account.id], made_with_ai: true },
    });
    expect(forced.statusCode).toBe(422);
    expect(forced.json().errors.account_ids[0]).toBe(`@${inf.username} does not take music made with AI`);
    expect(await walletBalance(ctx.deps.database, artist.user.id)).toBe(5000);

    const declared = await ctx.call('POST', `${BASE[platform]}/artist/campaign/create`, {
      token: artist.token,
      body: { track_link: LINK[platform], account_ids: [other.account.id], made_with_ai: true },
    });
    expect(declared.statusCode).toBe(201);
    expect(declared.json().data[0]).toMatchObject({ made_with_ai: true, disclosure: null });
    const human = await ctx.call('POST', `${BASE[platform]}/artist/campaign/create`, {
      token: artist.token,
      body: { track_link: LINK[platform], account_ids: [inf.account.id], made_with_ai: false },
    });
    expect(human.statusCode).toBe(201);
  });
});
