/**
 * `npm run bench:exports` (issue 36, "exporting 1,000,000 audit entries as CSV, time and peak memory of
 * the API process"): the compiled production API (`apps/api/dist/main.js`, embedded PostgreSQL, fresh
 * DATA_DIR) with EXPORT_BENCH_ROWS (default 1,000,000) audit entries written straight into its
 * database, then `GET /api/admin/audit-logs/export.csv` as the back-office's browser asks for it
 * (`Accept-Encoding: br, gzip`), read to the end and decompressed here to count its rows.
 *
 * Memory is the API process's resident set (VmRSS of /proc/<pid>/status, sampled every 50 ms), its
 * peak during the export against its level before. Baselines in the same run:
 * - time: the same SQL read through the same cursor (pg-query-stream, same batch size) by this process
 *   and thrown away: the floor of reading the rows, without CSV, compression or HTTP;
 * - memory: the same export filtered to 10,000 entries, and to one action (a fifth of the entries):
 *   constant memory means about the same peak for twenty and a hundred times the rows.
 * Written to the `## CSV export benchmark` section of docs/performance.md.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import QueryStream from 'pg-query-stream';
import { BenchSession, buildApi, login } from './product';
import { machineLine, REPORT_FILE, writeSection } from './report';

const HEADING = '## CSV export benchmark';
const ROWS = Math.max(10_000, Number(process.env.EXPORT_BENCH_ROWS ?? 1_000_000) || 1_000_000);
const SMALL = 10_000;
const OVERALL_TIMEOUT_MS = 1_800_000;
const session = new BenchSession('bench:exports');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (kb: number) => (kb / 1024).toFixed(0);

/** The resident set of a process in kB (VmRSS), or 0 when it is gone. */
function rssKb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Run `work` while sampling `pid`'s resident set every 50 ms: its peak and its level at the start. */
async function sampled<T>(pid: number, work: () => Promise<T>) {
  const before = rssKb(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 50);
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - t0, before, peak: Math.max(peak, rssKb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

/**
 * Download an export as a browser would (br or gzip) over node:http (fetch would decode it out of
 * sight), decompress it here: bytes on the wire, bytes of CSV, lines, time to the first byte.
 */
async function download(port: number, token: string, query: string) {
  const t0 = performance.now();
  const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(
        `http://127.0.0.1:${port}/api/admin/audit-logs/export.csv${query}`,
        { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip', 'x-lang': 'en' } },
        resolve,
      )
      .on('error', reject);
  });
  if (res.statusCode !== 200) throw new Error(`export: HTTP ${res.statusCode}`);
  const encoding = String(res.headers['content-encoding'] ?? 'identity');
  let wire = 0;
  let lines = 0;
  let raw = 0;
  let firstByteMs: number | null = null;
  res.on('data', (chunk: Buffer) => {
    if (firstByteMs === null) firstByteMs = performance.now() - t0;
    wire += chunk.length;
  });
  const inflate =
    encoding === 'br'
      ? zlib.createBrotliDecompress()
      : encoding === 'gzip'
        ? zlib.createGunzip()
        : new PassThrough();
  await pipeline(res, inflate, async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      raw += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
    }
  });
  return { encoding, wire, raw, lines, firstByteMs: firstByteMs ?? 0 };
}

async function main() {
  const t0 = performance.now();
  const loadAvg = os.loadavg()[0] ?? 0;
  buildApi();
  const dataDir = session.makeDataDir();
  const product = await session.startProduct('product', dataDir, /"level":60|READY_MS=/, {
    compiled: true,
    env: { RUN_JOBS: 'false', SEED_DEMO: '1' },
  });
  const pid = product.managed.child.pid;
  if (!pid) throw new Error('no API pid');
  const { token } = await login(product.port, '/api/admin/login', 'admin@demo.test');
  const db = await session.connect(product.dbUrl, 'bench-exports');

  const gen = performance.now();
  const ids = await db.query<{ admin: number; usr: number }>(
    `select (select min(id) from admins) as admin, (select min(id) from users) as usr`,
  );
  const { admin, usr } = ids.rows[0]!;
  await db.query(
    `insert into audit_logs (actor_type, actor_id, action, target_type, target_id, ip, user_agent, meta, created_at)
     select case when g % 3 = 0 then 'admin' else 'user' end,
            case when g % 3 = 0 then $2::int else $3::int end,
            (array['auth.login', 'users.update', 'payouts.approve', 'express.campaign_create', 'settings.update'])[1 + g % 5],
            'user', (g % 5000)::text, '203.0.113.' || (g % 250), 'Mozilla/5.0 (bench) Chrome/131.0',
            jsonb_build_object('changes', jsonb_build_object('status', jsonb_build_array('pending', 'approved')), 'n', g),
            '2025-01-01T00:00:00Z'::timestamptz + make_interval(secs => g * 30)
     from generate_series(1, $1::int) g`,
    [ROWS, admin, usr],
  );
  await db.query('analyze audit_logs');
  const total = Number((await db.query('select count(*)::int as n from audit_logs')).rows[0].n);
  const genMs = performance.now() - gen;
  console.log(`bench:exports: ${fmt(total)} audit entries in ${(genMs / 1000).toFixed(0)} s`);

  // A warm-up (plans, code paths), then the small export, then the large one.
  await download(product.port, token, '?filter[action]=settings.update&filter[to]=2025-01-02');
  const lastSmallDay = new Date(Date.UTC(2025, 0, 1) + SMALL * 5 * 30_000).toISOString().slice(0, 10);
  const small = await sampled(pid, () =>
    download(product.port, token, `?filter[action]=users.update&filter[to]=${lastSmallDay}`),
  );
  const middle = await sampled(pid, () => download(product.port, token, '?filter[action]=users.update'));
  const large = await sampled(pid, () => download(product.port, token, ''));
  // Each export records itself before its query runs: the large one read every entry there now is.
  const expected = Number((await db.query('select count(*)::int as n from audit_logs')).rows[0].n);

  // Baseline: the same query through the same cursor, rows thrown away, in this process.
  const base = await (async () => {
    const started = performance.now();
    let n = 0;
    const stream = db.query(
      new QueryStream(
        `select l.id, l.created_at, l.actor_type, l.actor_id,
           case l.actor_type when 'admin' then a.name when 'user' then u.first_name || ' ' || u.last_name end as actor_name,
           case l.actor_type when 'admin' then a.email when 'user' then u.email end as actor_email,
           l.action, l.target_type, l.target_id, l.ip, l.user_agent, l.meta
         from audit_logs l
         left join admins a on l.actor_type = 'admin' and a.id = l.actor_id
         left join users u on l.actor_type = 'user' and u.id = l.actor_id
         order by l.created_at desc, l.id desc`,
        [],
        { batchSize: 1_000 },
      ),
    );
    for await (const _row of stream) n += 1;
    return { n, ms: performance.now() - started };
  })();
  await session.closeClient(db);
  await session.stopProduct(product);
  session.collectLogIssues(product.managed);

  const rowsOut = large.result.lines - 1;
  const lines = [
    HEADING,
    '',
    'Generated by `npm run bench:exports` (`bench/exports.ts`; `EXPORT_BENCH_ROWS` changes the size); numbers are',
    'from one run and are overwritten by the next. They are a report, not a pass/fail gate. Issue 36 aims at',
    'constant memory and under 60 s for 1,000,000 entries.',
    '',
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}; whole run ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    `- Machine: ${machineLine()}; 1-min load average when the bench started: ${loadAvg.toFixed(2)}`,
    `- Data: ${fmt(total)} audit entries (${fmt(ROWS)} generated in ${(genMs / 1000).toFixed(0)} s, with actors, address, user agent and a JSON change set each), in the compiled production API's embedded PostgreSQL.`,
    '- Request: `GET /api/admin/audit-logs/export.csv` as the back-office sends it (`Accept-Encoding: br, gzip`), read to the end and decompressed by the bench to count rows.',
    `- Memory: the API process's resident set (VmRSS, sampled every 50 ms).`,
    '',
    '| | rows | time (s) | first byte (ms) | bytes sent | CSV bytes | API RSS before (MB) | API peak RSS (MB) | ratio |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| **Export, every entry** | ${fmt(rowsOut)} | **${(large.ms / 1000).toFixed(1)}** | ${fmt(large.result.firstByteMs)} | ${fmt(large.result.wire)} (${large.result.encoding}) | ${fmt(large.result.raw)} | ${mb(large.before)} | **${mb(large.peak)}** | time ${(large.ms / base.ms).toFixed(2)}× the cursor alone; peak RSS ${(large.peak / small.peak).toFixed(2)}× the 10,000-row export's |`,
    `| Export, ${fmt(small.result.lines - 1)} entries (memory baseline) | ${fmt(small.result.lines - 1)} | ${(small.ms / 1000).toFixed(1)} | ${fmt(small.result.firstByteMs)} | ${fmt(small.result.wire)} (${small.result.encoding}) | ${fmt(small.result.raw)} | ${mb(small.before)} | ${mb(small.peak)} | 1.00× (memory) |`,
    `| Export, one action (${fmt(middle.result.lines - 1)} entries) | ${fmt(middle.result.lines - 1)} | ${(middle.ms / 1000).toFixed(1)} | ${fmt(middle.result.firstByteMs)} | ${fmt(middle.result.wire)} (${middle.result.encoding}) | ${fmt(middle.result.raw)} | ${mb(middle.before)} | ${mb(middle.peak)} | peak RSS ${(middle.peak / small.peak).toFixed(2)}× the 10,000-row export's |`,
    `| Cursor alone (time baseline: same SQL, same batches, rows thrown away, in the bench process) | ${fmt(base.n)} | ${(base.ms / 1000).toFixed(1)} | | | | | | 1.00× (time) |`,
    '',
    `Checks: the export had ${fmt(rowsOut)} rows for ${fmt(expected)} entries (the generated ones, the demo data's and the four exports' own audit entries); the cursor read ${fmt(base.n)}.`,
  ];
  if (session.notes.length > 0)
    lines.push('', '### Observations from this run', '', ...session.notes.map((n) => `- ${n}`));
  writeSection(`${lines.join('\n')}\n`, REPORT_FILE, HEADING);
  console.log(
    `bench:exports: ${fmt(rowsOut)} rows in ${(large.ms / 1000).toFixed(1)} s, API peak RSS ${mb(large.peak)} MB (10k: ${mb(small.peak)} MB); wrote ${HEADING}`,
  );
  if (rowsOut !== expected) process.exitCode = 1;
}

await session.run(main, OVERALL_TIMEOUT_MS);
