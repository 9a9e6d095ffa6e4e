/**
 * `npm run bench:compression` (issue 37: "API JSON compressed above a size threshold if it does not
 * cost the API ratios; measure both ways in the same run and keep what wins").
 *
 * Two compiled products on one embedded database, the same build, one with `API_COMPRESSION=on` and
 * one with `off`, and the bare Fastify + pg baseline of `npm run bench`. Every request sends a
 * browser's `Accept-Encoding` (`gzip, deflate, br, zstd`). In turns, with the same load as
 * `npm run bench`:
 * - the two API ratio routes (`GET /api/user/info`, `GET /api/wallet/user/current/balance`, answers
 *   under the 1 KiB threshold): both products against the baseline, so the ratio with compression on
 *   and off comes from one run;
 * - three answers above the threshold that pages wait for (the dashboard's campaigns, the wallet's
 *   transactions, the campaign wizard's playlists): throughput, latency and bytes sent, on and off.
 * Writes `## API compression (issue 37)` in docs/performance.md.
 */
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { cpuSnapshot, postmasterPid, serverRssMb } from './cpu';
import { DEFAULT_LOAD, type LoadResult, type LoadSettings, measureInTurns, type Target } from './load';
import { freePort, waitFor200 } from './processes';
import { BenchSession, buildApi, login, type StartOptions } from './product';
import { machineLine, writeSection } from './report';

const HEADING = '## API compression (issue 37)';
const OVERALL_TIMEOUT_MS = 600_000;
const PRODUCT_ECHO = /"level":(40|50|60)|READY_MS=|shutting down|Error/;
/** What Chromium sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
/** Lighthouse's mobile throttling: 1.6 Mbit/s down (simulated slow 4G). */
const MOBILE_BITS_PER_SECOND = 1.6e6;
const EMAIL = 'artist@demo.test';

const RATIO_ROUTES = [
  { path: '/api/user/info', baseline: '/user/info' },
  { path: '/api/wallet/user/current/balance', baseline: '/wallet/balance' },
] as const;
/** Answers above the threshold a page waits for, with the page. */
const PAGE_ROUTES = [
  { path: '/api/web/user/campaigns/dashboard', page: 'web /dashboard' },
  { path: '/api/wallet/user/transaction?page=1&limit=25', page: 'web /wallet/user/transaction' },
  { path: '/api/express/artist/playlists/matched', page: 'web /create/express/campaign' },
] as const;

const form = (compression: 'on' | 'off', extra: NodeJS.ProcessEnv = {}): StartOptions => ({
  compiled: true,
  env: { RESPONSE_SERIALIZER: 'compiled', API_COMPRESSION: compression, DEV_MAIL: '0', ...extra },
});

/**
 * `--control`: both products run with compression off (an A/A run): what the table shows between the
 * two sides when nothing differs, i.e. the run's noise and the turn order's bias.
 */
const CONTROL = process.argv.includes('--control');

/** Twice `npm run bench`'s measured time, in four turns: an A/A run (`--control`) differs by up to 15 % in two turns. */
const LOAD: LoadSettings = { ...DEFAULT_LOAD, durationSeconds: 20, rounds: 4 };

const session = new BenchSession('bench:compression');
const notes = session.notes;

/** One GET as a browser sends it: the status, the encoding, bytes on the wire (body) and decoded. */
function sizeOf(
  port: number,
  route: string,
  headers: Record<string, string>,
): Promise<{ status: number; encoding: string; wire: number; decoded: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: route, headers: { ...headers, 'accept-encoding': BROWSER_ENCODINGS } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          const body =
            encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, encoding, wire: raw.length, decoded: body.length });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';
const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : 'n/a');

async function main(): Promise<void> {
  const date = new Date();
  const loadAtStart = os.loadavg()[0] ?? 0;
  const dataDir = session.makeDataDir();
  buildApi();

  // Neither runs the job workers (pg-boss polling would weigh on one side only); no job is needed here.
  const on = await session.startProduct(
    'api-on',
    dataDir,
    PRODUCT_ECHO,
    form(CONTROL ? 'off' : 'on', { RUN_JOBS: '0' }),
  );
  const off = await session.startProduct(
    'api-off',
    path.join(dataDir, '..', 'data-off'),
    PRODUCT_ECHO,
    form('off', { DATABASE_URL: on.dbUrl, RUN_JOBS: '0', SEED_DEMO: '0' }),
  );
  const tokenOn = (await login(on.port, '/api/user/login', EMAIL)).token;
  const signedIn = await login(off.port, '/api/user/login', EMAIL);
  const headersOn = { authorization: `Bearer ${tokenOn}`, 'accept-encoding': BROWSER_ENCODINGS };
  const headersOff = { authorization: `Bearer ${signedIn.token}`, 'accept-encoding': BROWSER_ENCODINGS };

  const baselinePort = await freePort();
  const baseline = session.startChild('baseline', 'bench/baseline-server.ts', {
    BASELINE_PORT: String(baselinePort),
    BASELINE_USER_ID: String(signedIn.id),
    BASELINE_DATABASE_URL: on.dbUrl,
  });
  await waitFor200(baseline, `http://127.0.0.1:${baselinePort}/user/info`, performance.now(), 60_000);

  // Sizes as sent, and a check that both products answer every route alike.
  const sizes: {
    route: string;
    page: string;
    on: Awaited<ReturnType<typeof sizeOf>>;
    off: Awaited<ReturnType<typeof sizeOf>>;
  }[] = [];
  for (const r of [...RATIO_ROUTES.map((x) => ({ path: x.path, page: 'API ratio route' })), ...PAGE_ROUTES]) {
    const a = await sizeOf(on.port, r.path, headersOn);
    const b = await sizeOf(off.port, r.path, headersOff);
    if (a.status !== 200 || b.status !== 200)
      throw new Error(`GET ${r.path} answered ${a.status} / ${b.status}`);
    if (b.encoding !== 'identity' || (CONTROL && a.encoding !== 'identity'))
      throw new Error(`API_COMPRESSION=off answered ${r.path} in ${b.encoding}`);
    if (Math.abs(a.decoded - b.decoded) > 64)
      notes.push(
        `${r.path}: decoded sizes differ between the two products (${a.decoded} and ${b.decoded} bytes).`,
      );
    sizes.push({ route: r.path, page: r.page, on: a, off: b });
  }

  const pgPid = postmasterPid(path.join(dataDir, 'pg'));
  const side = (pgid: number, headers: Record<string, string>) => ({
    headers,
    sample: () => cpuSnapshot(pgid, pgPid),
    rss: () => serverRssMb(pgid, pgPid),
  });
  const onSide = side(on.managed.child.pid ?? 0, headersOn);
  const offSide = side(off.managed.child.pid ?? 0, headersOff);
  const baseSide = side(baseline.child.pid ?? 0, { 'accept-encoding': BROWSER_ENCODINGS });
  const url = (port: number, route: string) => `http://127.0.0.1:${port}${route}`;
  const targets: Target[] = [];
  for (const r of RATIO_ROUTES) {
    targets.push({ name: `${r.path} on`, url: url(on.port, r.path), ...onSide });
    targets.push({ name: `${r.path} off`, url: url(off.port, r.path), ...offSide });
    targets.push({ name: `${r.path} baseline`, url: url(baselinePort, r.baseline), ...baseSide });
  }
  for (const r of PAGE_ROUTES) {
    targets.push({ name: `${r.path} on`, url: url(on.port, r.path), ...onSide });
    targets.push({ name: `${r.path} off`, url: url(off.port, r.path), ...offSide });
  }
  const results = await measureInTurns(targets, LOAD);
  const by = new Map<string, LoadResult>(targets.map((t, i) => [t.name, results[i]!]));
  for (const [name, r] of by) {
    if (Object.keys(r.non2xx).length > 0) notes.push(`${name}: non-2xx ${JSON.stringify(r.non2xx)}.`);
    if (r.errors + r.timeouts > 0) notes.push(`${name}: ${r.errors} errors (${r.timeouts} timeouts).`);
  }

  await session.stop(baseline);
  await session.stopProduct(off);
  await session.stopProduct(on);
  session.collectLogIssues(on.managed);
  session.collectLogIssues(off.managed);

  const get = (name: string) => by.get(name)!;
  const cpuMs = (r: LoadResult) =>
    r.cpu && r.ok > 0 ? r.cpu.nodeMs / (r.reqPerSec * r.seconds) : Number.NaN;
  const lines: string[] = [
    HEADING,
    '',
    'Generated by `npm run bench:compression` (`bench/compression.ts`); one run, overwritten by the next.',
    '',
    `- Date: ${date.toISOString().replace(/\.\d+Z$/, 'Z')}`,
    `- Machine: ${machineLine()}; 1-min load average ${loadAtStart.toFixed(2)} at the start, ${(os.loadavg()[0] ?? 0).toFixed(2)} at the end`,
    "- Two compiled products (`apps/api/dist/main.js`, the production serialiser, `DEV_MAIL=0`) on one embedded PostgreSQL: `API_COMPRESSION=on` (brotli quality 4 or gzip above 1 KiB) and `API_COMPRESSION=off`; the bare Fastify + pg baseline of `npm run bench` on the same database. Every request sends Chromium's `Accept-Encoding: gzip, deflate, br, zstd`.",
    `- Load: autocannon, ${LOAD.connections} connections, ${LOAD.warmupSeconds} s warm-up, ${LOAD.durationSeconds} s measured in ${LOAD.rounds} turns per target, all targets taking turns; signed in as \`${EMAIL}\`.`,
    '',
    '### The API ratios, compression on and off',
    '',
    '| Route | req/s on | req/s off | baseline req/s | ratio on | ratio off | p99 on (ms) | p99 off (ms) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of RATIO_ROUTES) {
    const a = get(`${r.path} on`);
    const b = get(`${r.path} off`);
    const c = get(`${r.path} baseline`);
    lines.push(
      `| \`GET ${r.path}\` | ${fmt(a.reqPerSec)} | ${fmt(b.reqPerSec)} | ${fmt(c.reqPerSec)} | **${ratio(a.reqPerSec, c.reqPerSec)}** | ${ratio(b.reqPerSec, c.reqPerSec)} | ${fmt(a.p99, 2)} | ${fmt(b.p99, 2)} |`,
    );
  }
  lines.push(
    '',
    '### Answers a page waits for',
    '',
    '| Route (page) | sent on | sent off | encoding | at 1.6 Mbit/s, time saved | req/s on | req/s off | on / off | p99 on (ms) | p99 off (ms) | server CPU ms/request on | off |',
    '| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const r of PAGE_ROUTES) {
    const s = sizes.find((x) => x.route === r.path)!;
    const a = get(`${r.path} on`);
    const b = get(`${r.path} off`);
    const savedMs = ((s.off.wire - s.on.wire) * 8 * 1000) / MOBILE_BITS_PER_SECOND;
    lines.push(
      `| \`GET ${r.path}\` (${r.page}) | ${fmt(s.on.wire)} B | ${fmt(s.off.wire)} B | ${s.on.encoding} | ${fmt(savedMs)} ms | ${fmt(a.reqPerSec)} | ${fmt(b.reqPerSec)} | ${ratio(a.reqPerSec, b.reqPerSec)} | ${fmt(a.p99, 2)} | ${fmt(b.p99, 2)} | ${fmt(cpuMs(a), 3)} | ${fmt(cpuMs(b), 3)} |`,
    );
  }
  lines.push('');
  for (const r of RATIO_ROUTES) {
    const s = sizes.find((x) => x.route === r.path)!;
    lines.push(
      `- \`GET ${r.path}\` is ${fmt(s.off.wire)} bytes: under the threshold, sent as it is by both.`,
    );
  }
  if (notes.length > 0) lines.push(...notes.map((n) => `- Note: ${n}`));
  lines.push('');
  if (CONTROL)
    console.log('--control: both sides ran with API_COMPRESSION=off; docs/performance.md left as it is');
  else writeSection(lines.join('\n'), undefined, HEADING);
  console.log(lines.join('\n'));
}

await session.run(main, OVERALL_TIMEOUT_MS);
