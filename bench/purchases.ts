/**
 * `npm run bench:purchases` ("campaign purchases"): campaign purchases through the product against two
 * bare routes in the same run: one that writes only the ledger rows, and one that writes every row the
 * product writes (the floor for the same work).
 *
 * 1. **Across artists**: `PURCHASE_ARTISTS` (default 100) artists, each signed in, buy Spotify campaigns
 *    (`POST /api/express/artist/campaign/create`, one demo playlist, a new track every time, paid with
 *    coins) at `PURCHASE_CONNECTIONS` (default 50) requests in flight; each request is from a random
 *    artist. The ledger baseline (`purchase-baseline-server.ts`) holds the same price for a random artist
 *    of the same set: the hold, the transfer, its two entries and both balances, in one transaction. The
 *    same-work floor (`purchase-floor-server.ts`) writes, for a random artist of the same set, the rows
 *    of one product purchase (campaign, two pg-boss jobs, timeline event, notification, outbox mail,
 *    audit entry, and the ledger rows) in one transaction and one round trip. The three take turns
 *    (autocannon), 2 × 10 s each after a warm-up.
 * 2. **One wallet**: 1,000 purchases of one artist sent at once (one connection each), the wallet
 *    covering 600: the time until the last answer, and exactly 600 created, 400 refused (409).
 * 3. **Invariants** over the whole ledger afterwards: every transfer balanced, balances and entry chains
 *    agree, no negative wallet, the sum of balances zero, and each escrow account holding exactly its
 *    pending holds.
 *
 * Writes `## Purchase benchmark` in docs/performance.md and exits 1 when a check fails.
 */
import os from 'node:os';
import path from 'node:path';
import { cpuSnapshot, postmasterPid } from './cpu';
import { type LoadResult, measureInTurns, type Target } from './load';
import { freePort, waitFor200 } from './processes';
import { BenchSession, buildApi, login } from './product';
import { machineLine, REPORT_FILE, writeSection } from './report';
import { makeUsers } from './users';
import { checkLedger, escrowMismatches, ledgerHolds } from './wallet-data';

const ARTISTS = Number(process.env.PURCHASE_ARTISTS ?? 100);
const CONNECTIONS = Number(process.env.PURCHASE_CONNECTIONS ?? 50);
const ONE_WALLET_REQUESTS = 1000;
const ONE_WALLET_COVERED = 600;
const HEADING = '## Purchase benchmark';
const ECHO = /"level":60|READY_MS=|shutting down/;

const session = new BenchSession('bench:purchases');

/** A random Spotify id (22 base-62 characters): a track no one else promotes. */
function spotifyId(): string {
  const abc = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let out = '';
  for (let i = 0; i < 22; i++) out += abc[Math.floor(Math.random() * abc.length)];
  return out;
}

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

async function adjust(
  port: number,
  admin: string,
  userId: number,
  coins: number,
  key: string,
): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}/api/admin/wallet/adjustments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      user_id: userId,
      coins,
      direction: 'credit',
      reason: 'Purchase bench funds',
      idempotency_key: key,
    }),
  });
  if (res.status !== 200) throw new Error(`adjustment for ${userId}: ${res.status} ${await res.text()}`);
}

async function main(): Promise<number> {
  const date = new Date();
  const loadAvgAtStart = os.loadavg()[0] ?? 0;
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => {
    checks.push({ name, ok, detail });
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
  };

  // The compiled server, as production runs it (`npm run start:prod`), serialising through the compiled
  // response schemas; not NODE_ENV=production, which refuses the demo seed and sandboxes the bench needs.
  buildApi();
  // PURCHASE_CPU_PROF_DIR=dir: the product also writes a V8 CPU profile of the whole run there (slower;
  // wall-clock samples: a thread preempted inside a socket write is counted in the write).
  // PURCHASE_PERF_MAP=1: the product writes /tmp/perf-<pid>.map, so that Linux `perf` names its
  // JavaScript frames (on-CPU samples only). Clean the map with `npx tsx bench/perf-map.ts` before
  // `perf script`: V8 reuses freed code space and stale entries name the wrong functions.
  const profileDir = process.env.PURCHASE_CPU_PROF_DIR;
  const nodeArgs = [
    ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : []),
    ...(process.env.PURCHASE_PERF_MAP === '1' ? ['--perf-basic-prof-only-functions'] : []),
  ];
  // DEV_MAIL=0: no development mailbox (a cookie and a session per browser, every mail kept and
  // printed), which production does not run either.
  const product = await session.startProduct('product', session.makeDataDir(), ECHO, {
    compiled: true,
    env: { RESPONSE_SERIALIZER: 'compiled', DEV_MAIL: '0' },
    nodeArgs,
  });
  const db = await session.connect(product.dbUrl, 'liberty-bench-purchases');
  const base = `http://127.0.0.1:${product.port}`;

  // Artists with coins for every purchase the run can make, signed in; one more for the one-wallet part.
  const [playlist] = (
    await db.query<{ id: number; price: number }>(
      `select p.id, t.price from express_playlists p join express_tiers t on t.id = p.tier_id
         join users u on u.id = p.curator_id
        where u.email = 'curator@demo.test' and p.status_id = 1 order by p.id limit 1`,
    )
  ).rows;
  if (!playlist) throw new Error('the demo curator has no approved express playlist');
  const ids = await makeUsers(db, 1, ARTISTS + 1, 'buyer');
  const oneWallet = ids.pop()!;
  const admin = (await login(product.port, '/api/admin/login', 'admin@demo.test')).token;
  for (const id of ids) await adjust(product.port, admin, id, 10_000_000, `bench-purchases-${id}`);
  await adjust(
    product.port,
    admin,
    oneWallet,
    playlist.price * ONE_WALLET_COVERED,
    `bench-purchases-${oneWallet}`,
  );
  const tokens: string[] = [];
  for (let i = 0; i < ids.length; i++)
    tokens.push((await login(product.port, '/api/user/login', `buyer-${i}@scale.bench`)).token);
  const oneToken = (await login(product.port, '/api/user/login', `buyer-${ARTISTS}@scale.bench`)).token;
  // The baseline writes into each artist's own escrow account, as the product does.
  await db.query(
    `insert into ledger_accounts (kind, user_id) select 'campaign_escrow', unnest($1::int[]) on conflict do nothing`,
    [ids],
  );

  const baselinePort = await freePort();
  const baseline = session.startChild('baseline', 'bench/purchase-baseline-server.ts', {
    BASELINE_PORT: String(baselinePort),
    BASELINE_DATABASE_URL: product.dbUrl,
  });
  await waitFor200(baseline, `http://127.0.0.1:${baselinePort}/health`, performance.now(), 60_000);
  const floorPort = await freePort();
  const floor = session.startChild('floor', 'bench/purchase-floor-server.ts', {
    BASELINE_PORT: String(floorPort),
    BASELINE_DATABASE_URL: product.dbUrl,
    // The product's APP_URL and MAIL_FROM address (its defaults), for the same links and sender.
    FLOOR_APP_URL: `http://localhost:${product.port}`,
    FLOOR_MAIL_FROM: 'no-reply@liberty.test',
  });
  await waitFor200(floor, `http://127.0.0.1:${floorPort}/health`, performance.now(), 60_000);

  // 1. Across artists. CPU of each side (its own processes, and PostgreSQL's) over the measured segments.
  const pgPid = postmasterPid(product.pgDir);
  const productPgid = product.managed.child.pid ?? 0;
  const baselinePgid = baseline.child.pid ?? 0;
  const floorPgid = floor.child.pid ?? 0;
  const targets: Target[] = [
    {
      name: 'product purchase',
      sample: () => cpuSnapshot(productPgid, pgPid),
      url: `${base}/api/express/artist/campaign/create`,
      headers: {},
      method: 'POST',
      body: () => ({
        headers: { authorization: `Bearer ${pick(tokens)}` },
        body: {
          track_link: `https://open.spotify.com/track/${spotifyId()}`,
          playlist_ids: [playlist.id],
          payment_method: 'coins',
        },
      }),
    },
    {
      name: 'baseline purchase',
      sample: () => cpuSnapshot(baselinePgid, pgPid),
      url: `http://127.0.0.1:${baselinePort}/purchase`,
      headers: {},
      method: 'POST',
      body: () => ({ body: { user_id: pick(ids), coins: playlist.price } }),
    },
    {
      name: 'same-work floor purchase',
      sample: () => cpuSnapshot(floorPgid, pgPid),
      url: `http://127.0.0.1:${floorPort}/purchase`,
      headers: {},
      method: 'POST',
      body: () => ({
        body: { user_id: pick(ids), playlist_id: playlist.id, track_id: spotifyId(), coins: playlist.price },
      }),
    },
  ];
  const [p, b, f] = (await measureInTurns(targets, {
    connections: CONNECTIONS,
    warmupSeconds: 2,
    durationSeconds: 20,
    rounds: 2,
  })) as [LoadResult, LoadResult, LoadResult];
  const ratio = p.reqPerSec / b.reqPerSec;
  const floorRatio = p.reqPerSec / f.reqPerSec;
  const failed = (r: LoadResult) => Object.entries(r.non2xx).filter(([code]) => code !== '201');
  check('no purchase failed (product)', failed(p).length === 0 && p.errors === 0, JSON.stringify(p.non2xx));
  check('no purchase failed (baseline)', failed(b).length === 0 && b.errors === 0, JSON.stringify(b.non2xx));
  check('no purchase failed (floor)', failed(f).length === 0 && f.errors === 0, JSON.stringify(f.non2xx));

  // 2. One wallet, 1,000 at once.
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: ONE_WALLET_REQUESTS }, () =>
      fetch(`${base}/api/express/artist/campaign/create`, {
        method: 'POST',
        headers: { authorization: `Bearer ${oneToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          track_link: `https://open.spotify.com/track/${spotifyId()}`,
          playlist_ids: [playlist.id],
          payment_method: 'coins',
        }),
      }).then(async (res) => ({
        status: res.status,
        ms: performance.now() - started,
        body: await res.text(),
      })),
    ),
  );
  const oneWalletMs = performance.now() - started;
  const created = answers.filter((a) => a.status === 201).length;
  // 409 is the wallet being short here: every order has a new track, so none is a duplicate.
  const short = answers.filter((a) => a.status === 409).length;
  const shortBody = answers.find((a) => a.status === 409)?.body ?? '';
  const others = answers.filter((a) => a.status !== 201 && a.status !== 409);
  check(
    '1,000 at once on one wallet: exactly what the coins cover',
    created === ONE_WALLET_COVERED &&
      short === ONE_WALLET_REQUESTS - ONE_WALLET_COVERED &&
      others.length === 0,
    `${created} created, ${short} refused as short, ${others.length} other (${[...new Set(others.map((o) => o.status))].join(', ')})`,
  );
  const { rows: walletRows } = await db.query<{ balance: number }>(
    "select balance::int from ledger_accounts where user_id = $1 and kind = 'user_wallet'",
    [oneWallet],
  );
  check('the one wallet ends at 0', walletRows[0]?.balance === 0, `balance ${walletRows[0]?.balance}`);
  check('1,000 at once done within 5 s', oneWalletMs <= 5000, `${(oneWalletMs / 1000).toFixed(2)} s`);

  // 3. Invariants.
  const ledger = await checkLedger(db);
  check('ledger invariants', ledgerHolds(ledger), JSON.stringify({ ...ledger, ms: undefined }));
  const mismatches = await escrowMismatches(db);
  check(
    'each escrow account holds exactly its pending holds',
    mismatches === 0,
    `${mismatches} mismatch(es)`,
  );

  console.log(
    `product ${p.reqPerSec.toFixed(0)} req/s p95 ${p.p95} ms; baseline ${b.reqPerSec.toFixed(0)} req/s p95 ${b.p95} ms; ratio ${ratio.toFixed(2)}; floor ${f.reqPerSec.toFixed(0)} req/s p95 ${f.p95} ms; ratio ${floorRatio.toFixed(2)}`,
  );
  console.log(`one wallet: ${(oneWalletMs / 1000).toFixed(2)} s; a refusal reads ${shortBody.slice(0, 200)}`);
  await session.closeClient(db);
  session.collectLogIssues(product.managed);
  await session.stopProduct(product);
  writeSection(
    render({
      date,
      loadAvgAtStart,
      loadAvgAtEnd: os.loadavg()[0] ?? 0,
      p,
      b,
      f,
      ratio,
      floorRatio,
      oneWalletMs,
      created,
      short,
      checks,
      ledgerMs: ledger.ms,
    }),
    REPORT_FILE,
    HEADING,
  );
  return checks.every((c) => c.ok) ? 0 : 1;
}

function render(r: {
  date: Date;
  loadAvgAtStart: number;
  loadAvgAtEnd: number;
  p: LoadResult;
  b: LoadResult;
  f: LoadResult;
  ratio: number;
  floorRatio: number;
  oneWalletMs: number;
  created: number;
  short: number;
  checks: Check[];
  ledgerMs: number;
}): string {
  const row = (name: string, x: LoadResult) =>
    `| ${name} | ${x.reqPerSec.toFixed(0)} | ${x.p50.toFixed(1)} | ${x.p95.toFixed(1)} | ${x.p99.toFixed(1)} | ${x.ok} | ${JSON.stringify(x.non2xx)} / ${x.errors} |`;
  /** CPU milliseconds per completed request, of the server's processes and of PostgreSQL. */
  const perRequest = (x: LoadResult, ms: 'nodeMs' | 'postgresMs') => {
    const done = x.ok + Object.values(x.non2xx).reduce((a, n) => a + n, 0);
    return x.cpu && done > 0 ? (x.cpu[ms] / done).toFixed(3) : 'n/a';
  };
  const cpuRow = (name: string, x: LoadResult) =>
    `| ${name} | ${perRequest(x, 'nodeMs')} | ${perRequest(x, 'postgresMs')} | ${x.cpu ? x.cpu.machineBusyPct.toFixed(0) : 'n/a'} |`;
  return [
    HEADING,
    '',
    `Generated by \`npm run bench:purchases\` (\`bench/purchases.ts\`), ${r.date.toISOString().slice(0, 19)}Z; numbers are from one`,
    'run and overwritten by the next.',
    '',
    `- ${machineLine()}; 1-min load average ${r.loadAvgAtStart.toFixed(2)} at the start, ${r.loadAvgAtEnd.toFixed(2)} at the end.`,
    `- Product: the compiled API (\`apps/api/dist/main.js\`, \`RESPONSE_SERIALIZER=compiled\`, \`DEV_MAIL=0\`) on a fresh embedded database; ${ARTISTS} artists signed in, each purchase from a random`,
    '  one, a new track on one demo playlist, paid with coins (`POST /api/express/artist/campaign/create`).',
    '- Ledger baseline: `bench/purchase-baseline-server.ts`, bare Fastify + pg, the same ledger rows (hold, transfer, two entries,',
    "  both balances and positions) for a random artist of the same set in one transaction, into the artist's own escrow.",
    '- Same-work floor: `bench/purchase-floor-server.ts`, bare Fastify + pg, every row one product purchase writes, into the',
    '  same tables (constraints, indexes, triggers as migrated): the campaign (hold id reserved, report rollup trigger),',
    "  two `express.advance` pg-boss jobs, the timeline event, the curator's notification and outbox mail, the audit entry",
    '  (late-hours trigger), and the ledger rows as above, for a random artist of the same set; one transaction in one',
    '  round trip of prepared statements (`begin; execute order; execute lock; execute hold; commit`).',
    '  Neither bare route authenticates, validates or reads an answer back.',
    `- Load: autocannon, ${CONNECTIONS} connections, 2 s warm-up, then 2 × 10 s per target taking turns.`,
    '',
    '| target | req/s | p50 (ms) | p95 (ms) | p99 (ms) | 2xx | non-2xx / errors |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
    row('Product purchase', r.p),
    row('Ledger baseline (ledger rows only, one transaction)', r.b),
    row('Same-work floor (every row of a purchase, one transaction)', r.f),
    `| **Ratio product / ledger baseline** | **${r.ratio.toFixed(2)}×** | ${(r.p.p50 / r.b.p50).toFixed(2)}× | ${(r.p.p95 / r.b.p95).toFixed(2)}× | | | |`,
    `| **Ratio product / same-work floor** | **${r.floorRatio.toFixed(2)}×** | ${(r.p.p50 / r.f.p50).toFixed(2)}× | ${(r.p.p95 / r.f.p95).toFixed(2)}× | | | |`,
    '',
    "CPU per purchase over the measured segments (`/proc`: the server's own processes; PostgreSQL: every",
    'backend of the one database server, the other side idle meanwhile; the load generator is not counted):',
    '',
    '| target | server CPU ms / purchase | PostgreSQL CPU ms / purchase | machine busy % |',
    '| --- | ---: | ---: | ---: |',
    cpuRow('Product purchase', r.p),
    cpuRow('Ledger baseline', r.b),
    cpuRow('Same-work floor', r.f),
    '',
    `One wallet: ${ONE_WALLET_REQUESTS} purchases of one artist sent at once (the wallet covers ${ONE_WALLET_COVERED}): last answer after`,
    `**${(r.oneWalletMs / 1000).toFixed(2)} s**; ${r.created} created, ${r.short} refused as short (409).`,
    '',
    `Checks (the ledger check read every entry in ${(r.ledgerMs / 1000).toFixed(1)} s):`,
    '',
    ...r.checks.map((c) => `- ${c.ok ? 'ok' : '**FAILED**'}: ${c.name} (${c.detail})`),
    ...(session.notes.length > 0 ? ['', 'Observations:', '', ...session.notes.map((n) => `- ${n}`)] : []),
    '',
  ].join('\n');
}

await session.run(main, 15 * 60_000);
