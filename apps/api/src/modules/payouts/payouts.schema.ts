import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, deletedAt, timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { admins } from '../admins/admins.schema';
import { ledgerHolds } from '../wallet/wallet.schema';

/**
 * Bank accounts curators and influencers withdraw to (Wise recipient accounts): the currency, the
 * account type (sort_code, iban, aba, swift_code...) and its fields. Deleting hides the account;
 * payouts keep pointing at it.
 */
export const payoutRecipients = pg.pgTable(
  'payout_recipients',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    currency: pg.varchar('currency', { length: 3 }).notNull(),
    country: pg.varchar('country', { length: 2 }),
    type: pg.varchar('type', { length: 40 }).notNull(),
    accountHolderName: pg.varchar('account_holder_name', { length: 140 }).notNull(),
    details: pg.jsonb('details').notNull().$type<Record<string, string>>(),
    wiseAccountId: pg.varchar('wise_account_id', { length: 64 }).notNull(),
    createdAt: createdAt(),
    deletedAt: deletedAt(),
  },
  (t) => [pg.index('payout_recipients_user_idx').on(t.userId, t.id)],
);

/**
 * A withdrawal quote (30 minutes): `coins` at the payout rate make `source_minor` pence, sent in
 * `target_currency` at `rate` less `fee_minor`. `wise_quote_id` is the public id (/withdrawal/{quote}).
 * `verified_at` is set by the emailed code; one payout at most per quote.
 */
export const payoutQuotes = pg.pgTable(
  'payout_quotes',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    wiseQuoteId: pg.varchar('wise_quote_id', { length: 64 }).notNull(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    recipientId: pg
      .bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => payoutRecipients.id),
    coins: pg.integer('coins').notNull(),
    payoutRatePence: pg.integer('payout_rate_pence').notNull(),
    sourceMinor: pg.bigint('source_minor', { mode: 'number' }).notNull(),
    sourceCurrency: pg.varchar('source_currency', { length: 3 }).notNull().default('GBP'),
    targetMinor: pg.bigint('target_minor', { mode: 'number' }).notNull(),
    targetCurrency: pg.varchar('target_currency', { length: 3 }).notNull(),
    feeMinor: pg.bigint('fee_minor', { mode: 'number' }).notNull(),
    rate: pg.numeric('rate', { precision: 20, scale: 10, mode: 'number' }).notNull(),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: pg.timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex('payout_quotes_wise_quote_unique').on(t.wiseQuoteId),
    pg.index('payout_quotes_user_idx').on(t.userId, t.id),
    pg.check('payout_quotes_coins_positive', sql`${t.coins} > 0`),
  ],
);

/**
 * A payout (spec section 3 "Payout"): a Wise transfer of a quote, its held coins (`hold_id`, desc 4)
 * and its life: status_id 1 pending (transfer created, waiting for staff), 2 processing (approved and
 * funded at Wise), 3 paid (outgoing_payment_sent), 4 declined by staff, 5 failed (bounced or
 * cancelled). Coins return once (`coins_returned_at`) when declined or failed.
 * `customer_transaction_id` is the idempotency key of the Wise transfer.
 */
export const payouts = pg.pgTable(
  'payouts',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    quoteId: pg
      .bigint('quote_id', { mode: 'number' })
      .notNull()
      .references(() => payoutQuotes.id),
    recipientId: pg
      .bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => payoutRecipients.id),
    holdId: pg
      .bigint('hold_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerHolds.id),
    coins: pg.integer('coins').notNull(),
    /** Pence sent (coins × payout rate), GBP. */
    amountMinor: pg.bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: pg.varchar('currency', { length: 3 }).notNull().default('GBP'),
    targetMinor: pg.bigint('target_minor', { mode: 'number' }).notNull(),
    targetCurrency: pg.varchar('target_currency', { length: 3 }).notNull(),
    feeMinor: pg.bigint('fee_minor', { mode: 'number' }).notNull(),
    rate: pg.numeric('rate', { precision: 20, scale: 10, mode: 'number' }).notNull(),
    email: pg.varchar('email', { length: 190 }).notNull(),
    statusId: pg.smallint('status_id').notNull().default(1),
    customerTransactionId: pg.varchar('customer_transaction_id', { length: 64 }).notNull(),
    wiseQuoteId: pg.varchar('wise_quote_id', { length: 64 }).notNull(),
    wiseAccountId: pg.varchar('wise_account_id', { length: 64 }).notNull(),
    wiseTransferId: pg.varchar('wise_transfer_id', { length: 64 }),
    wiseBalanceTransactionId: pg.varchar('wise_balance_transaction_id', { length: 64 }),
    /** Last Wise state applied and when it occurred (events are applied in `occurred_at` order). */
    wiseStatus: pg.varchar('wise_status', { length: 40 }),
    wiseStateAt: pg.timestamp('wise_state_at', { withTimezone: true }),
    /** Ledger transfer of the posted hold (desc 6), for `payment_id`. */
    paymentTransferId: pg.bigint('payment_transfer_id', { mode: 'number' }),
    attachmentPath: pg.varchar('attachment_path', { length: 300 }),
    declineReason: pg.varchar('decline_reason', { length: 500 }),
    failureReason: pg.varchar('failure_reason', { length: 200 }),
    /**
     * Above the `payout_second_approval_coins` setting a request needs two approvers: the first one's
     * approval is recorded here and the request stays pending until another admin approves
     * (docs/decisions.md "Payout decisions").
     */
    firstApprovedByAdminId: pg.integer('first_approved_by_admin_id').references(() => admins.id),
    firstApprovedAt: pg.timestamp('first_approved_at', { withTimezone: true }),
    reviewedByAdminId: pg.integer('reviewed_by_admin_id').references(() => admins.id),
    reviewedAt: pg.timestamp('reviewed_at', { withTimezone: true }),
    fundedAt: pg.timestamp('funded_at', { withTimezone: true }),
    paidAt: pg.timestamp('paid_at', { withTimezone: true }),
    coinsReturnedAt: pg.timestamp('coins_returned_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    pg.uniqueIndex('payouts_quote_unique').on(t.quoteId),
    pg.uniqueIndex('payouts_ctid_unique').on(t.customerTransactionId),
    pg.uniqueIndex('payouts_wise_transfer_unique').on(t.wiseTransferId),
    // One open request per user (pending or processing): a second request is refused by the database.
    pg.uniqueIndex('payouts_one_open_per_user').on(t.userId).where(sql`${t.statusId} in (1, 2)`),
    pg.index('payouts_status_idx').on(t.statusId, t.id),
    pg.index('payouts_user_idx').on(t.userId, t.id),
    pg.check('payouts_status_check', sql`${t.statusId} between 1 and 5`),
    pg.check('payouts_coins_positive', sql`${t.coins} > 0`),
    // The second approver is never the first (a first approver may still decline).
    pg.check(
      'payouts_second_approver_differs',
      sql`${t.firstApprovedByAdminId} is null or ${t.statusId} = 4 or ${t.firstApprovedByAdminId} <> ${t.reviewedByAdminId}`,
    ),
  ],
);
