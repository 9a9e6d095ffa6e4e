import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** System settings, one row per key (maintenance_mode, platform_fee_percent, coin_price_pence, ...). */
export const settings = pgTable('settings', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
