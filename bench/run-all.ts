/**
 * `npm run bench`: start the real product (cold, then warm), sign in, load `GET /api/user/info` with
 * autocannon, do the same against a bare Fastify + pg baseline on the same embedded database, and
 * write the `## API benchmark` section of docs/performance.md. Everything runs on loopback and is
 * cleaned up at the end (children stopped with SIGTERM, embedded PostgreSQL stopped, temp dir removed).
 */
import os from 'node:os';
import path from 'node:path';
import { cpuSnapshot, postmasterPid } from './cpu';
import { probeDbRoundTrips } from './db-probe';
import { DEFAULT_LOAD, measureInTurns } from './load';
import { freePort, waitFor200 } from './processes';
import { BenchSession, login } from './product';
import {
  type BenchReport,
  cpuTable,
  loadTable,
  REPORT_FILE,
  renderSection,
  startTable,
  summaryLines,
  writeSection,
} from './report';

const EMAIL = 'artist@demo.test';
/** Hard cap on the whole run; past it everything is torn down. */
const OVERALL_TIMEOUT_MS = 180_000;
/** Product log lines worth forwarding: pino warn/error/fatal, the ready line, shutdown messages. */
const PRODUCT_ECHO = /"level":(40|50|60)|READY_MS=|shutting down|Error/;

const session = new BenchSession('bench');
const notes = session.notes;

async function main(): Promise<void> {
  const date = new Date();
  const loadAvgAtStart = os.loadavg()[0] ?? 0;
  const dataDir = session.makeDataDir();

  // 1. Cold start, then stop; warm restart on the same DATA_DIR, which is the one benchmarked.
  const cold = await session.startProduct('product-cold', dataDir, PRODUCT_ECHO);
  await session.stopProduct(cold);
  session.collectLogIssues(cold.managed);
  const product = await session.startProduct('product-warm', dataDir, PRODUCT_ECHO);

  // 2. Sign in.
  const { token, id: userId } = await login(product.port, '/api/user/login', EMAIL);
  const headers = { authorization: `Bearer ${token}` };
  const check = await fetch(`http://127.0.0.1:${product.port}/api/user/info`, { headers });
  if (check.status !== 200)
    throw new Error(`GET /api/user/info answered ${check.status}: ${await check.text()}`);
  await check.arrayBuffer();

  // 3. Baseline on the same embedded database (the product keeps running: it owns PostgreSQL).
  const baselinePort = await freePort();
  const baseline = session.startChild('baseline', 'bench/baseline-server.ts', {
    BASELINE_PORT: String(baselinePort),
    BASELINE_USER_ID: String(userId),
    BASELINE_DATABASE_URL: product.dbUrl,
  });
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
  await session.stop(baseline);
  await session.stopProduct(product);
  session.collectLogIssues(product.managed);

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

await session.run(main, OVERALL_TIMEOUT_MS);
