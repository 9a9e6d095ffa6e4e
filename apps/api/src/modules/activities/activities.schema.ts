import { bigserial, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** User activity (spec section 3 "Activity": platform, action, country, ip, created_at) plus device. */
export const activities = pgTable(
  'activities',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id').notNull(),
    platform: varchar('platform', { length: 20 }),
    action: varchar('action', { length: 100 }).notNull(),
    device: varchar('device', { length: 150 }),
    country: varchar('country', { length: 100 }),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('activities_user_idx').on(t.userId, t.createdAt)],
);
