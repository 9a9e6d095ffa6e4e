import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import type { TestContext } from '../../test/harness';
import { voidHold } from '../wallet';
import { createSpotifyTestApp, pendingSpotifyRequest } from './express.fixture';
import { expressHoldInvariants } from './express.invariants';

// Issue 33 metrics: an express campaign's escrow follows its status (the price held from the purchase
// until completion, decline or expiry). The gauges read these figures; a write that breaks the rule
// shows in them.

let ctx: TestContext;
let playlistId: number;
beforeAll(async () => {
  const world = await createSpotifyTestApp();
  ctx = world.ctx;
  playlistId = world.playlistIds[0]!;
});
afterAll(() => ctx.close());

const read = () => expressHoldInvariants(ctx.deps.database.db);
const holdOf = async (id: number) =>
  (await ctx.deps.database.pool.query('select hold_id from express_campaigns where id = $1', [id])).rows[0]
    .hold_id as number;
const setStatus = (id: number, status: number) =>
  ctx.deps.database.pool.query('update express_campaigns set status_id = $2 where id = $1', [id, status]);

describe('express hold invariants', () => {
  it('read 0 while each campaign holds its price, and count what a broken write leaves', async () => {
    const first = await pendingSpotifyRequest(ctx, playlistId);
    const second = await pendingSpotifyRequest(ctx, playlistId);
    expect(await read()).toEqual({ endedWithPendingHold: 0, endedHeldCoins: 0, openWithoutPendingHold: 0 });

    // Completed without its hold being posted: the price stays stuck in escrow.
    const price = (
      await ctx.deps.database.pool.query('select amount from ledger_holds where id = $1', [
        await holdOf(first.id),
      ])
    ).rows[0].amount as number;
    await setStatus(first.id, 6);
    expect(await read()).toEqual({
      endedWithPendingHold: 1,
      endedHeldCoins: price,
      openWithoutPendingHold: 0,
    });
    await setStatus(first.id, 1);

    // Refunded while still pending approval: the artist has the coins back and the curator may still accept.
    await withTransaction(ctx.deps.database, async (tx) => {
      await voidHold(tx, await holdOf(second.id));
    });
    expect(await read()).toEqual({ endedWithPendingHold: 0, endedHeldCoins: 0, openWithoutPendingHold: 1 });
    // Declined (ended) with its hold voided is sound again.
    await setStatus(second.id, 7);
    expect(await read()).toEqual({ endedWithPendingHold: 0, endedHeldCoins: 0, openWithoutPendingHold: 0 });
  });
});
