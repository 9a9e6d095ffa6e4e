/**
 * `npm run bench:soak [-- --minutes 30 --fraction 0.5 --capacity-seconds 20 --report <file>]`
 * (issue 37, "holding up under a working day"): the compiled production API and a worker on a fresh
 * embedded database, a marketplace's day of mixed traffic (`soak-mix.ts`: browsing, purchases, the
 * sellers' approvals and declines, messages, payouts and staff approvals, list pages, exports) at a
 * fixed arrival rate of half the capacity measured first with the same mix, for `--minutes`.
 *
 * Every minute it prints and keeps: per route p50 / p99 and count (grouped in the table), 4xx and 5xx,
 * the API's and the worker's resident memory, PostgreSQL's client connections, the jobs due and not
 * taken, CPU. At the end, once the worker has caught up, it checks: no 5xx, memory and connections
 * flat after the warm-up (defined in `soak-checks.ts` `flatness`), every job done once, every
 * purchase, decision and payout written once with its timeline event, notification and mail, and the
 * ledger's invariants. Writes `## Soak benchmark` in docs/performance.md (or `--report`) and exits 1
 * when a check fails.
 *
 * `--rate <calls/s>` skips the capacity run; SOAK_ARTISTS (200) and SOAK_PAYEES (40) size the data;
 * SOAK_API_NODE_ARGS adds Node options to the API's (a diagnosis: `--expose-gc --import <a preload
 * that logs the heap>`, `--heapsnapshot-signal=SIGUSR2`).
 */
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { postmasterPid } from './cpu';
import { startManaged } from './processes';
import { BenchSession, buildApi, DEMO_PASSWORD, login, productionNodeArgs } from './product';
import { REPORT_FILE, writeSection } from './report';
import {
  type Check,
  campaignChecks,
  drain,
  flatness,
  jobChecks,
  ledgerCheck,
  mailCheck,
  payoutChecks,
  type Sample,
  sample,
} from './soak-checks';
import { HttpClient, type OpenLoopStats, Recorder, runClosedLoop, runOpenLoop } from './soak-driver';
import { type Member, Mix, type Offer, type Payee, type World } from './soak-mix';
import { HEADING, type MinuteRow, minuteLine, minuteRow, renderSoak } from './soak-report';
import { makeUsers } from './users';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    fraction: { type: 'string', default: '0.5' },
    'capacity-seconds': { type: 'string', default: '20' },
    rate: { type: 'string' },
    report: { type: 'string' },
  },
});
const MINUTES = Number(args.minutes);
const FRACTION = Number(args.fraction);
const CAPACITY_SECONDS = Number(args['capacity-seconds']);
const ARTISTS = Number(process.env.SOAK_ARTISTS ?? 200);
const PAYEES = Number(process.env.SOAK_PAYEES ?? 40);
const SELLERS = [
  'curator@demo.test',
  'nora.curator@demo.test',
  'sami.curator@demo.test',
  'elif.curator@demo.test',
];
const LEADS = 300;
const PAYOUT_COINS = 600;
/** Calls in flight during the capacity run, and keep-alive connections of the driver. */
const CAPACITY_CONCURRENCY = 24;
const CONNECTIONS = 256;
const MAX_IN_FLIGHT = 2_000;
const SAMPLE_EVERY_MS = 5_000;
const TOLERANCE = { rss: 0.1, connections: 0.1, connectionSlack: 2 };
const APP_KEY = 'bench-soak-app-key-0123456789abcdefghijklmn';
const ECHO = /"level":(50|60)|READY_MS=|shutting down|worker running/;

const session = new BenchSession('bench:soak');

/** Run `work` over `items` with at most `limit` in flight; results in input order. */
async function pool<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await work(items[i]!, i);
      }
    }),
  );
  return out;
}

/** One setup call to the product. @throws Error unless it answers one of `ok` */
async function call<T>(
  base: string,
  method: string,
  url: string,
  token: string | null,
  body: unknown,
  ...ok: number[]
): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const text = await res.text();
  if (!ok.includes(res.status)) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
  return (text ? (JSON.parse(text) as { data: T }).data : undefined) as T;
}

async function main(): Promise<number> {
  const t0 = performance.now();
  const date = new Date();
  const loadAvgAtStart = os.loadavg()[0] ?? 0;
  if (!(MINUTES > 0) || !(FRACTION > 0)) throw new Error('--minutes and --fraction must be positive numbers');

  // 1. The API (with the embedded PostgreSQL, no jobs) and one worker on its database, compiled.
  buildApi();
  const dataDir = session.makeDataDir();
  const env = { RESPONSE_SERIALIZER: 'compiled', RUN_JOBS: '0', APP_KEY };
  const nodeArgs = (process.env.SOAK_API_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
  const api = await session.startProduct('api', dataDir, ECHO, { compiled: true, env, nodeArgs });
  const workerArgs = productionNodeArgs('worker:prod');
  const worker = startManaged(
    'worker',
    'node',
    [...workerArgs, 'apps/api/dist/worker.js'],
    {
      ...process.env,
      ...env,
      RUN_JOBS: '1',
      DATABASE_URL: api.dbUrl,
      // Shared disk for uploads and receipts (production would use S3 with two processes).
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    ECHO,
  );
  session.running.add(worker);
  for (let i = 0; !worker.lines.some((l) => l.includes('worker running')); i++) {
    if (worker.hasExited() || i > 1200)
      throw new Error(`the worker did not start: ${worker.lines.slice(-10).join(' | ')}`);
    await sleep(100);
  }
  const base = `http://127.0.0.1:${api.port}`;
  const db = await session.connect(api.dbUrl, 'liberty-bench-soak');

  // 2. Users and data through the product's APIs (the users themselves are inserted as the other
  // benches insert them: `users.ts`, with the demo password).
  const setupStarted = performance.now();
  const adminToken = (await login(api.port, '/api/admin/login', 'admin@demo.test')).token;
  const settings = await call<{ min_listen_seconds: number }>(
    base,
    'GET',
    '/api/admin/settings',
    adminToken,
    undefined,
    200,
  );
  const credit = (userId: number, coins: number) =>
    call(
      base,
      'POST',
      '/api/admin/wallet/adjustments',
      adminToken,
      {
        user_id: userId,
        coins,
        direction: 'credit',
        reason: 'Soak bench funds',
        idempotency_key: `bench-soak-${userId}`,
      },
      200,
    );
  const signIn = async (id: number, email: string): Promise<Member> => ({
    id,
    email,
    token: (await login(api.port, '/api/user/login', email, DEMO_PASSWORD)).token,
  });
  const artistIds = await makeUsers(db, 1, ARTISTS, 'soak-artist');
  await pool(artistIds, 8, (id) => credit(id, 1_000_000));
  const artists = await pool(artistIds, 4, (id, i) => signIn(id, `soak-artist-${i}@scale.bench`));
  const payeeIds = await makeUsers(db, 2, PAYEES, 'soak-payee');
  await pool(payeeIds, 8, (id) => credit(id, 1_000_000));
  const payees: Payee[] = await pool(payeeIds, 4, async (id, i) => {
    const member = await signIn(id, `soak-payee-${i}@scale.bench`);
    const recipient = await call<{ id: number }>(
      base,
      'POST',
      '/api/payments/transfer/info/store',
      member.token,
      {
        currency: 'GBP',
        country: 'GB',
        type: 'sort_code',
        account_holder_name: `Soak Payee ${i}`,
        details: { sortCode: '40-30-20', accountNumber: '12345678' },
      },
      201,
    );
    return { ...member, recipientId: recipient.id };
  });
  const sellerRows = (
    await db.query<{ id: number; email: string }>('select id, email from users where email = any($1)', [
      SELLERS,
    ])
  ).rows;
  const sellers = await pool(SELLERS, 4, (email) =>
    signIn(sellerRows.find((r) => r.email === email)!.id, email),
  );
  const offers: Offer[] = (
    await db.query<{ id: number; spotify_playlist_id: string; curator_id: number; price: number }>(
      `select p.id, p.spotify_playlist_id, p.curator_id, t.price from express_playlists p
         join express_tiers t on t.id = p.tier_id
        where p.status_id = 1 and p.curator_id = any($1) order by p.id`,
      [sellers.map((s) => s.id)],
    )
  ).rows.map((r) => ({
    id: r.id,
    spotifyId: r.spotify_playlist_id,
    seller: sellers.findIndex((s) => s.id === r.curator_id),
    price: r.price,
  }));
  if (offers.length === 0) throw new Error('the demo curators have no express playlist on sale');
  const genreIds = (
    await db.query<{ genre_id: number }>(
      'select distinct genre_id from express_playlist_genres where playlist_id = any($1) order by 1',
      [offers.map((o) => o.id)],
    )
  ).rows.map((r) => r.genre_id);
  const reasons = await call<{ id: number }[]>(
    base,
    'GET',
    '/api/express/curator/campaign/reasons',
    sellers[0]!.token,
    undefined,
    200,
  );
  const csv = [
    'email,name',
    ...Array.from({ length: LEADS }, (_, i) => `lead-${i}@soak.bench,Lead ${i}`),
  ].join('\n');
  const imported = await call<{ list_id: number }>(
    base,
    'POST',
    '/api/admin/crm/imports',
    adminToken,
    {
      csv,
      mapping: { email: 'email', name: 'name' },
      list_name: 'Soak leads',
    },
    200,
  );
  const world: World = {
    artists,
    sellers,
    payees,
    adminToken,
    offers,
    reasonId: reasons[0]!.id,
    minListenSeconds: settings.min_listen_seconds,
    genreIds: genreIds.length ? genreIds : [1],
    crmListId: imported.list_id,
    payoutCoins: PAYOUT_COINS,
    readPayoutCode: async (email) => {
      const { rows } = await db.query<{ text: string }>(
        `select text from mail_outbox where to_address = $1 and subject = 'Confirm your withdrawal' order by id desc limit 1`,
        [email],
      );
      return /\bis (\d{6})\b/.exec(rows[0]?.text ?? '')?.[1] ?? null;
    },
  };
  console.log(
    `soak: data ready in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s: ${artists.length} artists, ${payees.length} payees, ${sellers.length} sellers with ${offers.length} playlists, min_listen_seconds ${world.minListenSeconds}`,
  );

  // 3. Capacity: the same mix, closed loop. Jobs and mails are checked from here on.
  const loadStart = new Date();
  const mix = new Mix(world);
  const client = new HttpClient(base, CONNECTIONS);
  const capacityRecorder = new Recorder();
  let capacity = { perSecond: 0, answered: 0 };
  let rate = Number(args.rate ?? 0);
  if (!rate) {
    await runClosedLoop({
      client,
      recorder: capacityRecorder,
      concurrency: CAPACITY_CONCURRENCY,
      seconds: 5,
      next: () => mix.next(),
    });
    capacityRecorder.start();
    capacity = await runClosedLoop({
      client,
      recorder: capacityRecorder,
      concurrency: CAPACITY_CONCURRENCY,
      seconds: CAPACITY_SECONDS,
      next: () => mix.next(),
    });
    rate = capacity.perSecond * FRACTION;
    console.log(
      `soak: capacity ${capacity.perSecond.toFixed(1)} calls/s over ${CAPACITY_SECONDS} s; driving ${rate.toFixed(1)} calls/s`,
    );
  }
  const capacity5xx = [...capacityRecorder.merged().values()].reduce(
    (a, s) => a + Object.entries(s.statuses).reduce((b, [code, n]) => (Number(code) >= 500 ? b + n : b), 0),
    0,
  );

  // 4. The soak: open loop at `rate`, the system sampled every 5 s, a line per minute.
  const processes = {
    apiPgid: api.managed.child.pid ?? 0,
    workerPgid: worker.child.pid ?? 0,
    postmasterPid: postmasterPid(api.pgDir),
  };
  const recorder = new Recorder();
  const samples: Sample[] = [];
  const rows: MinuteRow[] = [];
  mix.resetCounts();
  recorder.start();
  const started = performance.now();
  let sampling = false;
  const takeSample = async () => {
    if (sampling) return;
    sampling = true;
    try {
      samples.push(await sample(db, processes, (performance.now() - started) / 1000));
    } catch (err) {
      session.notes.push(`a system sample failed: ${String(err).slice(0, 200)}`);
    } finally {
      sampling = false;
    }
  };
  await takeSample();
  const sampler = setInterval(() => void takeSample(), SAMPLE_EVERY_MS);
  const seconds = MINUTES * 60;
  let driver: OpenLoopStats;
  try {
    driver = await runOpenLoop({
      client,
      recorder,
      rate,
      seconds,
      next: () => mix.next(),
      maxInFlight: MAX_IN_FLIGHT,
      onMinute: (m) => {
        const row = minuteRow(
          m,
          recorder.minutes[m] ?? new Map(),
          samples,
          Math.min(60, seconds - m * 60),
          os.loadavg()[0] ?? 0,
          recorder.dropped[m] ?? 0,
        );
        rows[m] = row;
        console.log(`${minuteLine(row)}; backlog ${JSON.stringify(mix.backlog())}`);
      },
    });
  } finally {
    clearInterval(sampler);
  }
  await takeSample();
  // Minute rows again now that every answer is in (a slow answer lands in the minute it was due).
  for (let m = 0; m < rows.length; m++)
    rows[m] = minuteRow(
      m,
      recorder.minutes[m] ?? new Map(),
      samples,
      Math.min(60, seconds - m * 60),
      rows[m]?.loadAvg ?? 0,
      recorder.dropped[m] ?? 0,
    );
  await client.close();

  // 5. Checks, once the worker has caught up.
  const drainMs = await drain(db, mix.payoutIds, 120_000);
  const routes = recorder.merged();
  const all5xx = [...routes].flatMap(([route, s]) =>
    Object.entries(s.statuses)
      .filter(([code]) => Number(code) >= 500)
      .map(([code, n]) => `${route} ${code}: ${n}`),
  );
  const noAnswer = [...routes].filter(([, s]) => s.errors > 0).map(([route, s]) => `${route}: ${s.errors}`);
  const checks: Check[] = [
    {
      name: 'no answer 5xx (load and capacity run)',
      ok: all5xx.length === 0 && capacity5xx === 0,
      detail:
        all5xx.length === 0 && capacity5xx === 0
          ? 'none'
          : `${all5xx.join(', ')}; capacity run: ${capacity5xx}`,
    },
    {
      name: 'every call answered (no connection error or 30 s timeout), none dropped by the driver',
      ok: noAnswer.length === 0 && driver.dropped === 0,
      detail:
        noAnswer.length === 0 && driver.dropped === 0
          ? 'all answered'
          : `${noAnswer.join(', ')}; dropped ${driver.dropped}`,
    },
  ];
  const flat = {
    apiRss: flatness(samples, (s) => s.apiRssMb, seconds, TOLERANCE.rss),
    workerRss: flatness(samples, (s) => s.workerRssMb, seconds, TOLERANCE.rss),
    connections: flatness(
      samples,
      (s) => s.connections,
      seconds,
      TOLERANCE.connections,
      TOLERANCE.connectionSlack,
    ),
  };
  const describe = (f: (typeof flat)['apiRss']) =>
    `median ${f.second.toFixed(0)} → ${f.last.toFixed(0)}, max ${f.lastMax.toFixed(0)} in the last third, slope ${f.slopePerHour.toFixed(1)}/h`;
  checks.push(
    {
      name: 'API resident memory flat after warm-up',
      ok: flat.apiRss.flat,
      detail: `MiB: ${describe(flat.apiRss)}`,
    },
    {
      name: 'worker resident memory flat after warm-up',
      ok: flat.workerRss.flat,
      detail: `MiB: ${describe(flat.workerRss)}`,
    },
    {
      name: 'PostgreSQL connections flat after warm-up',
      ok: flat.connections.flat,
      detail: `client connections: ${describe(flat.connections)}`,
    },
  );
  const jobs = await jobChecks(db, loadStart);
  checks.push(...jobs.checks);
  checks.push(...(await campaignChecks(db, mix.campaignIds)));
  checks.push(...(await payoutChecks(db, mix.payoutIds)));
  checks.push(
    await mailCheck(
      db,
      [...artists, ...payees, ...sellers].map((m) => m.email),
      loadStart,
    ),
  );
  checks.push(await ledgerCheck(db));
  for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
  for (const s of mix.surprises) session.notes.push(`unexpected answer in a flow: ${s.replaceAll('|', '/')}`);
  const lastSample = samples.at(-1);
  const connectionsByApp = lastSample
    ? Object.entries(lastSample.byApp)
        .map(([app, n]) => `${app} ${n}`)
        .join(', ')
    : 'n/a';

  // 6. Stop (before writing, so shutdown problems make the report) and write.
  await session.closeClient(db);
  await session.stop(worker);
  await session.stopProduct(api);
  session.collectLogIssues(api.managed);
  session.collectLogIssues(worker);
  const made = mix.made;
  writeSection(
    renderSoak({
      date,
      command: `npm run bench:soak${MINUTES === 30 ? '' : ` -- --minutes ${MINUTES}`}`,
      minutes: MINUTES,
      wholeRunMinutes: (performance.now() - t0) / 60_000,
      loadAvgAtStart,
      loadAvgAtEnd: os.loadavg()[0] ?? 0,
      apiCommand: `node ${productionNodeArgs().join(' ')} apps/api/dist/main.js`,
      workerCommand: `node ${workerArgs.join(' ')} apps/api/dist/worker.js`,
      world: {
        artists: artists.length,
        payees: payees.length,
        sellers: sellers.length,
        offers: offers.length,
        leads: LEADS,
      },
      capacity: {
        perSecond: capacity.perSecond,
        seconds: CAPACITY_SECONDS,
        concurrency: CAPACITY_CONCURRENCY,
        status5xx: capacity5xx,
      },
      fraction: args.rate ? rate / Math.max(1, capacity.perSecond) : FRACTION,
      rate,
      driver: { ...driver, connections: CONNECTIONS },
      mix: mix
        .weights()
        .map((w) => ({ ...w, made: made.get(w.name) ?? 0, standIns: mix.standIns.get(w.name) ?? 0 })),
      rows,
      routes,
      flat,
      tolerance: TOLERANCE,
      connectionsByApp,
      jobsByState: jobs.byState,
      drainMs,
      checks,
      notes: session.notes,
    }),
    args.report ? path.resolve(args.report) : REPORT_FILE,
    HEADING,
  );
  return checks.every((c) => c.ok) ? 0 : 1;
}

await session.run(main, (MINUTES + 25) * 60_000);
