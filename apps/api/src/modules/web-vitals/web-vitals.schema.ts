import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';

/**
 * Real-user Core Web Vitals as per-day histograms (issue 37): one row per UTC day, app, route
 * pattern, metric, form factor, navigation type and bucket (the bucket bounds of
 * `@lm/contracts/web-vitals-terms`), holding how many samples fell in it. A beacon adds to the rows
 * with `insert ... on conflict do update set count = count + excluded.count`, so the table grows with
 * the routes and days, never with the traffic. No user, session, address or URL is stored.
 */
export const webVitalHistograms = pg.pgTable(
  'web_vital_histograms',
  {
    day: pg.date('day', { mode: 'string' }).notNull(),
    app: pg.varchar('app', { length: 10 }).notNull(),
    /** The route pattern (`/campaigns/:campaignId`), never an address. */
    route: pg.varchar('route', { length: 120 }).notNull(),
    metric: pg.varchar('metric', { length: 8 }).notNull(),
    formFactor: pg.varchar('form_factor', { length: 10 }).notNull(),
    navigationType: pg.varchar('navigation_type', { length: 24 }).notNull(),
    /** Index into the metric's bounds (0 .. bounds.length, the last one above the last bound). */
    bucket: pg.smallint('bucket').notNull(),
    count: pg.bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [
    pg.primaryKey({
      name: 'web_vital_histograms_pk',
      columns: [t.day, t.app, t.route, t.metric, t.formFactor, t.navigationType, t.bucket],
    }),
    pg.check('web_vital_histograms_app_check', sql`${t.app} in ('web', 'admin')`),
    pg.check('web_vital_histograms_metric_check', sql`${t.metric} in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB')`),
    pg.check('web_vital_histograms_form_factor_check', sql`${t.formFactor} in ('phone', 'desktop')`),
    pg.check(
      'web_vital_histograms_navigation_type_check',
      sql`${t.navigationType} in ('navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore')`,
    ),
    pg.check('web_vital_histograms_bucket_check', sql`${t.bucket} between 0 and 40`),
    pg.check('web_vital_histograms_count_check', sql`${t.count} > 0`),
  ],
);

/**
 * The route patterns counted per UTC day and app, at most `WEB_VITALS_MAX_ROUTES_PER_DAY` of them: a
 * new pattern beyond that is counted as `*`, so made-up patterns cannot grow the histograms.
 */
export const webVitalRoutes = pg.pgTable(
  'web_vital_routes',
  {
    day: pg.date('day', { mode: 'string' }).notNull(),
    app: pg.varchar('app', { length: 10 }).notNull(),
    route: pg.varchar('route', { length: 120 }).notNull(),
  },
  (t) => [pg.primaryKey({ name: 'web_vital_routes_pk', columns: [t.day, t.app, t.route] })],
);
