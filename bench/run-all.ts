/**
 * `npm run bench`: build the API, start the compiled product (cold, then warm), sign in, load
 * `GET /api/user/info` and `GET /api/wallet/user/current/balance` with autocannon, do the same against
 * a bare Fastify + pg baseline's matching routes on the same embedded database (all four taking turns),
 * and write the `## API benchmark` section of docs/performance.md. Everything runs on loopback and is
 * cleaned up at the end (children stopped with SIGTERM, embedded PostgreSQL stopped, temp dir removed).
 */
import os from 'node:os';
import path from 'node:path';
import { cpuSnapshot, postmasterPid, serverRssMb } from './cpu';
import { probeDbRoundTrips } from './db-probe';
import { DEFAULT_LOAD, measureInTurns } from './load';
import { freePort, waitFor200 } from './processes';
import { BenchSession, buildApi, login, type StartOptions } from './product';
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
const OVERALL_TIMEOUT_MS = 300_000;
/** Product log lines worth forwarding: pino warn/error/fatal, the ready line, shutdown messages. */
const PRODUCT_ECHO = /"level":(40|50|60)|READY_MS=|shutting down|Error/;

/**
 * The production form: the compiled bundle with the production response serialiser and no development
 * mailbox (`DEV_MAIL=0`: production has none; outside production it gives every cookieless request a
 * mailbox session and a cookie). NODE_ENV stays unset: production refuses the demo seed, the sandbox
 * providers and the outbox mail the bench needs.
 */
const PRODUCTION_FORM: StartOptions = {
  compiled: true,
  env: { RESPONSE_SERIALIZER: 'compiled', DEV_MAIL: '0' },
};
const INFO = '/api/user/info';
const BALANCE = '/api/wallet/user/current/balance';

const session = new BenchSession('bench');
const notes = session.notes;

async function main(): Promise<void> {
  const date = new Date();
  const loadAvgAtStart = os.loadavg()[0] ?? 0;
  const dataDir = session.makeDataDir();
  buildApi();

  // 1. Cold start, then stop; warm restart on the same DATA_DIR, which is the one benchmarked.
  const cold = await session.startProduct('product-cold', dataDir, PRODUCT_ECHO, PRODUCTION_FORM);
  await session.stopProduct(cold);
  session.collectLogIssues(cold.managed);
  const product = await session.startProduct('product-warm', dataDir, PRODUCT_ECHO, PRODUCTION_FORM);

  // 2. Sign in.
  const { token, id: userId } = await login(product.port, '/api/user/login', EMAIL);
  const headers = { authorization: `Bearer ${token}` };
  for (const route of [INFO, BALANCE]) {
    const check = await fetch(`http://127.0.0.1:${product.port}${route}`, { headers });
    if (check.status !== 200) throw new Error(`GET ${route} answered ${check.status}: ${await check.text()}`);
    await check.arrayBuffer();
  }

  // 3. Baseline on the same embedded database (the product keeps running: it owns PostgreSQL).
  const baselinePort = await freePort();
  const baseline = session.startChild('baseline', 'bench/baseline-server.ts', {
    BASELINE_PORT: String(baselinePort),
    BASELINE_USER_ID: String(userId),
    BASELINE_DATABASE_URL: product.dbUrl,
  });
  const baselineUrl = `http://127.0.0.1:${baselinePort}/user/info`;
  const baselineBalanceUrl = `http://127.0.0.1:${baselinePort}/wallet/balance`;
  await waitFor200(baseline, baselineUrl, performance.now(), 60_000);

  const quietSince = performance.now();
  const productUrl = `http://127.0.0.1:${product.port}${INFO}`;
  const productBalanceUrl = `http://127.0.0.1:${product.port}${BALANCE}`;

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
      { name: 'product-balance', url: productBalanceUrl, headers },
      { name: 'baseline-balance', url: baselineBalanceUrl, headers: {} },
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
  const productSide = {
    headers,
    sample: () => cpuSnapshot(productPgid, pgPid),
    rss: () => serverRssMb(productPgid, pgPid),
  };
  const baselineSide = {
    headers: {},
    sample: () => cpuSnapshot(baselinePgid, pgPid),
    rss: () => serverRssMb(baselinePgid, pgPid),
  };
  const names = ['product', 'baseline', 'product-balance', 'baseline-balance'] as const;
  const results = await measureInTurns([
    { name: names[0], url: productUrl, ...productSide },
    { name: names[1], url: baselineUrl, ...baselineSide },
    { name: names[2], url: productBalanceUrl, ...productSide },
    { name: names[3], url: baselineBalanceUrl, ...baselineSide },
  ]);
  const [productResult, baselineResult, productBalance, baselineBalance] = results;
  if (!productResult || !baselineResult || !productBalance || !baselineBalance)
    throw new Error('load produced no result');
  for (const [i, r] of results.entries()) r.dbXactPerRequest = probe.xactPerRequest[names[i] ?? ''] ?? null;

  for (const [i, r] of results.entries()) {
    const name = names[i];
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
    loadAvgAtEnd: os.loadavg()[0] ?? 0,
    load: DEFAULT_LOAD,
    paths: [
      {
        path: `GET ${INFO}`,
        baselineQuery: 'select id, email, first_name, last_name from users where id = $1',
        product: productResult,
        baseline: baselineResult,
      },
      {
        path: `GET ${BALANCE}`,
        baselineQuery:
          "select coalesce((select balance from ledger_accounts where kind = 'user_wallet' and user_id = $1), 0)",
        product: productBalance,
        baseline: baselineBalance,
      },
    ],
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
