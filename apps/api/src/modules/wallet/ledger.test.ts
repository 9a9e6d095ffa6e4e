import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { testAppForFile } from '../../test/harness';
import {
  credit,
  DESC,
  debit,
  hold,
  holdAtCommit,
  InsufficientBalanceError,
  ledgerRefusal,
  postHold,
  voidHold,
  walletBalance,
} from './ledger';

const ctx = testAppForFile();

const tx = <T>(fn: Parameters<typeof withTransaction<T>>[1]) => withTransaction(ctx.deps.database, fn);
/** Sum of every account balance: a closed system always sums to zero. */
const ledgerSum = async () =>
  Number(
    (await ctx.deps.database.pool.query('select coalesce(sum(balance), 0) as s from ledger_accounts')).rows[0]
      .s,
  );

describe('ledger', () => {
  it('credits once per idempotency key', async () => {
    const user = await ctx.makeUser();
    const first = await tx((t) =>
      credit(t, { userId: user.id, coins: 100, descId: DESC.COIN_PURCHASE, idempotencyKey: `k-${user.id}` }),
    );
    const again = await tx((t) =>
      credit(t, { userId: user.id, coins: 100, descId: DESC.COIN_PURCHASE, idempotencyKey: `k-${user.id}` }),
    );
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(again.transfer.id).toBe(first.transfer.id);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(100);
    expect(await ledgerSum()).toBe(0);
  });

  it('refuses a debit beyond the balance with 409 and moves nothing', async () => {
    const user = await ctx.makeUser();
    await tx((t) =>
      credit(t, { userId: user.id, coins: 50, descId: DESC.COIN_PURCHASE, idempotencyKey: `c-${user.id}` }),
    );
    await expect(
      tx((t) =>
        debit(t, { userId: user.id, coins: 51, descId: DESC.DEDUCTED, idempotencyKey: `d-${user.id}` }),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(50);
    await expect(
      tx((t) =>
        debit(t, { userId: user.id, coins: 0, descId: DESC.DEDUCTED, idempotencyKey: `z-${user.id}` }),
      ),
    ).rejects.toThrow();
    await expect(
      tx((t) =>
        debit(t, { userId: user.id, coins: 1.5, descId: DESC.DEDUCTED, idempotencyKey: `f-${user.id}` }),
      ),
    ).rejects.toThrow();
  });

  it('1,000 concurrent 10-coin debits on a 5,000-coin wallet: exactly 500 succeed, never negative', async () => {
    const user = await ctx.makeUser();
    await tx((t) =>
      credit(t, {
        userId: user.id,
        coins: 5000,
        descId: DESC.COIN_PURCHASE,
        idempotencyKey: `big-${user.id}`,
      }),
    );
    const before = await ledgerSum();
    const results = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) =>
        tx((t) =>
          debit(t, {
            userId: user.id,
            coins: 10,
            descId: DESC.DEDUCTED,
            idempotencyKey: `race-${user.id}-${i}`,
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof InsufficientBalanceError,
    ).length;
    expect(ok).toBe(500);
    expect(refused).toBe(500);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(0);
    const negatives = await ctx.deps.database.pool.query(
      `select count(*)::int as n from ledger_entries e join ledger_accounts a on a.id = e.account_id
       where a.allow_negative = 0 and e.balance_after < 0`,
    );
    expect(negatives.rows[0].n).toBe(0);
    expect(await ledgerSum()).toBe(before);
  });

  it('posts a hold to the payee less the fee, refunding the rest, exactly once under races', async () => {
    const artist = await ctx.makeUser();
    const curator = await ctx.makeUser({ userTypeId: 2 });
    await tx((t) =>
      credit(t, {
        userId: artist.id,
        coins: 1000,
        descId: DESC.COIN_PURCHASE,
        idempotencyKey: `a-${artist.id}`,
      }),
    );
    const h = await tx((t) =>
      hold(t, {
        userId: artist.id,
        coins: 300,
        descId: DESC.CAMPAIGN_PURCHASE,
        idempotencyKey: `h-${artist.id}`,
        ref: { type: 'test', id: 1 },
      }),
    );
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(700);
    const outcomes = await Promise.allSettled([
      tx((t) =>
        postHold(t, h.id, 200, { userId: curator.id }, { descId: DESC.CAMPAIGN_PURCHASE, feePercent: 20 }),
      ),
      tx((t) => voidHold(t, h.id)),
      tx((t) =>
        postHold(t, h.id, 300, { userId: curator.id }, { descId: DESC.CAMPAIGN_PURCHASE, feePercent: 20 }),
      ),
    ]);
    const winners = outcomes.filter((o) => o.status === 'fulfilled' && o.value !== null);
    expect(winners).toHaveLength(1);
    const artistBalance = await walletBalance(ctx.deps.database, artist.id);
    const curatorBalance = await walletBalance(ctx.deps.database, curator.id);
    const moved = await ctx.deps.database.pool.query(
      'select coalesce(sum(amount), 0)::int as s from ledger_transfers where hold_id = $1 and idempotency_key like $2',
      [h.id, 'hold:%'],
    );
    // paid + fee + refunded = held, whichever won.
    expect(moved.rows[0].s).toBe(300);
    expect(artistBalance + curatorBalance).toBeLessThanOrEqual(1000);
    expect(await ledgerSum()).toBe(0);
    expect(await tx((t) => voidHold(t, h.id))).toBeNull();
  });

  it('names a refund partial only when part of the hold was posted', async () => {
    const artist = await ctx.makeUser();
    const curator = await ctx.makeUser({ userTypeId: 2 });
    await tx((t) =>
      credit(t, {
        userId: artist.id,
        coins: 100,
        descId: DESC.COIN_PURCHASE,
        idempotencyKey: `pr-${artist.id}`,
      }),
    );
    const refundTypeAfterPosting = async (n: number, posted: number) => {
      const h = await tx((t) =>
        hold(t, {
          userId: artist.id,
          coins: 10,
          descId: DESC.CAMPAIGN_PURCHASE,
          idempotencyKey: `pr-${artist.id}-${n}`,
          ref: { type: 'test', id: n },
        }),
      );
      await tx((t) => postHold(t, h.id, posted, { userId: curator.id }, { descId: DESC.CAMPAIGN_PURCHASE }));
      const r = await ctx.deps.database.pool.query(
        `select meta ->> 'refund_type' as type from ledger_transfers where idempotency_key = $1`,
        [`hold:${h.id}:refund`],
      );
      return r.rows[0]?.type as string;
    };
    expect(await refundTypeAfterPosting(1, 4)).toBe('complete_refund');
    expect(await refundTypeAfterPosting(2, 0)).toBe('refund');
  });

  it('keeps paid + refunded = held for any partial post and fee (property)', async () => {
    const artist = await ctx.makeUser();
    const curator = await ctx.makeUser({ userTypeId: 2 });
    await tx((t) =>
      credit(t, {
        userId: artist.id,
        coins: 1_000_000,
        descId: DESC.COIN_PURCHASE,
        idempotencyKey: `p-${artist.id}`,
      }),
    );
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        async (held, pct, fee) => {
          n += 1;
          const post = Math.floor((held * pct) / 100);
          const h = await tx((t) =>
            hold(t, {
              userId: artist.id,
              coins: held,
              descId: DESC.CAMPAIGN_PURCHASE,
              idempotencyKey: `pp-${artist.id}-${n}`,
            }),
          );
          const r = await tx((t) =>
            postHold(
              t,
              h.id,
              post,
              { userId: curator.id },
              { descId: DESC.CAMPAIGN_PURCHASE, feePercent: fee },
            ),
          );
          expect(r).not.toBeNull();
          expect(r!.paid + r!.fee + r!.refunded).toBe(held);
          expect(r!.fee).toBe(Math.floor((post * fee) / 100));
        },
      ),
      { numRuns: 40 },
    );
    expect(await ledgerSum()).toBe(0);
  });

  it('moves once and holds once when the same idempotency key arrives concurrently', async () => {
    const user = await ctx.makeUser();
    const credits = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        tx((t) =>
          credit(t, {
            userId: user.id,
            coins: 500,
            descId: DESC.COIN_PURCHASE,
            idempotencyKey: `same-${user.id}`,
          }),
        ),
      ),
    );
    expect(credits.every((r) => r.status === 'fulfilled')).toBe(true);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(500);
    const holds = await Promise.all(
      Array.from({ length: 20 }, () =>
        tx((t) =>
          hold(t, {
            userId: user.id,
            coins: 100,
            descId: DESC.CAMPAIGN_PURCHASE,
            idempotencyKey: `same-hold-${user.id}`,
          }),
        ),
      ),
    );
    expect(new Set(holds.map((h) => h.id)).size).toBe(1);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(400);
    const rows = await ctx.deps.database.pool.query(
      "select count(*)::int n from ledger_holds where payer_account_id = (select id from ledger_accounts where user_id = $1 and kind = 'user_wallet')",
      [user.id],
    );
    expect(rows.rows[0].n).toBe(1);
  });

  it('holds concurrently for one payer under different keys without deadlocking', async () => {
    const user = await ctx.makeUser();
    await tx((t) =>
      credit(t, {
        userId: user.id,
        coins: 1000,
        descId: DESC.COIN_PURCHASE,
        idempotencyKey: `many-${user.id}`,
      }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        tx((t) =>
          hold(t, {
            userId: user.id,
            coins: 100,
            descId: DESC.CAMPAIGN_PURCHASE,
            idempotencyKey: `many-hold-${user.id}-${i}`,
          }),
        ),
      ),
    );
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.length - refused.length).toBe(10);
    expect(
      refused.every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientBalanceError),
    ).toBe(true);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(0);
  });

  it('holds sent with the COMMIT: 400 at once on a wallet covering 150, exactly 150 held, the rest refused with 409 and nothing written', async () => {
    const user = await ctx.makeUser();
    await tx((t) =>
      credit(t, {
        userId: user.id,
        coins: 1500,
        descId: DESC.COIN_PURCHASE,
        idempotencyKey: `at-commit-${user.id}`,
      }),
    );
    const before = await ledgerSum();
    const pool = ctx.deps.database.pool;
    // The payer has no escrow account yet: the first hold at commit creates it, racing the others.
    const escrowBefore = await pool.query(
      `select 1 from ledger_accounts where user_id = $1 and kind = 'campaign_escrow'`,
      [user.id],
    );
    expect(escrowBefore.rowCount).toBe(0);
    const results = await Promise.allSettled(
      Array.from({ length: 400 }, (_, i) =>
        tx(async (t) => {
          const { rows } = await t.client.query<{ id: number }>(
            `select nextval('ledger_holds_id_seq')::int as id`,
          );
          // Something else the transaction writes, which must go or stay with the hold.
          await t.client.query(
            `insert into notifications (user_id, type, message_key, params) values ($1, 'test.hold_at_commit', 'x', '{}')`,
            [user.id],
          );
          holdAtCommit(t, {
            userId: user.id,
            coins: 10,
            descId: DESC.CAMPAIGN_PURCHASE,
            idempotencyKey: `at-commit-hold-${user.id}-${i}`,
            reservedId: rows[0]!.id,
            ref: { type: 'test', id: i },
          });
          return rows[0]!.id;
        }).catch((err: unknown) => {
          throw ledgerRefusal(err);
        }),
      ),
    );
    const held = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r as PromiseFulfilledResult<number>).value);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(held).toHaveLength(150);
    expect(
      refused.every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientBalanceError),
    ).toBe(true);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(0);
    // Each held order kept its other write and its hold under the reserved id; the refused ones kept nothing.
    const notes = await pool.query(
      `select count(*)::int n from notifications where user_id = $1 and type = 'test.hold_at_commit'`,
      [user.id],
    );
    expect(notes.rows[0].n).toBe(150);
    const holds = await pool.query<{ id: number; amount: number; status: string }>(
      `select h.id::int, h.amount::int, h.status from ledger_holds h
         join ledger_accounts a on a.id = h.payer_account_id where a.user_id = $1 order by h.id`,
      [user.id],
    );
    expect(holds.rows.map((h) => h.id)).toEqual([...held].sort((a, b) => a - b));
    expect(holds.rows.every((h) => h.amount === 10 && h.status === 'pending')).toBe(true);
    const escrow = await pool.query(
      `select balance::int from ledger_accounts where user_id = $1 and kind = 'campaign_escrow'`,
      [user.id],
    );
    expect(escrow.rows).toEqual([{ balance: 1500 }]);
    expect(await ledgerSum()).toBe(before);
  });

  it('refuses a hold at commit of no coins at once, before anything is sent', async () => {
    const user = await ctx.makeUser();
    await tx(async (t) => {
      expect(() =>
        holdAtCommit(t, {
          userId: user.id,
          coins: 0,
          descId: DESC.CAMPAIGN_PURCHASE,
          idempotencyKey: `zero-${user.id}`,
          reservedId: 1,
        }),
      ).toThrow(expect.objectContaining({ status: 422, messageKey: 'wallet.invalid_amount' }));
    });
  });

  it('refuses to edit or delete transfers and entries', async () => {
    await expect(ctx.deps.database.pool.query('update ledger_transfers set amount = 1')).rejects.toThrow(
      /immutable/,
    );
    await expect(ctx.deps.database.pool.query('delete from ledger_entries')).rejects.toThrow(/immutable/);
    await expect(
      ctx.deps.database.pool.query("update ledger_accounts set balance = -1 where kind = 'user_wallet'"),
    ).rejects.toThrow(/ledger_accounts_non_negative/);
  });

  it('shows the wallet balance in the session', async () => {
    const user = await ctx.makeUser();
    await tx((t) =>
      credit(t, { userId: user.id, coins: 42, descId: DESC.COIN_PURCHASE, idempotencyKey: `s-${user.id}` }),
    );
    const token = await ctx.loginUser(user.email);
    expect((await ctx.call('GET', '/api/user/info', { token })).json().data.balance).toBe(42);
  });
});
