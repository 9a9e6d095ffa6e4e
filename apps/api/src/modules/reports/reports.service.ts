import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { JobDefinition } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import { reportDaily, reportDeltas } from './reports.schema';

/** One day of coin sales: coins credited by paid payments, how many payments, revenue per currency (minor units). */
export interface SalesDay {
  day: string;
  coins: number;
  payments: number;
  revenue: Record<string, number>;
}

/** One day of sign-ups by user type (1 artist, 2 curator, 3 influencer). */
export interface UsersDay {
  day: string;
  artists: number;
  curators: number;
  influencers: number;
}

/** One day of payouts: requested (created that day, coins) and paid out (paid that day, pence). */
export interface PayoutsDay {
  day: string;
  requested: number;
  requested_coins: number;
  paid: number;
  paid_minor: number;
}

/** The back-office report of a day range (`GET /api/admin/reports`), every number computed in SQL. */
export interface Report {
  from: string;
  to: string;
  sales: {
    days: SalesDay[];
    totals: { coins: number; payments: number; revenue: { currency: string; amount_minor: number }[] };
  };
  campaigns: {
    /** Express campaigns created in the range, by their current status id (1..8). */
    by_status: { status_id: number; count: number }[];
    /** Coins those campaigns cost (their held prices). */
    coins: number;
  };
  users: { days: UsersDay[]; totals: { artists: number; curators: number; influencers: number } };
  payouts: {
    days: PayoutsDay[];
    /** Payouts requested in the range, by their current status id (1 pending .. 5 failed). */
    by_status: { status_id: number; count: number }[];
    totals: { requested: number; requested_coins: number; paid: number; paid_minor: number };
  };
}

/** One rollup row of the range: a day (offset from `from`), a metric and a dimension with its sums. */
type RollupRow = {
  /** Days since `from` (0 for `from` itself). */
  i: number;
  metric: 'sales' | 'campaigns' | 'signups' | 'payouts' | 'payouts_paid';
  dim: string;
  n: number;
  coins: number;
  minor: number;
};

/**
 * Rollup rows of the UTC days `from`..`to`: the compacted `report_daily` plus the deltas not yet
 * folded in (one statement, one snapshot, so the sums are exact at that moment; issue 18). Only the
 * few pending deltas are grouped: `report_daily` has one row per (day, metric, dim), so it is joined
 * as it is (a full join on that key), and the day goes out as its offset from `from` and the sums as
 * integers (no `to_char`, no numeric sums or float output: session 7, docs/performance.md). Rows whose
 * sums are all zero may come back; the caller skips them.
 */
async function rollups(database: Database, from: string, to: string): Promise<RollupRow[]> {
  const res = await database.db.execute<RollupRow>(sql`
    select day - ${from}::date as i, metric, dim,
           coalesce(d.n, 0) + coalesce(x.n, 0) as n,
           coalesce(d.coins, 0) + coalesce(x.coins, 0) as coins,
           coalesce(d.minor, 0) + coalesce(x.minor, 0) as minor
      from (select day, metric, dim, n, coins, minor from ${reportDaily}
             where day between ${from}::date and ${to}::date) d
      full join (select day, metric, dim,
                        sum(n)::bigint as n, sum(coins)::bigint as coins, sum(minor)::bigint as minor
                   from ${reportDeltas}
                  where day between ${from}::date and ${to}::date
                  group by day, metric, dim) x using (day, metric, dim)`);
  return res.rows;
}

/** The UTC days `from`..`to` inclusive as `YYYY-MM-DD`. */
function dayList(from: string, to: string): string[] {
  const out: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end; t += 86_400_000) {
    out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

/**
 * Fold deltas written by the report triggers into `report_daily` (the `reports.compact` job, every
 * minute). Safe to run concurrently: each delta row is deleted, and so counted, by one call only.
 * @returns how many delta rows were folded in
 */
export async function compactReportRollups(database: Database): Promise<number> {
  const res = await database.db.execute<{ n: string }>(sql`select report_compact() as n`);
  return Number(res.rows[0]?.n ?? 0);
}

/**
 * The report for the UTC days `from`..`to` inclusive (`YYYY-MM-DD`): coins sold and revenue per day
 * (payments with status `paid`, by `paid_at`), express campaigns created in the range by their current
 * status, new users per day by type (live accounts, by `created_at`), payouts requested per day (by
 * `created_at`, coins) and paid per day (by `paid_at`, pence) with the requested ones by status. Every
 * day of the range is present, zero when nothing happened. Read from the daily rollups kept by the
 * database (`report_daily` + `report_deltas`, issue 18): one indexed range read of about
 * (days × metrics) rows, however many payments, campaigns, users and payouts there are.
 */
export async function buildReport(database: Database, from: string, to: string): Promise<Report> {
  const rows = await rollups(database, from, to);
  const days = dayList(from, to);
  // Plain arrays indexed by the row's day offset: no per-row string keys or map lookups (session 7).
  const salesDays: SalesDay[] = days.map((d) => ({ day: d, coins: 0, payments: 0, revenue: {} }));
  const userDays: UsersDay[] = days.map((d) => ({ day: d, artists: 0, curators: 0, influencers: 0 }));
  const payoutDays: PayoutsDay[] = days.map((d) => ({
    day: d,
    requested: 0,
    requested_coins: 0,
    paid: 0,
    paid_minor: 0,
  }));
  const revenue = new Map<string, number>();
  const campaignStatuses = new Map<number, { count: number; coins: number }>();
  const payoutStatuses = new Map<number, number>();
  for (const r of rows) {
    // A (day, metric, dim) whose sums are all zero counts as absent (a key of `revenue` only when it sold).
    if (r.n === 0 && r.coins === 0 && r.minor === 0) continue;
    if (r.metric === 'sales') {
      const day = salesDays[r.i];
      if (!day) continue;
      day.coins += r.coins;
      day.payments += r.n;
      day.revenue[r.dim] = (day.revenue[r.dim] ?? 0) + r.minor;
      revenue.set(r.dim, (revenue.get(r.dim) ?? 0) + r.minor);
    } else if (r.metric === 'campaigns') {
      const status = campaignStatuses.get(Number(r.dim)) ?? { count: 0, coins: 0 };
      status.count += r.n;
      status.coins += r.coins;
      campaignStatuses.set(Number(r.dim), status);
    } else if (r.metric === 'signups') {
      const day = userDays[r.i];
      if (!day) continue;
      if (r.dim === '1') day.artists += r.n;
      else if (r.dim === '2') day.curators += r.n;
      else if (r.dim === '3') day.influencers += r.n;
    } else if (r.metric === 'payouts') {
      const day = payoutDays[r.i];
      if (day) {
        day.requested += r.n;
        day.requested_coins += r.coins;
      }
      payoutStatuses.set(Number(r.dim), (payoutStatuses.get(Number(r.dim)) ?? 0) + r.n);
    } else if (r.metric === 'payouts_paid') {
      const day = payoutDays[r.i];
      if (day) {
        day.paid += r.n;
        day.paid_minor += r.minor;
      }
    }
  }
  const byId = <T>(m: Map<number, T>) => [...m.entries()].sort((a, b) => a[0] - b[0]);
  return {
    from,
    to,
    sales: {
      days: salesDays,
      totals: {
        coins: salesDays.reduce((s, d) => s + d.coins, 0),
        payments: salesDays.reduce((s, d) => s + d.payments, 0),
        revenue: [...revenue.entries()]
          .sort((a, b) => a[0].localeCompare(b[0]))
          .map(([currency, amount]) => ({ currency, amount_minor: amount })),
      },
    },
    campaigns: {
      by_status: byId(campaignStatuses)
        .filter(([, v]) => v.count > 0)
        .map(([id, v]) => ({ status_id: id, count: v.count })),
      coins: [...campaignStatuses.values()].reduce((s, v) => s + v.coins, 0),
    },
    users: {
      days: userDays,
      totals: {
        artists: userDays.reduce((s, d) => s + d.artists, 0),
        curators: userDays.reduce((s, d) => s + d.curators, 0),
        influencers: userDays.reduce((s, d) => s + d.influencers, 0),
      },
    },
    payouts: {
      days: payoutDays,
      by_status: byId(payoutStatuses)
        .filter(([, n]) => n > 0)
        .map(([id, n]) => ({ status_id: id, count: n })),
      totals: {
        requested: payoutDays.reduce((s, d) => s + d.requested, 0),
        requested_coins: payoutDays.reduce((s, d) => s + d.requested_coins, 0),
        paid: payoutDays.reduce((s, d) => s + d.paid, 0),
        paid_minor: payoutDays.reduce((s, d) => s + d.paid_minor, 0),
      },
    },
  };
}

/** Queue of the rollup compaction (`compactReportRollups`), every minute. */
export const REPORTS_COMPACT_QUEUE = 'reports.compact';

/** Jobs of the reports module: the rollup compaction, every minute (issue 18). */
export function reportJobs(deps: Pick<AppDeps, 'database'>): JobDefinition[] {
  return [
    {
      name: REPORTS_COMPACT_QUEUE,
      cron: '* * * * *',
      retryLimit: 1,
      handler: async () => {
        await compactReportRollups(deps.database);
      },
    },
  ];
}
