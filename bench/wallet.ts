/**
 * `npm run bench:wallet`: start the real product on a fresh DATA_DIR, sign in as the demo artist,
 * generate 1,000,000 ledger transactions straight into its PostgreSQL (wallet-data.ts), check the
 * ledger's invariants, load the balance endpoint and the transaction list (page 1, a deep page, 100 per
 * page, two filters) with autocannon next to a bare Fastify + pg baseline, EXPLAIN the product's
 * statements and a few alternatives, and write the `## Wallet benchmark` section of
 * docs/performance.md. Everything runs on loopback and is cleaned up at the end (children stopped by
 * process group, embedded PostgreSQL stopped, temp dir removed).
 *
 * WALLET_BENCH_TRANSFERS overrides the number of generated transfers (default 1,000,000) for a quick
 * trial; the report says how many were generated.
 */
import os from 'node:os';
import path from 'node:path';
import { cpuSnapshot, postgresCpuByPid, postmasterPid } from './cpu';
import { freePort, waitFor200 } from './processes';
import { BenchSession, buildApi, login, PRODUCT_APP_NAME } from './product';
import { REPORT_FILE, writeSection } from './report';
import { checkLedger, generateLedger, ledgerHolds } from './wallet-data';
import { drain, runTarget, sequentialLatency, WALLET_LOAD, type WalletLoadResult } from './wallet-load';
import {
  baselineListSql,
  captureStatements,
  type Explained,
  explain,
  explainAlternatives,
  type ListShape,
  productBalanceSql,
  productListSql,
  type Sql,
  wasCaptured,
} from './wallet-plans';
import { type EndpointReport, renderWalletSection, WALLET_HEADING, type WalletReport } from './wallet-report';

const EMAIL = 'artist@demo.test';
const TRANSFERS = Number(process.env.WALLET_BENCH_TRANSFERS ?? 1_000_000);
const USERS = 1_000;
/** Every 5th transfer is the artist's: 200,000 of 1,000,000. */
const ARTIST_EVERY = 5;
const DEEP_PAGE = 10_000;
const DESC_FILTER = 3;
/** The index experiment of the alternatives runs only if the bench is younger than this (seconds). */
const INDEX_EXPERIMENT_UNTIL_S = 270;
/** Hard cap on the whole run; past it everything is torn down. */
/** Whole-run limit; WALLET_BENCH_TIMEOUT_S raises it on a loaded machine (default 480 s). */
const OVERALL_TIMEOUT_MS = Number(process.env.WALLET_BENCH_TIMEOUT_S ?? 480) * 1000;
/** Product log lines worth forwarding: fatal, the ready line, shutdown messages. */
const PRODUCT_ECHO = /"level":60|READY_MS=|shutting down/;

const session = new BenchSession('bench:wallet');
const notes = session.notes;

/** A list URL of the product. */
function listPath(shape: ListShape): string {
  const params = [`page=${shape.page}`, `limit=${shape.limit}`];
  if (shape.number) params.push(`filter%5Btransactions_id%5D=${encodeURIComponent(shape.number)}`);
  if (shape.descId) params.push(`filter%5Bdesc_id%5D=${shape.descId}`);
  return `/api/wallet/user/transaction?${params.join('&')}`;
}

function listTitle(shape: ListShape): string {
  const params = [`page=${shape.page}`, `limit=${shape.limit}`];
  if (shape.number) params.push(`filter[transactions_id]=${shape.number}`);
  if (shape.descId) params.push(`filter[desc_id]=${shape.descId}`);
  return `/api/wallet/user/transaction?${params.join('&')}`;
}

async function main(): Promise<number> {
  const t0 = performance.now();
  const date = new Date();
  const loadAvgAtStart = os.loadavg()[0] ?? 0;
  const dataDir = session.makeDataDir();
  const pgDir = path.join(dataDir, 'pg');

  // 1. The product on a fresh DATA_DIR, signed in as the demo artist.
  // The compiled server with the production response serialiser, as `npm run start:prod` runs it.
  buildApi();
  const product = await session.startProduct('product', dataDir, PRODUCT_ECHO, {
    compiled: true,
    env: { RESPONSE_SERIALIZER: 'compiled' },
  });
  const { token, id: userId } = await login(product.port, '/api/user/login', EMAIL);
  const headers = { authorization: `Bearer ${token}` };
  const dbUrl = product.dbUrl;
  const admin = await session.connect(dbUrl, 'liberty-bench-admin');
  const postgres = await session.postgresSettings(admin);

  // 2. Generate and check the ledger.
  console.log(`generate: ${TRANSFERS} transfers over ${USERS} users + ${EMAIL}`);
  const generate = await generateLedger(admin, {
    transfers: TRANSFERS,
    users: USERS,
    artistEmail: EMAIL,
    artistEvery: ARTIST_EVERY,
  });
  if (generate.userId !== userId) throw new Error('generate: the signed-in user is not the generated artist');
  console.log(
    `generate: ${(generate.generateMs / 1000).toFixed(1)} s, artist entries ${generate.artistEntries}`,
  );
  const check = await checkLedger(admin);
  console.log(`check: ${JSON.stringify(check)}`);
  if (!ledgerHolds(check)) throw new Error(`generated ledger breaks an invariant: ${JSON.stringify(check)}`);
  const accountId = generate.artistAccountId;

  // A 5-character piece of one of the artist's transaction numbers: a substring matching few rows.
  const picked = await admin.query<{ number: string }>(
    `select number from ledger_transfers where id =
       (select transfer_id from ledger_entries where account_id = $1 order by id desc offset $2 limit 1)`,
    [accountId, Math.floor(generate.artistEntries / 4)],
  );
  const numberFilter = picked.rows[0]!.number.slice(5, 10);

  // 3. Baseline on the same database.
  const baselinePort = await freePort();
  const baseline = session.startChild('baseline', 'bench/wallet-baseline-server.ts', {
    BASELINE_PORT: String(baselinePort),
    BASELINE_ACCOUNT_ID: String(accountId),
    BASELINE_DATABASE_URL: dbUrl,
  });
  const baselineBase = `http://127.0.0.1:${baselinePort}`;
  await waitFor200(baseline, `${baselineBase}/wallet/balance`, performance.now(), 60_000);

  // 4. The endpoints: one request sequence each first (checks the answers, one-client latency).
  const productBase = `http://127.0.0.1:${product.port}`;
  const shapes: { key: EndpointReport['key']; shape: ListShape; detail: string }[] = [
    { key: 'page1', shape: { page: 1, limit: 10 }, detail: 'First page, 10 per page (the default).' },
    { key: 'limit100', shape: { page: 1, limit: 100 }, detail: 'First page, 100 per page.' },
    {
      key: 'deep',
      shape: { page: DEEP_PAGE, limit: 10 },
      detail: `A deep page: page ${DEEP_PAGE.toLocaleString('en-US')} of 10 per page (offset ${((DEEP_PAGE - 1) * 10).toLocaleString('en-US')}).`,
    },
    {
      key: 'number',
      shape: { page: 1, limit: 10, number: numberFilter },
      detail: `Filtered by a transaction-number substring (\`${numberFilter}\`, 5 characters of one of the artist's numbers; contains, case-insensitive).`,
    },
    {
      key: 'desc',
      shape: { page: 1, limit: 10, descId: DESC_FILTER },
      detail: `Filtered by type: \`desc_id = ${DESC_FILTER}\` (refunds).`,
    },
  ];
  const balanceSingle = await sequentialLatency(`${productBase}/api/wallet/user/current/balance`, headers, {
    min: 5,
    max: 20,
    budgetMs: 2_000,
  });
  const listSingles = [];
  for (const s of shapes) {
    const single = await sequentialLatency(`${productBase}${listPath(s.shape)}`, headers, {
      min: 2,
      max: 10,
      budgetMs: 2_500,
    });
    const body = single.body as { data?: unknown[]; pagination?: { total?: number } };
    const total = body.pagination?.total ?? null;
    const expected = Math.min(s.shape.limit, Math.max(0, (total ?? 0) - (s.shape.page - 1) * s.shape.limit));
    if (body.data?.length !== expected)
      throw new Error(
        `${listTitle(s.shape)}: ${body.data?.length} rows for total ${total}, expected ${expected}`,
      );
    console.log(
      `check: ${listTitle(s.shape)} total=${total} one client median ${single.medianMs.toFixed(1)} ms (n=${single.n})`,
    );
    listSingles.push({ ...s, single, total });
  }

  // 5. Load, one target after the other, abandoned queries cancelled in between.
  const pgPid = postmasterPid(pgDir);
  const productPgid = product.managed.child.pid ?? 0;
  const baselinePgid = baseline.child.pid ?? 0;
  const productSample = () => cpuSnapshot(productPgid, pgPid);
  const baselineSample = () => cpuSnapshot(baselinePgid, pgPid);
  const postgresByPid = pgPid === null ? undefined : () => postgresCpuByPid(pgPid);
  const captureClient = await session.connect(dbUrl, 'liberty-bench-capture');
  const capture = captureStatements(captureClient, PRODUCT_APP_NAME, ['%"ledger_%'], 100);
  let cancelledQueries = 0;
  const measure = async (
    name: string,
    url: string,
    h: Record<string, string>,
    sample: typeof productSample,
  ) => {
    const r = await runTarget({ name, url, headers: h, sample, postgresByPid });
    const cancelled = await drain(admin, PRODUCT_APP_NAME);
    cancelledQueries += cancelled;
    const cut = r.cutOff > 0 ? `, ${r.cutOff} cut off (oldest ${r.cutOffMaxAgeMs.toFixed(0)} ms)` : '';
    const show = (v: { ms: number; understated: boolean }) =>
      `${v.understated ? '>=' : ''}${v.ms.toFixed(1)}`;
    console.log(
      `load: ${name}: ${r.reqPerSec.toFixed(1)} req/s, p50 ${show(r.p50)} p95 ${show(r.p95)} p99 ${show(r.p99)} ms, ${r.ok} ok in ${r.seconds.toFixed(1)} s${cut}${cancelled ? `, ${cancelled} queries cancelled` : ''}`,
    );
    return r;
  };
  const baseList = await measure('baseline-list', `${baselineBase}/wallet/transactions`, {}, baselineSample);
  const baseBalance = await measure('baseline-balance', `${baselineBase}/wallet/balance`, {}, baselineSample);
  const balanceResult = await measure(
    'balance',
    `${productBase}/api/wallet/user/current/balance`,
    headers,
    productSample,
  );
  const listResults: WalletLoadResult[] = [];
  for (const s of listSingles) {
    listResults.push(await measure(s.key, `${productBase}${listPath(s.shape)}`, headers, productSample));
  }
  const captured = await capture.stop();
  await session.closeClient(captureClient);

  // 6. Plans: the product's statements, the baseline's, and the alternatives.
  console.log('explain: product statements, baseline, alternatives');
  const balanceSql = productBalanceSql(userId);
  const balancePlan = await explain(admin, 'balance', 'balance', balanceSql);
  const sqlVerified: { label: string; seen: boolean }[] = [
    { label: 'balance', seen: wasCaptured(balanceSql, captured) },
  ];
  const endpoints: EndpointReport[] = [
    {
      key: 'balance',
      title: '/api/wallet/user/current/balance',
      detail: 'The wallet balance in coins and its value in GBP.',
      product: balanceResult,
      single: balanceSingle,
      total: null,
      baselines: [
        { label: 'balance (1-row query)', result: baseBalance },
        { label: '10 entries', result: baseList },
      ],
      plans: [balancePlan],
    },
  ];
  for (const [i, s] of listSingles.entries()) {
    const sql = productListSql(accountId, generate.artistEntries, s.shape);
    const plans: Explained[] = [await explain(admin, s.key, 'page rows', sql.rows)];
    sqlVerified.push({ label: `${s.key} page rows`, seen: wasCaptured(sql.rows, captured) });
    // The count does not depend on page or limit: explain it once per filter (none without filters:
    // the total is the account's entry_count).
    if (sql.count && s.key !== 'limit100' && s.key !== 'deep') {
      plans.push(await explain(admin, s.key, 'count', sql.count));
      sqlVerified.push({ label: `${s.key} count`, seen: wasCaptured(sql.count, captured) });
    }
    endpoints.push({
      key: s.key,
      title: listTitle(s.shape),
      detail: `${s.detail}${s.total !== null ? ` \`pagination.total\`: ${s.total.toLocaleString('en-US')}.` : ''}${s.key === 'limit100' || s.key === 'deep' ? ' Its count statement is the one of page 1 (same filter).' : ''}`,
      product: listResults[i]!,
      single: s.single,
      total: s.total,
      baselines: [{ label: '10 entries', result: baseList }],
      plans,
    });
  }
  const baselinePlan = await explain(admin, 'baseline', 'page rows', baselineListSql(accountId) as Sql);
  // Building the two experimental indexes takes 5-25 s on this data; leave it out of a run that is
  // already long (a very busy machine), to stay within about 6 minutes.
  const elapsedS = (performance.now() - t0) / 1000;
  const alternatives = await explainAlternatives(
    admin,
    accountId,
    { page: DEEP_PAGE, limit: 10 },
    numberFilter,
    elapsedS > INDEX_EXPERIMENT_UNTIL_S
      ? `not run, the bench had already taken ${elapsedS.toFixed(0)} s (limit ${INDEX_EXPERIMENT_UNTIL_S} s)`
      : null,
  );
  for (const v of sqlVerified)
    if (!v.seen) console.log(`explain: ${v.label} SQL was not seen in pg_stat_activity`);

  // 7. Clean up (before writing, so shutdown problems make it into the report).
  await session.finishLoadRun(admin, baseline, product, [
    baseList,
    baseBalance,
    balanceResult,
    ...listResults,
  ]);

  // 8. Report.
  const report: WalletReport = {
    date,
    loadAvgAtStart,
    load: WALLET_LOAD,
    generate,
    check,
    transfers: TRANSFERS,
    users: USERS,
    numberFilter,
    descFilter: DESC_FILTER,
    deepPage: DEEP_PAGE,
    postgres,
    endpoints,
    baselinePlan,
    alternatives,
    sqlVerified,
    cancelledQueries,
    totalSeconds: (performance.now() - t0) / 1000,
    notes,
  };
  writeSection(renderWalletSection(report), REPORT_FILE, WALLET_HEADING);
  console.log(`\nwrote ${path.relative(process.cwd(), REPORT_FILE) || REPORT_FILE} (${WALLET_HEADING})`);
  for (const note of notes) console.log(`note: ${note}`);
  return 0;
}

await session.run(main, OVERALL_TIMEOUT_MS);
