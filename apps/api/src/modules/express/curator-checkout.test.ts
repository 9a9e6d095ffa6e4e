import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistWithCoins, creditCoins } from '../../test/coins';
import type { TestContext } from '../../test/harness';
import { walletBalance } from '../wallet/ledger';
import { createSpotifyTestApp } from './express.fixture';

/**
 * A curator promotes a track of their own (spec section 2 `/express/checkout` for CURATOR_PERMISSION):
 * the artists' order on the same engine and money rules, paid with the curator's coins, never on their
 * own playlists.
 */

let ctx: TestContext;
let ownerId: number;
let ownerToken: string;
let playlistIds: number[] = [];
const trackLink = 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC';

beforeAll(async () => {
  // The demo curator owns the two approved demo playlists (Starter 50 coins, Premium 300 coins).
  const world = await createSpotifyTestApp();
  ctx = world.ctx;
  ownerId = world.curator.id;
  playlistIds = world.playlistIds;
  ownerToken = await ctx.loginUser(world.curator.email);
});
afterAll(async () => {
  await ctx?.close();
});

const curatorWith = (coins: number) => artistWithCoins(ctx, coins, { userTypeId: 2 });

const checkout = (token: string, ids: number[]) =>
  ctx.call('POST', '/api/express/curator/checkout', {
    token,
    body: { track_link: trackLink, playlist_ids: ids, pitch: 'My own track' },
  });

describe('a curator promotes a track of their own (/express/checkout)', () => {
  it("buys a placement on another curator's playlist: coins held like an artist's order, the seller sees it", async () => {
    const buyer = await curatorWith(500);
    const offered = await ctx.call('GET', '/api/express/curator/checkout/playlists?page=1&limit=100', {
      token: buyer.token,
    });
    expect(offered.statusCode).toBe(200);
    expect(offered.json().data.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining(playlistIds));

    const res = await checkout(buyer.token, [playlistIds[0]!]);
    expect(res.statusCode, res.body).toBe(201);
    const [campaign] = res.json().data;
    expect(campaign.status.id).toBe(1);
    const price = campaign.price as number;
    expect(await walletBalance(ctx.deps.database, buyer.user.id)).toBe(500 - price);
    const held = await ctx.deps.database.pool.query(
      `select h.amount::int as coins, h.status from ledger_holds h join express_campaigns c on c.hold_id = h.id where c.id = $1`,
      [campaign.id],
    );
    expect(held.rows).toEqual([{ coins: price, status: 'pending' }]);
    const row = (
      await ctx.deps.database.pool.query(
        'select artist_id, curator_id from express_campaigns where id = $1',
        [campaign.id],
      )
    ).rows[0];
    expect(row).toEqual({ artist_id: buyer.user.id, curator_id: ownerId });

    // The buyer's own promotions list it; the seller sees it among the incoming campaigns.
    const mine = await ctx.call('GET', '/api/express/curator/checkout/campaigns?page=1&limit=10', {
      token: buyer.token,
    });
    expect(mine.json().data.map((c: { id: number }) => c.id)).toEqual([campaign.id]);
    const incoming = await ctx.call('GET', '/api/express/curator/playlist/campaigns?page=1&limit=100', {
      token: ownerToken,
    });
    expect(incoming.json().data.map((c: { id: number }) => c.id)).toContain(campaign.id);

    // The buyer opens it from their promotions (the curators' detail and performance answer the
    // buyer too); a curator who is neither its buyer nor its seller gets 404.
    const detail = await ctx.call('GET', `/api/express/curator/shows/campaigns/${campaign.id}`, {
      token: buyer.token,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data).toMatchObject({
      id: campaign.id,
      artist: { id: buyer.user.id },
      curator: { id: ownerId },
    });
    const performance = await ctx.call('GET', `/api/express/curator/campaigns/performance/${campaign.id}`, {
      token: buyer.token,
    });
    expect(performance.statusCode, performance.body).toBe(200);
    const stranger = await curatorWith(0);
    for (const path of [
      `/api/express/curator/shows/campaigns/${campaign.id}`,
      `/api/express/curator/campaigns/performance/${campaign.id}`,
    ]) {
      expect((await ctx.call('GET', path, { token: stranger.token })).statusCode).toBe(404);
    }
  });

  it('never on their own playlist: not offered, refused with the reason, nothing held', async () => {
    await creditCoins(ctx, ownerId, 400, 'seed-owner');
    const before = await walletBalance(ctx.deps.database, ownerId);
    const offered = await ctx.call('GET', '/api/express/curator/checkout/playlists?page=1&limit=100', {
      token: ownerToken,
    });
    expect(offered.json().data.map((p: { id: number }) => p.id)).not.toEqual(
      expect.arrayContaining([playlistIds[0]]),
    );
    const res = await checkout(ownerToken, [playlistIds[0]!]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.playlist_ids).toEqual([
      "A placement on your own playlist cannot be bought: choose another curator's playlist",
    ]);
    expect(await walletBalance(ctx.deps.database, ownerId)).toBe(before);
  });

  it('with too few coins nothing is held (409), and the route is the curators\u2019 (an artist gets 403)', async () => {
    const poor = await curatorWith(10);
    const res = await checkout(poor.token, [playlistIds[1]!]);
    expect(res.statusCode).toBe(409);
    expect(await walletBalance(ctx.deps.database, poor.user.id)).toBe(10);
    const artist = await ctx.makeUser({ userTypeId: 1 });
    const artistToken = await ctx.loginUser(artist.email);
    expect((await checkout(artistToken, [playlistIds[1]!])).statusCode).toBe(403);
    // ...and the artists' order route stays the artists' (a curator gets 403 there).
    const viaArtist = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token: poor.token,
      body: { track_link: trackLink, playlist_ids: [playlistIds[1]!] },
    });
    expect(viaArtist.statusCode).toBe(403);
  });
});
