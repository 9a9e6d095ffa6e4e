import { bigint, bigserial, date, index, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * Daily rollups of the back-office report: per UTC day, metric and dimension, how many
 * rows, coins and money (minor units). Metrics: `sales` (paid payments by `paid_at`, dim currency),
 * `campaigns` (express campaigns by `created_at`, dim status id), `signups` (live users by
 * `created_at`, dim user type id), `payouts` (by `created_at`, dim status id), `payouts_paid` (paid
 * payouts by `paid_at`, dim ''). Kept by database triggers on the source tables (migration 0034),
 * which append signed deltas to `report_deltas` in the writing transaction; the `reports.compact` job
 * folds them in here. The report reads both, so it is exact at every moment.
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    day: date('day').notNull(),
    metric: varchar('metric', { length: 20 }).notNull(),
    dim: varchar('dim', { length: 10 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    coins: bigint('coins', { mode: 'number' }).notNull().default(0),
    minor: bigint('minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.dim] })],
);

/** Signed changes of `report_daily` written by the triggers, insert-only (no row is locked). */
export const reportDeltas = pgTable(
  'report_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    day: date('day').notNull(),
    metric: varchar('metric', { length: 20 }).notNull(),
    dim: varchar('dim', { length: 10 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
    coins: bigint('coins', { mode: 'number' }).notNull(),
    minor: bigint('minor', { mode: 'number' }).notNull(),
  },
  (t) => [index('report_deltas_day_idx').on(t.day)],
);
