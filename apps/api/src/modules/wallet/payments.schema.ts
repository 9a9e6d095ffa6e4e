import type { Translations } from '@lm/contracts/translations';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.schema';

/** Coin packages artists buy (spec section 3 "Package"): coins, price in pence, optional bonus. */
export const coinPackages = pgTable(
  'coin_packages',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    /** The name in other languages; `name` is English, the fallback. */
    translations: jsonb('translations').$type<Translations<'name'>>().notNull().default({}),
    coins: integer('coins').notNull(),
    bonusCoins: integer('bonus_coins').notNull().default(0),
    priceMinor: integer('price_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull().default('GBP'),
    minFollowers: integer('min_followers'),
    durationDays: integer('duration_days'),
    isActive: boolean('is_active').notNull().default(true),
    position: integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    check('coin_packages_coins_positive', sql`${t.coins} > 0 and ${t.bonusCoins} >= 0`),
    check('coin_packages_price_positive', sql`${t.priceMinor} > 0`),
  ],
);

/**
 * A payment attempt with a provider (card checkout session or PayPal order). Credited exactly once:
 * `credited_transfer_id` is set in the same transaction as the ledger credit.
 */
export const payments = pgTable(
  'payments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    method: varchar('method', { length: 10 }).notNull(),
    provider: varchar('provider', { length: 20 }).notNull(),
    providerRef: varchar('provider_ref', { length: 200 }),
    purpose: varchar('purpose', { length: 20 }).notNull().default('coins'),
    packageId: integer('package_id').references(() => coinPackages.id),
    coins: integer('coins').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 12 }).notNull().default('pending'),
    failureReason: varchar('failure_reason', { length: 200 }),
    creditedTransferId: bigint('credited_transfer_id', { mode: 'number' }),
    meta: jsonb('meta'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_provider_ref_unique').on(t.provider, t.providerRef),
    index('payments_user_idx').on(t.userId, t.createdAt),
    // Reports: coins sold per day over a date range.
    index('payments_paid_idx').on(t.paidAt).where(sql`${t.status} = 'paid'`),
    check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled', 'mismatch')`,
    ),
    check('payments_method_check', sql`${t.method} in ('card', 'paypal')`),
  ],
);

/** Invoice of a purchase (desc_id 1), with its PDF (`attachment_link`). */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 30 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    transferId: bigint('transfer_id', { mode: 'number' }),
    coins: integer('coins').notNull(),
    amountMinor: integer('amount_minor').notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    attachmentPath: varchar('attachment_path', { length: 300 }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_payment_unique').on(t.paymentId),
    uniqueIndex('invoices_number_unique').on(t.number),
    index('invoices_transfer_idx').on(t.transferId),
    index('invoices_user_idx').on(t.userId, t.id),
  ],
);

/**
 * Invoice number series: one gapless counter per issuer and calendar year (UTC). The row is
 * incremented in the transaction that inserts the invoice, so its lock serialises numbering and a
 * rollback gives the number back (a PostgreSQL sequence would skip it).
 */
export const invoiceSeries = pgTable(
  'invoice_series',
  {
    issuer: varchar('issuer', { length: 50 }).notNull(),
    year: integer('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.issuer, t.year] }),
    check('invoice_series_last_number_check', sql`${t.lastNumber} >= 0`),
  ],
);

/** Webhook deliveries, recorded before processing; the provider's event id makes replays no-ops. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    provider: varchar('provider', { length: 20 }).notNull(),
    eventId: varchar('event_id', { length: 200 }).notNull(),
    type: varchar('type', { length: 100 }).notNull(),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    error: varchar('error', { length: 500 }),
  },
  (t) => [uniqueIndex('webhook_events_unique').on(t.provider, t.eventId)],
);
