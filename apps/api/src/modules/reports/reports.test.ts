import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { adminTestAppForFile } from '../../test/admin-app';
import { csvLines } from '../../test/csv';
import { credit, DESC, hold, postHold } from '../wallet/ledger';
import { compactReportRollups } from './reports.service';

let token: string;

const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}Z`);
const exec = (q: ReturnType<typeof sql>) => ctx.deps.database.db.execute(q);

/** Seed: payments, campaigns and users on known days of June 2026 (and noise outside the range). */
async function seed() {
  const buyer = await ctx.makeUser({ createdAt: at('2026-05-20') });
  const pay = (coins: number, minor: number, status: string, paidAt: Date | null, currency = 'GBP') =>
    exec(sql`insert into payments (user_id, method, provider, coins, amount_minor, currency, status, paid_at, created_at)
      values (${buyer.id}, 'card', 'sandbox', ${coins}, ${minor}, ${currency}, ${status}, ${paidAt}, ${paidAt ?? at('2026-06-02')})`);
  await pay(100, 10_000, 'paid', at('2026-06-01', '00:00:01'));
  await pay(50, 5_000, 'paid', at('2026-06-01', '23:59:59'));
  await pay(200, 20_000, 'paid', at('2026-06-03'));
  await pay(30, 3_600, 'paid', at('2026-06-03'), 'USD');
  await pay(999, 99_900, 'pending', null);
  await pay(999, 99_900, 'failed', null);
  await pay(77, 7_700, 'paid', at('2026-06-04', '00:00:00')); // the day after the range
  await pay(66, 6_600, 'paid', at('2026-05-31', '23:59:59')); // the day before

  for (const [type, day] of [
    [1, '2026-06-01'],
    [1, '2026-06-01'],
    [2, '2026-06-02'],
    [3, '2026-06-03'],
    [1, '2026-06-05'],
  ] as const)
    await ctx.makeUser({ userTypeId: type, createdAt: at(day) });
  await ctx.makeUser({ userTypeId: 2, createdAt: at('2026-06-02'), deletedAt: at('2026-06-10') });

  const curator = await ctx.makeUser({ userTypeId: 2, createdAt: at('2026-01-01') });
  const tier = (await exec(sql`select id from express_tiers order by id limit 1`)).rows[0] as { id: number };
  const duration = (await exec(sql`select id from express_durations order by id limit 1`)).rows[0] as {
    id: number;
  };
  const playlist = (
    await exec(sql`insert into express_playlists (curator_id, spotify_playlist_id, spotify_url, name, tier_id, duration_id)
      values (${curator.id}, 'pl-report', 'https://open.spotify.com/playlist/pl-report', 'Report list', ${tier.id}, ${duration.id})
      returning id`)
  ).rows[0] as { id: number };
  // A track of its own per campaign: one track has at most one open campaign on a playlist.
  let track = 0;
  const campaign = (status: number, price: number, created: Date) => {
    track += 1;
    return exec(sql`insert into express_campaigns (artist_id, curator_id, playlist_id, tier_id, track_id, track_url, track_name,
        track_artist, status_id, price, fee_percent, playlist_submission_days, on_going_days, auditing_days, created_at)
      values (${buyer.id}, ${curator.id}, ${playlist.id}, ${tier.id}, ${`t${track}`}, ${`https://open.spotify.com/track/t${track}`}, 'Song', 'Artist',
        ${status}, ${price}, 20, 3, 28, 3, ${created})`);
  };
  await campaign(1, 50, at('2026-06-01'));
  await campaign(1, 120, at('2026-06-02'));
  await campaign(4, 300, at('2026-06-03'));
  await campaign(7, 50, at('2026-06-03'));
  await campaign(6, 800, at('2026-06-04')); // outside

  // Payouts: only the report's columns matter here, so their references (quote, recipient, hold) are
  // not built; the rows go in with foreign keys off on this one connection.
  const client = await ctx.deps.database.pool.connect();
  try {
    await client.query('set session_replication_role = replica');
    let quote = 0;
    const payout = (coins: number, status: number, created: Date, paid: Date | null) =>
      client.query(
        `insert into payouts (user_id, quote_id, recipient_id, hold_id, coins, amount_minor, target_minor, target_currency,
           fee_minor, rate, email, status_id, customer_transaction_id, wise_quote_id, wise_account_id, created_at, paid_at)
         values ($1, $6, 1, $6, $2, $2 * 80, $2 * 80, 'GBP', 0, 1, 'c@test.test', $3, gen_random_uuid()::text, 'q', 'a', $4, $5)`,
        [curator.id, coins, status, created, paid, ++quote],
      );
    await payout(100, 3, at('2026-06-01'), at('2026-06-02'));
    await payout(50, 1, at('2026-06-02'), null);
    await payout(70, 4, at('2026-06-02'), null);
    await payout(40, 3, at('2026-05-20'), at('2026-06-03')); // requested before, paid inside
    await payout(10, 3, at('2026-06-04'), at('2026-06-04')); // outside
  } finally {
    await client.query('set session_replication_role = origin');
    client.release();
  }
}

const ctx = adminTestAppForFile(
  (signedIn) => {
    ({ token } = signedIn);
  },
  { permissions: ['main.wallet.show.all.transactions'] },
);
beforeAll(async () => {
  await seed();
});

describe('GET /api/admin/reports', () => {
  it('needs the finance permission', async () => {
    const other = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] })).email,
    );
    expect((await ctx.call('GET', '/api/admin/reports', { token: other })).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/admin/reports')).statusCode).toBe(401);
  });

  it('counts coins sold and revenue per UTC day from paid payments only, every day present', async () => {
    const res = await ctx.call('GET', '/api/admin/reports?from=2026-06-01&to=2026-06-03', { token });
    expect(res.statusCode).toBe(200);
    const { sales } = res.json().data;
    expect(sales.days).toEqual([
      { day: '2026-06-01', coins: 150, payments: 2, revenue: { GBP: 15_000 }, fees: 0 },
      { day: '2026-06-02', coins: 0, payments: 0, revenue: {}, fees: 0 },
      { day: '2026-06-03', coins: 230, payments: 2, revenue: { GBP: 20_000, USD: 3_600 }, fees: 0 },
    ]);
    expect(sales.totals).toEqual({
      coins: 380,
      payments: 4,
      revenue: [
        { currency: 'GBP', amount_minor: 35_000 },
        { currency: 'USD', amount_minor: 3_600 },
      ],
      fees: 0,
    });
  });

  it('counts campaigns created in the range by status, and their coins', async () => {
    const { campaigns } = (
      await ctx.call('GET', '/api/admin/reports?from=2026-06-01&to=2026-06-03', { token })
    ).json().data;
    expect(campaigns).toEqual({
      by_status: [
        { status_id: 1, count: 2 },
        { status_id: 4, count: 1 },
        { status_id: 7, count: 1 },
      ],
      coins: 520,
    });
  });

  it('counts new live users per day by type', async () => {
    const { users } = (
      await ctx.call('GET', '/api/admin/reports?from=2026-06-01&to=2026-06-05', { token })
    ).json().data;
    expect(users.days).toEqual([
      { day: '2026-06-01', artists: 2, curators: 0, influencers: 0 },
      { day: '2026-06-02', artists: 0, curators: 1, influencers: 0 },
      { day: '2026-06-03', artists: 0, curators: 0, influencers: 1 },
      { day: '2026-06-04', artists: 0, curators: 0, influencers: 0 },
      { day: '2026-06-05', artists: 1, curators: 0, influencers: 0 },
    ]);
    expect(users.totals).toEqual({ artists: 3, curators: 1, influencers: 1 });
  });

  it('counts payouts requested per day (coins) and paid per day (coins and pence), requested ones by status', async () => {
    const { payouts } = (
      await ctx.call('GET', '/api/admin/reports?from=2026-06-01&to=2026-06-03', { token })
    ).json().data;
    expect(payouts.days).toEqual([
      { day: '2026-06-01', requested: 1, requested_coins: 100, paid: 0, paid_coins: 0, paid_minor: 0 },
      { day: '2026-06-02', requested: 2, requested_coins: 120, paid: 1, paid_coins: 100, paid_minor: 8_000 },
      { day: '2026-06-03', requested: 0, requested_coins: 0, paid: 1, paid_coins: 40, paid_minor: 3_200 },
    ]);
    expect(payouts.by_status).toEqual([
      { status_id: 1, count: 1 },
      { status_id: 3, count: 1 },
      { status_id: 4, count: 1 },
    ]);
    expect(payouts.totals).toEqual({
      requested: 3,
      requested_coins: 220,
      paid: 2,
      paid_coins: 140,
      paid_minor: 11_200,
    });
  });

  it('defaults to the 30 days ending today and refuses bad ranges with translated errors', async () => {
    const res = await ctx.call('GET', '/api/admin/reports', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.sales.days).toHaveLength(30);
    expect(res.json().data.to).toBe(ctx.clock.now().toISOString().slice(0, 10));
    const reversed = await ctx.call('GET', '/api/admin/reports?from=2026-06-05&to=2026-06-01', {
      token,
      headers: { 'x-lang': 'fr' },
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to[0]).toBe('La date de fin ne peut pas précéder la date de début');
    const long = await ctx.call('GET', '/api/admin/reports?from=2024-01-01&to=2026-01-01', { token });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.from[0]).toBe('Please choose a range of at most 366 days');
    const bad = await ctx.call('GET', '/api/admin/reports?from=2026-02-30', { token });
    expect(bad.statusCode).toBe(422);
  });
});

describe('GET /api/admin/reports/export.csv', () => {
  it("writes one row per day of the range with every per-day figure, money in major units per currency, headers in the reader's language, audited", async () => {
    const res = await ctx.call('GET', '/api/admin/reports/export.csv?from=2026-06-01&to=2026-06-03', {
      token,
      headers: { 'x-lang': 'fr' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('report-2026-06-01-2026-06-03.csv');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      'Jour (UTC),Paiements,Pièces vendues,Encaissé (GBP),Encaissé (USD),Revenu de la plateforme (pièces),Nouveaux artistes,Nouveaux curateurs,Nouveaux influenceurs,Retraits demandés,Pièces demandées,Retraits payés,Pièces versées,Versé (GBP)',
    );
    // The same figures as the report's per-day series (see the tests above).
    expect(lines.slice(1)).toEqual([
      '2026-06-01,2,150,150.00,0.00,0,2,0,0,1,100,0,0,0.00',
      '2026-06-02,0,0,0.00,0.00,0,0,1,0,2,120,1,100,80.00',
      '2026-06-03,2,230,200.00,36.00,0,0,0,1,0,0,1,40,32.00',
    ]);
    const [entry] = (
      await exec(sql`select meta from audit_logs where action = 'export.reports' order by id desc limit 1`)
    ).rows as { meta: { filter: unknown; file: string } }[];
    expect(entry!.meta).toMatchObject({
      filter: { from: '2026-06-01', to: '2026-06-03' },
      file: 'report-2026-06-01-2026-06-03.csv',
    });
  });

  it("needs the report's permission and refuses the report's bad ranges, writing no audit entry", async () => {
    const audits = async () =>
      Number(
        (
          (await exec(sql`select count(*)::int as n from audit_logs where action = 'export.reports'`))
            .rows[0] as {
            n: number;
          }
        ).n,
      );
    const before = await audits();
    const other = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] })).email,
    );
    expect((await ctx.call('GET', '/api/admin/reports/export.csv', { token: other })).statusCode).toBe(403);
    const reversed = await ctx.call('GET', '/api/admin/reports/export.csv?from=2026-06-05&to=2026-06-01', {
      token,
      headers: { 'x-lang': 'ar' },
    });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to[0]).toBe('يجب ألا يسبق تاريخ النهاية تاريخ البداية');
    const long = await ctx.call('GET', '/api/admin/reports/export.csv?from=2024-01-01&to=2026-01-01', {
      token,
    });
    expect(long.statusCode).toBe(422);
    expect(await audits()).toBe(before);
    // Without a range: the 30 days ending today, one row each.
    const recent = await ctx.call('GET', '/api/admin/reports/export.csv', { token });
    expect(csvLines(recent.body)).toHaveLength(31);
  });
});

describe('revenue is the platform fees net of refunds, in coins', () => {
  it('a 70-coin fee kept is revenue on a day without card payments; a staff refund lowers it', async () => {
    const today = (
      (await exec(sql`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as d`)).rows[0] as {
        d: string;
      }
    ).d;
    const report = async () =>
      (await ctx.call('GET', `/api/admin/reports?from=${today}&to=${today}`, { token })).json().data;
    const before = (await report()).sales.totals.fees as number;
    const artist = await ctx.makeUser({ userTypeId: 1 });
    const curator = await ctx.makeUser({ userTypeId: 2 });
    await withTransaction(ctx.deps.database, async (tx) => {
      // Coins granted without a payment: no money comes in today, only the fee is revenue.
      await credit(tx, {
        userId: artist.id,
        coins: 350,
        descId: DESC.COIN_PURCHASE,
        idempotencyKey: `r-${artist.id}`,
      });
      const h = await hold(tx, {
        userId: artist.id,
        coins: 350,
        descId: DESC.CAMPAIGN_PURCHASE,
        idempotencyKey: `r-hold-${artist.id}`,
      });
      await postHold(
        tx,
        h.id,
        350,
        { userId: curator.id },
        { descId: DESC.CAMPAIGN_PURCHASE, feePercent: 20 },
      );
    });
    const kept = await report();
    expect(kept.sales.totals.fees - before).toBe(70);
    expect(kept.sales.days[0].fees - before).toBe(70);
    // A staff refund out of the platform's revenue is revenue given back.
    await withTransaction(ctx.deps.database, (tx) =>
      credit(tx, {
        userId: artist.id,
        coins: 20,
        descId: DESC.REFUND,
        idempotencyKey: `r-refund-${artist.id}`,
        from: 'platform_revenue',
      }),
    );
    expect((await report()).sales.totals.fees - before).toBe(50);
    await compactReportRollups(ctx.deps.database);
    expect((await report()).sales.totals.fees - before).toBe(50);
    const { rollup, raw } = await rollupVersusRaw();
    expect(rollup).toEqual(raw);
  });
});

/** Rollup tuples (compacted + pending deltas) and the same sums computed from the source tables. */
async function rollupVersusRaw() {
  const key = 'day, metric, dim';
  const rollup = await exec(
    sql.raw(`select to_char(day, 'YYYY-MM-DD') as day, metric, dim,
      sum(n)::text as n, sum(coins)::text as coins, sum(minor)::text as minor
    from (select day, metric, dim, n, coins, minor from report_daily
          union all select day, metric, dim, n, coins, minor from report_deltas) r
    group by ${key} having sum(n) <> 0 or sum(coins) <> 0 or sum(minor) <> 0 order by ${key}`),
  );
  const raw = await exec(
    sql.raw(`select to_char(day, 'YYYY-MM-DD') as day, metric, dim,
      n::text as n, coins::text as coins, minor::text as minor from (
      select (paid_at at time zone 'UTC')::date as day, 'sales' as metric, currency::text as dim, count(*) as n,
             sum(coins) as coins, sum(amount_minor) as minor
        from payments where status = 'paid' and paid_at is not null group by 1, 3
      union all select (created_at at time zone 'UTC')::date, 'campaigns', status_id::text, count(*), sum(price), 0
        from express_campaigns group by 1, 3
      union all select (created_at at time zone 'UTC')::date, 'signups', user_type_id::text, count(*), 0, 0
        from users where deleted_at is null group by 1, 3
      union all select (created_at at time zone 'UTC')::date, 'payouts', status_id::text, count(*), sum(coins), 0
        from payouts group by 1, 3
      union all select (paid_at at time zone 'UTC')::date, 'payouts_paid', '', count(*), sum(coins), sum(amount_minor)
        from payouts where status_id = 3 and paid_at is not null group by 1
      union all select (e.created_at at time zone 'UTC')::date, 'fees', '', count(*), sum(e.amount), 0
        from ledger_entries e join ledger_accounts a on a.id = e.account_id
       where a.kind = 'platform_revenue' and a.user_id is null group by 1) s
    order by ${key}`),
  );
  return { rollup: rollup.rows, raw: raw.rows };
}

describe('daily rollups', () => {
  it('equal the raw sums after random postings, changes and deletions, also concurrent, with compactions in between', async () => {
    const buyer = await ctx.makeUser({ createdAt: at('2026-03-01') });
    const payments = (await exec(sql`select id from payments order by id`)).rows.map((r) =>
      Number((r as { id: number }).id),
    );
    const campaigns = (await exec(sql`select id from express_campaigns order by id`)).rows.map((r) =>
      Number((r as { id: number }).id),
    );
    const users: number[] = [];
    const statuses = ['pending', 'paid', 'failed', 'cancelled'];
    const day = () => at(`2026-0${1 + Math.floor(Math.random() * 6)}-1${Math.floor(Math.random() * 9)}`);
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
    const step = async (i: number) => {
      const kind = i % 7;
      if (kind === 0 || payments.length === 0) {
        const status = pick(statuses);
        const res =
          await exec(sql`insert into payments (user_id, method, provider, coins, amount_minor, currency, status, paid_at)
          values (${buyer.id}, 'card', 'sandbox', ${1 + (i % 90)}, ${100 * (1 + (i % 90))}, ${pick(['GBP', 'USD', 'EUR'])},
                  ${status}, ${status === 'paid' ? day() : null}) returning id`);
        payments.push(Number((res.rows[0] as { id: number }).id));
      } else if (kind === 1) {
        await exec(sql`update payments set status = 'paid', paid_at = ${day()} where id = ${pick(payments)}`);
      } else if (kind === 2) {
        await exec(sql`update payments set status = ${pick(statuses)} where id = ${pick(payments)}`);
      } else if (kind === 3) {
        users.push((await ctx.makeUser({ userTypeId: 1 + (i % 3), createdAt: day() })).id);
      } else if (kind === 4 && users.length > 0) {
        await exec(
          sql`update users set deleted_at = case when deleted_at is null then now() end where id = ${pick(users)}`,
        );
      } else if (kind === 5 && campaigns.length > 0) {
        await exec(
          sql`update express_campaigns set status_id = ${1 + (i % 8)} where id = ${pick(campaigns)}`,
        );
      } else if (kind === 6) {
        await exec(
          sql`update payouts set status_id = 3, paid_at = ${day()} where id = (select id from payouts order by random() limit 1)`,
        );
      }
    };
    // Sequential steps, then bursts of concurrent ones with a compaction racing them.
    for (let i = 0; i < 60; i++) await step(i);
    for (let burst = 0; burst < 4; burst++) {
      const results = await Promise.allSettled([
        ...Array.from({ length: 30 }, (_, i) => step(burst * 30 + i)),
        compactReportRollups(ctx.deps.database),
      ]);
      // Every change commits (none of them breaks a rule): the rollup must equal the raw sums after each burst.
      for (const r of results) if (r.status === 'rejected') throw r.reason;
      const { rollup, raw } = await rollupVersusRaw();
      expect(rollup).toEqual(raw);
    }
    // The report itself, read while deltas are pending (compacted rows joined with the grouped deltas:
    // same key in both, only in deltas, sums cancelling to zero) and once they are all folded in, must
    // be the same answer, and its totals the raw sums (session 7: the report's statement and fold changed).
    for (let i = 0; i < 14; i++) await step(i);
    const deltas = async () =>
      Number((await exec(sql`select count(*)::int as n from report_deltas`)).rows[0]!.n);
    expect(await deltas()).toBeGreaterThan(0);
    const report = async () => {
      const res = await ctx.call('GET', '/api/admin/reports?from=2026-01-01&to=2026-06-30', { token });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    const pending = await report();
    await compactReportRollups(ctx.deps.database);
    expect(await deltas()).toBe(0);
    expect(await report()).toEqual(pending);
    const { rollup, raw } = await rollupVersusRaw();
    expect(rollup).toEqual(raw);
    expect(raw.length).toBeGreaterThan(10);
    const inRange = (metric: string) =>
      (raw as { day: string; metric: string; n: string; coins: string; minor: string }[]).filter(
        (r) => r.metric === metric && r.day >= '2026-01-01' && r.day <= '2026-06-30',
      );
    const total = (metric: string, field: 'n' | 'coins' | 'minor') =>
      inRange(metric).reduce((sum, r) => sum + Number(r[field]), 0);
    expect(pending.sales.totals.coins).toBe(total('sales', 'coins'));
    expect(pending.sales.totals.payments).toBe(total('sales', 'n'));
    expect(pending.campaigns.coins).toBe(total('campaigns', 'coins'));
    expect(
      pending.users.totals.artists + pending.users.totals.curators + pending.users.totals.influencers,
    ).toBe(total('signups', 'n'));
    expect(pending.payouts.totals.paid_minor).toBe(total('payouts_paid', 'minor'));
    expect(pending.sales.days).toHaveLength(181);
  });
});
