import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * Audit log: every admin write and every security event (login, failed login, password change).
 * Append-only by convention and by a trigger in the migration.
 */
export const auditLogs = pg.pgTable(
  'audit_logs',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    actorType: pg.varchar('actor_type', { length: 10 }).notNull(),
    actorId: pg.integer('actor_id'),
    action: pg.varchar('action', { length: 100 }).notNull(),
    targetType: pg.varchar('target_type', { length: 50 }),
    targetId: pg.varchar('target_id', { length: 50 }),
    ip: pg.varchar('ip', { length: 64 }),
    userAgent: pg.text('user_agent'),
    meta: pg.jsonb('meta'),
    /** The organisation an entry concerns (issue 35): its own routes, and a member acting for an artist. */
    organisationId: pg.integer('organisation_id'),
    /** The artist a member acted for (issue 35 "acting for an artist"), or the artist an entry concerns. */
    onBehalfOfUserId: pg.integer('on_behalf_of_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index('audit_logs_actor_idx').on(t.actorType, t.actorId, t.createdAt),
    pg.index('audit_logs_action_idx').on(t.action, t.createdAt),
    pg.index('audit_logs_target_idx').on(t.targetType, t.targetId),
    // The /logs list: newest first, paged, often with only a date range.
    pg.index('audit_logs_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * How many audit entries each sealed hour holds (`hour` = whole hours since 1970-01-01 UTC of
 * `created_at`), so a deep page of the unfiltered log skips whole hours instead of walking their
 * entries (audit.service.ts `listAuditLogs`, docs/decisions.md "Audit log deep pages
 * (session 8)"). Written only by `refreshAuditHours`; an hour without a row holds no entry.
 */
export const auditLogHours = pg.pgTable(
  'audit_log_hours',
  {
    hour: pg.bigint('hour', { mode: 'number' }).primaryKey(),
    entries: pg.bigint('entries', { mode: 'number' }).notNull(),
    /** Entries of this hour and every older one: strictly increasing with `hour` (no empty hour has a row). */
    entriesUpTo: pg.bigint('entries_up_to', { mode: 'number' }).notNull(),
  },
  // A deep page finds its hour with one probe: the first hour whose running count passes its position.
  (t) => [pg.index('audit_log_hours_up_to_idx').on(t.entriesUpTo)],
);

/**
 * Hours whose count may be stale: an insert trigger adds the hour of every entry written with a
 * `created_at` before the current hour (backfilled, or a transaction that ran across the hour),
 * in the inserting transaction, so it becomes visible exactly when the entry does. No unique key
 * (two writers of the same hour never wait for each other); `refreshAuditHours` removes them.
 */
export const auditLogLateHours = pg.pgTable(
  'audit_log_late_hours',
  { hour: pg.bigint('hour', { mode: 'number' }).notNull() },
  (t) => [pg.index('audit_log_late_hours_hour_idx').on(t.hour)],
);

/**
 * One row: every hour before `covered_to` (hours since 1970, exclusive; null: none yet) has its
 * count in `audit_log_hours` (or holds nothing), unless it is in `audit_log_late_hours`;
 * `covered_entries` is their sum as last refreshed.
 */
export const auditLogHoursState = pg.pgTable(
  'audit_log_hours_state',
  {
    id: pg.smallint('id').primaryKey().default(1),
    coveredTo: pg.bigint('covered_to', { mode: 'number' }),
    coveredEntries: pg.bigint('covered_entries', { mode: 'number' }).notNull().default(0),
  },
  (t) => [pg.check('audit_log_hours_state_one_row', sql`${t.id} = 1`)],
);

/**
 * Clock readings of the transaction ids: at `at`, no transaction id from `next_xid` on had been
 * handed out yet. Once every transaction below `next_xid` has ended, no running transaction can
 * still add an entry stamped before `at` without marking its hour late, so the hours before `at`
 * are sealed (see `refreshAuditHours`).
 */
export const auditLogXidClock = pg.pgTable('audit_log_xid_clock', {
  at: pg.timestamp('at', { withTimezone: true }).primaryKey(),
  nextXid: pg.bigint('next_xid', { mode: 'number' }).notNull(),
});
