import {
  WEB_VITAL_BUCKETS,
  WEB_VITALS_MAX_ROUTES_PER_DAY,
  type WebVitalSample,
  type WebVitalsBeacon,
  webVitalBucket,
} from '@lm/contracts/web-vitals';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { adminTestAppForFile } from '../../test/admin-app';
import { webVitalsJobs } from './web-vitals.jobs';
import {
  figureOf,
  percentileFromHistogram,
  pruneWebVitals,
  WEB_VITALS_PRUNE_QUEUE,
} from './web-vitals.service';

/**
 * Real-user Core Web Vitals (issue 37): the public beacon refuses bad input whole (422, nothing
 * stored), adds concurrent beacons up exactly, keeps only route patterns, the staff summary gives the
 * p75 and web.dev's bands from the histograms behind its permission, and the daily prune removes old days.
 */

let token: string;
const ctx = adminTestAppForFile(
  (signedIn) => {
    ({ token } = signedIn);
  },
  { permissions: ['view.main.web.vitals.tab.list'] },
);

const DAY = 86_400_000;
const today = () => ctx.clock.now().toISOString().slice(0, 10);

const sample = (over: Partial<WebVitalSample> = {}): WebVitalSample => ({
  metric: 'LCP',
  value: 1234.5,
  rating: 'good',
  route: '/campaigns/:campaignId',
  navigation_type: 'navigate',
  ...over,
});
const beacon = (samples: WebVitalSample[], over: Partial<WebVitalsBeacon> = {}): WebVitalsBeacon => ({
  app: 'web',
  form_factor: 'phone',
  samples,
  ...over,
});
const send = (body: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/vitals',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

type Row = {
  day: string;
  app: string;
  route: string;
  metric: string;
  form_factor: string;
  bucket: number;
  count: number;
};
const rows = async () =>
  (
    await ctx.deps.database.db.execute<Row>(sql`
      select day::text, app, route, metric, form_factor, bucket, count::int as count
        from web_vital_histograms order by day, app, route, metric, form_factor, bucket`)
  ).rows;
const total = async () => (await rows()).reduce((sum, r) => sum + r.count, 0);

beforeEach(async () => {
  ctx.clock.reset();
  await ctx.deps.database.db.execute(sql`truncate web_vital_histograms, web_vital_routes`);
});

describe('POST /api/vitals', () => {
  it('counts a signed-out beacon into the day’s bucket of each sample, as JSON or as sendBeacon’s text/plain', async () => {
    const res = await send(
      beacon([
        sample(),
        sample({ metric: 'CLS', value: 0.1, route: '/login' }),
        sample({ metric: 'INP', value: 201 }),
      ]),
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: { accepted: 3 } });
    const plain = await send(JSON.stringify(beacon([sample({ value: 1200 })])), {
      'content-type': 'text/plain;charset=UTF-8',
    });
    expect(plain.statusCode).toBe(202);
    expect(await rows()).toEqual([
      // 1234.5 ms and 1200 ms: the bucket above 1000 up to 1200 ms holds the second, 1200 up to 1500 the first.
      {
        day: today(),
        app: 'web',
        route: '/campaigns/:campaignId',
        metric: 'INP',
        form_factor: 'phone',
        bucket: webVitalBucket('INP', 201),
        count: 1,
      },
      {
        day: today(),
        app: 'web',
        route: '/campaigns/:campaignId',
        metric: 'LCP',
        form_factor: 'phone',
        bucket: webVitalBucket('LCP', 1200),
        count: 1,
      },
      {
        day: today(),
        app: 'web',
        route: '/campaigns/:campaignId',
        metric: 'LCP',
        form_factor: 'phone',
        bucket: webVitalBucket('LCP', 1234.5),
        count: 1,
      },
      // A threshold is the top of its bucket: CLS 0.1 is still good.
      {
        day: today(),
        app: 'web',
        route: '/login',
        metric: 'CLS',
        form_factor: 'phone',
        bucket: WEB_VITAL_BUCKETS.CLS.indexOf(0.1),
        count: 1,
      },
    ]);
  });

  it('refuses bad input whole with a translated 422 and stores nothing', async () => {
    const bad: [string, unknown][] = [
      ['unknown metric', beacon([sample({ metric: 'FID' as 'LCP' })])],
      ['negative value', beacon([sample({ value: -1 })])],
      ['value above the metric’s bound', beacon([sample(), sample({ metric: 'CLS', value: 11 })])],
      ['value not a number', beacon([{ ...sample(), value: '12' } as unknown as WebVitalSample])],
      [
        'value null (JSON of NaN or Infinity)',
        beacon([{ ...sample(), value: null } as unknown as WebVitalSample]),
      ],
      ['raw address with an id', beacon([sample({ route: '/campaigns/123' })])],
      ['signed token', beacon([sample({ route: '/shared/results/eyJraW5kIjoi.abc' })])],
      ['query string', beacon([sample({ route: '/results?campaign=a' })])],
      ['e-mail address', beacon([sample({ route: '/users/ann@example' })])],
      ['not a path', beacon([sample({ route: 'campaigns' })])],
      ['route too long', beacon([sample({ route: `/${'a'.repeat(120)}` })])],
      ['unknown rating', beacon([sample({ rating: 'great' as 'good' })])],
      ['unknown navigation type', beacon([sample({ navigation_type: 'soft' as 'navigate' })])],
      ['unknown app', beacon([sample()], { app: 'mobile' as 'web' })],
      ['unknown form factor', beacon([sample()], { form_factor: 'watch' as 'phone' })],
      ['no samples', beacon([])],
      ['too many samples', beacon(Array.from({ length: 21 }, () => sample()))],
      ['an extra field (a user id)', { ...beacon([sample()]), user_id: 7 }],
      [
        'an extra field in a sample (the URL)',
        beacon([{ ...sample(), url: '/campaigns/123' } as WebVitalSample]),
      ],
      ['not JSON', '{"app": "web",'],
    ];
    for (const [what, body] of bad) {
      const res = await send(body, { 'x-lang': 'fr' });
      expect(res.statusCode, what).toBe(422);
      expect(res.json().code, what).toBe('VALIDATION_FAILED');
      expect(res.json().message, what).not.toMatch(/^[a-z_]+\.[a-z_.]+$/);
    }
    expect(await send(beacon(Array.from({ length: 21 }, () => sample())), { 'x-lang': 'fr' })).toMatchObject({
      statusCode: 422,
    });
    expect((await send(beacon(Array.from({ length: 21 }, () => sample())))).json().message).toBe(
      'A report may carry at most 20 measurements',
    );
    expect((await send(beacon([sample({ metric: 'CLS', value: 11 })]))).json().errors).toEqual({
      'samples.0.value': ['This value is outside what the metric can measure'],
    });
    expect(await total()).toBe(0);
    expect((await send('x'.repeat(20_000), { 'content-type': 'text/plain' })).statusCode).toBe(413);
    expect(await total()).toBe(0);
  });

  it('adds 50 concurrent beacons on the same buckets up exactly', async () => {
    const one = beacon(
      [sample({ value: 2000 }), sample({ metric: 'INP', value: 90 }), sample({ metric: 'CLS', value: 0.01 })],
      {
        app: 'admin',
        form_factor: 'desktop',
      },
    );
    const answers = await Promise.all(Array.from({ length: 50 }, () => send(one)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(50).fill(202));
    expect((await rows()).map((r) => [r.route, r.metric, r.count])).toEqual([
      ['/campaigns/:campaignId', 'CLS', 50],
      ['/campaigns/:campaignId', 'INP', 50],
      ['/campaigns/:campaignId', 'LCP', 50],
    ]);
  });

  it(`counts new routes beyond ${WEB_VITALS_MAX_ROUTES_PER_DAY} a day as *`, async () => {
    await ctx.deps.database.db.execute(sql`
      insert into web_vital_routes (day, app, route)
      select ${today()}::date, 'web', '/made/up/' || translate(n::text, '0123456789', 'abcdefghij')
        from generate_series(1, ${WEB_VITALS_MAX_ROUTES_PER_DAY}) n`);
    await send(beacon([sample({ route: '/made/up/b' }), sample({ route: '/brand/new' })]));
    // Another app has its own routes.
    await send(beacon([sample({ route: '/brand/new' })], { app: 'admin' }));
    expect((await rows()).map((r) => [r.app, r.route])).toEqual([
      ['admin', '/brand/new'],
      ['web', '*'],
      ['web', '/made/up/b'],
    ]);
  });
});

describe('GET /api/admin/web-vitals', () => {
  it('needs view.main.web.vitals.tab.list', async () => {
    const other = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] })).email,
    );
    expect((await ctx.call('GET', '/api/admin/web-vitals', { token: other })).statusCode).toBe(403);
    expect((await ctx.call('GET', '/api/admin/web-vitals')).statusCode).toBe(401);
    expect((await ctx.call('GET', '/api/admin/web-vitals?days=5', { token })).statusCode).toBe(422);
  });

  it('answers per app, route and form factor the samples, the p75 and web.dev’s bands of the window', async () => {
    // LCP on phones: 6 good (1.1 s), 3 needing improvement (3.2 s), 1 poor (9 s).
    const lcp = [...Array(6).fill(1100), ...Array(3).fill(3200), 9000].map((value) => sample({ value }));
    await send(
      beacon([...lcp, sample({ metric: 'INP', value: 120 }), sample({ metric: 'CLS', value: 0.3 })]),
    );
    await send(beacon([sample({ route: '/login', value: 800 })], { form_factor: 'desktop' }));
    // Eight days ago: inside 28 days, outside 7.
    ctx.clock.set(new Date(Date.now() - 8 * DAY));
    await send(beacon([sample({ route: '/login', value: 5000 })], { form_factor: 'desktop' }));
    ctx.clock.reset();

    const week = (await ctx.call('GET', '/api/admin/web-vitals', { token })).json().data;
    expect(week).toMatchObject({ days: 7, to: today() });
    expect(week.from).toBe(new Date(ctx.clock.now().getTime() - 6 * DAY).toISOString().slice(0, 10));
    expect(week.rows.map((r: { route: string; form_factor: string }) => [r.route, r.form_factor])).toEqual([
      ['/campaigns/:campaignId', 'phone'],
      ['/login', 'desktop'],
    ]);
    const phone = week.rows[0].metrics;
    // Rank 7.5 of 10 falls in the 3,000–3,500 ms bucket (3 samples above the 6 below it): 3,000 + 500 × 1.5 / 3.
    expect(phone.LCP).toEqual({ samples: 10, p75: 3250, good: 6, needs_improvement: 3, poor: 1 });
    expect(phone.INP).toEqual({ samples: 1, p75: 119, good: 1, needs_improvement: 0, poor: 0 });
    expect(phone.CLS).toEqual({ samples: 1, p75: 0.288, good: 0, needs_improvement: 0, poor: 1 });
    expect(phone.FCP).toBeNull();
    expect(week.rows[1].metrics.LCP).toMatchObject({ samples: 1, good: 1 });

    const month = (await ctx.call('GET', '/api/admin/web-vitals?days=28', { token })).json().data;
    expect(month.rows[1].metrics.LCP).toMatchObject({ samples: 2, good: 1, poor: 1 });
  });
});

describe('p75 from the histogram', () => {
  it('interpolates inside the bucket holding rank 0.75 n, never further off than that bucket’s width', () => {
    const counts = (values: number[]) => {
      const c: number[] = Array(WEB_VITAL_BUCKETS.LCP.length + 1).fill(0);
      for (const v of values) c[webVitalBucket('LCP', v)]! += 1;
      return c;
    };
    expect(percentileFromHistogram('LCP', [])).toBeNull();
    expect(percentileFromHistogram('LCP', counts([2400, 2400, 2400, 2400]))).toBe(2375);
    // Samples spread evenly through 0..6 s: the true p75 is 4.5 s.
    const spread = Array.from({ length: 600 }, (_, i) => (i + 1) * 10);
    const p75 = percentileFromHistogram('LCP', counts(spread))!;
    expect(Math.abs(p75 - 4500)).toBeLessThanOrEqual(1000);
    // Values above the last bound interpolate up to the metric's largest accepted value.
    expect(percentileFromHistogram('INP', [...Array(WEB_VITAL_BUCKETS.INP.length).fill(0), 4])).toBe(47_500);
    expect(figureOf('CLS', counts([]))).toBeNull();
  });
});

describe('daily prune', () => {
  it('removes the histograms and routes of days more than 90 days old, and is registered daily', async () => {
    for (const daysAgo of [0, 90, 91, 200]) {
      ctx.clock.set(new Date(Date.now() - daysAgo * DAY));
      await send(beacon([sample()]));
    }
    ctx.clock.reset();
    expect(await total()).toBe(4);
    expect(await pruneWebVitals(ctx.deps)).toBe(2);
    expect(await pruneWebVitals(ctx.deps)).toBe(0);
    const days = (await rows()).map((r) => r.day);
    expect(days).toEqual([new Date(Date.now() - 90 * DAY).toISOString().slice(0, 10), today()]);
    const routes = await ctx.deps.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from web_vital_routes`,
    );
    expect(routes.rows[0]!.n).toBe(2);
    const [job] = webVitalsJobs(ctx.deps);
    expect(job).toMatchObject({ name: WEB_VITALS_PRUNE_QUEUE, cron: '50 4 * * *' });
  });
});
