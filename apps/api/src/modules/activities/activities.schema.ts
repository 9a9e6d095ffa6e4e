import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** User activity (spec section 3 "Activity": platform, action, country, ip, created_at) plus device. */
export const activities = pg.pgTable(
  'activities',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    userId: pg.integer('user_id').notNull(),
    platform: pg.varchar('platform', { length: 20 }),
    action: pg.varchar('action', { length: 100 }).notNull(),
    device: pg.varchar('device', { length: 150 }),
    country: pg.varchar('country', { length: 100 }),
    ip: pg.varchar('ip', { length: 64 }),
    userAgent: pg.text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [pg.index('activities_user_idx').on(t.userId, t.createdAt)],
);
