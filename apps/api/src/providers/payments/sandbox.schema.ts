import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * Checkout sessions of the sandbox card provider (the stand-in for Stripe Checkout). Kept in
 * PostgreSQL so any API instance can serve the hosted page and the state changes. Transitions are
 * guarded by `update ... where status = 'open'`, so completing twice changes nothing.
 */
export const sandboxCheckoutSessions = pg.pgTable(
  'sandbox_checkout_sessions',
  {
    id: pg.varchar('id', { length: 80 }).primaryKey(),
    /** The caller's idempotency key: a retried create answers the session it made first. */
    idempotencyKey: pg.varchar('idempotency_key', { length: 255 }).notNull().unique(),
    status: pg.varchar('status', { length: 10 }).notNull().default('open'),
    paymentStatus: pg.varchar('payment_status', { length: 20 }).notNull().default('unpaid'),
    /** Minor units (pence for GBP). */
    amountTotal: pg.bigint('amount_total', { mode: 'number' }).notNull(),
    /** ISO 4217, upper case. */
    currency: pg.varchar('currency', { length: 3 }).notNull(),
    description: pg.varchar('description', { length: 500 }).notNull(),
    successUrl: pg.text('success_url').notNull(),
    cancelUrl: pg.text('cancel_url').notNull(),
    clientReferenceId: pg.varchar('client_reference_id', { length: 200 }),
    customerEmail: pg.varchar('customer_email', { length: 190 }),
    metadata: pg.jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** Error code of the failed payment attempt ("Simulate a declined card": `card_declined`), else null. */
    paymentError: pg.varchar('payment_error', { length: 40 }),
    /** Set while (and after) the state change's event is handed to the event sink; cleared if it throws. */
    eventDeliveredAt: pg.timestamp('event_delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    closedAt: pg.timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    pg.check('sandbox_checkout_sessions_status_check', sql`${t.status} in ('open', 'complete', 'expired')`),
    pg.check(
      'sandbox_checkout_sessions_payment_status_check',
      sql`${t.paymentStatus} in ('paid', 'unpaid', 'no_payment_required')`,
    ),
    pg.check('sandbox_checkout_sessions_amount_check', sql`${t.amountTotal} > 0`),
  ],
);

/**
 * Orders of the sandbox PayPal provider (the stand-in for Orders v2): CREATED -> APPROVED (payer
 * approved on the sandbox page) -> COMPLETED (captured), each step a guarded update.
 */
export const sandboxPaypalOrders = pg.pgTable(
  'sandbox_paypal_orders',
  {
    id: pg.varchar('id', { length: 40 }).primaryKey(),
    /** PayPal-Request-Id of the create: a retried create answers the order it made first. */
    requestId: pg.varchar('request_id', { length: 255 }).notNull().unique(),
    status: pg.varchar('status', { length: 20 }).notNull().default('CREATED'),
    /** Minor units. */
    amountMinor: pg.bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: pg.varchar('currency', { length: 3 }).notNull(),
    description: pg.varchar('description', { length: 500 }).notNull(),
    customId: pg.varchar('custom_id', { length: 127 }),
    returnUrl: pg.text('return_url').notNull(),
    cancelUrl: pg.text('cancel_url').notNull(),
    payerId: pg.varchar('payer_id', { length: 20 }),
    captureId: pg.varchar('capture_id', { length: 40 }),
    captureStatus: pg.varchar('capture_status', { length: 20 }),
    createdAt: createdAt(),
    approvedAt: pg.timestamp('approved_at', { withTimezone: true }),
    capturedAt: pg.timestamp('captured_at', { withTimezone: true }),
  },
  (t) => [
    pg.check('sandbox_paypal_orders_status_check', sql`${t.status} in ('CREATED', 'APPROVED', 'COMPLETED')`),
    pg.check('sandbox_paypal_orders_amount_check', sql`${t.amountMinor} > 0`),
    pg.check(
      'sandbox_paypal_orders_capture_check',
      sql`(${t.status} = 'COMPLETED') = (${t.captureId} is not null)`,
    ),
  ],
);
