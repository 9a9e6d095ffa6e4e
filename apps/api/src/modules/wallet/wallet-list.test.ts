import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { countOrEstimate, roundEstimate } from '../../platform/list-total';
import { testAppForFile } from '../../test/harness';
import { credit, DESC, debit, InsufficientBalanceError } from './ledger';
import { ledgerEntries } from './wallet.schema';

const ctx = testAppForFile();

const tx = <T>(fn: Parameters<typeof withTransaction<T>>[1]) => withTransaction(ctx.deps.database, fn);

/** Accounts whose entry_count differs from their entries, or whose positions are not exactly 1..n. */
async function brokenPositions(): Promise<number> {
  const res = await ctx.deps.database.pool.query<{ n: number }>(
    `select count(*)::int as n from ledger_accounts a
     left join (select account_id, count(*) as n, min(account_seq) as lo, max(account_seq) as hi,
                       count(distinct account_seq) as d
                from ledger_entries group by account_id) e on e.account_id = a.id
     where a.entry_count <> coalesce(e.n, 0)
        or (e.n > 0 and (e.lo <> 1 or e.hi <> e.n or e.d <> e.n))`,
  );
  return res.rows[0]!.n;
}

/** Entry ids of a wallet in id order, as OFFSET paging over them would give. */
async function walletEntryIds(userId: number): Promise<number[]> {
  const res = await ctx.deps.database.pool.query<{ id: string }>(
    `select e.id from ledger_entries e join ledger_accounts a on a.id = e.account_id
     where a.kind = 'user_wallet' and a.user_id = $1 order by e.id`,
    [userId],
  );
  return res.rows.map((r) => Number(r.id));
}

describe('wallet transaction list by position', () => {
  it('serves every page, newest or oldest first, as OFFSET would, with the exact total from the counter', async () => {
    const user = await ctx.makeUser({ userTypeId: 1 });
    const token = await ctx.loginUser(user.email);
    for (let i = 0; i < 23; i++) {
      await tx((t) =>
        i % 3 === 2
          ? debit(t, {
              userId: user.id,
              coins: 1,
              descId: DESC.DEDUCTED,
              idempotencyKey: `wl-${user.id}-${i}`,
            })
          : credit(t, {
              userId: user.id,
              coins: 5,
              descId: DESC.COIN_PURCHASE,
              idempotencyKey: `wl-${user.id}-${i}`,
            }),
      );
    }
    const ids = await walletEntryIds(user.id);
    expect(ids).toHaveLength(23);
    const newest = [...ids].reverse();
    for (const page of [1, 2, 3, 4]) {
      const res = await ctx.call('GET', `/api/wallet/user/transaction?page=${page}&limit=10`, { token });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data.map((t: { id: number }) => t.id)).toEqual(newest.slice((page - 1) * 10, page * 10));
      expect(body.pagination).toEqual({ total: 23, limit: 10, current_page: page, total_pages: 3 });
      const asc = await ctx.call('GET', `/api/wallet/user/transaction?page=${page}&limit=10&order=id:asc`, {
        token,
      });
      expect(asc.json().data.map((t: { id: number }) => t.id)).toEqual(ids.slice((page - 1) * 10, page * 10));
    }
    // A filter still pages with the same contract (7 debits of desc 5).
    const debits = await ctx.call('GET', '/api/wallet/user/transaction?page=1&limit=10&filter[desc_id]=5', {
      token,
    });
    expect(debits.json().pagination).toMatchObject({ total: 7, total_pages: 1 });
    expect(debits.json().data).toHaveLength(7);
  });

  it('keeps positions dense and counters exact under 200 concurrent postings on one wallet', async () => {
    const user = await ctx.makeUser({ userTypeId: 1 });
    await tx((t) =>
      credit(t, { userId: user.id, coins: 50, descId: DESC.COIN_PURCHASE, idempotencyKey: `wc-${user.id}` }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        tx((t) =>
          i % 2 === 0
            ? credit(t, {
                userId: user.id,
                coins: 1,
                descId: DESC.COIN_PURCHASE,
                idempotencyKey: `wc-${user.id}-${i}`,
              })
            : debit(t, {
                userId: user.id,
                coins: 2,
                descId: DESC.DEDUCTED,
                idempotencyKey: `wc-${user.id}-${i}`,
              }),
        ),
      ),
    );
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(InsufficientBalanceError);
    }
    const done = results.filter((r) => r.status === 'fulfilled').length;
    expect(await walletEntryIds(user.id)).toHaveLength(1 + done);
    expect(await brokenPositions()).toBe(0);
  });

  it('refuses a second entry at the same position of an account (database constraint)', async () => {
    const user = await ctx.makeUser({ userTypeId: 1 });
    await tx((t) =>
      credit(t, { userId: user.id, coins: 3, descId: DESC.COIN_PURCHASE, idempotencyKey: `wu-${user.id}` }),
    );
    const [entry] = (
      await ctx.deps.database.pool.query(
        `select e.account_id, e.transfer_id from ledger_entries e join ledger_accounts a on a.id = e.account_id
         where a.user_id = $1`,
        [user.id],
      )
    ).rows;
    await expect(
      ctx.deps.database.pool.query(
        `insert into ledger_entries (account_id, transfer_id, amount, balance_after, desc_id, account_seq)
         values ($1, $2, 1, 4, 1, 1)`,
        [entry.account_id, entry.transfer_id],
      ),
    ).rejects.toThrow(/ledger_entries_account_seq_unique/);
  });
});

describe('list totals: exact up to a threshold, an estimate above', () => {
  it('counts exactly below the threshold and answers a rounded estimate marked as such above it', async () => {
    const from = sql`from ${ledgerEntries}`;
    const n = Number(
      (await ctx.deps.database.pool.query('select count(*)::int as n from ledger_entries')).rows[0].n,
    );
    expect(n).toBeGreaterThan(20);
    expect(await countOrEstimate(ctx.deps.database, from, n)).toEqual({ total: n, estimated: false });
    const above = await countOrEstimate(ctx.deps.database, from, 5);
    expect(above.estimated).toBe(true);
    expect(above.total).toBeGreaterThanOrEqual(6);
  });

  it('rounds estimates to two significant digits', () => {
    expect(roundEstimate(198_412)).toBe(200_000);
    expect(roundEstimate(1_004_321)).toBe(1_000_000);
    expect(roundEstimate(12_345)).toBe(12_000);
    expect(roundEstimate(57)).toBe(57);
  });
});
