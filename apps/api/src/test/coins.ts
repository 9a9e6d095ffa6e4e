import { withTransaction } from '../db/client';
import { credit, DESC } from '../modules/wallet';
import type { TestContext } from './harness';

/**
 * Credit `coins` bought coins (a coin purchase, desc 1) to user `userId`, under `idempotencyKey`
 * (default `seed-<userId>`, so a second call for the same user without a key credits nothing more).
 */
export async function creditCoins(
  ctx: TestContext,
  userId: number,
  coins: number,
  idempotencyKey = `seed-${userId}`,
): Promise<void> {
  await withTransaction(ctx.deps.database, (tx) =>
    credit(tx, { userId, coins, descId: DESC.COIN_PURCHASE, idempotencyKey }),
  );
}

/**
 * A user (an artist unless `fields` say otherwise) holding `coins` coins bought (none credited for 0),
 * not signed in: for tests that call the services, or users who could not sign in.
 */
export async function userWithCoins(ctx: TestContext, coins: number, fields: Record<string, unknown> = {}) {
  const user = await ctx.makeUser({ userTypeId: 1, ...fields });
  if (coins > 0) await creditCoins(ctx, user.id, coins);
  return user;
}

/** An artist (or the user `fields` describe) holding `coins` coins (none credited for 0), signed in. */
export async function artistWithCoins(ctx: TestContext, coins: number, fields: Record<string, unknown> = {}) {
  const user = await userWithCoins(ctx, coins, fields);
  return { user, token: await ctx.loginUser(user.email) };
}

/** The sum of every ledger account's balance: a double-entry ledger keeps it constant. */
export async function ledgerTotal(ctx: TestContext): Promise<number> {
  const { rows } = await ctx.deps.database.pool.query(
    'select coalesce(sum(balance),0) s from ledger_accounts',
  );
  return Number(rows[0].s);
}

/** How many coin purchases (desc 1 transfers) were credited to user `userId`. */
export async function coinPurchasesOf(ctx: TestContext, userId: number): Promise<number> {
  const { rows } = await ctx.deps.database.pool.query(
    `select count(*)::int as n from ledger_transfers t join ledger_accounts a on a.id = t.credit_account_id
      where a.user_id = $1 and t.desc_id = 1`,
    [userId],
  );
  return rows[0].n as number;
}
