import { sql } from 'drizzle-orm';
import { bigint, check, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * Checkout sessions of the sandbox card provider (the stand-in for Stripe Checkout). Kept in
 * PostgreSQL so any API instance can serve the hosted page and the state changes. Transitions are
 * guarded by `update ... where status = 'open'`, so completing twice changes nothing.
 */
export const sandboxCheckoutSessions = pgTable(
  'sandbox_checkout_sessions',
  {
    id: varchar('id', { length: 80 }).primaryKey(),
    /** The caller's idempotency key: a retried create answers the session it made first. */
    idempotencyKey: varchar('idempotency_key', { length: 255 }).notNull().unique(),
    status: varchar('status', { length: 10 }).notNull().default('open'),
    paymentStatus: varchar('payment_status', { length: 20 }).notNull().default('unpaid'),
    /** Minor units (pence for GBP). */
    amountTotal: bigint('amount_total', { mode: 'number' }).notNull(),
    /** ISO 4217, upper case. */
    currency: varchar('currency', { length: 3 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    clientReferenceId: varchar('client_reference_id', { length: 200 }),
    customerEmail: varchar('customer_email', { length: 190 }),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
    /** Error code of the failed payment attempt ("Simulate a declined card": `card_declined`), else null. */
    paymentError: varchar('payment_error', { length: 40 }),
    /** Set while (and after) the state change's event is handed to the event sink; cleared if it throws. */
    eventDeliveredAt: timestamp('event_delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    check('sandbox_checkout_sessions_status_check', sql`${t.status} in ('open', 'complete', 'expired')`),
    check(
      'sandbox_checkout_sessions_payment_status_check',
      sql`${t.paymentStatus} in ('paid', 'unpaid', 'no_payment_required')`,
    ),
    check('sandbox_checkout_sessions_amount_check', sql`${t.amountTotal} > 0`),
  ],
);

/**
 * Orders of the sandbox PayPal provider (the stand-in for Orders v2): CREATED -> APPROVED (payer
 * approved on the sandbox page) -> COMPLETED (captured), each step a guarded update.
 */
export const sandboxPaypalOrders = pgTable(
  'sandbox_paypal_orders',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    /** PayPal-Request-Id of the create: a retried create answers the order it made first. */
    requestId: varchar('request_id', { length: 255 }).notNull().unique(),
    status: varchar('status', { length: 20 }).notNull().default('CREATED'),
    /** Minor units. */
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: varchar('currency', { length: 3 }).notNull(),
    description: varchar('description', { length: 500 }).notNull(),
    customId: varchar('custom_id', { length: 127 }),
    returnUrl: text('return_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    payerId: varchar('payer_id', { length: 20 }),
    captureId: varchar('capture_id', { length: 40 }),
    captureStatus: varchar('capture_status', { length: 20 }),
    createdAt: createdAt(),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
  },
  (t) => [
    check('sandbox_paypal_orders_status_check', sql`${t.status} in ('CREATED', 'APPROVED', 'COMPLETED')`),
    check('sandbox_paypal_orders_amount_check', sql`${t.amountMinor} > 0`),
    check(
      'sandbox_paypal_orders_capture_check',
      sql`(${t.status} = 'COMPLETED') = (${t.captureId} is not null)`,
    ),
  ],
);
