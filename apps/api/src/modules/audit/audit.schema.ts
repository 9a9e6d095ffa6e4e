import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Audit log: every admin write and every security event (login, failed login, password change).
 * Append-only by convention and by a trigger in the migration.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorType: varchar('actor_type', { length: 10 }).notNull(),
    actorId: integer('actor_id'),
    action: varchar('action', { length: 100 }).notNull(),
    targetType: varchar('target_type', { length: 50 }),
    targetId: varchar('target_id', { length: 50 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    meta: jsonb('meta'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_logs_actor_idx').on(t.actorType, t.actorId, t.createdAt),
    index('audit_logs_action_idx').on(t.action, t.createdAt),
    index('audit_logs_target_idx').on(t.targetType, t.targetId),
    // The /logs list: newest first, paged, often with only a date range.
    index('audit_logs_created_idx').on(t.createdAt, t.id),
  ],
);
