/**
 * `npm run bench:admin`: start the real product on a fresh DATA_DIR, sign in as the demo Super Admin,
 * generate the back-office's big tables straight into its PostgreSQL (admin-data.ts: 1,000,000 audit
 * entries over two years, 200,000 users, a year of coin purchases, express campaigns and payouts with
 * their ledger), check the ledger and the references, load the audit log list, the users list and the
 * reports (page 1, filters, a deep page, 30 and 365 days) with autocannon next to a bare Fastify + pg
 * baseline, EXPLAIN the statements the product's services send, and write the `## Admin lists
 * benchmark` section of docs/performance.md. Same load runner and conventions as `bench:wallet`.
 *
 * Sizes can be lowered for a quick trial: ADMIN_BENCH_AUDIT (audit rows, default 1,000,000),
 * ADMIN_BENCH_USERS (200,000), ADMIN_BENCH_PAYMENTS (120,000), ADMIN_BENCH_ADMINS (50); the report
 * says what was generated.
 *
 * ADMIN_BENCH_TARGETS (comma-separated keys, e.g. `users-name,reports-365`) loads only those targets
 * (and the baseline); such a partial run writes its section to ADMIN_BENCH_OUT (default
 * `/tmp/bench-admin-partial.md`) instead of docs/performance.md, so the full section stays whole.
 */
import os from 'node:os';
import path from 'node:path';
import { checkReferences, generateAdminData, referencesHold } from './admin-data';
import { type EndpointCall, productStatements, seenIn } from './admin-plans';
import { ADMIN_HEADING, type AdminEndpoint, type AdminReport, renderAdminSection } from './admin-report';
import { cpuSnapshot, postgresCpuByPid, postmasterPid } from './cpu';
import { freePort, waitFor200 } from './processes';
import { BenchSession, buildApi, login, PRODUCT_APP_NAME } from './product';
import { REPORT_FILE, writeSection } from './report';
import { checkLedger, ledgerHolds } from './wallet-data';
import { drain, runTarget, sequentialLatency, WALLET_LOAD } from './wallet-load';
import { captureStatements, explain } from './wallet-plans';

const ADMIN_EMAIL = 'admin@demo.test';
const USER_EMAIL = 'artist@demo.test';
const size = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(v) || v < 1) throw new Error(`${name} must be a positive integer`);
  return v;
};
const SIZES = {
  audit: size('ADMIN_BENCH_AUDIT', 1_000_000),
  users: size('ADMIN_BENCH_USERS', 200_000),
  payments: size('ADMIN_BENCH_PAYMENTS', 120_000),
  admins: size('ADMIN_BENCH_ADMINS', 50),
};
const PLAYLISTS = 2_000;
const DEEP_PAGE = 10_000;
/** Hard cap on the whole run; past it everything is torn down. */
/** Whole-run limit; ADMIN_BENCH_TIMEOUT_S raises it on a loaded machine (default 600 s). */
const OVERALL_TIMEOUT_MS = Number(process.env.ADMIN_BENCH_TIMEOUT_S ?? 600) * 1000;
const PRODUCT_ECHO = /"level":60|READY_MS=|shutting down/;

const session = new BenchSession('bench:admin');
const notes = session.notes;
const day = (d: Date) => d.toISOString().slice(0, 10);
const q = (params: Record<string, string | number>) =>
  Object.entries(params)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
    .join('&');

/** One endpoint shape: its URL, how the service is called for it, and what it shows. */
interface Shape {
  key: string;
  path: string;
  params: Record<string, string | number>;
  call: EndpointCall;
  detail: string;
  /** Rows the answer must have (lists), or days (reports). */
  check: (body: unknown) => string | null;
  total?: (body: unknown) => number | null;
}

const listCheck = (page: number, limit: number) => (body: unknown) => {
  const b = body as { data?: unknown[]; pagination?: { total?: number } };
  const total = b.pagination?.total ?? 0;
  const expected = Math.min(limit, Math.max(0, total - (page - 1) * limit));
  return b.data?.length === expected
    ? null
    : `${b.data?.length} rows for total ${total}, expected ${expected}`;
};
const listTotal = (body: unknown) => (body as { pagination?: { total?: number } }).pagination?.total ?? null;
const reportCheck = (days: number) => (body: unknown) => {
  const b = body as { data?: { sales?: { days?: unknown[] }; users?: { days?: unknown[] } } };
  return b.data?.sales?.days?.length === days && b.data.users?.days?.length === days
    ? null
    : `expected ${days} days`;
};

async function main(): Promise<number> {
  const t0 = performance.now();
  const date = new Date();
  const loadAvgAtStart = os.loadavg()[0] ?? 0;
  const dataDir = session.makeDataDir();

  // 1. The product, signed in as the demo Super Admin.
  // The compiled server with the production response serialiser, as `npm run start:prod` runs it.
  buildApi();
  const product = await session.startProduct('product', dataDir, PRODUCT_ECHO, {
    compiled: true,
    env: { RESPONSE_SERIALIZER: 'compiled' },
  });
  const { token } = await login(product.port, '/api/admin/login', ADMIN_EMAIL);
  const headers = { authorization: `Bearer ${token}` };
  const admin = await session.connect(product.dbUrl, 'liberty-bench-admin');
  const postgres = await session.postgresSettings(admin);

  // 2. Generate and check.
  console.log(`generate: ${JSON.stringify(SIZES)}`);
  const generate = await generateAdminData(admin, {
    ...SIZES,
    playlists: PLAYLISTS,
    adminEmail: ADMIN_EMAIL,
    userEmail: USER_EMAIL,
  });
  console.log(`generate: ${(generate.generateMs / 1000).toFixed(1)} s ${JSON.stringify(generate.counts)}`);
  const ledger = await checkLedger(admin);
  const references = await checkReferences(admin);
  console.log(`check: ${JSON.stringify(ledger)} ${JSON.stringify(references)}`);
  if (!ledgerHolds(ledger))
    throw new Error(`generated ledger breaks an invariant: ${JSON.stringify(ledger)}`);
  if (!referencesHold(references))
    throw new Error(`generated report data is inconsistent: ${JSON.stringify(references)}`);

  // Filters from the data: the most active generated admin's name, a week a month ago, a surname piece.
  const picked = await admin.query<{ name: string }>(
    "select name from admins where email = 'bench-admin-01@bench.test'",
  );
  const actorFilter = picked.rows[0]!.name;
  const now = new Date();
  const weekTo = day(new Date(now.getTime() - 30 * 86_400_000));
  const weekFrom = day(new Date(now.getTime() - 36 * 86_400_000));
  const today = day(now);
  const from30 = day(new Date(now.getTime() - 29 * 86_400_000));
  const from365 = day(new Date(now.getTime() - 364 * 86_400_000));
  const action = 'users.disable';
  const nameFilter = 'kowal';
  const country = 'DE';

  const allShapes: Shape[] = [
    {
      key: 'audit-page1',
      path: '/api/admin/audit-logs',
      params: { page: 1, limit: 10 },
      call: { kind: 'audit', filter: {}, page: 1, limit: 10 },
      detail: 'The audit log, first page, 10 per page, no filter (the /logs screen as it opens).',
      check: listCheck(1, 10),
      total: listTotal,
    },
    {
      key: 'audit-action',
      path: '/api/admin/audit-logs',
      params: { page: 1, limit: 10, 'filter[action]': action },
      call: { kind: 'audit', filter: { action }, page: 1, limit: 10 },
      detail: `Filtered by action (\`${action}\`, exact).`,
      check: listCheck(1, 10),
      total: listTotal,
    },
    {
      key: 'audit-actor',
      path: '/api/admin/audit-logs',
      params: { page: 1, limit: 10, 'filter[actor]': actorFilter },
      call: { kind: 'audit', filter: { actor: actorFilter }, page: 1, limit: 10 },
      detail: `Filtered by actor text (\`${actorFilter}\`: the name of the most active generated admin, which also matches the users of that name; contains, case-insensitive, on admins' and users' names and e-mails).`,
      check: listCheck(1, 10),
      total: listTotal,
    },
    {
      key: 'audit-range',
      path: '/api/admin/audit-logs',
      params: { page: 1, limit: 10, 'filter[from]': weekFrom, 'filter[to]': weekTo },
      call: { kind: 'audit', filter: { from: weekFrom, to: weekTo }, page: 1, limit: 10 },
      detail: `Filtered by a date range: the week ${weekFrom} to ${weekTo} (inclusive).`,
      check: listCheck(1, 10),
      total: listTotal,
    },
    {
      key: 'audit-deep',
      path: '/api/admin/audit-logs',
      params: { page: DEEP_PAGE, limit: 10 },
      call: { kind: 'audit', filter: {}, page: DEEP_PAGE, limit: 10 },
      detail: `A deep page: page ${DEEP_PAGE.toLocaleString('en-US')} of 10 per page (offset ${((DEEP_PAGE - 1) * 10).toLocaleString('en-US')}), no filter.`,
      check: listCheck(DEEP_PAGE, 10),
      total: listTotal,
    },
    {
      key: 'users-page1',
      path: '/api/admin/users',
      params: { page: 1, limit: 10 },
      call: {
        kind: 'users',
        query: { page: 1, limit: 10, order: undefined, q: undefined, filter: undefined },
      },
      detail: 'The users list, first page, 10 per page, newest first (the /users/list screen as it opens).',
      check: listCheck(1, 10),
      total: listTotal,
    },
    {
      key: 'users-name',
      path: '/api/admin/users',
      params: { page: 1, limit: 10, 'filter[name]': nameFilter },
      call: {
        kind: 'users',
        query: { page: 1, limit: 10, order: undefined, q: undefined, filter: { name: nameFilter } },
      },
      detail: `Filtered by a name substring (\`${nameFilter}\`; contains, case-insensitive).`,
      check: listCheck(1, 10),
      total: listTotal,
    },
    {
      key: 'users-status-type',
      path: '/api/admin/users',
      params: { page: 1, limit: 10, 'filter[status]': 'pending_approval', 'filter[user_type_id]': 1 },
      call: {
        kind: 'users',
        query: {
          page: 1,
          limit: 10,
          order: undefined,
          q: undefined,
          filter: { status: 'pending_approval', user_type_id: '1' },
        },
      },
      detail: 'Filtered by status and type: artists pending approval (the approval queue).',
      check: listCheck(1, 10),
      total: listTotal,
    },
    {
      key: 'users-country',
      path: '/api/admin/users',
      params: { page: 1, limit: 10, 'filter[country_code]': country },
      call: {
        kind: 'users',
        query: { page: 1, limit: 10, order: undefined, q: undefined, filter: { country_code: country } },
      },
      detail: `Filtered by country (\`${country}\`).`,
      check: listCheck(1, 10),
      total: listTotal,
    },
    {
      key: 'reports-30',
      path: '/api/admin/reports',
      params: { from: from30, to: today },
      call: { kind: 'reports', from: from30, to: today },
      detail: `The reports over 30 days (${from30} to ${today}): sales per day and currency, campaigns by status, sign-ups per day by type, payouts requested and paid.`,
      check: reportCheck(30),
    },
    {
      key: 'reports-365',
      path: '/api/admin/reports',
      params: { from: from365, to: today },
      call: { kind: 'reports', from: from365, to: today },
      detail: `The reports over 365 days (${from365} to ${today}).`,
      check: reportCheck(365),
    },
  ];
  const shapes = pickTargets(allShapes);
  const title = (s: Shape) =>
    `${s.path}?${Object.entries(s.params)
      .map(([k, v]) => `${k}=${v}`)
      .join('&')}`;
  const url = (s: Shape) => `http://127.0.0.1:${product.port}${s.path}?${q(s.params)}`;

  // 3. Baseline on the same database.
  const baselinePort = await freePort();
  const baseline = session.startChild('baseline', 'bench/admin-baseline-server.ts', {
    BASELINE_PORT: String(baselinePort),
    BASELINE_DATABASE_URL: product.dbUrl,
  });
  const baselineUrl = `http://127.0.0.1:${baselinePort}/audit-logs`;
  await waitFor200(baseline, baselineUrl, performance.now(), 60_000);

  // 4. One client first: checks the answers, one-client latency.
  const singles = [];
  for (const s of shapes) {
    const single = await sequentialLatency(url(s), headers, { min: 2, max: 10, budgetMs: 2_500 });
    const problem = s.check(single.body);
    if (problem) throw new Error(`${title(s)}: ${problem}`);
    const total = s.total?.(single.body) ?? null;
    console.log(
      `check: ${title(s)}${total !== null ? ` total=${total}` : ''} one client median ${single.medianMs.toFixed(1)} ms (n=${single.n})`,
    );
    singles.push({ single, total });
  }

  // 5. Load, one target after the other, abandoned queries cancelled in between.
  const pgPid = postmasterPid(product.pgDir);
  const productPgid = product.managed.child.pid ?? 0;
  const baselinePgid = baseline.child.pid ?? 0;
  const productSample = () => cpuSnapshot(productPgid, pgPid);
  const baselineSample = () => cpuSnapshot(baselinePgid, pgPid);
  const postgresByPid = pgPid === null ? undefined : () => postgresCpuByPid(pgPid);
  const captureClient = await session.connect(product.dbUrl, 'liberty-bench-capture');
  const capture = captureStatements(
    captureClient,
    PRODUCT_APP_NAME,
    [
      '%audit_logs%',
      '%audit_log_hours%',
      '%"users"%',
      '%generate_series%',
      '%from payments%',
      '%express_campaigns%',
      '%from payouts%',
    ],
    50,
  );
  let cancelledQueries = 0;
  const measure = async (
    name: string,
    target: string,
    h: Record<string, string>,
    sample: typeof productSample,
  ) => {
    const r = await runTarget({ name, url: target, headers: h, sample, postgresByPid });
    const cancelled = await drain(admin, PRODUCT_APP_NAME);
    cancelledQueries += cancelled;
    const show = (v: { ms: number; understated: boolean }) =>
      `${v.understated ? '>=' : ''}${v.ms.toFixed(1)}`;
    console.log(
      `load: ${name}: ${r.reqPerSec.toFixed(1)} req/s, p50 ${show(r.p50)} p95 ${show(r.p95)} p99 ${show(r.p99)} ms, ${r.ok} ok${r.cutOff > 0 ? `, ${r.cutOff} cut off` : ''}${cancelled ? `, ${cancelled} queries cancelled` : ''}`,
    );
    return r;
  };
  const base = await measure('baseline', baselineUrl, {}, baselineSample);
  const results = [];
  for (const s of shapes) results.push(await measure(s.key, url(s), headers, productSample));
  const captured = await capture.stop();
  await session.closeClient(captureClient);

  // 6. Plans of the statements the services send.
  console.log('explain: the statements of listAuditLogs, listUsers and buildReport');
  const statements = await productStatements(
    product.dbUrl,
    shapes.map((s) => s.call),
  );
  const endpoints: AdminEndpoint[] = [];
  for (const [i, s] of shapes.entries()) {
    const plans = [];
    // The planner's estimate of a long list's total is itself an EXPLAIN (no rows read): not re-explained.
    const run = (statements[i] ?? []).filter((q) => !/^\s*explain\b/i.test(q.text));
    for (const [j, sql] of run.entries()) {
      const part =
        s.call.kind === 'reports'
          ? (REPORT_PARTS[j] ?? `statement ${j + 1}`)
          : /^\s*select count\(/i.test(sql.text)
            ? `count (stopped after ${Number(sql.values.at(-1)).toLocaleString('en-US')} rows)`
            : /'admin' as kind/.test(sql.text)
              ? 'actor lookup'
              : /audit_log_hours_state/.test(sql.text)
                ? 'hour counts (covered hours, open and late entries)'
                : /entries_up_to >/.test(sql.text)
                  ? 'the hour holding the page'
                  : 'page rows';
      // The unfiltered audit page runs its statements without parallel workers or bitmap scans
      // (`set local` in its transaction, audit.service.ts `unfilteredPage`): explained the same way.
      const unfilteredAudit = s.call.kind === 'audit' && Object.keys(s.call.filter).length === 0;
      if (unfilteredAudit)
        await admin.query('set max_parallel_workers_per_gather = 0; set enable_bitmapscan = off');
      const plan = await explain(admin, s.key, part, sql);
      if (unfilteredAudit)
        await admin.query('reset max_parallel_workers_per_gather; reset enable_bitmapscan');
      plans.push({ ...plan, seen: seenIn(sql, captured), sql: sql.text });
    }
    endpoints.push({
      key: s.key,
      title: title(s),
      detail: s.detail,
      product: results[i]!,
      single: singles[i]!.single,
      total: singles[i]!.total,
      baselines: [{ label: '10 newest audit entries', result: base }],
      plans,
    });
  }
  const baselinePlan = await explain(admin, 'baseline', 'page rows', {
    text: `select id, actor_type, actor_id, action, target_type, target_id, created_at
     from audit_logs order by created_at desc, id desc limit 10`,
    values: [],
  });
  const indexes = await admin.query<{ table: string; name: string; def: string }>(
    `select tablename as table, indexname as name, indexdef as def from pg_indexes
     where tablename in ('audit_logs', 'users', 'payments', 'express_campaigns', 'payouts') order by 1, 2`,
  );

  // 7. Clean up (before writing, so shutdown problems make it into the report).
  await session.finishLoadRun(admin, baseline, product, [base, ...results]);

  // 8. Report.
  const report: AdminReport = {
    date,
    loadAvgAtStart,
    load: WALLET_LOAD,
    sizes: SIZES,
    generate,
    ledger,
    references,
    postgres,
    endpoints,
    baselinePlan,
    indexes: indexes.rows,
    cancelledQueries,
    totalSeconds: (performance.now() - t0) / 1000,
    notes,
  };
  const out = shapes.length === allShapes.length ? REPORT_FILE : PARTIAL_OUT;
  writeSection(renderAdminSection(report), out, ADMIN_HEADING);
  console.log(`\nwrote ${path.relative(process.cwd(), out) || out} (${ADMIN_HEADING})`);
  for (const note of notes) console.log(`note: ${note}`);
  return 0;
}

/** Where a run limited by ADMIN_BENCH_TARGETS writes its section. */
const PARTIAL_OUT = process.env.ADMIN_BENCH_OUT ?? '/tmp/bench-admin-partial.md';

/**
 * The targets to load: all, or those named in ADMIN_BENCH_TARGETS (comma-separated keys).
 * @throws Error naming the unknown keys, so a typo does not silently load nothing
 */
function pickTargets<T extends { key: string }>(all: T[]): T[] {
  const wanted = (process.env.ADMIN_BENCH_TARGETS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (wanted.length === 0) return all;
  const unknown = wanted.filter((k) => !all.some((s) => s.key === k));
  if (unknown.length > 0)
    throw new Error(
      `ADMIN_BENCH_TARGETS: unknown ${unknown.join(', ')}; known ${all.map((s) => s.key).join(', ')}`,
    );
  return all.filter((s) => wanted.includes(s.key));
}

/** The report's one statement since the daily rollups of the range (report_daily + deltas). */
const REPORT_PARTS = ['rollups of the range'];

await session.run(main, OVERALL_TIMEOUT_MS);
