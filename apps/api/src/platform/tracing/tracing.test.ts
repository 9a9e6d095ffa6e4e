import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_ROOT, REPO_ROOT } from '../../config/paths';
import { withDatabase } from '../../test/global-setup';
import { TEST_PASSWORD, testAppForFile } from '../../test/harness';
import { JOB_TRACE_KEY, runJobInSpan, withJobTraceContext } from './index';

/** One span as OTLP/JSON carries it (ids in hex). */
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
  status?: { code?: number };
  scope: string;
  resource: Record<string, unknown>;
}

const SPAN_KIND = { INTERNAL: 1, SERVER: 2, CLIENT: 3, CONSUMER: 5 } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An attribute's value, whatever its OTLP type. */
function attr(span: { attributes: OtlpSpan['attributes'] }, key: string): unknown {
  const found = span.attributes.find((a) => a.key === key)?.value;
  return found ? Object.values(found)[0] : undefined;
}

/**
 * A small OTLP/HTTP receiver: the collector's side of `OTEL_EXPORTER_OTLP_PROTOCOL=http/json`, keeping
 * every span of every `POST /v1/traces` with its instrumentation scope and resource attributes.
 */
async function startReceiver() {
  const spans: OtlpSpan[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        const request = JSON.parse(body) as {
          resourceSpans: {
            resource: { attributes: OtlpSpan['attributes'] };
            scopeSpans: { scope: { name: string }; spans: Omit<OtlpSpan, 'scope' | 'resource'>[] }[];
          }[];
        };
        for (const rs of request.resourceSpans) {
          const resource = Object.fromEntries(
            rs.resource.attributes.map((a) => [a.key, attr(rs.resource, a.key)]),
          );
          for (const ss of rs.scopeSpans)
            for (const span of ss.spans) spans.push({ ...span, scope: ss.scope.name, resource });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { spans, url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Every span below `root` in its trace (children, their children ...). */
function descendants(spans: OtlpSpan[], root: OtlpSpan): OtlpSpan[] {
  const inTrace = spans.filter((s) => s.traceId === root.traceId);
  const found: OtlpSpan[] = [];
  let frontier = [root.spanId];
  while (frontier.length > 0) {
    const next = inTrace.filter((s) => s.parentSpanId && frontier.includes(s.parentSpanId));
    found.push(...next);
    frontier = next.map((s) => s.spanId);
  }
  return found;
}

// The in-process test app (no `--import`, so no SDK): tracing is off in this process. Its database is
// the one the traced child process below runs on.
const ctx = testAppForFile();

describe('tracing off (no OTEL_EXPORTER_OTLP_ENDPOINT): nothing changes', () => {
  it('keeps random UUIDs as request ids, job data and providers as they were', async () => {
    const res = await ctx.call('GET', '/api/user/info', { token: 'x'.repeat(40) });
    expect(res.statusCode).toBe(401);
    expect(res.json().requestId).toMatch(UUID);

    const data = { campaignId: 7 };
    expect(withJobTraceContext(data)).toBe(data);
    let seen: object | undefined;
    await runJobInSpan(
      { queue: 'q', id: 'j', retryCount: 0, data: { ...data, [JOB_TRACE_KEY]: {} } },
      async (d) => {
        seen = d;
      },
    );
    expect(seen).toEqual(data);
  });
});

describe('tracing on: the API started as production starts it, exporting to an OTLP receiver', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let child: ChildProcess | undefined;
  let output = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-tracing-'));

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sends a request its trace (HTTP server span, Fastify route span, pg spans below), its job run in it, request id = trace id', async () => {
    const admin = await ctx.makeAdmin();
    const port = await freePort();
    // What `npm start` runs: the instrumentation entry imported before main.
    child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--import',
        path.join(API_ROOT, 'src/instrumentation.ts'),
        path.join(API_ROOT, 'src/main.ts'),
      ],
      {
        cwd: REPO_ROOT,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          NODE_ENV: 'test',
          DATABASE_URL: withDatabase(inject('pgAdminUrl'), ctx.dbName),
          PORT: String(port),
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          // No export before the shutdown's flush: what the receiver holds at the end went through it.
          OTEL_BSP_SCHEDULE_DELAY: '600000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    for (let i = 0; !output.includes('READY_MS='); i++) {
      if (child.exitCode !== null || i > 600) throw new Error(`the API did not start:\n${output}`);
      await sleep(100);
    }
    const base = `http://127.0.0.1:${port}`;

    // A request that reads the database (the bearer token's look-up) and answers an error with its id.
    const refused = await fetch(`${base}/api/user/info`, {
      headers: { authorization: `Bearer ${'x'.repeat(40)}` },
    });
    expect(refused.status).toBe(401);
    const { requestId } = (await refused.json()) as { requestId: string };
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);

    // A request that sends a job (the dev queue probe, failing its first run as asked), run by this process.
    const login = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: admin.email, password: TEST_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const probe = await fetch(`${base}/api/admin/dev/queues/probe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ fail_times: 1 }),
    });
    expect(probe.status).toBe(201);
    const jobId = ((await probe.json()) as { data: { id: string } }).data.id;
    // A request that calls a provider (the exchange rates' currencies, sandbox here).
    const user = await ctx.makeUser();
    const userLogin = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: TEST_PASSWORD }),
    });
    const userToken = ((await userLogin.json()) as { data: { token: string } }).data.token;
    const currencies = await fetch(`${base}/api/payments/wise/currencies`, {
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(currencies.status).toBe(200);
    // Secrets in a query and a token in a path: neither may reach the collector.
    await (
      await fetch(`${base}/api/check/reset/token?token=secret-reset-0123&email=leak%40example.test`)
    ).arrayBuffer();
    await (await fetch(`${base}/api/public/results/sharetoken0123456789`)).arrayBuffer();

    const db = new pg.Client({ connectionString: withDatabase(inject('pgAdminUrl'), ctx.dbName) });
    await db.connect();
    try {
      for (let i = 0; ; i++) {
        const { rows } = await db.query('select state, data from pgboss.job where id = $1', [jobId]);
        if (rows[0]?.state === 'failed') {
          // The sender's context rode in the job's data.
          expect(rows[0].data[JOB_TRACE_KEY].traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
          break;
        }
        if (i > 300) throw new Error(`the probe job did not fail: ${JSON.stringify(rows)}\n${output}`);
        await sleep(100);
      }
    } finally {
      await db.end();
    }

    // The graceful stop exports what is left.
    child.kill('SIGTERM');
    expect(await exited, output).toBe(0);
    const { spans } = receiver;

    // 1. The refused request's trace: its id is the answer's requestId and the log lines' reqId.
    const server = spans.find((s) => s.traceId === requestId && s.kind === SPAN_KIND.SERVER);
    expect(server, 'HTTP server span').toMatchObject({ scope: '@opentelemetry/instrumentation-http' });
    expect(server?.parentSpanId ?? '').toBe('');
    expect(attr(server!, 'http.route')).toBe('/api/user/info');
    expect(server?.resource).toMatchObject({
      'service.name': 'lm-api',
      'service.version': JSON.parse(fs.readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')).version,
      'deployment.environment.name': 'test',
    });
    const below = descendants(spans, server!);
    const route = below.find((s) => s.scope === '@fastify/otel' && s.name === 'request');
    expect(route && attr(route, 'http.route')).toBe('/api/user/info');
    const queries = below.filter(
      (s) => s.scope === '@opentelemetry/instrumentation-pg' && s.name.startsWith('pg.query'),
    );
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((q) => attr(q, 'db.system.name') === 'postgresql')).toBe(true);
    const logged = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { reqId?: string; req?: { url?: string } });
    expect(logged.find((l) => l.req?.url === '/api/user/info')?.reqId).toBe(requestId);

    // 2. The job's run: a CONSUMER span named after the queue, in the trace of the request that sent it.
    const job = spans.find((s) => s.name === 'dev.probe' && attr(s, 'messaging.message.id') === jobId);
    expect(job, 'job span').toMatchObject({ kind: SPAN_KIND.CONSUMER, status: { code: 2 } });
    expect(attr(job!, 'pgboss.job.attempt')).toBe(1);
    expect(attr(job!, 'pgboss.job.outcome')).toBe('failed');
    const probeRequestId = logged.find((l) => l.req?.url === '/api/admin/dev/queues/probe')?.reqId;
    expect(job?.traceId).toBe(probeRequestId);
    // 3. A provider operation: its own span inside the request's trace.
    const fx = spans.find((s) => s.name === 'fx.currencies');
    expect(
      fx && [attr(fx, 'provider.name'), attr(fx, 'provider.operation'), attr(fx, 'provider.mode')],
    ).toEqual(['fx', 'currencies', 'sandbox']);
    const fxRequestId = logged.find((l) => l.req?.url === '/api/payments/wise/currencies')?.reqId;
    expect(fx?.traceId).toBe(fxRequestId);

    // 4. Addresses without their secrets: query values and path tokens redacted in every span.
    const exported = JSON.stringify(spans);
    for (const secret of [
      'secret-reset-0123',
      'leak%40example.test',
      'leak@example.test',
      'sharetoken0123456789',
    ])
      expect(exported).not.toContain(secret);
    expect(exported).toContain('token=REDACTED&email=REDACTED');
    expect(exported).toContain('/api/public/results/:token');

    const probeServer = spans.find((s) => s.traceId === job?.traceId && s.kind === SPAN_KIND.SERVER);
    expect(descendants(spans, probeServer!).map((s) => s.spanId)).toContain(job?.spanId);
  }, 120_000);
});
