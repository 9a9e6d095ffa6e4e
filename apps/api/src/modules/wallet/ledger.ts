import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { atCommit, type Database, type Tx } from '../../db/client';
import { pgErrorOf } from '../../db/pg-error';
import { AppError, ConflictError } from '../../platform/errors';
import { ledgerAccounts, ledgerHolds, ledgerTransfers } from './wallet.schema';

/**
 * The double-entry ledger: the one way any module moves coins. Every function runs inside the caller's
 * transaction, locks the accounts it touches in
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
export type DescId = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

export const DESC = {
  COIN_PURCHASE: 1,
  CAMPAIGN_PURCHASE: 2,
  REFUND: 3,
  PAYOUT_REQUEST: 4,
  DEDUCTED: 5,
  WITHDRAW_CREDITS: 6,
  FAN_FINDER: 7,
  /** Coins moved by an organisation: its wallet to an artist's wallet or to and from a budget (issue 35). */
  ORGANISATION_FUNDING: 8,
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
      .where(
        and(
          eq(ledgerAccounts.kind, kind),
          sql`${ledgerAccounts.userId} is null and ${ledgerAccounts.organisationId} is null`,
        ),
      );
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

/**
 * Id of an organisation's wallet account (`organisation_wallet`), created on first use like a user's
 * wallet (issue 35). Never below zero.
 */
export async function organisationWalletAccountId(tx: Tx, organisationId: number): Promise<number> {
  const find = () =>
    tx.db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(
        and(
          eq(ledgerAccounts.kind, 'organisation_wallet'),
          eq(ledgerAccounts.organisationId, organisationId),
        ),
      );
  const [found] = await find();
  if (found) return found.id;
  await tx.db
    .insert(ledgerAccounts)
    .values({ kind: 'organisation_wallet', organisationId })
    .onConflictDoNothing();
  const [row] = await find();
  return row!.id;
}

/**
 * A new budget account (`organisation_budget`) of an organisation, empty and never below zero: the
 * envelope an artist's campaigns are held from (issue 35). The caller names it in
 * `organisation_budgets.ledger_account_id` in the same transaction.
 * @returns the account's id
 */
export async function createBudgetAccount(tx: Tx, organisationId: number): Promise<number> {
  const [row] = await tx.db
    .insert(ledgerAccounts)
    .values({ kind: 'organisation_budget', organisationId })
    .returning({ id: ledgerAccounts.id });
  return row!.id;
}

/** A ledger account's balance in coins (0 for an unknown id). */
export async function accountBalance(database: Database | Tx, accountId: number): Promise<number> {
  const [row] = await database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, accountId));
  return row?.balance ?? 0;
}

/** The ends of an organisation's funding movement: its wallet, one of its budgets, an artist's wallet. */
export type FundingEnd = { organisationWallet: number } | { budgetAccount: number } | { userWallet: number };

async function fundingAccount(tx: Tx, end: FundingEnd): Promise<number> {
  if ('organisationWallet' in end) return organisationWalletAccountId(tx, end.organisationWallet);
  if ('userWallet' in end) return walletAccountId(tx, end.userWallet);
  return end.budgetAccount;
}

/**
 * Lock an organisation's wallet and budget accounts (ascending ids, the ledger's one order) for a
 * decision that reads their balances before moving coins (setting a budget, the monthly top-up), so no
 * purchase or other movement changes them in between (issue 35).
 * @param budgetAccountIds budget accounts of the organisation
 * @returns each locked account's balance in coins, by id (the wallet's under `wallet`)
 */
export async function lockOrganisationAccounts(
  tx: Tx,
  organisationId: number,
  budgetAccountIds: number[],
): Promise<{ wallet: number; walletBalance: number; balances: Map<number, number> }> {
  const wallet = await organisationWalletAccountId(tx, organisationId);
  const { rows } = await tx.client.query<{ id: number; balance: number }>(
    `select id, balance from ledger_accounts where id = any($1::bigint[])
      and (id = $2::bigint or (kind = 'organisation_budget' and organisation_id = $3::int))
      order by id for no key update`,
    [[...new Set([wallet, ...budgetAccountIds])].sort((a, b) => a - b), wallet, organisationId],
  );
  const balances = new Map(rows.map((r) => [Number(r.id), Number(r.balance)]));
  return { wallet, walletBalance: balances.get(wallet) ?? 0, balances };
}

/**
 * Move coins for an organisation (desc 8 "organisation funding", issue 35): its wallet to an artist's
 * wallet (a transfer), its wallet to a budget account (funding a budget) or back (returning a budget's
 * excess). One posting, accounts locked in ascending id order; idempotent on `idempotencyKey` (a replay
 * answers the first transfer and moves nothing).
 * @param coins whole coins > 0
 * @throws InsufficientBalanceError (409 `wallet.insufficient_balance`) when the debited account holds
 *   fewer coins; nothing moved then, the transaction stays usable
 */
export async function fundingMove(
  tx: Tx,
  input: {
    from: FundingEnd;
    to: FundingEnd;
    coins: number;
    idempotencyKey: string;
    meta?: Record<string, unknown>;
  },
): Promise<{ transfer: Transfer; replayed: boolean }> {
  assertCoins(input.coins);
  const from = await fundingAccount(tx, input.from);
  const to = await fundingAccount(tx, input.to);
  return move(tx, {
    from,
    to,
    amount: input.coins,
    descId: DESC.ORGANISATION_FUNDING,
    idempotencyKey: input.idempotencyKey,
    meta: input.meta,
  });
}

/** Escrow kinds a hold can use; each payer has an account of its own of each kind. */
export type EscrowKind = 'campaign_escrow' | 'payout_escrow';

/**
 * The payer's wallet and escrow account, created when missing (a first hold): `$1` user id, `$2`
 * escrow kind. Only missing rows draw an id.
 */
const ENSURE_PAYER_ACCOUNTS = `insert into ledger_accounts (kind, user_id)
  select k, $1::int from unnest(array['user_wallet', $2::varchar]) k
   where not exists (select 1 from ledger_accounts a where a.user_id = $1::int and a.kind = k)
  on conflict do nothing`;

/** Lock the payer's wallet and escrow account in ascending id order (see {@link lockPayerAccounts}). */
const LOCK_PAYER_ACCOUNTS = `select id, kind, balance from ledger_accounts where user_id = $1::int and kind in ('user_wallet', $2::varchar)
  order by id for no key update`;

/**
 * Lock a user's wallet and one of the user's own escrow accounts (both created on first use), in
 * ascending id order, `FOR UPDATE`, in one statement (escrow per payer). Holds of different
 * payers lock different rows, so they never wait on each other; holds of one payer queue on the wallet.
 * @returns the two account ids, and the wallet's balance in coins as locked
 */
async function lockPayerAccounts(
  tx: Tx,
  userId: number,
  escrow: EscrowKind,
): Promise<{ wallet: number; escrow: number; walletBalance: number }> {
  const lock = () =>
    tx.client.query<{ id: number; kind: string; balance: number }>(LOCK_PAYER_ACCOUNTS, [userId, escrow]);
  let { rows } = await lock();
  if (rows.length < 2) {
    // First hold of this payer (or first movement at all): create what is missing, then lock.
    await tx.client.query(ENSURE_PAYER_ACCOUNTS, [userId, escrow]);
    ({ rows } = await lock());
  }
  const wallet = rows.find((r) => r.kind === 'user_wallet');
  const escrowId = rows.find((r) => r.kind === escrow)?.id;
  if (wallet === undefined || escrowId === undefined)
    throw new Error(`payer accounts of user ${userId} missing`);
  return { wallet: wallet.id, escrow: escrowId, walletBalance: wallet.balance };
}

/**
 * Lock a paying account (a budget) and `userId`'s own escrow account of `escrow` kind (created when
 * missing), in ascending id order, like {@link lockPayerAccounts}.
 * @returns the two ids and the paying account's balance as locked
 */
async function lockAccountAndEscrow(
  tx: Tx,
  payerAccountId: number,
  userId: number,
  escrow: EscrowKind,
): Promise<{ wallet: number; escrow: number; walletBalance: number }> {
  await tx.client.query(
    `insert into ledger_accounts (kind, user_id) select $2::varchar, $1::int
      where not exists (select 1 from ledger_accounts where user_id = $1::int and kind = $2::varchar)
     on conflict do nothing`,
    [userId, escrow],
  );
  const { rows } = await tx.client.query<{ id: number; balance: number; payer: boolean }>(
    `select id, balance, id = $3::bigint as payer from ledger_accounts
      where id = $3::bigint or (user_id = $1::int and kind = $2::varchar)
      order by id for no key update`,
    [userId, escrow, payerAccountId],
  );
  const payer = rows.find((r) => r.payer);
  const escrowId = rows.find((r) => !r.payer)?.id;
  if (payer === undefined || escrowId === undefined)
    throw new Error(`payer account ${payerAccountId} or escrow of user ${userId} missing`);
  return { wallet: payer.id, escrow: escrowId, walletBalance: payer.balance };
}

/** A user's wallet balance in coins (0 when no wallet yet). */
export async function walletBalance(database: Database | Tx, userId: number): Promise<number> {
  const [row] = await database.db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'user_wallet'), eq(ledgerAccounts.userId, userId)));
  return row?.balance ?? 0;
}

/**
 * What every movement of a user's coins names: whose wallet, how many whole coins, why (the transfer
 * description) and the key that makes a replay of the same request a no-op; `meta` is kept on the transfer.
 */
interface WalletMovement {
  userId: number;
  coins: number;
  descId: DescId;
  idempotencyKey: string;
  meta?: Record<string, unknown>;
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
 * Serialise movements that share an idempotency key (a double-clicked submit, a replayed webhook):
 * the second waits for the first's transaction and then finds its transfer. Transaction-scoped.
 */
async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.client.query('select pg_advisory_xact_lock(hashtextextended($1, 727276))', [key]);
}

/**
 * Lock ledger accounts in ascending id order, the one order every ledger path uses, so no two
 * transactions can wait on each other's accounts. `FOR NO KEY UPDATE` (what an UPDATE of the balance
 * takes anyway) does not wait for, nor block, the KEY SHARE locks of rows referencing the accounts
 * (holds, transfers, entries being inserted by other transactions).
 */
async function lockAccounts(tx: Tx, ids: number[]): Promise<void> {
  await tx.client.query(
    'select id from ledger_accounts where id = any($1::bigint[]) order by id for no key update',
    [[...new Set(ids)].sort((a, b) => a - b)],
  );
}

/**
 * The two balance updates of a posting (`$1` the account debited, `$2` the one credited, `$3` the
 * amount in coins): the credit happens only when the debit did, and the debit only when the account
 * can pay or may go negative. Each answers the account's balance and entry count after it.
 */
const DEBIT_AND_CREDIT = `with debit as (
  update ledger_accounts set balance = balance - $3::bigint, entry_count = entry_count + 1
   where id = $1::bigint and (allow_negative = 1 or balance >= $3::bigint)
  returning balance, entry_count
), credit as (
  update ledger_accounts set balance = balance + $3::bigint, entry_count = entry_count + 1
   where id = $2::bigint and exists (select 1 from debit)
  returning balance, entry_count
)`;

/** The posting's two entries (debit negative, credit positive) on `transfer`, `$6` the description. */
const ENTRIES = `entries as (
  insert into ledger_entries (account_id, transfer_id, amount, balance_after, desc_id, account_seq)
  select $1::bigint, t.id, -$3::bigint, d.balance, $6::smallint, d.entry_count from transfer t, debit d
  union all
  select $2::bigint, t.id, $3::bigint, c.balance, $6::smallint, c.entry_count from transfer t, credit c
)`;

/**
 * The posting itself, in one statement (one round trip to the database a posting): debit `from` if
 * it can pay (or may go negative), credit `to`, and write the transfer and its two entries with each
 * account's balance and position after it. Both account rows must already be locked by the caller's transaction
 * (ascending id order), so the statement waits on nothing. No row comes back when `from` cannot pay;
 * nothing has changed then and the transaction stays usable. The `ledger_accounts_non_negative` CHECK
 * still refuses a negative balance should any other path try.
 */
const POST_TRANSFER = `
${DEBIT_AND_CREDIT}, transfer as (
  insert into ledger_transfers
    (number, idempotency_key, debit_account_id, credit_account_id, amount, desc_id, hold_id, money_minor, currency, meta)
  select $4::varchar, $5::varchar, $1::bigint, $2::bigint, $3::bigint, $6::smallint, $7::bigint, $8::bigint,
         $9::varchar, $10::jsonb
    from credit
  returning *
), ${ENTRIES}
select id, number, idempotency_key, debit_account_id, credit_account_id, amount, desc_id, hold_id,
       money_minor, currency, meta, created_at
  from transfer`;

/**
 * The next hold id, for a row that names its hold before the hold is taken in the same transaction
 * (`hold({ reservedId })`; a purchase no longer updates its campaign after the hold, inside
 * the wallet's lock).
 */
export const NEXT_HOLD_ID = sql<number>`nextval('ledger_holds_id_seq')`;

/**
 * A new hold and its posting (payer wallet -> escrow) in one statement: {@link POST_TRANSFER} with the
 * hold row inserted from the credit, so nothing is written when the wallet is short (one
 * statement fewer per purchase). `$10`/`$11`: the hold's ref type and id, `$12` its reserved id; the
 * transfer's hold id is the new row's. {@link HOLD_AND_POST} answers the hold's columns;
 * {@link HOLD_AT_COMMIT} raises instead of answering no row.
 */
const HOLD_CTES = `
${DEBIT_AND_CREDIT}, hold as (
  insert into ledger_holds (id, payer_account_id, escrow_account_id, amount, ref_type, ref_id)
  select coalesce($12::bigint, nextval('ledger_holds_id_seq')), $1::bigint, $2::bigint, $3::bigint,
         $10::varchar, $11::varchar from credit
  returning *
), transfer as (
  insert into ledger_transfers
    (number, idempotency_key, debit_account_id, credit_account_id, amount, desc_id, hold_id, money_minor, currency, meta)
  select $4::varchar, $5::varchar, $1::bigint, $2::bigint, $3::bigint, $6::smallint, h.id, $7::bigint,
         $8::varchar, $9::jsonb
    from hold h
  returning id
), ${ENTRIES}`;

const HOLD_AND_POST = `${HOLD_CTES}
select h.id, h.payer_account_id, h.escrow_account_id, h.amount, h.status, h.posted_amount, h.ref_type,
       h.ref_id, h.created_at, h.resolved_at
  from hold h, transfer`;

/**
 * {@link HOLD_CTES} for {@link holdAtCommit}: the payer's accounts found from the payer's user id
 * (`$13`) and escrow kind (`$14`) rather than passed as ids, and a wallet that cannot pay aborts the
 * transaction (`ledger_assert_funded`, SQLSTATE {@link LEDGER_SHORT}) so the COMMIT sent behind it
 * does not run.
 */
const HOLD_AT_COMMIT = `${HOLD_CTES.replaceAll(
  '$1::bigint',
  `(select id from ledger_accounts where user_id = $13::int and kind = 'user_wallet')`,
).replaceAll(
  '$2::bigint',
  '(select id from ledger_accounts where user_id = $13::int and kind = $14::varchar)',
)}
select ledger_assert_funded(exists (select 1 from transfer))`;

/** The SQL type of each placeholder of {@link HOLD_AT_COMMIT}, `$1` first. */
const HOLD_AT_COMMIT_TYPES = [
  'bigint',
  'bigint',
  'bigint',
  'varchar',
  'varchar',
  'smallint',
  'bigint',
  'varchar',
  'jsonb',
  'varchar',
  'varchar',
  'bigint',
  'int',
  'varchar',
] as const;

/** SQLSTATE raised by `ledger_assert_funded` (migration 0043): the wallet could not pay a hold. */
export const LEDGER_SHORT = 'LM001';

/**
 * The values of {@link HOLD_CTES} `$1`..`$12`, one list for {@link hold} and {@link holdAtCommit}:
 * `wallet`/`escrow` are the account ids (null where {@link HOLD_AT_COMMIT} finds them itself).
 */
function holdValues(input: {
  wallet: number | null;
  escrow: number | null;
  coins: number;
  idempotencyKey: string;
  descId: DescId;
  ref?: { type: string; id: string | number };
  meta?: Record<string, unknown>;
  reservedId?: number;
}): (string | number | null)[] {
  return [
    input.wallet,
    input.escrow,
    input.coins,
    transferNumber(),
    input.idempotencyKey,
    input.descId,
    null,
    null,
    input.meta === undefined ? null : JSON.stringify(input.meta),
    input.ref?.type ?? null,
    input.ref ? String(input.ref.id) : null,
    input.reservedId ?? null,
  ];
}

interface HoldRow {
  id: number;
  payer_account_id: number;
  escrow_account_id: number;
  amount: number;
  status: string;
  posted_amount: number | null;
  ref_type: string | null;
  ref_id: string | null;
  created_at: Date;
  resolved_at: Date | null;
}

interface TransferRow {
  id: number;
  number: string;
  idempotency_key: string;
  debit_account_id: number;
  credit_account_id: number;
  amount: number;
  desc_id: number;
  hold_id: number | null;
  money_minor: number | null;
  currency: string | null;
  meta: unknown;
  created_at: Date;
}

/**
 * Move coins between two accounts. Idempotent: a second call with the same key returns the first
 * transfer and moves nothing (the key must describe the same movement).
 * @param prepared the caller already holds the key's lock, found no transfer under it, and locked both
 *   accounts in ascending id order (posting a hold does all three in fewer statements)
 * @throws InsufficientBalanceError when the debited account would go below zero; nothing moved then
 */
async function move(
  tx: Tx,
  input: MoveInput,
  prepared = false,
): Promise<{ transfer: Transfer; replayed: boolean }> {
  assertCoins(input.amount);
  if (!prepared) {
    await lockKey(tx, input.idempotencyKey);
    const [existing] = await tx.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey));
    if (existing) return { transfer: existing, replayed: true };
    // Lock both accounts in ascending id order so concurrent movements cannot deadlock.
    await lockAccounts(tx, [input.from, input.to]);
  }
  const { rows } = await tx.client.query<TransferRow>(POST_TRANSFER, [
    input.from,
    input.to,
    input.amount,
    transferNumber(),
    input.idempotencyKey,
    input.descId,
    input.holdId ?? null,
    input.moneyMinor ?? null,
    input.currency ?? null,
    input.meta === undefined ? null : JSON.stringify(input.meta),
  ]);
  const row = rows[0];
  if (!row) throw new InsufficientBalanceError();
  const transfer: Transfer = {
    id: row.id,
    number: row.number,
    idempotencyKey: row.idempotency_key,
    debitAccountId: row.debit_account_id,
    creditAccountId: row.credit_account_id,
    amount: row.amount,
    descId: row.desc_id,
    holdId: row.hold_id,
    moneyMinor: row.money_minor,
    currency: row.currency,
    meta: row.meta,
    createdAt: row.created_at,
  };
  return { transfer, replayed: false };
}

/**
 * Credit a user's wallet from a system account (coin purchase from payment clearing, manual
 * adjustment from platform revenue...).
 * @param coins whole coins > 0
 * @returns the transfer and whether it was a replay of the same idempotency key
 */
export async function credit(
  tx: Tx,
  input: WalletMovement & { from?: SystemAccountKind; moneyMinor?: number; currency?: string },
) {
  const to = await walletAccountId(tx, input.userId);
  const from = await systemAccountId(tx, input.from ?? 'payment_clearing');
  return move(tx, { ...input, from, to, amount: input.coins });
}

/**
 * Credit an organisation's wallet with coins it bought (desc 1 coin purchase, from payment clearing;
 * issue 35). Idempotent on `idempotencyKey` (`payment:<id>`, as a user's purchase).
 * @param coins whole coins > 0
 */
export async function creditOrganisation(
  tx: Tx,
  input: {
    organisationId: number;
    coins: number;
    idempotencyKey: string;
    moneyMinor?: number;
    currency?: string;
    meta?: Record<string, unknown>;
  },
) {
  const to = await organisationWalletAccountId(tx, input.organisationId);
  const from = await systemAccountId(tx, 'payment_clearing');
  return move(tx, { ...input, from, to, amount: input.coins, descId: DESC.COIN_PURCHASE });
}

/**
 * Debit a user's wallet into a system account (fan finder subscription, manual deduction...).
 * @throws InsufficientBalanceError (409) when the wallet has fewer coins
 */
export async function debit(tx: Tx, input: WalletMovement & { to?: SystemAccountKind }) {
  const from = await walletAccountId(tx, input.userId);
  const to = await systemAccountId(tx, input.to ?? 'platform_revenue');
  return move(tx, { ...input, from, to, amount: input.coins });
}

/**
 * Hold coins: move them from the payer's wallet into the payer's own escrow account (campaign or payout
 * escrow) under a hold that is later posted or voided exactly once. Holds of different payers
 * touch different rows and run in parallel; the statements are: key lock, replay check, lock of the
 * payer's two accounts, the hold row, the posting.
 * @param ref what the hold is for (e.g. { type: 'express_campaign', id: '42' })
 * @param coins whole coins > 0
 * @throws InsufficientBalanceError (409); nothing is held then (the transaction stays usable)
 */
export async function hold(
  tx: Tx,
  input: WalletMovement & {
    escrow?: EscrowKind;
    ref?: { type: string; id: string | number };
    /**
     * The key names a row created in this same transaction (a new campaign's id), so no other
     * transaction can use it and it cannot have been used before: the key lock and the replay check are
     * skipped (two statements fewer per purchase). The key stays unique in the database.
     */
    freshKey?: boolean;
    /**
     * The hold's id, reserved with {@link NEXT_HOLD_ID} by the row that refers to it, written first in
     * the same transaction (a campaign's `hold_id`): no update of that row afterwards. Only with
     * `freshKey`.
     */
    reservedId?: number;
    /**
     * The account paying instead of the user's wallet: a budget account of an organisation (issue 35).
     * The escrow is still `userId`'s own (the artist's); a voided or refunded hold returns to this
     * account (the hold's payer).
     */
    payerAccountId?: number;
  },
): Promise<Hold> {
  assertCoins(input.coins);
  if (input.reservedId !== undefined && !input.freshKey) throw new Error('a reserved hold id needs freshKey');
  // Taken before the replay check so a concurrent same-key hold cannot leave a second, unfunded hold.
  if (!input.freshKey) await lockKey(tx, input.idempotencyKey);
  const [replay] = input.freshKey
    ? []
    : await tx.db
        .select({ holdId: ledgerTransfers.holdId })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey));
  if (replay) {
    if (!replay.holdId)
      throw new Error(`idempotency key ${input.idempotencyKey} belongs to a transfer, not a hold`);
    const [existing] = await tx.db.select().from(ledgerHolds).where(eq(ledgerHolds.id, replay.holdId));
    return existing!;
  }
  // Lock both accounts (ascending ids) before the hold row: its foreign keys take KEY SHARE locks on
  // them, and two holds of one payer taking those first and FOR UPDATE afterwards would deadlock.
  const accounts =
    input.payerAccountId === undefined
      ? await lockPayerAccounts(tx, input.userId, input.escrow ?? 'campaign_escrow')
      : await lockAccountAndEscrow(tx, input.payerAccountId, input.userId, input.escrow ?? 'campaign_escrow');
  // The wallet row is locked: its balance cannot change before this transaction ends.
  if (accounts.walletBalance < input.coins) throw new InsufficientBalanceError();
  const { rows } = await tx.client.query<HoldRow>(
    HOLD_AND_POST,
    holdValues({ ...input, wallet: accounts.wallet, escrow: accounts.escrow }),
  );
  const row = rows[0];
  if (!row) throw new InsufficientBalanceError();
  return {
    id: row.id,
    payerAccountId: row.payer_account_id,
    escrowAccountId: row.escrow_account_id,
    amount: row.amount,
    status: row.status,
    postedAmount: row.posted_amount,
    refType: row.ref_type,
    refId: row.ref_id,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  };
}

/**
 * {@link hold} sent with the transaction's COMMIT, in the same round trip (db `atCommit`; made for
 * 1,000 purchases at once on one wallet). The payer's wallet is then locked only while PostgreSQL
 * creates the payer's accounts if missing, locks them (ascending ids), writes the hold and its posting
 * and commits; never while the API is busy. Only for a hold that is the last thing of its transaction
 * and whose key is fresh (`freshKey` of {@link hold}: it names a row of this transaction) with its id
 * reserved ({@link NEXT_HOLD_ID}, or drawn from its sequence by the caller). Nothing is answered: the
 * hold's row is known by its reserved id.
 * When the wallet cannot pay, the COMMIT does not run, the transaction is rolled back, and
 * `withTransaction` rethrows a PostgreSQL error with SQLSTATE {@link LEDGER_SHORT}, which
 * {@link ledgerRefusal} turns into {@link InsufficientBalanceError}.
 * @param input.coins whole coins > 0
 * @param input.reservedId the hold's id, reserved with {@link NEXT_HOLD_ID}
 * @throws AppError 422 `wallet.invalid_amount` at once when `coins` is not a positive whole number
 */
export function holdAtCommit(
  tx: Tx,
  input: WalletMovement & {
    reservedId: number;
    escrow?: EscrowKind;
    ref?: { type: string; id: string | number };
    /**
     * The payer's wallet and escrow account were seen to exist (accounts are never deleted): the
     * statement creating missing ones is left out.
     */
    accountsExist?: boolean;
  },
): void {
  assertCoins(input.coins);
  const escrow = input.escrow ?? 'campaign_escrow';
  if (!input.accountsExist)
    atCommit(tx, {
      name: 'ledger_ensure_payer_accounts',
      text: ENSURE_PAYER_ACCOUNTS,
      types: ['int', 'varchar'],
      values: [input.userId, escrow],
    });
  atCommit(tx, {
    name: 'ledger_lock_payer_accounts',
    text: LOCK_PAYER_ACCOUNTS,
    types: ['int', 'varchar'],
    values: [input.userId, escrow],
  });
  atCommit(tx, {
    name: 'ledger_hold_at_commit',
    text: HOLD_AT_COMMIT,
    // $1 and $2 (the account ids of HOLD_CTES) are found from $13 and $14 here.
    types: HOLD_AT_COMMIT_TYPES,
    values: [...holdValues({ ...input, wallet: null, escrow: null }), input.userId, escrow],
  });
}

/**
 * `err` as the ledger's refusal when it is one raised at commit ({@link holdAtCommit}, SQLSTATE
 * {@link LEDGER_SHORT}): an {@link InsufficientBalanceError} (409); any other error unchanged.
 */
export function ledgerRefusal(err: unknown): unknown {
  return pgErrorOf(err)?.code === LEDGER_SHORT ? new InsufficientBalanceError() : err;
}

async function lockPendingHold(tx: Tx, holdId: number): Promise<Hold | null> {
  const [row] = await tx.db.select().from(ledgerHolds).where(eq(ledgerHolds.id, holdId)).for('update');
  if (!row) throw new AppError(404, 'errors.not_found');
  return row.status === 'pending' ? row : null;
}

/**
 * Post a hold: `amount` coins (0..held) go to the payee (less `feePercent` to platform revenue), the
 * rest returns to the payer as a refund (desc 3; `complete_refund` when partly posted, `refund` when
 * nothing was: the whole hold returns). A hold already
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
  const revenue = fee > 0 ? await systemAccountId(tx, 'platform_revenue') : null;
  // Every account the posting touches, locked at once in id order: the payer's escrow, the
  // payee, platform revenue and the payer's wallet. Locking them one move at a time took the escrow
  // before the payer's wallet, the reverse of a new hold of the same payer, and the two deadlocked.
  await lockAccounts(tx, [
    row.escrowAccountId,
    ...(paid > 0 ? [payeeAccount] : []),
    ...(revenue !== null ? [revenue] : []),
    ...(refunded > 0 ? [row.payerAccountId] : []),
  ]);
  // The hold row is locked and still pending, so none of its postings exists yet: the moves need no
  // key lock or replay check of their own.
  if (paid > 0) {
    await move(
      tx,
      {
        from: row.escrowAccountId,
        to: payeeAccount,
        amount: paid,
        descId: options.descId,
        idempotencyKey: `hold:${holdId}:post`,
        holdId,
        meta: options.meta,
      },
      true,
    );
  }
  if (revenue !== null) {
    await move(
      tx,
      {
        from: row.escrowAccountId,
        to: revenue,
        amount: fee,
        descId: options.descId,
        idempotencyKey: `hold:${holdId}:fee`,
        holdId,
        meta: { ...options.meta, fee_percent: feePercent },
      },
      true,
    );
  }
  if (refunded > 0) {
    await move(
      tx,
      {
        from: row.escrowAccountId,
        to: row.payerAccountId,
        amount: refunded,
        descId: DESC.REFUND,
        idempotencyKey: `hold:${holdId}:refund`,
        holdId,
        // Nothing posted: the whole hold comes back, a refund like a voided hold's, never "partial"
        // (a 100 % refund was described as a partial one).
        meta: { ...options.meta, refund_type: amount > 0 ? 'complete_refund' : 'refund' },
      },
      true,
    );
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
