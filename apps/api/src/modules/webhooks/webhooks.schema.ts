import { WEBHOOK_LIMITS } from '@lm/contracts/webhooks';
import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.schema';

/**
 * An account's webhook endpoint (issue 34 "Webhooks"): where its subscribed events are POSTed.
 * `slot` (1..`WEBHOOK_LIMITS.endpointsPerAccount`, unique per account) makes the per-account limit a
 * rule of the database: a new endpoint takes the lowest free slot, and there is none past the limit.
 * `secret` is the signing secret (`whsec_...`) sealed with the key ring (platform/secret-box.ts,
 * purpose `webhook-secret`). An endpoint is on (`enabled`, no reason) or off with its reason:
 * `failing` (deliveries failed for 24 hours: `failing_since`) or `owner`.
 */
export const webhookEndpoints = pg.pgTable(
  'webhook_endpoints',
  {
    id: pg.serial('id').primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slot: pg.smallint('slot').notNull(),
    url: pg.varchar('url', { length: WEBHOOK_LIMITS.urlMax }).notNull(),
    description: pg.varchar('description', { length: WEBHOOK_LIMITS.descriptionMax }).notNull().default(''),
    /** Subscribed event types (`WEBHOOK_EVENT_TYPES`), at least one. */
    events: pg.varchar('events', { length: 40 }).array().notNull(),
    secret: pg.text('secret').notNull(),
    enabled: pg.boolean('enabled').notNull().default(true),
    disabledReason: pg.varchar('disabled_reason', { length: 10 }),
    /** When the first of the failures since the last success happened; null after a success. */
    failingSince: pg.timestamp('failing_since', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    pg.uniqueIndex('webhook_endpoints_user_slot_unique').on(t.userId, t.slot),
    pg.check(
      'webhook_endpoints_slot_check',
      sql`${t.slot} between 1 and ${sql.raw(String(WEBHOOK_LIMITS.endpointsPerAccount))}`,
    ),
    pg.check('webhook_endpoints_events_check', sql`cardinality(${t.events}) >= 1`),
    pg.check(
      'webhook_endpoints_disabled_check',
      sql`(${t.enabled} and ${t.disabledReason} is null) or (not ${t.enabled} and ${t.disabledReason} in ('failing', 'owner'))`,
    ),
  ],
);

/**
 * The outbox of webhook events: written in the transaction of the change it announces (with one
 * delivery row and one job per subscribed endpoint), so a rolled-back change leaves no event and a
 * committed one always has its deliveries. An event no endpoint subscribes to is not written.
 * `id` is the `webhook-id` of its deliveries (`msg_` and 32 hex digits).
 */
export const webhookOutbox = pg.pgTable(
  'webhook_outbox',
  {
    id: pg.varchar('id', { length: 40 }).primaryKey(),
    /** Whom the event concerns and whose endpoints receive it. */
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: pg.varchar('type', { length: 40 }).notNull(),
    /** The event's `data`. */
    payload: pg.jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [pg.index('webhook_outbox_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One event sent to one endpoint: its attempts so far and the latest one's outcome (the delivery
 * log). `pending` while an attempt is due, `succeeded` on a 2xx answer, `failed` when the retries ran
 * out, the endpoint was disabled or a "send again" failed.
 */
export const webhookDeliveries = pg.pgTable(
  'webhook_deliveries',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: pg
      .varchar('event_id', { length: 40 })
      .notNull()
      .references(() => webhookOutbox.id, { onDelete: 'cascade' }),
    endpointId: pg
      .integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: pg.varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: pg.smallint('attempts').notNull().default(0),
    responseStatus: pg.smallint('response_status'),
    responseExcerpt: pg.varchar('response_excerpt', { length: WEBHOOK_LIMITS.excerptChars }),
    /** Why the latest attempt got no usable answer (`timeout`, `address_refused`, `connection`...). */
    error: pg.varchar('error', { length: 40 }),
    durationMs: pg.integer('duration_ms'),
    nextAttemptAt: pg.timestamp('next_attempt_at', { withTimezone: true }),
    deliveredAt: pg.timestamp('delivered_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    pg.uniqueIndex('webhook_deliveries_event_endpoint_unique').on(t.eventId, t.endpointId),
    pg.index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    // The sweep's search for pending deliveries whose attempt is overdue.
    pg.index('webhook_deliveries_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    pg.check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    pg.check('webhook_deliveries_attempts_check', sql`${t.attempts} >= 0`),
    pg.check(
      'webhook_deliveries_delivered_check',
      sql`(${t.status} = 'succeeded') = (${t.deliveredAt} is not null)`,
    ),
  ],
);
