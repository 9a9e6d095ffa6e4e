import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database, withTransaction } from '../../db/client';
import { createTestApp, type TestContext } from '../../test/harness';
import {
  credit,
  DESC,
  debit,
  hold,
  InsufficientBalanceError,
  postHold,
  voidHold,
  walletBalance,
} from './ledger';
import { ledgerInvariants } from './ledger.invariants';

/**
 * Escrow per payer: each payer's holds sit in the payer's own escrow account, so purchases of
 * different artists never lock the same row, while one artist's purchases still queue on the wallet.
 */
let ctx: TestContext;
/** A second pool, wide enough for the many-at-once tests below. */
let wide: Database;
beforeAll(async () => {
  ctx = await createTestApp();
  wide = createDatabase(ctx.deps.database.pool.options.connectionString!, 40);
});
afterAll(async () => {
  await wide?.pool.end();
  await ctx?.close();
});

const tx = <T>(fn: Parameters<typeof withTransaction<T>>[1], database: Database = ctx.deps.database) =>
  withTransaction(database, fn);

/** A campaign purchase of `coins` by `userId` (a hold), on the wide pool that concurrent tests need. */
const purchaseOnWide = (userId: number, coins: number, idempotencyKey: string) =>
  tx((t) => hold(t, { userId, coins, descId: DESC.CAMPAIGN_PURCHASE, idempotencyKey }), wide);

async function funded(coins: number) {
  const user = await ctx.makeUser();
  await tx((t) =>
    credit(t, { userId: user.id, coins, descId: DESC.COIN_PURCHASE, idempotencyKey: `fund-${user.id}` }),
  );
  return user;
}

/**
 * The ledger's invariants, read from the database: every account sums to zero with the others, no
 * account that may not go negative is negative, each escrow account holds exactly its pending holds
 * (the module's own check, `ledgerInvariants`, which the metrics expose), and each resolved hold paid
 * out plus refunded exactly what it held.
 */
async function invariants() {
  const q = (text: string) => ctx.deps.database.pool.query(text).then((r) => r.rows);
  const ledger = await ledgerInvariants(ctx.deps.database.db);
  const unbalancedHolds = await q(`
    select h.id from ledger_holds h
      join ledger_transfers t on t.hold_id = h.id
     where h.status <> 'pending'
     group by h.id, h.amount
    having sum(t.amount) filter (where t.debit_account_id = h.escrow_account_id) <> h.amount`);
  return {
    sum: ledger.balanceSumCoins,
    negative: ledger.negativeAccounts,
    escrowMismatch:
      ledger.escrowMismatchedAccounts.campaign_escrow + ledger.escrowMismatchedAccounts.payout_escrow,
    unbalancedHolds,
  };
}

describe('escrow per payer', () => {
  it("puts each payer's holds in the payer's own escrow account, and posts and voids from there", async () => {
    const [a, b] = [await funded(500), await funded(500)];
    const ha = await tx((t) =>
      hold(t, { userId: a.id, coins: 120, descId: DESC.CAMPAIGN_PURCHASE, idempotencyKey: `pa-${a.id}` }),
    );
    const hb = await tx((t) =>
      hold(t, { userId: b.id, coins: 80, descId: DESC.CAMPAIGN_PURCHASE, idempotencyKey: `pb-${b.id}` }),
    );
    const escrowOf = async (userId: number) =>
      (
        await ctx.deps.database.pool.query(
          "select id, balance from ledger_accounts where user_id = $1 and kind = 'campaign_escrow'",
          [userId],
        )
      ).rows[0];
    const [ea, eb] = [await escrowOf(a.id), await escrowOf(b.id)];
    expect(ha.escrowAccountId).toBe(Number(ea.id));
    expect(hb.escrowAccountId).toBe(Number(eb.id));
    expect(ea.id).not.toBe(eb.id);
    expect([Number(ea.balance), Number(eb.balance)]).toEqual([120, 80]);

    const seller = await ctx.makeUser();
    expect(
      await tx((t) => postHold(t, ha.id, 100, { userId: seller.id }, { descId: 2, feePercent: 10 })),
    ).toEqual({
      paid: 90,
      fee: 10,
      refunded: 20,
    });
    expect(await tx((t) => voidHold(t, hb.id))).toEqual({ refunded: 80 });
    expect([Number((await escrowOf(a.id)).balance), Number((await escrowOf(b.id)).balance)]).toEqual([0, 0]);
    expect(await walletBalance(ctx.deps.database, a.id)).toBe(400);
    expect(await walletBalance(ctx.deps.database, b.id)).toBe(500);
    expect(await walletBalance(ctx.deps.database, seller.id)).toBe(90);
    expect(await invariants()).toEqual({ sum: 0, negative: 0, escrowMismatch: 0, unbalancedHolds: [] });
  });

  it("does not wait for another payer's open purchase", async () => {
    const [a, b] = [await funded(100), await funded(100)];
    // A's purchase is in flight: its transaction holds A's wallet and escrow rows.
    const client = await ctx.deps.database.pool.connect();
    try {
      await client.query('begin');
      const { drizzle } = await import('drizzle-orm/node-postgres');
      const schema = await import('../../db/schema');
      await hold(
        { db: drizzle(client, { schema }), client, pending: [] },
        { userId: a.id, coins: 60, descId: DESC.CAMPAIGN_PURCHASE, idempotencyKey: `open-${a.id}` },
      );
      // B's hold must not touch a row A's transaction holds: with one shared escrow account it would
      // wait for A's commit and run into the lock timeout.
      const held = await tx(async (t) => {
        await t.client.query("set local lock_timeout = '2s'");
        return hold(t, {
          userId: b.id,
          coins: 60,
          descId: DESC.CAMPAIGN_PURCHASE,
          idempotencyKey: `open-${b.id}`,
        });
      });
      expect(held.amount).toBe(60);
      await client.query('commit');
    } finally {
      client.release();
    }
    expect(await walletBalance(ctx.deps.database, a.id)).toBe(40);
    expect(await walletBalance(ctx.deps.database, b.id)).toBe(40);
  });

  it('keeps the invariants when 100 artists buy at once, 5 purchases each', async () => {
    const artists = await Promise.all(Array.from({ length: 100 }, () => funded(300)));
    const results = await Promise.allSettled(
      artists.flatMap((artist) =>
        Array.from({ length: 5 }, (_, i) => purchaseOnWide(artist.id, 70, `many-${artist.id}-${i}`)),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    // 300 coins pay for 4 purchases of 70: the fifth of each artist is refused, whatever the order.
    expect(results.length - refused.length).toBe(400);
    expect(
      refused.every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientBalanceError),
    ).toBe(true);
    for (const artist of artists.slice(0, 10))
      expect(await walletBalance(ctx.deps.database, artist.id)).toBe(20);
    expect(await invariants()).toEqual({ sum: 0, negative: 0, escrowMismatch: 0, unbalancedHolds: [] });
  });

  it('serves 1,000 concurrent purchases on one wallet: exactly what the coins cover, invariants intact', async () => {
    const artist = await funded(25_000);
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) => purchaseOnWide(artist.id, 30, `one-${artist.id}-${i}`)),
    );
    const held = results.filter((r) => r.status === 'fulfilled');
    expect(held.length).toBe(Math.floor(25_000 / 30));
    expect(
      results
        .filter((r) => r.status === 'rejected')
        .every((r) => r.reason instanceof InsufficientBalanceError),
    ).toBe(true);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(25_000 - 30 * held.length);
    // Resolve them all at once too: half posted to one seller, half voided.
    const seller = await ctx.makeUser();
    await Promise.all(
      held.map((r, i) => {
        const id = (r as PromiseFulfilledResult<{ id: number }>).value.id;
        return tx(
          (t) =>
            i % 2
              ? voidHold(t, id)
              : postHold(t, id, 30, { userId: seller.id }, { descId: 2, feePercent: 20 }),
          wide,
        );
      }),
    );
    expect(await walletBalance(ctx.deps.database, seller.id)).toBe(24 * Math.ceil(held.length / 2));
    expect(await invariants()).toEqual({ sum: 0, negative: 0, escrowMismatch: 0, unbalancedHolds: [] });
  });

  it("never deadlocks a payer's new purchases against partial postings and refunds of their holds", async () => {
    const artist = await funded(100_000);
    const seller = await ctx.makeUser();
    const first = await Promise.all(
      Array.from({ length: 60 }, (_, i) => purchaseOnWide(artist.id, 100, `d1-${artist.id}-${i}`)),
    );
    // New holds (wallet, then escrow) racing postings that pay the seller and refund the rest (escrow,
    // seller, revenue, and the payer's wallet): every one must go through, none may die in a deadlock.
    const results = await Promise.allSettled([
      ...first.map((h, i) =>
        tx(
          (t) => postHold(t, h.id, 40 + (i % 3) * 10, { userId: seller.id }, { descId: 2, feePercent: 10 }),
          wide,
        ),
      ),
      ...Array.from({ length: 60 }, (_, i) => purchaseOnWide(artist.id, 100, `d2-${artist.id}-${i}`)),
    ]);
    const failed = results
      .filter((r) => r.status === 'rejected')
      .map((r) => String((r as PromiseRejectedResult).reason));
    expect(failed).toEqual([]);
    expect(await invariants()).toEqual({ sum: 0, negative: 0, escrowMismatch: 0, unbalancedHolds: [] });
  });

  it('leaves a short wallet as it was and the transaction usable', async () => {
    const artist = await funded(50);
    const outcome = await tx(async (t) => {
      await expect(
        hold(t, {
          userId: artist.id,
          coins: 51,
          descId: DESC.CAMPAIGN_PURCHASE,
          idempotencyKey: `short-${artist.id}`,
        }),
      ).rejects.toBeInstanceOf(InsufficientBalanceError);
      // Still usable: a smaller debit in the same transaction goes through.
      return debit(t, {
        userId: artist.id,
        coins: 10,
        descId: DESC.DEDUCTED,
        idempotencyKey: `after-${artist.id}`,
      });
    });
    expect(outcome.replayed).toBe(false);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(40);
    const holds = await ctx.deps.database.pool.query(
      "select count(*)::int n from ledger_holds h join ledger_accounts a on a.id = h.payer_account_id where a.user_id = $1 and a.kind = 'user_wallet'",
      [artist.id],
    );
    expect(holds.rows[0].n).toBe(0);
  });

  it('still posts and voids holds made in the shared escrow account before escrow per payer', async () => {
    const artist = await funded(100);
    // A hold as the ledger wrote it before migration 0037: coins in the shared (user-less) escrow account.
    const legacy = await tx(async (t) => {
      const q = <R extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
        t.client.query<R>(text, values).then((r) => r.rows[0]!);
      await t.client.query(
        "insert into ledger_accounts (kind) values ('campaign_escrow') on conflict do nothing",
      );
      const { id: wallet } = await q<{ id: number }>(
        "select id from ledger_accounts where user_id = $1 and kind = 'user_wallet'",
        [artist.id],
      );
      const { id: shared } = await q<{ id: number }>(
        "select id from ledger_accounts where kind = 'campaign_escrow' and user_id is null",
      );
      const { id: holdId } = await q<{ id: number }>(
        'insert into ledger_holds (payer_account_id, escrow_account_id, amount) values ($1, $2, 70) returning id',
        [wallet, shared],
      );
      const from = await q<{ balance: number; entry_count: number }>(
        'update ledger_accounts set balance = balance - 70, entry_count = entry_count + 1 where id = $1 returning balance, entry_count',
        [wallet],
      );
      const to = await q<{ balance: number; entry_count: number }>(
        'update ledger_accounts set balance = balance + 70, entry_count = entry_count + 1 where id = $1 returning balance, entry_count',
        [shared],
      );
      const { id: transfer } = await q<{ id: number }>(
        `insert into ledger_transfers (number, idempotency_key, debit_account_id, credit_account_id, amount, desc_id, hold_id)
         values ($1, $1, $2, $3, 70, 2, $4) returning id`,
        [`legacy-${artist.id}`, wallet, shared, holdId],
      );
      await t.client.query(
        `insert into ledger_entries (account_id, transfer_id, amount, balance_after, desc_id, account_seq)
         values ($1, $3, -70, $4, 2, $5), ($2, $3, 70, $6, 2, $7)`,
        [wallet, shared, transfer, from.balance, from.entry_count, to.balance, to.entry_count],
      );
      return holdId;
    });
    const seller = await ctx.makeUser();
    expect(await tx((t) => postHold(t, legacy, 50, { userId: seller.id }, { descId: 2 }))).toEqual({
      paid: 50,
      fee: 0,
      refunded: 20,
    });
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(50);
    expect(await walletBalance(ctx.deps.database, seller.id)).toBe(50);
    const shared = await ctx.deps.database.pool.query(
      "select balance from ledger_accounts where kind = 'campaign_escrow' and user_id is null",
    );
    expect(Number(shared.rows[0].balance)).toBeGreaterThanOrEqual(0);
  });
  it('refuses, at commit, a hold that is not funded or settled with other than its amount', async () => {
    const artist = await funded(100);
    const seller = await ctx.makeUser();
    const held = await tx((t) =>
      hold(t, {
        userId: artist.id,
        coins: 60,
        descId: DESC.CAMPAIGN_PURCHASE,
        idempotencyKey: `chk-${artist.id}`,
      }),
    );
    // A hold row without its funding transfer.
    await expect(
      tx((t) =>
        t.client.query(
          'insert into ledger_holds (payer_account_id, escrow_account_id, amount) values ($1, $2, 10)',
          [held.payerAccountId, held.escrowAccountId],
        ),
      ),
    ).rejects.toThrow(/ledger_holds_funded|funded with 0 coins/);
    // Marked posted without moving anything out of escrow.
    await expect(
      tx((t) =>
        t.client.query("update ledger_holds set status = 'posted', posted_amount = 60 where id = $1", [
          held.id,
        ]),
      ),
    ).rejects.toThrow(/settled with 0 out of escrow/);
    // Posted with a posted amount other than what left escrow for the payee and the fee.
    await expect(
      tx(async (t) => {
        await postHold(t, held.id, 40, { userId: seller.id }, { descId: 2 });
        await t.client.query('update ledger_holds set posted_amount = 50 where id = $1', [held.id]);
      }),
    ).rejects.toThrow(/ledger_holds_settled|settled with/);
    // Nothing of the refused attempts stayed; the real posting still goes through.
    expect(await tx((t) => postHold(t, held.id, 40, { userId: seller.id }, { descId: 2 }))).toEqual({
      paid: 40,
      fee: 0,
      refunded: 20,
    });
    expect(await invariants()).toEqual({ sum: 0, negative: 0, escrowMismatch: 0, unbalancedHolds: [] });
  });
});
