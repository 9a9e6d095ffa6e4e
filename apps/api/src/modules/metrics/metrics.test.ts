import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config/env';
import { withTransaction } from '../../db/client';
import { createJobs } from '../../jobs/jobs';
import { createMetrics, type MetricsServer, startMetricsServer } from '../../platform/metrics';
import { codeFrom, createTestApp, testAppForFile } from '../../test/harness';
import { PROBE_QUEUE } from '../queues/queues.service';
import { credit, DESC, hold } from '../wallet';

/**
 * Issue 33, Prometheus metrics: the metrics server of a test app (real PostgreSQL, real pg-boss),
 * read over HTTP in Prometheus's text format as Prometheus reads it.
 */
const METRICS_PORT = 4431;
const TOKEN = randomBytes(24).toString('base64url');
// METRICS_PORT turns the metrics on (startDeps); this file serves them itself, as boot does.
const app = testAppForFile(() =>
  createTestApp({ env: { METRICS_PORT: String(METRICS_PORT), METRICS_TOKEN: TOKEN, METRICS_CACHE_MS: '0' } }),
);
let server: MetricsServer;
beforeAll(async () => {
  server = await startMetricsServer(app.deps.metrics!, {
    host: '127.0.0.1',
    port: METRICS_PORT,
    token: TOKEN,
  });
});
afterAll(async () => {
  await server?.close();
});

/** One sample of a text exposition: its metric name, labels and value. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments left out). */
function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** Scrape the metrics server with the token. */
async function scrape(): Promise<Sample[]> {
  const res = await fetch(`http://127.0.0.1:${server.port}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.status).toBe(200);
  return parse(await res.text());
}

/** The value of the sample `name` whose labels include `labels` (undefined when absent). */
const sampleValue = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;

describe('metrics', () => {
  it('answers Prometheus text on its own port, only with the token', async () => {
    const url = `http://127.0.0.1:${server.port}/metrics`;
    expect((await fetch(url)).status).toBe(401);
    expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toContain('# TYPE liberty_http_request_duration_seconds histogram');
    const samples = parse(text);
    // Node's default process metrics, the pool, and the database read that succeeded.
    expect(sampleValue(samples, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(sampleValue(samples, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'liberty_db_pool_connections')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'liberty_db_pool_waiting_clients')).toBe(0);
    expect(sampleValue(samples, 'liberty_metrics_database_up')).toBe(1);
    // The API's own port does not serve them (a 404, or the user app's page when its build is there).
    const onApiPort = await app.call('GET', '/metrics');
    expect(onApiPort.headers['content-type']).not.toMatch(/version=0\.0\.4/);
    expect(onApiPort.body).not.toContain('liberty_');
  });

  it('counts requests under the route pattern, by status class; unknown paths under one label', async () => {
    await app.call('GET', '/api/user/get-info/123');
    await app.call('GET', '/api/user/get-info/456');
    await app.call('GET', '/api/health/live');
    await app.call('GET', `/api/no-such-route/${randomBytes(4).toString('hex')}`);
    const samples = await scrape();
    const count = (labels: Record<string, string>) =>
      sampleValue(samples, 'liberty_http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/api/user/get-info/:id', status_class: '4xx' })).toBe(2);
    expect(count({ method: 'GET', route: '/api/health/live', status_class: '2xx' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(count({ method: 'GET', route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    // Never a raw URL as a label.
    const routes = new Set(
      samples
        .filter((s) => s.name.startsWith('liberty_http_request_duration_seconds'))
        .map((s) => s.labels.route),
    );
    expect([...routes].filter((r) => r && /\d{3}|no-such-route/.test(r))).toEqual([]);
    expect(
      sampleValue(samples, 'liberty_http_request_duration_seconds_bucket', {
        route: '/api/user/get-info/:id',
        le: '+Inf',
      }),
    ).toBe(2);
  });

  it('shows a waiting job in its queue, with the time it has waited', async () => {
    const id = await app.deps.jobs.send(PROBE_QUEUE, {});
    expect(id).toBeTruthy();
    // Due for 90 s already (pg-boss's own row, as a stalled worker would leave it).
    await app.deps.database.pool.query(
      `update pgboss.job set start_after = now() - interval '90 seconds' where id = $1`,
      [id],
    );
    const samples = await scrape();
    expect(sampleValue(samples, 'liberty_jobs_waiting', { queue: PROBE_QUEUE })).toBe(1);
    expect(
      sampleValue(samples, 'liberty_jobs_oldest_waiting_seconds', { queue: PROBE_QUEUE }),
    ).toBeGreaterThanOrEqual(90);
    // Every queue is listed, idle ones at 0.
    expect(samples.filter((s) => s.name === 'liberty_jobs_waiting').length).toBeGreaterThan(5);
    await app.deps.jobs.cancel(PROBE_QUEUE, [id!]);
    expect(sampleValue(await scrape(), 'liberty_jobs_waiting', { queue: PROBE_QUEUE })).toBe(0);
  });

  it('shows mail waiting for SMTP in the outbox backlog, and failed mail apart', async () => {
    const before = await scrape();
    expect(sampleValue(before, 'liberty_mail_outbox_backlog')).toBe(0);
    // Written by the SMTP driver and not yet delivered by its job; the outbox driver's rows never count.
    await app.deps.database.pool.query(
      `insert into mail_outbox (to_address, from_address, subject, text, driver, created_at, error)
       values ('a@test.test', 'n@test.test', 's', 't', 'smtp', now() - interval '2 minutes', null),
              ('b@test.test', 'n@test.test', 's', 't', 'smtp', now(), 'connection refused'),
              ('c@test.test', 'n@test.test', 's', 't', 'outbox', now(), null)`,
    );
    const after = await scrape();
    expect(sampleValue(after, 'liberty_mail_outbox_backlog')).toBe(1);
    expect(sampleValue(after, 'liberty_mail_outbox_oldest_seconds')).toBeGreaterThanOrEqual(120);
    expect(sampleValue(after, 'liberty_mail_outbox_failed')).toBe(1);
  });

  it('reads the ledger invariants at 0 on consistent data and non-zero when a write breaks them', async () => {
    const user = await app.makeUser();
    await withTransaction(app.deps.database, async (tx) => {
      await credit(tx, {
        userId: user.id,
        coins: 500,
        descId: DESC.COIN_PURCHASE,
        idempotencyKey: `m-${user.id}`,
      });
      await hold(tx, {
        userId: user.id,
        coins: 120,
        descId: DESC.CAMPAIGN_PURCHASE,
        idempotencyKey: `h-${user.id}`,
      });
    });
    const good = await scrape();
    for (const escrow of ['campaign', 'payout']) {
      expect(sampleValue(good, 'liberty_ledger_escrow_difference_coins', { escrow })).toBe(0);
      expect(sampleValue(good, 'liberty_ledger_escrow_mismatched_accounts', { escrow })).toBe(0);
    }
    expect(sampleValue(good, 'liberty_ledger_balance_sum_coins')).toBe(0);
    expect(sampleValue(good, 'liberty_ledger_negative_accounts')).toBe(0);

    // Break it on purpose: the payer's escrow account gains 7 coins no hold accounts for.
    await app.deps.database.pool.query(
      `update ledger_accounts set balance = balance + 7 where user_id = $1 and kind = 'campaign_escrow'`,
      [user.id],
    );
    const broken = await scrape();
    expect(sampleValue(broken, 'liberty_ledger_escrow_difference_coins', { escrow: 'campaign' })).toBe(7);
    expect(sampleValue(broken, 'liberty_ledger_escrow_mismatched_accounts', { escrow: 'campaign' })).toBe(1);
    expect(sampleValue(broken, 'liberty_ledger_balance_sum_coins')).toBe(7);
    await app.deps.database.pool.query(
      `update ledger_accounts set balance = balance - 7 where user_id = $1 and kind = 'campaign_escrow'`,
      [user.id],
    );
  });

  it('shows payouts waiting for staff, their escrow matching their holds', async () => {
    expect(sampleValue(await scrape(), 'liberty_payouts_awaiting_approval')).toBe(0);
    // A curator's payout request through the API (as in payouts.test.ts): status 1, waiting for staff.
    const user = await app.makeUser({ userTypeId: 2 });
    await withTransaction(app.deps.database, (tx) =>
      credit(tx, {
        userId: user.id,
        coins: 1000,
        descId: DESC.REFUND,
        idempotencyKey: `earned:${user.id}`,
        from: 'platform_revenue',
        meta: { refund_type: 'test_earnings' },
      }),
    );
    const token = await app.loginUser(user.email);
    const recipient = await app.call('POST', '/api/payments/transfer/info/store', {
      token,
      body: {
        currency: 'GBP',
        country: 'GB',
        type: 'sort_code',
        account_holder_name: 'Casey Curator',
        details: { sortCode: '40-30-20', accountNumber: '12345678' },
      },
    });
    expect(recipient.statusCode, recipient.body).toBe(201);
    const quote = await app.call(
      'GET',
      `/api/payments/wise/create/quote/payouts?recipient_id=${recipient.json().data.id}&coins=600`,
      { token },
    );
    expect(quote.statusCode, quote.body).toBe(200);
    const quoteId = quote.json().data.id;
    await app.call('POST', '/api/payments/send/verification/code', { token, body: { quote_id: quoteId } });
    const code = codeFrom((await app.lastMail(user.email))?.text);
    expect(
      (await app.call('POST', '/api/payments/verify/code', { token, body: { quote_id: quoteId, code } }))
        .statusCode,
    ).toBe(200);
    const transfer = await app.call('POST', '/api/payments/wise/create/transfer', {
      token,
      body: { quote_id: quoteId },
    });
    expect(transfer.statusCode, transfer.body).toBe(201);

    const samples = await scrape();
    expect(sampleValue(samples, 'liberty_payouts_awaiting_approval')).toBe(1);
    expect(sampleValue(samples, 'liberty_payouts_oldest_awaiting_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(samples, 'liberty_ledger_escrow_difference_coins', { escrow: 'payout' })).toBe(0);
  });

  it('still answers when the pool is exhausted: database read given up, the full pool shown', async () => {
    const { pool } = app.deps.database;
    const held = await Promise.all(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
    try {
      const samples = await scrape();
      expect(sampleValue(samples, 'liberty_metrics_database_up')).toBe(0);
      expect(sampleValue(samples, 'liberty_db_pool_connections')).toBe(pool.options.max ?? 10);
      // The invariants are missing, not 0.
      expect(samples.some((s) => s.name === 'liberty_ledger_balance_sum_coins')).toBe(false);
    } finally {
      for (const client of held) client.release();
    }
    expect(sampleValue(await scrape(), 'liberty_metrics_database_up')).toBe(1);
  });

  it('counts the 5xx of a route (health while the job system is down)', async () => {
    await app.deps.jobs.stop();
    expect((await app.call('GET', '/api/health')).statusCode).toBe(503);
    const samples = await scrape();
    expect(
      sampleValue(samples, 'liberty_http_request_duration_seconds_count', {
        route: '/api/health',
        status_class: '5xx',
      }),
    ).toBe(1);
  });
});

describe('metrics of job runs', () => {
  it('counts each job a worker runs by queue and outcome, with its run time', async () => {
    const metrics = createMetrics(app.deps.database);
    const jobs = createJobs(app.deps.database.pool.options.connectionString!, {}, metrics);
    await jobs.start();
    try {
      const queue = 'test.metrics-runs';
      let runs = 0;
      await jobs.register(
        [
          {
            name: queue,
            retryLimit: 0,
            pollingIntervalSeconds: 0.5,
            handler: async (data: { fail?: boolean }) => {
              runs += 1;
              if (data.fail) throw new Error('failed on purpose');
            },
          },
        ],
        true,
      );
      await jobs.send(queue, {});
      await jobs.send(queue, { fail: true });
      await vi.waitFor(() => expect(runs).toBe(2), { timeout: 20_000, interval: 200 });
      await vi.waitFor(async () => {
        const text = await metrics.registry.metrics();
        const samples = parse(text);
        expect(sampleValue(samples, 'liberty_job_runs_total', { queue, outcome: 'completed' })).toBe(1);
        expect(sampleValue(samples, 'liberty_job_runs_total', { queue, outcome: 'failed' })).toBe(1);
        expect(sampleValue(samples, 'liberty_job_duration_seconds_count', { queue })).toBe(2);
      });
    } finally {
      await jobs.stop();
    }
  });
});

describe('metrics configuration', () => {
  it('refuses a short token, a token without a port, and the public port', () => {
    expect(() => loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: TOKEN })).toThrow(/METRICS_TOKEN needs METRICS_PORT/);
    expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT must differ/);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_TOKEN: TOKEN }).METRICS_PORT).toBe(9464);
  });
});
