import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { admins } from '../admins/admins.schema';
import { ledgerHolds } from '../wallet/wallet.schema';

/**
 * Bank accounts curators and influencers withdraw to (Wise recipient accounts): the currency, the
 * account type (sort_code, iban, aba, swift_code...) and its fields. Deleting hides the account;
 * payouts keep pointing at it.
 */
export const payoutRecipients = pgTable(
  'payout_recipients',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: varchar('currency', { length: 3 }).notNull(),
    country: varchar('country', { length: 2 }),
    type: varchar('type', { length: 40 }).notNull(),
    accountHolderName: varchar('account_holder_name', { length: 140 }).notNull(),
    details: jsonb('details').notNull().$type<Record<string, string>>(),
    wiseAccountId: varchar('wise_account_id', { length: 64 }).notNull(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [index('payout_recipients_user_idx').on(t.userId, t.id)],
);

/**
 * A withdrawal quote (30 minutes): `coins` at the payout rate make `source_minor` pence, sent in
 * `target_currency` at `rate` less `fee_minor`. `wise_quote_id` is the public id (/withdrawal/{quote}).
 * `verified_at` is set by the emailed code; one payout at most per quote.
 */
export const payoutQuotes = pgTable(
  'payout_quotes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    wiseQuoteId: varchar('wise_quote_id', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => payoutRecipients.id),
    coins: integer('coins').notNull(),
    payoutRatePence: integer('payout_rate_pence').notNull(),
    sourceMinor: bigint('source_minor', { mode: 'number' }).notNull(),
    sourceCurrency: varchar('source_currency', { length: 3 }).notNull().default('GBP'),
    targetMinor: bigint('target_minor', { mode: 'number' }).notNull(),
    targetCurrency: varchar('target_currency', { length: 3 }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    rate: numeric('rate', { precision: 20, scale: 10, mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payout_quotes_wise_quote_unique').on(t.wiseQuoteId),
    index('payout_quotes_user_idx').on(t.userId, t.id),
    check('payout_quotes_coins_positive', sql`${t.coins} > 0`),
  ],
);

/**
 * A payout (spec section 3 "Payout"): a Wise transfer of a quote, its held coins (`hold_id`, desc 4)
 * and its life: status_id 1 pending (transfer created, waiting for staff), 2 processing (approved and
 * funded at Wise), 3 paid (outgoing_payment_sent), 4 declined by staff, 5 failed (bounced or
 * cancelled). Coins return once (`coins_returned_at`) when declined or failed.
 * `customer_transaction_id` is the idempotency key of the Wise transfer.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    quoteId: bigint('quote_id', { mode: 'number' })
      .notNull()
      .references(() => payoutQuotes.id),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => payoutRecipients.id),
    holdId: bigint('hold_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerHolds.id),
    coins: integer('coins').notNull(),
    /** Pence sent (coins × payout rate), GBP. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('GBP'),
    targetMinor: bigint('target_minor', { mode: 'number' }).notNull(),
    targetCurrency: varchar('target_currency', { length: 3 }).notNull(),
    feeMinor: bigint('fee_minor', { mode: 'number' }).notNull(),
    rate: numeric('rate', { precision: 20, scale: 10, mode: 'number' }).notNull(),
    email: varchar('email', { length: 190 }).notNull(),
    statusId: smallint('status_id').notNull().default(1),
    customerTransactionId: varchar('customer_transaction_id', { length: 64 }).notNull(),
    wiseQuoteId: varchar('wise_quote_id', { length: 64 }).notNull(),
    wiseAccountId: varchar('wise_account_id', { length: 64 }).notNull(),
    wiseTransferId: varchar('wise_transfer_id', { length: 64 }),
    wiseBalanceTransactionId: varchar('wise_balance_transaction_id', { length: 64 }),
    /** Last Wise state applied and when it occurred (events are applied in `occurred_at` order). */
    wiseStatus: varchar('wise_status', { length: 40 }),
    wiseStateAt: timestamp('wise_state_at', { withTimezone: true }),
    /** Ledger transfer of the posted hold (desc 6), for `payment_id`. */
    paymentTransferId: bigint('payment_transfer_id', { mode: 'number' }),
    attachmentPath: varchar('attachment_path', { length: 300 }),
    declineReason: varchar('decline_reason', { length: 500 }),
    failureReason: varchar('failure_reason', { length: 200 }),
    reviewedByAdminId: integer('reviewed_by_admin_id').references(() => admins.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    fundedAt: timestamp('funded_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    coinsReturnedAt: timestamp('coins_returned_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payouts_quote_unique').on(t.quoteId),
    uniqueIndex('payouts_ctid_unique').on(t.customerTransactionId),
    uniqueIndex('payouts_wise_transfer_unique').on(t.wiseTransferId),
    // One open request per user (pending or processing): a second request is refused by the database.
    uniqueIndex('payouts_one_open_per_user').on(t.userId).where(sql`${t.statusId} in (1, 2)`),
    index('payouts_status_idx').on(t.statusId, t.id),
    index('payouts_user_idx').on(t.userId, t.id),
    check('payouts_status_check', sql`${t.statusId} between 1 and 5`),
    check('payouts_coins_positive', sql`${t.coins} > 0`),
  ],
);
