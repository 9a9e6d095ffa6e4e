/**
 * What the soak (`soak.ts`) reads from the system while it runs and checks at its end: the processes'
 * resident memory and the PostgreSQL connections over time and whether they stayed flat after the
 * warm-up, every job done once, every purchase and payout written exactly once with its timeline
 * event, notification and mail, and the ledger's invariants.
 */
import type pg from 'pg';
import { type CpuSnapshot, cpuSnapshot, serverRssMb } from './cpu';
import { checkLedger, escrowMismatches, ledgerHolds } from './wallet-data';

/** One reading of the system (every few seconds during the run). */
export interface Sample {
  /** Seconds since the measured run started. */
  at: number;
  apiRssMb: number;
  workerRssMb: number;
  /** Client connections to PostgreSQL (the bench's own left out), and by `application_name`. */
  connections: number;
  byApp: Record<string, number>;
  /** pg-boss jobs due and not yet taken (created or retry, start time passed), and running. */
  jobsDue: number;
  jobsActive: number;
  /** CPU counters of the API's and the worker's processes, and PostgreSQL's. */
  apiCpu: CpuSnapshot;
  workerCpu: CpuSnapshot;
  /** CPU time of the bench's own process (the load driver), ms. */
  driverCpuMs: number;
}

/** The processes the sampler reads. */
export interface Processes {
  apiPgid: number;
  workerPgid: number;
  postmasterPid: number | null;
}

/** Read the system once: RSS and CPU from /proc, connections and job queue from PostgreSQL. */
export async function sample(db: pg.Client, processes: Processes, at: number): Promise<Sample> {
  const { apiPgid, workerPgid, postmasterPid } = processes;
  // One after the other: a pg.Client runs one query at a time (pg 9 refuses a second one in flight).
  const conns = await db.query<{ app: string; n: number }>(
    `select coalesce(nullif(application_name, ''), '(none)') as app, count(*)::int as n
         from pg_stat_activity
        where backend_type = 'client backend' and application_name not like 'liberty-bench%'
        group by 1`,
  );
  const jobs = await db.query<{ due: number; active: number }>(
    `select count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as due,
              count(*) filter (where state = 'active')::int as active
         from pgboss.job`,
  );
  const byApp = Object.fromEntries(conns.rows.map((r) => [r.app, r.n]));
  return {
    at,
    apiRssMb: serverRssMb(apiPgid, postmasterPid),
    workerRssMb: serverRssMb(workerPgid, postmasterPid),
    connections: conns.rows.reduce((sum, r) => sum + r.n, 0),
    byApp,
    jobsDue: jobs.rows[0]?.due ?? 0,
    jobsActive: jobs.rows[0]?.active ?? 0,
    apiCpu: cpuSnapshot(apiPgid, postmasterPid),
    workerCpu: cpuSnapshot(workerPgid, postmasterPid),
    driverCpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  };
}

export const median = (values: readonly number[]): number => {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

/** How a series behaved after the warm-up. */
export interface Flatness {
  /** Median of the second and of the last third of the run. */
  second: number;
  last: number;
  /** Highest value of the last third. */
  lastMax: number;
  /** Growth per hour by least squares over the two thirds after the warm-up (same unit as the series). */
  slopePerHour: number;
  flat: boolean;
}

/**
 * "Flat after warm-up": the run is cut into thirds by time; the first third is the warm-up (caches,
 * JIT, pools and the young generation filling); the series is flat when the median of the last
 * third is at most `tolerance` (a share) above the median of the second third, plus `slack` (in the
 * series' unit: connections are small whole numbers).
 */
export function flatness(
  samples: readonly Sample[],
  value: (s: Sample) => number,
  runSeconds: number,
  tolerance: number,
  slack = 0,
): Flatness {
  const third = runSeconds / 3;
  const second = samples.filter((s) => s.at >= third && s.at < 2 * third).map(value);
  const lastSamples = samples.filter((s) => s.at >= 2 * third);
  const last = lastSamples.map(value);
  const after = samples.filter((s) => s.at >= third);
  const n = after.length;
  const meanX = after.reduce((a, s) => a + s.at, 0) / Math.max(1, n);
  const meanY = after.reduce((a, s) => a + value(s), 0) / Math.max(1, n);
  const cov = after.reduce((a, s) => a + (s.at - meanX) * (value(s) - meanY), 0);
  const varX = after.reduce((a, s) => a + (s.at - meanX) ** 2, 0);
  const m2 = median(second);
  const m3 = median(last);
  return {
    second: m2,
    last: m3,
    lastMax: Math.max(...last),
    slopePerHour: varX > 0 ? (cov / varX) * 3600 : 0,
    flat: second.length > 0 && last.length > 0 && m3 <= m2 * (1 + tolerance) + slack,
  };
}

/** One check of the end of the run. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

const one = async <T>(db: pg.Client, sql: string, params: unknown[] = []): Promise<T> =>
  (await db.query(sql, params)).rows[0] as T;

/**
 * Wait (at most `timeoutMs`) until the worker has caught up: no job due and not taken, none
 * running, and every approved payout of the run paid (the sandbox Wise moves a transfer every 3 s).
 * @returns the milliseconds it took
 */
export async function drain(db: pg.Client, payoutIds: number[], timeoutMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < timeoutMs) {
    const s = await one<{ due: number; active: number; processing: number }>(
      db,
      `select (select count(*)::int from pgboss.job where state in ('created', 'retry') and start_after <= now()) as due,
              (select count(*)::int from pgboss.job where state = 'active') as active,
              (select count(*)::int from payouts where id = any($1) and status_id = 2) as processing`,
      [payoutIds],
    );
    if (s.due === 0 && s.active === 0 && s.processing === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  return performance.now() - started;
}

/** The pg-boss jobs of the run: none failed, none retried, none done twice, cron passes once a minute. */
export async function jobChecks(db: pg.Client, since: Date): Promise<{ checks: Check[]; byState: string }> {
  const states = (
    await db.query<{ name: string; state: string; n: number }>(
      `select name, state::text, count(*)::int as n from pgboss.job where created_on >= $1 group by 1, 2 order by 1, 2`,
      [since],
    )
  ).rows;
  const byState = new Map<string, number>();
  for (const r of states) byState.set(r.state, (byState.get(r.state) ?? 0) + r.n);
  const failed = states.filter((r) => r.state === 'failed');
  const retried = (
    await db.query<{ name: string; n: number; most: number }>(
      `select name, count(*)::int as n, max(retry_count)::int as most from pgboss.job
        where created_on >= $1 and retry_count > 0 group by 1 order by 1`,
      [since],
    )
  ).rows;
  // A job with a singleton key (in its time slot, for pg-boss's own cron sends) is one piece of work
  // (a campaign's step at its due time, a payout's funding, a mail): done at most once.
  const twice = (
    await db.query<{ name: string; n: number }>(
      `select name, count(*)::int as n from (
         select name, singleton_key, singleton_on from pgboss.job
          where created_on >= $1 and singleton_key is not null and state = 'completed'
          group by 1, 2, 3 having count(*) > 1) d group by 1`,
      [since],
    )
  ).rows;
  // A cron schedule runs once a minute whichever process's clock created it.
  const cronTwice = (
    await db.query<{ name: string; n: number }>(
      `select name, count(*)::int as n from (
         select j.name, date_trunc('minute', j.created_on) from pgboss.job j
           join pgboss.schedule s on s.name = j.name
          where j.created_on >= $1 and j.state <> 'cancelled'
          group by 1, 2 having count(*) > 1) d group by 1`,
      [since],
    )
  ).rows;
  const cronRuns = await one<{ n: number; schedules: number }>(
    db,
    `select count(*)::int as n, count(distinct j.name)::int as schedules from pgboss.job j
       join pgboss.schedule s on s.name = j.name where j.created_on >= $1`,
    [since],
  );
  const overdue = await one<{ n: number }>(
    db,
    `select count(*)::int as n from pgboss.job
      where state in ('created', 'retry', 'active') and start_after < now() - interval '2 minutes'`,
  );
  const list = (rows: { name: string; n: number }[]) => rows.map((r) => `${r.name} ${r.n}`).join(', ');
  return {
    byState: [...byState].map(([s, n]) => `${s} ${n}`).join(', '),
    checks: [
      {
        name: 'no job failed',
        ok: failed.length === 0,
        detail: failed.length === 0 ? 'none' : list(failed),
      },
      {
        name: 'no job retried',
        ok: retried.length === 0,
        detail:
          retried.length === 0
            ? 'none'
            : retried.map((r) => `${r.name} ${r.n} (up to ${r.most} retries)`).join(', '),
      },
      {
        name: 'no piece of work done twice (jobs completed twice under one singleton key)',
        ok: twice.length === 0,
        detail: twice.length === 0 ? 'none' : list(twice),
      },
      {
        name: 'each cron schedule ran once a minute',
        ok: cronTwice.length === 0,
        detail: `${cronRuns.n} runs of ${cronRuns.schedules} schedules; ${cronTwice.length === 0 ? 'no minute twice' : `twice: ${list(cronTwice)}`}`,
      },
      {
        name: 'the worker kept up (nothing due for more than 2 minutes at the end)',
        ok: overdue.n === 0,
        detail: `${overdue.n} job(s) overdue`,
      },
    ],
  };
}

type CampaignCount =
  | 'campaigns'
  | 'decided'
  | 'creation_events'
  | 'decision_events'
  | 'seller_told'
  | 'artist_told'
  | 'holds'
  | 'declines_not_voided'
  | 'unsettled';
type PayoutCount =
  | 'payouts'
  | 'paid'
  | 'declined'
  | 'waiting'
  | 'open'
  | 'paid_wrong'
  | 'declined_wrong'
  | 'paid_told'
  | 'declined_told'
  | 'shared_transfers';

/**
 * Every purchase and decision of the run written once, with what the product writes with it: per
 * campaign one creation event on the timeline, one notification to the seller and one hold; per
 * decided campaign one decision event and one notification to the artist, a decline's hold voided
 * and the price refunded; every ended campaign's paid + refunded equal to its price.
 */
export async function campaignChecks(db: pg.Client, ids: number[]): Promise<Check[]> {
  const r = await one<Record<CampaignCount, number>>(
    db,
    `with c as (select id, artist_id, curator_id, status_id, price, paid_coins, refunded_coins
                  from express_campaigns where id = any($1)),
          created as (select e.campaign_id, count(*) as n from express_campaign_events e
                       where e.campaign_id = any($1) and e.from_status is null group by 1),
          decided as (select e.campaign_id, count(*) as n from express_campaign_events e
                       where e.campaign_id = any($1) and e.from_status = 1 group by 1),
          told as (select (n.data->>'campaign_id')::bigint as campaign_id, n.user_id, n.type, count(*) as n
                     from notifications n
                    where n.type in ('express.new_campaign', 'express.approved', 'express.declined')
                      and n.data ? 'campaign_id' and (n.data->>'campaign_id')::bigint = any($1)
                    group by 1, 2, 3),
          holds as (select h.ref_id::bigint as campaign_id, count(*) as n,
                           bool_and(h.status = 'voided') as voided
                      from ledger_holds h where h.ref_type = 'express_campaign' and h.ref_id = any($1::text[])
                     group by 1)
     select count(*)::int as campaigns,
            count(*) filter (where c.status_id <> 1)::int as decided,
            count(*) filter (where coalesce(cr.n, 0) <> 1)::int as creation_events,
            count(*) filter (where c.status_id <> 1 and coalesce(d.n, 0) <> 1)::int as decision_events,
            count(*) filter (where coalesce(ts.n, 0) <> 1)::int as seller_told,
            count(*) filter (where c.status_id <> 1 and coalesce(ta.n, 0) <> 1)::int as artist_told,
            count(*) filter (where coalesce(h.n, 0) <> 1)::int as holds,
            count(*) filter (where c.status_id = 7 and not coalesce(h.voided, false))::int as declines_not_voided,
            count(*) filter (where c.status_id in (6, 7, 8)
                               and coalesce(c.paid_coins, 0) + coalesce(c.refunded_coins, 0) <> c.price)::int as unsettled
       from c
       left join created cr on cr.campaign_id = c.id
       left join decided d on d.campaign_id = c.id
       left join told ts on ts.campaign_id = c.id and ts.user_id = c.curator_id and ts.type = 'express.new_campaign'
       left join told ta on ta.campaign_id = c.id and ta.user_id = c.artist_id
                        and ta.type = case c.status_id when 7 then 'express.declined' else 'express.approved' end
       left join holds h on h.campaign_id = c.id`,
    [ids],
  );
  const check = (name: string, bad: number, of: number): Check => ({
    name,
    ok: bad === 0,
    detail: `${of - bad} of ${of}`,
  });
  return [
    check('each purchase: one campaign, one creation event on its timeline', r.creation_events, r.campaigns),
    check('each purchase: the seller told once (notification)', r.seller_told, r.campaigns),
    check('each purchase: one hold of its price', r.holds, r.campaigns),
    check('each decision: one event on the timeline', r.decision_events, r.decided),
    check('each decision: the artist told once (notification)', r.artist_told, r.decided),
    {
      name: 'each decline: hold voided, paid + refunded = price for every ended campaign',
      ok: r.declines_not_voided === 0 && r.unsettled === 0,
      detail: `${r.declines_not_voided} decline(s) with a hold not voided, ${r.unsettled} ended campaign(s) unsettled`,
    },
  ];
}

/**
 * Every payout request of the run: one hold; an approved one paid once once the worker caught up (one Wise transfer, hold
 * posted, told once it was approved and once it was paid, one receipt), a declined one's hold voided.
 */
export async function payoutChecks(db: pg.Client, ids: number[]): Promise<Check[]> {
  const r = await one<Record<PayoutCount, number>>(
    db,
    `with p as (select * from payouts where id = any($1)),
          told as (select (n.data->>'payout_id')::bigint as payout_id, n.type, count(*) as n from notifications n
                    where n.type like 'payouts.%' and n.data ? 'payout_id'
                      and (n.data->>'payout_id')::bigint = any($1) group by 1, 2)
     select count(*)::int as payouts,
            count(*) filter (where p.status_id = 3)::int as paid,
            count(*) filter (where p.status_id = 4)::int as declined,
            count(*) filter (where p.status_id = 1)::int as waiting,
            count(*) filter (where p.status_id not in (1, 3, 4))::int as open,
            count(*) filter (where p.status_id = 3 and (h.status <> 'posted' or p.wise_transfer_id is null
                               or p.paid_at is null or p.attachment_path is null))::int as paid_wrong,
            count(*) filter (where p.status_id = 4 and h.status <> 'voided')::int as declined_wrong,
            count(*) filter (where p.status_id = 3 and (coalesce(ap.n, 0) <> 1 or coalesce(pd.n, 0) <> 1))::int as paid_told,
            count(*) filter (where p.status_id = 4 and coalesce(dc.n, 0) <> 1)::int as declined_told,
            (select count(*)::int from (select wise_transfer_id from p where wise_transfer_id is not null
                                         group by 1 having count(*) > 1) d) as shared_transfers
       from p join ledger_holds h on h.id = p.hold_id
       left join told ap on ap.payout_id = p.id and ap.type = 'payouts.approved'
       left join told pd on pd.payout_id = p.id and pd.type = 'payouts.paid'
       left join told dc on dc.payout_id = p.id and dc.type = 'payouts.declined'`,
    [ids],
  );
  return [
    {
      name: 'each approved payout paid once (one Wise transfer, hold posted, receipt), told once approved and once paid',
      ok: r.paid_wrong === 0 && r.paid_told === 0 && r.shared_transfers === 0 && r.open === 0,
      detail: `${r.payouts} requested: ${r.paid} paid, ${r.declined} declined, ${r.waiting} waiting for staff when the load stopped, ${r.open} approved but not paid; ${r.paid_wrong} paid wrongly, ${r.paid_told} told other than once, ${r.shared_transfers} transfers shared`,
    },
    {
      name: 'each declined payout: coins back (hold voided), told once',
      ok: r.declined_wrong === 0 && r.declined_told === 0,
      detail: `${r.declined - r.declined_wrong - r.declined_told} of ${r.declined}`,
    },
  ];
}

/**
 * Mail once: every notification of the run's users came with one mail (the product writes both in
 * the same transaction) and every withdrawal code was mailed once: mails = notifications + codes,
 * per user.
 */
export async function mailCheck(db: pg.Client, emails: string[], since: Date): Promise<Check> {
  const r = await one<{ users: number; off: number; mails: number; expected: number }>(
    db,
    `with u as (select id, email from users where email = any($1)),
          m as (select to_address, count(*) as n from mail_outbox where created_at >= $2 and to_address = any($1) group by 1),
          n as (select user_id, count(*) as n from notifications where created_at >= $2 group by 1),
          c as (select user_id, count(*) as n from email_codes where created_at >= $2 group by 1)
     select count(*)::int as users,
            count(*) filter (where coalesce(m.n, 0) <> coalesce(n.n, 0) + coalesce(c.n, 0))::int as off,
            coalesce(sum(m.n), 0)::int as mails,
            coalesce(sum(coalesce(n.n, 0) + coalesce(c.n, 0)), 0)::int as expected
       from u left join m on m.to_address = u.email left join n on n.user_id = u.id left join c on c.user_id = u.id`,
    [emails, since],
  );
  return {
    name: 'each notification and each withdrawal code mailed once (per user: mails = notifications + codes)',
    ok: r.off === 0,
    detail: `${r.mails} mails for ${r.expected} notifications and codes, ${r.off} of ${r.users} users off`,
  };
}

/** The ledger's invariants over the whole database, and each escrow account holding its pending holds. */
export async function ledgerCheck(db: pg.Client): Promise<Check> {
  const ledger = await checkLedger(db);
  const mismatches = await escrowMismatches(db);
  return {
    name: 'the ledger adds up (balanced transfers, chains, no negative wallet, sum zero, escrow = pending holds)',
    ok: ledgerHolds(ledger) && mismatches === 0,
    detail: `${ledger.transfers} transfers, ${ledger.entries} entries, sum of balances ${ledger.sumOfBalances}, ${ledger.negativeWallets} negative wallets, ${ledger.unbalancedTransfers} unbalanced transfers, ${ledger.balanceMismatches} balance mismatches, ${ledger.brokenChains} broken chains, ${mismatches} escrow mismatches`,
  };
}
