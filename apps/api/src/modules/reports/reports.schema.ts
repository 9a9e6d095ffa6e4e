import * as pg from 'drizzle-orm/pg-core';

/**
 * Daily rollups of the back-office report: per UTC day, metric and dimension, how many
 * rows, coins and money (minor units). Metrics: `sales` (paid payments by `paid_at`, dim currency),
 * `campaigns` (express campaigns by `created_at`, dim status id), `signups` (live users by
 * `created_at`, dim user type id), `payouts` (by `created_at`, dim status id), `payouts_paid` (paid
 * payouts by `paid_at`, dim ''). Kept by database triggers on the source tables (migration 0034),
 * which append signed deltas to `report_deltas` in the writing transaction; the `reports.compact` job
 * folds them in here. The report reads both, so it is exact at every moment.
 */
export const reportDaily = pg.pgTable(
  'report_daily',
  {
    day: pg.date('day').notNull(),
    metric: pg.varchar('metric', { length: 20 }).notNull(),
    dim: pg.varchar('dim', { length: 10 }).notNull(),
    n: pg.bigint('n', { mode: 'number' }).notNull().default(0),
    coins: pg.bigint('coins', { mode: 'number' }).notNull().default(0),
    minor: pg.bigint('minor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [pg.primaryKey({ columns: [t.day, t.metric, t.dim] })],
);

/** Signed changes of `report_daily` written by the triggers, insert-only (no row is locked). */
export const reportDeltas = pg.pgTable(
  'report_deltas',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    day: pg.date('day').notNull(),
    metric: pg.varchar('metric', { length: 20 }).notNull(),
    dim: pg.varchar('dim', { length: 10 }).notNull(),
    n: pg.bigint('n', { mode: 'number' }).notNull(),
    coins: pg.bigint('coins', { mode: 'number' }).notNull(),
    minor: pg.bigint('minor', { mode: 'number' }).notNull(),
  },
  (t) => [pg.index('report_deltas_day_idx').on(t.day)],
);
