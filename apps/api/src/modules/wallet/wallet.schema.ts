import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { organisations } from '../organisations/organisations.schema';

/**
 * Ledger accounts: one wallet per user, each payer's own campaign and payout escrow
 * accounts (the shared escrow accounts without a user hold only holds made before), and the
 * platform's system accounts (platform revenue, payment clearing, payout clearing). `balance` is in coins.
 * Only system accounts that mirror outside money (payment and payout clearing) may go negative;
 * every other account is kept at or above zero by the database.
 */
export const ledgerAccounts = pg.pgTable(
  'ledger_accounts',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    kind: pg.varchar('kind', { length: 30 }).notNull(),
    userId: pg.integer('user_id').references(() => users.id),
    /**
     * The organisation of an `organisation_wallet` or an `organisation_budget` account (user_id null
     * for both; a budget's artist is in `organisation_budgets`); null for every other account (issue 35).
     */
    organisationId: pg.integer('organisation_id').references(() => organisations.id),
    balance: pg.bigint('balance', { mode: 'number' }).notNull().default(0),
    allowNegative: pg.smallint('allow_negative').notNull().default(0),
    /**
     * Entries posted on the account so far, kept by the ledger in the transaction of each posting (the
     * account row is already locked there): the exact total of the unfiltered transaction list, and the
     * `account_seq` of the account's next entry.
     */
    entryCount: pg.bigint('entry_count', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // A user's own accounts: the wallet, and one escrow account of each kind (escrow per
    // payer, so holds of different payers never lock the same row).
    pg
      .uniqueIndex('ledger_accounts_user_kind_unique')
      .on(t.userId, t.kind)
      .where(sql`${t.userId} is not null`),
    pg
      .uniqueIndex('ledger_accounts_system_unique')
      .on(t.kind)
      .where(sql`${t.userId} is null and ${t.organisationId} is null`),
    // One wallet per organisation (its budget accounts are named by `organisation_budgets`).
    pg
      .uniqueIndex('ledger_accounts_organisation_wallet_unique')
      .on(t.organisationId)
      .where(sql`${t.kind} = 'organisation_wallet'`),
    pg.check(
      'ledger_accounts_owner_check',
      sql`case when ${t.kind} = 'user_wallet' then ${t.userId} is not null and ${t.organisationId} is null when ${t.kind} in ('campaign_escrow', 'payout_escrow') then ${t.organisationId} is null when ${t.kind} in ('organisation_wallet', 'organisation_budget') then ${t.organisationId} is not null and ${t.userId} is null else ${t.userId} is null and ${t.organisationId} is null end`,
    ),
    pg.check('ledger_accounts_non_negative', sql`${t.allowNegative} = 1 or ${t.balance} >= 0`),
    pg.check(
      'ledger_accounts_kind_check',
      sql`${t.kind} in ('user_wallet', 'campaign_escrow', 'payout_escrow', 'platform_revenue', 'payment_clearing', 'payout_clearing', 'organisation_wallet', 'organisation_budget')`,
    ),
  ],
);

/**
 * Holds: coins taken from a payer's wallet into escrow for a purpose (a campaign, a payout request),
 * later posted (fully or partly) or voided, exactly once.
 */
export const ledgerHolds = pg.pgTable(
  'ledger_holds',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    payerAccountId: pg
      .bigint('payer_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    escrowAccountId: pg
      .bigint('escrow_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: pg.bigint('amount', { mode: 'number' }).notNull(),
    status: pg.varchar('status', { length: 10 }).notNull().default('pending'),
    postedAmount: pg.bigint('posted_amount', { mode: 'number' }),
    refType: pg.varchar('ref_type', { length: 40 }),
    refId: pg.varchar('ref_id', { length: 60 }),
    createdAt: createdAt(),
    resolvedAt: pg.timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    pg.check('ledger_holds_amount_positive', sql`${t.amount} > 0`),
    pg.check('ledger_holds_status_check', sql`${t.status} in ('pending', 'posted', 'voided')`),
    pg.check(
      'ledger_holds_posted_range',
      sql`${t.postedAmount} is null or (${t.postedAmount} >= 0 and ${t.postedAmount} <= ${t.amount})`,
    ),
    pg.index('ledger_holds_ref_idx').on(t.refType, t.refId),
  ],
);

/**
 * Immutable transfers: `amount` coins from `debit_account_id` to `credit_account_id`. Each has a unique
 * idempotency key, a desc_id (spec section 4: 1 coin purchase ... 7 fan finder) and a public number.
 */
export const ledgerTransfers = pg.pgTable(
  'ledger_transfers',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    number: pg.varchar('number', { length: 24 }).notNull(),
    idempotencyKey: pg.varchar('idempotency_key', { length: 200 }).notNull(),
    debitAccountId: pg
      .bigint('debit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: pg
      .bigint('credit_account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: pg.bigint('amount', { mode: 'number' }).notNull(),
    descId: pg.smallint('desc_id').notNull(),
    holdId: pg.bigint('hold_id', { mode: 'number' }).references(() => ledgerHolds.id),
    /** Money that came with the transfer (a purchase), in minor units of `currency`. */
    moneyMinor: pg.bigint('money_minor', { mode: 'number' }),
    currency: pg.varchar('currency', { length: 3 }),
    meta: pg.jsonb('meta'),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex('ledger_transfers_idempotency_unique').on(t.idempotencyKey),
    pg.uniqueIndex('ledger_transfers_number_unique').on(t.number),
    pg.check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    pg.check('ledger_transfers_distinct_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    pg.check('ledger_transfers_desc_check', sql`${t.descId} between 1 and 8`),
    pg.index('ledger_transfers_hold_idx').on(t.holdId),
  ],
);

/** Two entries per transfer (one per account, signed), with the account balance after it: statements. */
export const ledgerEntries = pg.pgTable(
  'ledger_entries',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: pg
      .bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    transferId: pg
      .bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    amount: pg.bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: pg.bigint('balance_after', { mode: 'number' }).notNull(),
    /** Copy of the transfer's desc_id (both rows are immutable), so lists filter without a join. */
    descId: pg.smallint('desc_id').notNull(),
    /**
     * Position of the entry in its account, 1, 2, 3... without gaps (the account's `entry_count` after
     * it): page N of the unfiltered list is a range of positions, a seek however deep.
     */
    accountSeq: pg.bigint('account_seq', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index('ledger_entries_account_idx').on(t.accountId, t.id),
    pg.uniqueIndex('ledger_entries_account_seq_unique').on(t.accountId, t.accountSeq),
    pg.check('ledger_entries_account_seq_positive', sql`${t.accountSeq} > 0`),
    pg.index('ledger_entries_account_desc_idx').on(t.accountId, t.descId, t.id),
    pg.index('ledger_entries_transfer_idx').on(t.transferId),
  ],
);
