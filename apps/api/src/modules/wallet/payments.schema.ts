import type { Translations } from '@lm/contracts/translations';
import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { organisations } from '../organisations/organisations.schema';

/** Coin packages artists buy (spec section 3 "Package"): coins, price in pence, optional bonus. */
export const coinPackages = pg.pgTable(
  'coin_packages',
  {
    id: pg.serial('id').primaryKey(),
    name: pg.varchar('name', { length: 100 }).notNull(),
    /** The name in other languages; `name` is English, the fallback. */
    translations: pg.jsonb('translations').$type<Translations<'name'>>().notNull().default({}),
    coins: pg.integer('coins').notNull(),
    bonusCoins: pg.integer('bonus_coins').notNull().default(0),
    priceMinor: pg.integer('price_minor').notNull(),
    currency: pg.varchar('currency', { length: 3 }).notNull().default('GBP'),
    minFollowers: pg.integer('min_followers'),
    durationDays: pg.integer('duration_days'),
    isActive: pg.boolean('is_active').notNull().default(true),
    position: pg.integer('position').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    pg.check('coin_packages_coins_positive', sql`${t.coins} > 0 and ${t.bonusCoins} >= 0`),
    pg.check('coin_packages_price_positive', sql`${t.priceMinor} > 0`),
  ],
);

/**
 * A payment attempt with a provider (card checkout session or PayPal order). Credited exactly once:
 * `credited_transfer_id` is set in the same transaction as the ledger credit.
 */
export const payments = pg.pgTable(
  'payments',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    method: pg.varchar('method', { length: 10 }).notNull(),
    provider: pg.varchar('provider', { length: 20 }).notNull(),
    providerRef: pg.varchar('provider_ref', { length: 200 }),
    purpose: pg.varchar('purpose', { length: 20 }).notNull().default('coins'),
    packageId: pg.integer('package_id').references(() => coinPackages.id),
    coins: pg.integer('coins').notNull(),
    amountMinor: pg.integer('amount_minor').notNull(),
    currency: pg.varchar('currency', { length: 3 }).notNull(),
    status: pg.varchar('status', { length: 12 }).notNull().default('pending'),
    failureReason: pg.varchar('failure_reason', { length: 200 }),
    creditedTransferId: pg.bigint('credited_transfer_id', { mode: 'number' }),
    /**
     * The organisation buying (issue 35): its coins go to the organisation's wallet, not to the buyer's
     * (`user_id` is then the team member who paid); null for a user's own purchase.
     */
    organisationId: pg.integer('organisation_id').references(() => organisations.id),
    meta: pg.jsonb('meta'),
    createdAt: createdAt(),
    paidAt: pg.timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    pg.uniqueIndex('payments_provider_ref_unique').on(t.provider, t.providerRef),
    pg.index('payments_user_idx').on(t.userId, t.createdAt),
    pg.index('payments_organisation_idx').on(t.organisationId).where(sql`${t.organisationId} is not null`),
    // Reports: coins sold per day over a date range.
    pg.index('payments_paid_idx').on(t.paidAt).where(sql`${t.status} = 'paid'`),
    pg.check(
      'payments_status_check',
      sql`${t.status} in ('pending', 'paid', 'failed', 'cancelled', 'mismatch')`,
    ),
    pg.check('payments_method_check', sql`${t.method} in ('card', 'paypal')`),
  ],
);

/** Invoice of a purchase (desc_id 1), with its PDF (`attachment_link`). */
export const invoices = pg.pgTable(
  'invoices',
  {
    id: pg.serial('id').primaryKey(),
    number: pg.varchar('number', { length: 30 }).notNull(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: pg
      .bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id),
    transferId: pg.bigint('transfer_id', { mode: 'number' }),
    coins: pg.integer('coins').notNull(),
    amountMinor: pg.integer('amount_minor').notNull(),
    currency: pg.varchar('currency', { length: 3 }).notNull(),
    /**
     * The organisation billed (issue 35), with its billing details as they were when the invoice was
     * issued (an invoice never changes afterwards); all null for a user's own invoice.
     */
    organisationId: pg.integer('organisation_id').references(() => organisations.id),
    billingName: pg.varchar('billing_name', { length: 190 }),
    billingAddress: pg.text('billing_address'),
    billingCountry: pg.varchar('billing_country', { length: 2 }),
    vatNumber: pg.varchar('vat_number', { length: 32 }),
    attachmentPath: pg.varchar('attachment_path', { length: 300 }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex('invoices_payment_unique').on(t.paymentId),
    pg.uniqueIndex('invoices_number_unique').on(t.number),
    pg.index('invoices_transfer_idx').on(t.transferId),
    pg.index('invoices_user_idx').on(t.userId, t.id),
    pg
      .index('invoices_organisation_idx')
      .on(t.organisationId, t.id)
      .where(sql`${t.organisationId} is not null`),
  ],
);

/**
 * Invoice number series: one gapless counter per issuer and calendar year (UTC). The row is
 * incremented in the transaction that inserts the invoice, so its lock serialises numbering and a
 * rollback gives the number back (a PostgreSQL sequence would skip it).
 */
export const invoiceSeries = pg.pgTable(
  'invoice_series',
  {
    issuer: pg.varchar('issuer', { length: 50 }).notNull(),
    year: pg.integer('year').notNull(),
    lastNumber: pg.integer('last_number').notNull(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.issuer, t.year] }),
    pg.check('invoice_series_last_number_check', sql`${t.lastNumber} >= 0`),
  ],
);

/** Webhook deliveries, recorded before processing; the provider's event id makes replays no-ops. */
export const webhookEvents = pg.pgTable(
  'webhook_events',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    provider: pg.varchar('provider', { length: 20 }).notNull(),
    eventId: pg.varchar('event_id', { length: 200 }).notNull(),
    type: pg.varchar('type', { length: 100 }).notNull(),
    payload: pg.jsonb('payload').notNull(),
    receivedAt: pg.timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: pg.timestamp('processed_at', { withTimezone: true }),
    error: pg.varchar('error', { length: 500 }),
  },
  (t) => [pg.uniqueIndex('webhook_events_unique').on(t.provider, t.eventId)],
);
