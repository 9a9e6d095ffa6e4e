import {
  WEB_VITAL_METRICS,
  WEB_VITAL_OTHER_ROUTE,
  WEB_VITAL_THRESHOLDS,
  WEB_VITALS_KEEP_DAYS,
  WEB_VITALS_MAX_ROUTES_PER_DAY,
  type WebVitalApp,
  type WebVitalFigure,
  type WebVitalFormFactor,
  type WebVitalMetric,
  type WebVitalsBeacon,
  type WebVitalsRow,
  type WebVitalsSummary,
  type WebVitalsWindow,
  webVitalBucket,
  webVitalBucketRange,
} from '@lm/contracts/web-vitals';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';

/**
 * Real-user Core Web Vitals (issue 37 "Fast where people feel it"): the apps' beacons counted into
 * per-day histograms, the staff summary read from them, and the daily prune. Rules in
 * docs/decisions.md "Real-user Core Web Vitals (issue 37)".
 */

export interface VitalsDeps {
  database: Database;
  clock: Clock;
}

const DAY_MS = 86_400_000;
/** The UTC calendar day of `at`, `YYYY-MM-DD`. */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * Of the route patterns of a beacon, those counted under their own name today for `app`: the ones
 * already counted today, and new ones while the day has fewer than `WEB_VITALS_MAX_ROUTES_PER_DAY`.
 * The limit is read once per statement, so concurrent beacons may pass it by a few routes.
 */
async function countedRoutes(
  database: Database,
  day: string,
  app: WebVitalApp,
  routes: string[],
): Promise<Set<string>> {
  const wanted = JSON.stringify(routes);
  // A route another beacon is adding at this moment conflicts: `do update` waits for it and returns
  // the row, so the route is counted under its name here too (`do nothing` would return nothing).
  const rows = await database.db.execute<{ route: string }>(sql`
    with wanted as (select jsonb_array_elements_text(${wanted}::jsonb) as route),
    known as (
      select r.route from web_vital_routes r join wanted w on w.route = r.route
       where r.day = ${day}::date and r.app = ${app}
    ),
    added as (
      insert into web_vital_routes (day, app, route)
      select ${day}::date, ${app}, w.route from wanted w
       where w.route not in (select route from known)
         and (select count(*) from web_vital_routes where day = ${day}::date and app = ${app})
             < ${WEB_VITALS_MAX_ROUTES_PER_DAY}
      on conflict (day, app, route) do update set route = excluded.route
      returning route
    )
    select route from known union select route from added`);
  return new Set([WEB_VITAL_OTHER_ROUTE, ...rows.rows.map((r) => r.route)]);
}

/**
 * Count a beacon's samples into today's histograms (UTC day of the app's clock): each sample adds 1
 * to the bucket of its value, under its route pattern (or `*` when the day's route limit is reached),
 * metric, the beacon's form factor and its navigation type. One statement adds every bucket with
 * `on conflict do update set count = count + excluded.count`, in a fixed key order, so concurrent
 * beacons add up exactly and never wait on each other in a circle. The rating the beacon carries is
 * not stored: the bucket says it (every threshold is a bucket bound).
 * @param beacon validated by `webVitalsBeaconSchema` (values finite, within the metric's bounds)
 * @returns how many samples were counted
 */
export async function recordVitals(deps: VitalsDeps, beacon: WebVitalsBeacon): Promise<number> {
  const day = utcDay(deps.clock.now());
  const routes = [...new Set(beacon.samples.map((s) => s.route))];
  const counted = await countedRoutes(deps.database, day, beacon.app, routes);
  const buckets = new Map<
    string,
    { route: string; metric: string; nav: string; bucket: number; n: number }
  >();
  for (const s of beacon.samples) {
    const route = counted.has(s.route) ? s.route : WEB_VITAL_OTHER_ROUTE;
    const bucket = webVitalBucket(s.metric, s.value);
    const key = JSON.stringify([route, s.metric, s.navigation_type, bucket]);
    const row = buckets.get(key);
    if (row) row.n += 1;
    else buckets.set(key, { route, metric: s.metric, nav: s.navigation_type, bucket, n: 1 });
  }
  const rows = JSON.stringify([...buckets.values()]);
  await deps.database.db.execute(sql`
    insert into web_vital_histograms as h
      (day, app, route, metric, form_factor, navigation_type, bucket, count)
    select ${day}::date, ${beacon.app}, x.route, x.metric, ${beacon.form_factor}, x.nav, x.bucket, x.n
      from jsonb_to_recordset(${rows}::jsonb) as x(route text, metric text, nav text, bucket smallint, n bigint)
     order by x.route, x.metric, x.nav, x.bucket
    on conflict (day, app, route, metric, form_factor, navigation_type, bucket)
    do update set count = h.count + excluded.count`);
  return beacon.samples.length;
}

/**
 * A percentile of a metric's histogram: the bucket holding the sample of rank `q · n` (n samples in
 * all), and inside it a straight line between the bucket's bounds (Prometheus's
 * `histogram_quantile` does the same), as if its samples were spread evenly. The estimate is never
 * off by more than the width of that bucket: at the p75 of a good LCP (up to 2.5 s) at most 500 ms,
 * of a good INP at most 25 ms, of a good CLS at most 0.025.
 * @param counts samples per bucket index (see `WEB_VITAL_BUCKETS`)
 * @param q the quantile, 0 < q ≤ 1 (0.75 for the p75)
 * @returns the value (ms; CLS unitless), or null without samples
 */
export function percentileFromHistogram(
  metric: WebVitalMetric,
  counts: readonly number[],
  q = 0.75,
): number | null {
  const total = counts.reduce((sum, c) => sum + c, 0);
  if (total === 0) return null;
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < counts.length; i++) {
    const n = counts[i] ?? 0;
    if (n > 0 && below + n >= rank) {
      const [low, high] = webVitalBucketRange(metric, i);
      return low + (high - low) * ((rank - below) / n);
    }
    below += n;
  }
  return webVitalBucketRange(metric, counts.length - 1)[1];
}

/**
 * A metric's figure from its histogram: samples, the p75 (rounded to the ms, CLS to 3 decimals) and
 * the samples of each of web.dev's bands (exact: each threshold is a bucket bound).
 */
export function figureOf(metric: WebVitalMetric, counts: readonly number[]): WebVitalFigure | null {
  const p75 = percentileFromHistogram(metric, counts);
  if (p75 === null) return null;
  const [good, poor] = WEB_VITAL_THRESHOLDS[metric].map((t) => webVitalBucket(metric, t));
  const band = { good: 0, needs_improvement: 0, poor: 0 };
  counts.forEach((n, i) => {
    if (i <= good!) band.good += n;
    else if (i <= poor!) band.needs_improvement += n;
    else band.poor += n;
  });
  return {
    samples: band.good + band.needs_improvement + band.poor,
    p75: metric === 'CLS' ? Math.round(p75 * 1000) / 1000 : Math.round(p75),
    ...band,
  };
}

/**
 * The staff summary of the last `days` UTC days (today of the app's clock included): one row per app,
 * route pattern and form factor with samples, each metric's figure (null without samples), the most
 * measured rows first. Navigation types are added together.
 */
export async function webVitalsSummary(deps: VitalsDeps, days: WebVitalsWindow): Promise<WebVitalsSummary> {
  const today = deps.clock.now();
  const to = utcDay(today);
  const from = utcDay(new Date(today.getTime() - (days - 1) * DAY_MS));
  const result = await deps.database.db.execute<{
    app: WebVitalApp;
    route: string;
    form_factor: WebVitalFormFactor;
    metric: WebVitalMetric;
    bucket: number;
    count: number;
  }>(sql`
    select app, route, form_factor, metric, bucket, sum(count)::float8 as count
      from web_vital_histograms
     where day between ${from}::date and ${to}::date
     group by app, route, form_factor, metric, bucket`);
  const groups = new Map<
    string,
    { row: Omit<WebVitalsRow, 'metrics'>; counts: Map<WebVitalMetric, number[]> }
  >();
  for (const r of result.rows) {
    const key = JSON.stringify([r.app, r.route, r.form_factor]);
    let group = groups.get(key);
    if (!group) {
      group = { row: { app: r.app, route: r.route, form_factor: r.form_factor }, counts: new Map() };
      groups.set(key, group);
    }
    const counts = group.counts.get(r.metric) ?? [];
    counts[r.bucket] = (counts[r.bucket] ?? 0) + r.count;
    group.counts.set(r.metric, counts);
  }
  const rows = [...groups.values()].map(({ row, counts }) => ({
    ...row,
    metrics: Object.fromEntries(
      WEB_VITAL_METRICS.map((m) => [
        m,
        figureOf(
          m,
          Array.from(counts.get(m) ?? [], (n) => n ?? 0),
        ),
      ]),
    ) as WebVitalsRow['metrics'],
  }));
  const measured = (row: WebVitalsRow) =>
    Math.max(...WEB_VITAL_METRICS.map((m) => row.metrics[m]?.samples ?? 0));
  rows.sort(
    (a, b) =>
      measured(b) - measured(a) ||
      a.app.localeCompare(b.app) ||
      a.route.localeCompare(b.route) ||
      a.form_factor.localeCompare(b.form_factor),
  );
  return { days, from, to, rows };
}

/** Queue of the daily prune (04:50 UTC). */
export const WEB_VITALS_PRUNE_QUEUE = 'web-vitals.prune';

/**
 * Remove the histograms and route lists of days more than `WEB_VITALS_KEEP_DAYS` days before today
 * (UTC, the app's clock). Safe to run twice.
 * @returns how many histogram rows were removed
 */
export async function pruneWebVitals(deps: VitalsDeps): Promise<number> {
  const cutoff = utcDay(new Date(deps.clock.now().getTime() - WEB_VITALS_KEEP_DAYS * DAY_MS));
  const removed = await deps.database.db.execute(
    sql`delete from web_vital_histograms where day < ${cutoff}::date`,
  );
  await deps.database.db.execute(sql`delete from web_vital_routes where day < ${cutoff}::date`);
  return removed.rowCount ?? 0;
}
