import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { isCheckViolation } from '../../db/pg-error';
import { AppError, ConflictError } from '../../platform/errors';
import { ledgerAccounts, ledgerEntries, ledgerHolds, ledgerTransfers } from './wallet.schema';

/**
 * The ledger (DESIGN section 4, issue "Wallet, Liberty Coins and payments"): the one way any module
 * moves coins. Every function runs inside the caller's transaction, locks the accounts it touches in
 * ascending id order (no deadlocks), writes one immutable transfer with a unique idempotency key and
 * two entries, and lets the database refuse a wallet going below zero.
 *
 * Amounts are whole Liberty Coins (positive integers).
 */

export type SystemAccountKind =
  | 'campaign_escrow'
  | 'payout_escrow'
  | 'platform_revenue'
  | 'payment_clearing'
  | 'payout_clearing';
/** desc_id of spec section 4. */
export type DescId = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export const DESC = {
  COIN_PURCHASE: 1,
  CAMPAIGN_PURCHASE: 2,
  REFUND: 3,
  PAYOUT_REQUEST: 4,
  DEDUCTED: 5,
  WITHDRAW_CREDITS: 6,
  FAN_FINDER: 7,
} as const satisfies Record<string, DescId>;

/** Thrown when a wallet has fewer available coins than asked (HTTP 409). */
export class InsufficientBalanceError extends ConflictError {
  constructor() {
    super('wallet.insufficient_balance');
  }
}

/** A transfer as recorded. */
export type Transfer = typeof ledgerTransfers.$inferSelect;
export type Hold = typeof ledgerHolds.$inferSelect;

/** Public transaction number: `TX` + 12 upper-case base32-like characters. */
function transferNumber(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(12);
  let out = 'TX';
  for (const b of bytes) out += alphabet[b % alphabet.length];
  return out;
}

const SYSTEM_ALLOW_NEGATIVE: Record<SystemAccountKind, boolean> = {
  campaign_escrow: false,
  payout_escrow: false,
  // Staff credits (goodwill, corrections) are a platform expense: revenue may go below zero.
  platform_revenue: true,
  payment_clearing: true,
  payout_clearing: true,
};

/** Id of a system account, created on first use. */
export async function systemAccountId(tx: Tx, kind: SystemAccountKind): Promise<number> {
  const find = () =>
    tx.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, kind), sql`${ledgerAccounts.userId} is null`));
  const [found] = await find();
  if (found) return found.id;
  await tx.db
    .insert(ledgerAccounts)
    .values({ kind, allowNegative: SYSTEM_ALLOW_NEGATIVE[kind] ? 1 : 0 })
    .onConflictDoNothing();
  const [row] = await find();
  return row!.id;
}

/** Id of a user's wallet account, created on first use. */
export async function walletAccountId(tx: Tx, userId: number): Promise<number> {
  const find = () =>
    tx.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, 'user_wallet'), eq(ledgerAccounts.userId, userId)));
  const [found] = await find();
  if (found) return found.id;
  await tx.db.insert(ledgerAccounts).values({ kind: 'user_wallet', userId }).onConflictDoNothing();
  const [row] = await find();
  return row!.id;
}

/** A user's wallet balance in coins (0 when no wallet yet). */
export async function walletBalance(database: Database | Tx, userId: number): Promise<number> {
  const [row] = await database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'user_wallet'), eq(ledgerAccounts.userId, userId)));
  return row?.balance ?? 0;
}

interface MoveInput {
  from: number;
  to: number;
  amount: number;
  descId: DescId;
  idempotencyKey: string;
  holdId?: number;
  moneyMinor?: number;
  currency?: string;
  meta?: Record<string, unknown>;
}

function assertCoins(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new AppError(422, 'wallet.invalid_amount', { errors: { amount: ['wallet.invalid_amount'] } });
  }
}

/**
 * Move coins between two accounts. Idempotent: a second call with the same key returns the first
 * transfer and moves nothing (the key must describe the same movement).
 * @throws InsufficientBalanceError when the debited account would go below zero
 */
/**
 * Serialise movements that share an idempotency key (a double-clicked submit, a replayed webhook):
 * the second waits for the first's transaction and then finds its transfer. Transaction-scoped.
 */
async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.client.query('select pg_advisory_xact_lock(hashtextextended($1, 727276))', [key]);
}

async function move(tx: Tx, input: MoveInput): Promise<{ transfer: Transfer; replayed: boolean }> {
  assertCoins(input.amount);
  await lockKey(tx, input.idempotencyKey);
  const [existing] = await tx.db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey));
  if (existing) return { transfer: existing, replayed: true };

  // Lock both accounts in ascending id order so concurrent movements cannot deadlock.
  const ids = [input.from, input.to].sort((a, b) => a - b);
  await tx.client.query(
    'select id from ledger_accounts where id = any($1::bigint[]) order by id for update',
    [ids],
  );

  // The savepoint lets a refused balance leave the caller's transaction usable.
  await tx.client.query('savepoint ledger_move');
  let debitBalance: number;
  let debitSeq: number;
  try {
    // entry_count: the account's entries so far, kept here under the row lock; the new entry's
    // account_seq (dense positions: the transaction list seeks page N by position, issue 18).
    const res = await tx.client.query<{ balance: string; entry_count: string }>(
      'update ledger_accounts set balance = balance - $1, entry_count = entry_count + 1 where id = $2 returning balance, entry_count',
      [input.amount, input.from],
    );
    debitBalance = Number(res.rows[0]?.balance);
    debitSeq = Number(res.rows[0]?.entry_count);
  } catch (err) {
    await tx.client.query('rollback to savepoint ledger_move');
    if (isCheckViolation(err, 'ledger_accounts_non_negative')) throw new InsufficientBalanceError();
    throw err;
  }
  await tx.client.query('release savepoint ledger_move');
  const credit = await tx.client.query<{ balance: string; entry_count: string }>(
    'update ledger_accounts set balance = balance + $1, entry_count = entry_count + 1 where id = $2 returning balance, entry_count',
    [input.amount, input.to],
  );
  const creditBalance = Number(credit.rows[0]?.balance);
  const creditSeq = Number(credit.rows[0]?.entry_count);

  const [transfer] = await tx.db
    .insert(ledgerTransfers)
    .values({
      number: transferNumber(),
      idempotencyKey: input.idempotencyKey,
      debitAccountId: input.from,
      creditAccountId: input.to,
      amount: input.amount,
      descId: input.descId,
      holdId: input.holdId ?? null,
      moneyMinor: input.moneyMinor ?? null,
      currency: input.currency ?? null,
      meta: input.meta ?? null,
    })
    .returning();
  await tx.db.insert(ledgerEntries).values([
    {
      accountId: input.from,
      transferId: transfer!.id,
      amount: -input.amount,
      balanceAfter: debitBalance,
      descId: input.descId,
      accountSeq: debitSeq,
    },
    {
      accountId: input.to,
      transferId: transfer!.id,
      amount: input.amount,
      balanceAfter: creditBalance,
      descId: input.descId,
      accountSeq: creditSeq,
    },
  ]);
  return { transfer: transfer!, replayed: false };
}

/**
 * Credit a user's wallet from a system account (coin purchase from payment clearing, manual
 * adjustment from platform revenue...).
 * @param coins whole coins > 0
 * @returns the transfer and whether it was a replay of the same idempotency key
 */
export async function credit(
  tx: Tx,
  input: {
    userId: number;
    coins: number;
    descId: DescId;
    idempotencyKey: string;
    from?: SystemAccountKind;
    moneyMinor?: number;
    currency?: string;
    meta?: Record<string, unknown>;
  },
) {
  const to = await walletAccountId(tx, input.userId);
  const from = await systemAccountId(tx, input.from ?? 'payment_clearing');
  return move(tx, { ...input, from, to, amount: input.coins });
}

/**
 * Debit a user's wallet into a system account (fan finder subscription, manual deduction...).
 * @throws InsufficientBalanceError (409) when the wallet has fewer coins
 */
export async function debit(
  tx: Tx,
  input: {
    userId: number;
    coins: number;
    descId: DescId;
    idempotencyKey: string;
    to?: SystemAccountKind;
    meta?: Record<string, unknown>;
  },
) {
  const from = await walletAccountId(tx, input.userId);
  const to = await systemAccountId(tx, input.to ?? 'platform_revenue');
  return move(tx, { ...input, from, to, amount: input.coins });
}

/**
 * Hold coins: move them from the payer's wallet into escrow (campaign escrow or payout clearing)
 * under a hold that is later posted or voided exactly once.
 * @param ref what the hold is for (e.g. { type: 'express_campaign', id: '42' })
 * @throws InsufficientBalanceError (409); nothing is held then
 */
export async function hold(
  tx: Tx,
  input: {
    userId: number;
    coins: number;
    descId: DescId;
    idempotencyKey: string;
    escrow?: SystemAccountKind;
    ref?: { type: string; id: string | number };
    meta?: Record<string, unknown>;
  },
): Promise<Hold> {
  assertCoins(input.coins);
  // Taken before the replay check so a concurrent same-key hold cannot leave a second, unfunded hold.
  await lockKey(tx, input.idempotencyKey);
  const [replay] = await tx.db
    .select({ holdId: ledgerTransfers.holdId })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey));
  if (replay?.holdId) {
    const [existing] = await tx.db.select().from(ledgerHolds).where(eq(ledgerHolds.id, replay.holdId));
    return existing!;
  }
  const payer = await walletAccountId(tx, input.userId);
  const escrow = await systemAccountId(tx, input.escrow ?? 'campaign_escrow');
  // Lock both accounts (ascending ids) before the hold row: its foreign keys take KEY SHARE locks on
  // them, and two holds of one payer taking those first and FOR UPDATE afterwards would deadlock.
  await tx.client.query(
    'select id from ledger_accounts where id = any($1::bigint[]) order by id for update',
    [[payer, escrow].sort((a, b) => a - b)],
  );
  const [created] = await tx.db
    .insert(ledgerHolds)
    .values({
      payerAccountId: payer,
      escrowAccountId: escrow,
      amount: input.coins,
      refType: input.ref?.type ?? null,
      refId: input.ref ? String(input.ref.id) : null,
    })
    .returning();
  await move(tx, {
    from: payer,
    to: escrow,
    amount: input.coins,
    descId: input.descId,
    idempotencyKey: input.idempotencyKey,
    holdId: created!.id,
    meta: input.meta,
  });
  return created!;
}

async function lockPendingHold(tx: Tx, holdId: number): Promise<Hold | null> {
  const [row] = await tx.db.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdId)).for('update');
  if (!row) throw new AppError(404, 'errors.not_found');
  return row.status === 'pending' ? row : null;
}

/**
 * Post a hold: `amount` coins (0..held) go to the payee (less `feePercent` to platform revenue), the
 * rest returns to the payer as a refund (desc 3; `complete_refund` when partly posted). A hold already
 * posted or voided is left alone and `null` is answered: safe to call twice.
 * @param payee where the posted coins go: a user's wallet, or a system account (payout clearing)
 * @param feePercent platform fee in percent (0..100), rounded down in coins
 */
export async function postHold(
  tx: Tx,
  holdId: number,
  amount: number,
  payee: { userId: number } | { system: SystemAccountKind },
  options: { descId: DescId; feePercent?: number; meta?: Record<string, unknown> },
): Promise<{ paid: number; fee: number; refunded: number } | null> {
  const row = await lockPendingHold(tx, holdId);
  if (!row) return null;
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > row.amount) {
    throw new AppError(422, 'wallet.invalid_amount', { errors: { amount: ['wallet.invalid_amount'] } });
  }
  const feePercent = options.feePercent ?? 0;
  const fee = Math.floor((amount * feePercent) / 100);
  const paid = amount - fee;
  const refunded = row.amount - amount;
  const payeeAccount =
    'userId' in payee ? await walletAccountId(tx, payee.userId) : await systemAccountId(tx, payee.system);
  if (paid > 0) {
    await move(tx, {
      from: row.escrowAccountId,
      to: payeeAccount,
      amount: paid,
      descId: options.descId,
      idempotencyKey: `hold:${holdId}:post`,
      holdId,
      meta: options.meta,
    });
  }
  if (fee > 0) {
    await move(tx, {
      from: row.escrowAccountId,
      to: await systemAccountId(tx, 'platform_revenue'),
      amount: fee,
      descId: options.descId,
      idempotencyKey: `hold:${holdId}:fee`,
      holdId,
      meta: { ...options.meta, fee_percent: feePercent },
    });
  }
  if (refunded > 0) {
    await move(tx, {
      from: row.escrowAccountId,
      to: row.payerAccountId,
      amount: refunded,
      descId: DESC.REFUND,
      idempotencyKey: `hold:${holdId}:refund`,
      holdId,
      meta: { ...options.meta, refund_type: 'complete_refund' },
    });
  }
  await tx.db
    .update(ledgerHolds)
    .set({ status: 'posted', postedAmount: amount, resolvedAt: sql`now()` })
    .where(eq(ledgerHolds.id, holdId));
  return { paid, fee, refunded };
}

/**
 * Void a hold: every held coin returns to the payer (desc 3 refund). Answers `null` when the hold is
 * already posted or voided (safe to call twice).
 */
export async function voidHold(
  tx: Tx,
  holdId: number,
  options: { refundType?: string; descId?: DescId; meta?: Record<string, unknown> } = {},
): Promise<{ refunded: number } | null> {
  const row = await lockPendingHold(tx, holdId);
  if (!row) return null;
  await move(tx, {
    from: row.escrowAccountId,
    to: row.payerAccountId,
    amount: row.amount,
    descId: options.descId ?? DESC.REFUND,
    idempotencyKey: `hold:${holdId}:void`,
    holdId,
    meta: { ...options.meta, refund_type: options.refundType ?? 'refund' },
  });
  await tx.db
    .update(ledgerHolds)
    .set({ status: 'voided', postedAmount: 0, resolvedAt: sql`now()` })
    .where(eq(ledgerHolds.id, holdId));
  return { refunded: row.amount };
}
