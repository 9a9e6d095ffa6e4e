import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

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

/**
 * The report for the UTC days `from`..`to` inclusive (`YYYY-MM-DD`): coins sold and revenue per day
 * (payments with status `paid`, by `paid_at`), express campaigns created in the range by status, and
 * new users per day by type (live accounts, by `created_at`), payouts requested per day (by
 * `created_at`, coins) and paid per day (by `paid_at`, pence) with the requested ones by status. Every day of the range is present,
 * zero when nothing happened.
 */
export async function buildReport(database: Database, from: string, to: string): Promise<Report> {
  const days = sql`select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d`;
  // Bounds on the stored timestamptz itself (UTC midnights), so the columns' indexes apply; grouping
  // by UTC day happens after the range is cut.
  const range = (column: string) =>
    sql`${sql.raw(column)} >= ${from}::date::timestamp at time zone 'UTC'
      and ${sql.raw(column)} < (${to}::date + 1)::timestamp at time zone 'UTC'`;

  const [sales, revenue, campaigns, users, payoutDays, payoutStatuses] = await Promise.all([
    database.db.execute<{
      day: string;
      coins: number;
      payments: number;
      revenue: Record<string, number> | null;
    }>(sql`
      with days as (${days}),
      per_currency as (
        select (p.paid_at at time zone 'UTC')::date as day, p.currency,
               sum(p.coins)::bigint as coins, count(*)::int as payments, sum(p.amount_minor)::bigint as amount
          from payments p
         where p.status = 'paid' and ${range('p.paid_at')}
         group by 1, 2
      )
      select to_char(d.day, 'YYYY-MM-DD') as day,
             coalesce(sum(c.coins), 0)::int as coins,
             coalesce(sum(c.payments), 0)::int as payments,
             jsonb_object_agg(c.currency, c.amount) filter (where c.currency is not null) as revenue
        from days d left join per_currency c on c.day = d.day
       group by d.day order by d.day`),
    database.db.execute<{ currency: string; amount_minor: number }>(sql`
      select currency, sum(amount_minor)::bigint::float8 as amount_minor
        from payments
       where status = 'paid' and ${range('paid_at')}
       group by currency order by currency`),
    database.db.execute<{ status_id: number; count: number; coins: number }>(sql`
      select status_id::int, count(*)::int as count, sum(price)::bigint::float8 as coins
        from express_campaigns
       where ${range('created_at')}
       group by status_id order by status_id`),
    database.db.execute<UsersDay & Record<string, unknown>>(sql`
      with days as (${days}),
      signups as (
        select (created_at at time zone 'UTC')::date as day,
               count(*) filter (where user_type_id = 1)::int as artists,
               count(*) filter (where user_type_id = 2)::int as curators,
               count(*) filter (where user_type_id = 3)::int as influencers
          from users where deleted_at is null and ${range('created_at')} group by 1
      )
      select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(s.artists, 0) as artists,
             coalesce(s.curators, 0) as curators, coalesce(s.influencers, 0) as influencers
        from days d left join signups s on s.day = d.day
       order by d.day`),
    database.db.execute<PayoutsDay & Record<string, unknown>>(sql`
      with days as (${days}),
      requested as (
        select (created_at at time zone 'UTC')::date as day, count(*)::int as n, sum(coins)::bigint as coins
          from payouts where ${range('created_at')} group by 1
      ),
      paid as (
        select (paid_at at time zone 'UTC')::date as day, count(*)::int as n, sum(amount_minor)::bigint as minor
          from payouts where status_id = 3 and ${range('paid_at')} group by 1
      )
      select to_char(d.day, 'YYYY-MM-DD') as day,
             coalesce(r.n, 0) as requested, coalesce(r.coins, 0)::float8 as requested_coins,
             coalesce(p.n, 0) as paid, coalesce(p.minor, 0)::float8 as paid_minor
        from days d left join requested r on r.day = d.day left join paid p on p.day = d.day
       order by d.day`),
    database.db.execute<{ status_id: number; count: number }>(sql`
      select status_id::int, count(*)::int as count from payouts
       where ${range('created_at')}
       group by status_id order by status_id`),
  ]);

  const salesDays = sales.rows.map((r) => ({
    day: r.day,
    coins: r.coins,
    payments: r.payments,
    revenue: Object.fromEntries(Object.entries(r.revenue ?? {}).map(([k, v]) => [k, Number(v)])),
  }));
  const userDays = users.rows;
  return {
    from,
    to,
    sales: {
      days: salesDays,
      totals: {
        coins: salesDays.reduce((s, d) => s + d.coins, 0),
        payments: salesDays.reduce((s, d) => s + d.payments, 0),
        revenue: revenue.rows.map((r) => ({ currency: r.currency, amount_minor: Number(r.amount_minor) })),
      },
    },
    campaigns: {
      by_status: campaigns.rows.map((r) => ({ status_id: r.status_id, count: r.count })),
      coins: campaigns.rows.reduce((s, r) => s + Number(r.coins), 0),
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
      days: payoutDays.rows,
      by_status: payoutStatuses.rows,
      totals: {
        requested: payoutDays.rows.reduce((s, d) => s + d.requested, 0),
        requested_coins: payoutDays.rows.reduce((s, d) => s + d.requested_coins, 0),
        paid: payoutDays.rows.reduce((s, d) => s + d.paid, 0),
        paid_minor: payoutDays.rows.reduce((s, d) => s + d.paid_minor, 0),
      },
    },
  };
}
