import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { ExportColumn } from '../../platform/csv-export';
import { reportDaily, reportDeltas } from './reports.schema';

/**
 * One day of coin sales: coins credited by paid payments, how many payments, the money they took per
 * currency (`revenue`, minor units), and the platform's revenue of the day in coins (`fees`: fees kept,
 * net of refunds).
 */
export interface SalesDay {
  day: string;
  coins: number;
  payments: number;
  revenue: Record<string, number>;
  fees: number;
}

/** One day of sign-ups by user type (1 artist, 2 curator, 3 influencer). */
export interface UsersDay {
  day: string;
  artists: number;
  curators: number;
  influencers: number;
}

/** One day of payouts: requested (created that day, coins) and paid out (paid that day, coins and pence). */
export interface PayoutsDay {
  day: string;
  requested: number;
  requested_coins: number;
  paid: number;
  paid_coins: number;
  paid_minor: number;
}

/** The back-office report of a day range (`GET /api/admin/reports`), every number computed in SQL. */
export interface Report {
  from: string;
  to: string;
  sales: {
    days: SalesDay[];
    totals: {
      coins: number;
      payments: number;
      revenue: { currency: string; amount_minor: number }[];
      /** The platform's revenue in coins: the net movement of its revenue account (fees, subscriptions and deductions in, refunds out). */
      fees: number;
    };
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
    totals: {
      requested: number;
      requested_coins: number;
      paid: number;
      paid_coins: number;
      paid_minor: number;
    };
  };
}

/**
 * One row of the report statement: either a day of the range (`i` set: its sales, sign-ups and payouts)
 * or, with `i` null, the range's total of one status (`metric` campaigns or payouts, `dim` its id).
 */
type ReportRow = {
  /** Days since `from` (0 for `from` itself); null on a status row. */
  i: number | null;
  metric: 'campaigns' | 'payouts' | null;
  dim: string | null;
  /** Payments of the day, or the status's count. */
  n: number | null;
  /** Coins sold that day, or the status's coins. */
  coins: number | null;
  /** Minor units per currency sold that day (currencies with a non-zero rollup only). */
  revenue: Record<string, number> | null;
  artists: number | null;
  curators: number | null;
  influencers: number | null;
  requested: number | null;
  requested_coins: number | null;
  paid: number | null;
  paid_coins: number | null;
  paid_minor: number | null;
  /** The platform revenue account's net movement of the day, coins. */
  fees: number | null;
};

/**
 * The report's figures for the UTC days `from`..`to` in one statement (one snapshot, exact at that
 * moment): the compacted `report_daily` plus the deltas not yet folded in, one row per day
 * that has any figure and one per campaign or payout status. Only the few pending deltas are grouped
 * before the join (`report_daily` has one row per day, metric and dimension already), a
 * (day, metric, dim) whose sums are all zero counts as absent (no `revenue` key), and the days are
 * pivoted in SQL, so the API reads about 400 rows of integers instead of one per day, metric and
 * dimension (4,453 for a year: their parsing was most of the report's CPU; session 7,
 * docs/performance.md).
 */
async function reportRows(database: Database, from: string, to: string): Promise<ReportRow[]> {
  const res = await database.db.execute<ReportRow>(sql`
    with g as (
      select day, metric, dim,
             coalesce(d.n, 0) + coalesce(x.n, 0) as n,
             coalesce(d.coins, 0) + coalesce(x.coins, 0) as coins,
             coalesce(d.minor, 0) + coalesce(x.minor, 0) as minor
        from (select day, metric, dim, n, coins, minor from ${reportDaily}
               where day between ${from}::date and ${to}::date) d
        full join (select day, metric, dim,
                          sum(n)::bigint as n, sum(coins)::bigint as coins, sum(minor)::bigint as minor
                     from ${reportDeltas}
                    where day between ${from}::date and ${to}::date
                    group by day, metric, dim) x using (day, metric, dim)
       where coalesce(d.n, 0) + coalesce(x.n, 0) <> 0 or coalesce(d.coins, 0) + coalesce(x.coins, 0) <> 0
          or coalesce(d.minor, 0) + coalesce(x.minor, 0) <> 0
    )
    select day - ${from}::date as i, null as metric, null as dim,
           sum(n) filter (where metric = 'sales')::bigint as n,
           sum(coins) filter (where metric = 'sales')::bigint as coins,
           json_object_agg(dim, minor) filter (where metric = 'sales') as revenue,
           sum(n) filter (where metric = 'signups' and dim = '1')::bigint as artists,
           sum(n) filter (where metric = 'signups' and dim = '2')::bigint as curators,
           sum(n) filter (where metric = 'signups' and dim = '3')::bigint as influencers,
           sum(n) filter (where metric = 'payouts')::bigint as requested,
           sum(coins) filter (where metric = 'payouts')::bigint as requested_coins,
           sum(n) filter (where metric = 'payouts_paid')::bigint as paid,
           sum(coins) filter (where metric = 'payouts_paid')::bigint as paid_coins,
           sum(minor) filter (where metric = 'payouts_paid')::bigint as paid_minor,
           sum(coins) filter (where metric = 'fees')::bigint as fees
      from g group by day
    union all
    select null, metric, dim, sum(n)::bigint, sum(coins)::bigint, null, null, null, null, null, null, null, null,
           null, null
      from g where metric in ('campaigns', 'payouts') group by metric, dim`);
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
 * The report for the UTC days `from`..`to` inclusive (`YYYY-MM-DD`): coins sold and the money taken
 * per day (payments with status `paid`, by `paid_at`), the platform's revenue per day in coins (its
 * revenue account's net movement: fees net of refunds), express campaigns created in the range by their current
 * status, new users per day by type (live accounts, by `created_at`), payouts requested per day (by
 * `created_at`, coins) and paid per day (by `paid_at`, coins and pence) with the requested ones by status. Every
 * day of the range is present, zero when nothing happened. Read from the daily rollups kept by the
 * database (`report_daily` + `report_deltas`): one range read of about (days × metrics)
 * rollups, however many payments, campaigns, users and payouts there are, pivoted to one row per day
 * in SQL (`reportRows`) and copied into plain per-day arrays here.
 */
export async function buildReport(database: Database, from: string, to: string): Promise<Report> {
  const rows = await reportRows(database, from, to);
  const days = dayList(from, to);
  const salesDays: SalesDay[] = days.map((d) => ({ day: d, coins: 0, payments: 0, revenue: {}, fees: 0 }));
  const userDays: UsersDay[] = days.map((d) => ({ day: d, artists: 0, curators: 0, influencers: 0 }));
  const payoutDays: PayoutsDay[] = days.map((d) => ({
    day: d,
    requested: 0,
    requested_coins: 0,
    paid: 0,
    paid_coins: 0,
    paid_minor: 0,
  }));
  const revenue = new Map<string, number>();
  const campaignStatuses = new Map<number, { count: number; coins: number }>();
  const payoutStatuses = new Map<number, number>();
  for (const r of rows) {
    if (r.i === null) {
      if (r.metric === 'campaigns')
        campaignStatuses.set(Number(r.dim), { count: r.n ?? 0, coins: r.coins ?? 0 });
      else if (r.metric === 'payouts') payoutStatuses.set(Number(r.dim), r.n ?? 0);
      continue;
    }
    const sale = salesDays[r.i];
    const signup = userDays[r.i];
    const payout = payoutDays[r.i];
    if (!sale || !signup || !payout) continue;
    sale.coins = r.coins ?? 0;
    sale.payments = r.n ?? 0;
    sale.fees = Number(r.fees ?? 0);
    if (r.revenue) {
      sale.revenue = r.revenue;
      for (const [currency, minor] of Object.entries(r.revenue))
        revenue.set(currency, (revenue.get(currency) ?? 0) + minor);
    }
    signup.artists = r.artists ?? 0;
    signup.curators = r.curators ?? 0;
    signup.influencers = r.influencers ?? 0;
    payout.requested = r.requested ?? 0;
    payout.requested_coins = r.requested_coins ?? 0;
    payout.paid = r.paid ?? 0;
    payout.paid_coins = Number(r.paid_coins ?? 0);
    payout.paid_minor = r.paid_minor ?? 0;
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
        fees: salesDays.reduce((s, d) => s + d.fees, 0),
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
        paid_coins: payoutDays.reduce((s, d) => s + d.paid_coins, 0),
        paid_minor: payoutDays.reduce((s, d) => s + d.paid_minor, 0),
      },
    },
  };
}

/** Queue of the rollup compaction (`compactReportRollups`), every minute. */
export const REPORTS_COMPACT_QUEUE = 'reports.compact';

/** One day of the report as a row of its CSV export (`reportExport`). */
export interface ReportExportRow extends Record<string, unknown> {
  day: string;
  payments: number;
  coins_sold: number;
  fees_coins: number;
  /** Money taken that day per currency, minor units (columns `revenue_<CUR>`). */
  [revenue: `revenue_${string}`]: number;
  new_artists: number;
  new_curators: number;
  new_influencers: number;
  payouts_requested: number;
  payouts_requested_coins: number;
  payouts_paid: number;
  payouts_paid_coins: number;
  payouts_paid_minor: number;
}

/** Major units of `minor` in `currency` (its decimals per Intl: 2 for GBP, 0 for JPY), as text. */
function majorUnits(minor: number, currency: string): string {
  const digits =
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return (minor / 10 ** digits).toFixed(digits);
}

/**
 * The report of `from`..`to` as a CSV export (`GET /api/admin/reports/export.csv`, issue 36 "CSV
 * export of every list ... reports"): one row per UTC day of the range, every figure of the report's
 * per-day series (coins sold, payments, the platform's revenue in coins, money taken per currency in
 * major units with one column per currency taken in the range, sign-ups by type, payouts requested
 * and paid); payouts paid in pounds (payouts are paid in GBP). At most 366 rows, built in memory.
 */
export async function reportExport(
  database: Database,
  from: string,
  to: string,
): Promise<{ rows: ReportExportRow[]; columns: ExportColumn<ReportExportRow>[] }> {
  const report = await buildReport(database, from, to);
  const currencies = report.sales.totals.revenue.map((r) => r.currency);
  const rows = report.sales.days.map((sale, i): ReportExportRow => {
    const users = report.users.days[i]!;
    const payouts = report.payouts.days[i]!;
    return {
      day: sale.day,
      payments: sale.payments,
      coins_sold: sale.coins,
      fees_coins: sale.fees,
      ...Object.fromEntries(currencies.map((c) => [`revenue_${c}`, sale.revenue[c] ?? 0])),
      new_artists: users.artists,
      new_curators: users.curators,
      new_influencers: users.influencers,
      payouts_requested: payouts.requested,
      payouts_requested_coins: payouts.requested_coins,
      payouts_paid: payouts.paid,
      payouts_paid_coins: payouts.paid_coins,
      payouts_paid_minor: payouts.paid_minor,
    };
  });
  const columns: ExportColumn<ReportExportRow>[] = [
    { key: 'day', header: 'exports.reports.day' },
    { key: 'payments', header: 'exports.reports.payments' },
    { key: 'coins_sold', header: 'exports.reports.coins_sold' },
    ...currencies.map(
      (currency): ExportColumn<ReportExportRow> => ({
        key: `revenue_${currency}`,
        header: 'exports.reports.revenue',
        headerParams: { currency },
        format: (v) => majorUnits(Number(v), currency),
      }),
    ),
    { key: 'fees_coins', header: 'exports.reports.fees_coins' },
    { key: 'new_artists', header: 'exports.reports.new_artists' },
    { key: 'new_curators', header: 'exports.reports.new_curators' },
    { key: 'new_influencers', header: 'exports.reports.new_influencers' },
    { key: 'payouts_requested', header: 'exports.reports.payouts_requested' },
    { key: 'payouts_requested_coins', header: 'exports.reports.payouts_requested_coins' },
    { key: 'payouts_paid', header: 'exports.reports.payouts_paid' },
    { key: 'payouts_paid_coins', header: 'exports.reports.payouts_paid_coins' },
    {
      key: 'payouts_paid_minor',
      header: 'exports.reports.payouts_paid_amount',
      headerParams: { currency: 'GBP' },
      format: (v) => majorUnits(Number(v), 'GBP'),
    },
  ];
  return { rows, columns };
}
