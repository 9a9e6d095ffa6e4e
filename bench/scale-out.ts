/**
 * `npm run bench:scale-out` (scale-out on PostgreSQL): two API instances and a separate worker
 * on one database, the way production scales out (docs/operations.md).
 *
 * - **api-a** is the product of `npm start` (embedded PostgreSQL, demo data) with `RUN_JOBS=0`;
 * - **api-b** is a second API process on the same database (`DATABASE_URL`, `RUN_JOBS=0`);
 * - **worker** is `npm run worker` (`apps/api/src/worker.ts`): the only process that runs jobs.
 *
 * Through both APIs at once it drives artists' campaign purchases (the same purchase sent to both
 * instances at the same moment, to prove the database keeps one), the curator's decisions (approve on
 * one instance racing approve or decline on the other), placements, the campaigns' life to their end
 * with time compressed (the bench moves every due timestamp of its campaigns to now, and the worker's
 * one-minute sweep must pick each up), and curators' payouts (the same transfer created on both
 * instances at once, then approved on both at once). Then it checks: every campaign ended, each step
 * was taken within two sweeps of becoming due, every scheduled job completed once, no notification was
 * sent twice, one payout per quote and one Wise transfer per payout, and the ledger adds up (sum zero,
 * no negative wallet, paid + refunded = held). It writes `## Scale-out benchmark` in
 * docs/performance.md and exits 1 when a check fails.
 *
 * SCALE_OUT_ARTISTS (default 100) and SCALE_OUT_CURATORS (default 20) size the run.
 */
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EXPRESS_CAMPAIGN_STATUSES, EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { freePort, waitFor200 } from './processes';
import { BenchSession, DEMO_PASSWORD, login } from './product';
import { machineLine, REPORT_FILE, writeSection } from './report';
import { makeUsers } from './users';
import { checkLedger, ledgerHolds } from './wallet-data';

const ARTISTS = Number(process.env.SCALE_OUT_ARTISTS ?? 100);
const CURATORS = Number(process.env.SCALE_OUT_CURATORS ?? 20);
/** Requests in flight at once while driving the APIs. */
const IN_FLIGHT = 25;
/** The worker's express sweep runs every minute (express.service.ts, cron `* * * * *`). */
const SWEEP_MS = 60_000;
const OVERALL_TIMEOUT_MS = 20 * 60_000;
const APP_KEY = 'bench-scale-out-app-key-0123456789abcdefghij';
const HEADING = '## Scale-out benchmark';
const FINAL: ReadonlySet<number> = new Set([S.COMPLETED, S.DECLINED, S.FAILED_TO_SUBMIT]);
const PRODUCT_ECHO = /"level":60|READY_MS=|shutting down|worker running/;

const session = new BenchSession('bench:scale-out');

type Api = { name: string; base: string };
type Answer = { status: number; body: { data?: unknown; message?: string } };

/** The `data` of an answer. @throws Error when it has none */
function dataOf<T>(answer: Answer): T {
  if (answer.body.data === undefined)
    throw new Error(`no data: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data as T;
}

async function call(
  api: Api,
  method: string,
  url: string,
  token: string | null,
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(`${api.base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Answer['body'] = {};
  try {
    parsed = text ? (JSON.parse(text) as Answer['body']) : {};
  } catch {
    parsed = { message: text.slice(0, 200) };
  }
  return { status: res.status, body: parsed };
}

/** Run `work` over `items` with at most `limit` in flight; results in input order. */
async function pool<T, R>(
  items: T[],
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

/** A random Spotify id (22 base-62 characters): a track no one else promotes. */
function spotifyId(): string {
  const abc = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: 22 }, () => abc[Math.floor(Math.random() * abc.length)]).join('');
}

function expectStatus(what: string, answer: Answer, ...ok: number[]): void {
  if (!ok.includes(answer.status))
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
}

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

async function main(): Promise<number> {
  const t0 = performance.now();
  const date = new Date();
  const loadAvgAtStart = os.loadavg()[0] ?? 0;
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => {
    checks.push({ name, ok, detail });
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}: ${detail}`);
  };

  // 1. Three processes on one database, all with the same APP_KEY (a token from one API is good on
  // the other), jobs on the worker only.
  process.env.APP_KEY = APP_KEY;
  process.env.RUN_JOBS = '0';
  const dataDir = session.makeDataDir();
  const a = await session.startProduct('api-a', dataDir, PRODUCT_ECHO);
  const bPort = await freePort();
  const shared = { DATABASE_URL: a.dbUrl, APP_KEY, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' };
  const started = performance.now();
  const b = session.startChild('api-b', 'apps/api/src/main.ts', {
    ...shared,
    PORT: String(bPort),
    RUN_JOBS: '0',
    DATA_DIR: path.join(dataDir, '..', 'data-b'),
  });
  await waitFor200(b, `http://127.0.0.1:${bPort}/api/health`, started, 120_000);
  const worker = session.startChild('worker', 'apps/api/src/worker.ts', {
    ...shared,
    RUN_JOBS: '1',
    DATA_DIR: path.join(dataDir, '..', 'data-w'),
  });
  for (let i = 0; i < 600 && !worker.lines.some((l) => l.includes('worker running')); i++) {
    if (worker.hasExited()) throw new Error(`the worker exited: ${worker.errLines.slice(-5).join(' | ')}`);
    await sleep(100);
  }
  const apis: Api[] = [
    { name: 'api-a', base: `http://127.0.0.1:${a.port}` },
    { name: 'api-b', base: `http://127.0.0.1:${bPort}` },
  ];
  const [A, B] = apis as [Api, Api];
  const other = (api: Api) => (api === A ? B : A);
  const db = await session.connect(a.dbUrl, 'liberty-bench-scale-out');

  // 2. Artists and curators (demo password), coins credited by staff through both APIs.
  const artistIds = await makeUsers(db, 1, ARTISTS, 'artist');
  const curatorIds = await makeUsers(db, 2, CURATORS, 'payee');
  const admin = (await login(a.port, '/api/admin/login', 'admin@demo.test')).token;
  const credit = async (userId: number, coins: number, i: number) =>
    expectStatus(
      'adjustment',
      await call(apis[i % 2]!, 'POST', '/api/admin/wallet/adjustments', admin, {
        user_id: userId,
        coins,
        direction: 'credit',
        reason: 'Scale-out bench funds',
        idempotency_key: `bench-scale-out-${userId}`,
      }),
      200,
    );
  await pool(artistIds, IN_FLIGHT, (id, i) => credit(id, 1_000, i));
  await pool(curatorIds, IN_FLIGHT, (id, i) => credit(id, 1_000, i));
  const artistTokens = await pool(
    artistIds,
    IN_FLIGHT,
    async (_, i) => (await loginAt(apis[i % 2]!, '/api/user/login', `artist-${i}@scale.bench`)).token,
  );
  const curatorToken = {
    a: (await loginAt(A, '/api/user/login', 'curator@demo.test')).token,
    b: (await loginAt(B, '/api/user/login', 'curator@demo.test')).token,
  };
  const playlists = (
    await db.query<{ id: number; spotify_playlist_id: string; price: number }>(
      `select p.id, p.spotify_playlist_id, t.price from express_playlists p
         join express_tiers t on t.id = p.tier_id
         join users u on u.id = p.curator_id
        where u.email = 'curator@demo.test' order by p.id limit 2`,
    )
  ).rows;
  if (playlists.length < 2) throw new Error('the demo curator has fewer than two express playlists');

  // 3. Purchases: every artist buys a campaign on both playlists, the same order sent to both APIs at
  // the same moment; one is accepted (201) and the other refused (409), never both.
  const tracks = artistIds.map(() => spotifyId());
  const purchaseStart = performance.now();
  const purchases = await pool(artistIds, IN_FLIGHT, async (_, i) => {
    const body = {
      track_link: `https://open.spotify.com/track/${tracks[i]}`,
      playlist_ids: playlists.map((p) => p.id),
      payment_method: 'coins',
    };
    const [x, y] = await Promise.all(
      [A, B].map((api) => call(api, 'POST', '/api/express/artist/campaign/create', artistTokens[i]!, body)),
    );
    return [x!, y!] as Answer[];
  });
  const purchaseMs = performance.now() - purchaseStart;
  const created = purchases.flatMap((pair) => pair.filter((r) => r.status === 201));
  const refused = purchases.flatMap((pair) => pair.filter((r) => r.status === 409));
  const other5xx = purchases.flatMap((pair) => pair.filter((r) => r.status >= 500));
  check(
    'one purchase of two identical orders sent to both APIs at once',
    created.length === ARTISTS && refused.length === ARTISTS && other5xx.length === 0,
    `${created.length} accepted, ${refused.length} refused (409), ${other5xx.length} server errors, ${ARTISTS} artists`,
  );
  const campaignIds = created.flatMap((r) => dataOf<{ id: number }[]>(r).map((c) => c.id));

  // 4. The curator decides on both APIs: a third approved on both at once, a third declined on one
  // while approved on the other, a third approved once.
  const reason = dataOf<{ id: number }[]>(
    await call(A, 'GET', '/api/express/curator/campaign/reasons', curatorToken.a),
  )[0]!.id;
  const decisions = await pool(campaignIds, IN_FLIGHT, async (id, i) => {
    const approveOn = (api: Api) =>
      call(
        api,
        'POST',
        '/api/express/curator/approve/campaign',
        api === A ? curatorToken.a : curatorToken.b,
        {
          campaign_id: id,
        },
      );
    const declineOn = (api: Api) =>
      call(
        api,
        'POST',
        '/api/express/curator/decline/campaign',
        api === A ? curatorToken.a : curatorToken.b,
        {
          campaign_id: id,
          reason_id: reason,
          // A decline says why: written feedback of at least `min_feedback_words` (15) words.
          feedback: 'The mix is muddy in the low end and the vocal sits far behind the drums in the chorus.',
        },
      );
    const first = apis[i % 2]!;
    if (i % 3 === 0) return Promise.all([approveOn(first), approveOn(other(first))]);
    if (i % 3 === 1) return Promise.all([declineOn(first), approveOn(other(first))]);
    return [await approveOn(first)];
  });
  const decisionWins = decisions.map((pair) => pair.filter((r) => r.status === 200).length);
  const raced = decisions.filter((pair) => pair.length === 2);
  check(
    'one decision wins when both APIs decide at once',
    raced.every((pair) => pair.filter((r) => r.status === 200).length === 1) &&
      decisions.every((pair) => pair.every((r) => r.status < 500)),
    `${raced.length} raced decisions, ${decisionWins.filter((n) => n === 1).length} of ${decisions.length} with exactly one success`,
  );

  // 5. Placements: the track goes on the playlist for two thirds of the approved campaigns; the
  // others never get it and fail at their submission deadline (refunded).
  const approved = (
    await db.query<{ id: number; track: string; playlist: string }>(
      `select c.id, c.track_id as track, p.spotify_playlist_id as playlist
         from express_campaigns c join express_playlists p on p.id = c.playlist_id
        where c.id = any($1) and c.status_id = $2 order by c.id`,
      [campaignIds, S.WAITING_SUBMISSION],
    )
  ).rows;
  const placed = approved.filter((_, i) => i % 3 !== 2);
  await pool(placed, IN_FLIGHT, async (c, i) =>
    expectStatus(
      'placement',
      await call(apis[i % 2]!, 'POST', `/api/sandbox/spotify/playlists/${c.playlist}/tracks`, null, {
        track_id: c.track,
      }),
      200,
      201,
    ),
  );

  // 6. Time compressed: every due timestamp of the bench's open campaigns is moved to now, over and
  // over; the worker's sweep (every minute) must take each step within two sweeps.
  const lifeStart = performance.now();
  const lastChange = new Map<number, { status: number; at: number }>();
  let worstLagMs = 0;
  let stuck: number[] = [];
  for (;;) {
    const nudgedAt = performance.now();
    await db.query(
      `update express_campaigns
          set submission_deadline = least(submission_deadline, now()),
              next_check_at = least(next_check_at, now()),
              on_going_until = least(on_going_until, now()),
              auditing_until = least(auditing_until, now())
        where id = any($1) and status_id in ($2, $3, $4, $5)`,
      [campaignIds, S.WAITING_SUBMISSION, S.VERIFYING, S.ON_GOING, S.AUDITING],
    );
    await sleep(3_000);
    const rows = (
      await db.query<{ id: number; status_id: number }>(
        'select id, status_id from express_campaigns where id = any($1)',
        [campaignIds],
      )
    ).rows;
    const now = performance.now();
    for (const r of rows) {
      const seen = lastChange.get(r.id);
      if (!seen || seen.status !== r.status_id) lastChange.set(r.id, { status: r.status_id, at: now });
    }
    stuck = rows
      .filter((r) => !FINAL.has(r.status_id) && now - lastChange.get(r.id)!.at > 2 * SWEEP_MS + 10_000)
      .map((r) => r.id);
    for (const r of rows)
      if (!FINAL.has(r.status_id)) worstLagMs = Math.max(worstLagMs, now - lastChange.get(r.id)!.at);
    const open = rows.filter((r) => !FINAL.has(r.status_id)).length;
    const byStatus = new Map<number, number>();
    for (const r of rows) byStatus.set(r.status_id, (byStatus.get(r.status_id) ?? 0) + 1);
    console.log(
      `bench:scale-out: ${((now - lifeStart) / 1000).toFixed(0)} s in, campaigns by status: ${[...byStatus]
        .sort((x, y) => x[0] - y[0])
        .map(([status, n]) => `${status}: ${n}`)
        .join(', ')}`,
    );
    if (open === 0 || stuck.length > 0 || now - nudgedAt > 5 * 60_000) break;
    if (now - lifeStart > 12 * 60_000) break;
  }
  const lifeMs = performance.now() - lifeStart;
  const ends = (
    await db.query<{ status_id: number; n: number }>(
      `select status_id, count(*)::int as n from express_campaigns where id = any($1) group by 1 order by 1`,
      [campaignIds],
    )
  ).rows;
  const label = (id: number) => EXPRESS_CAMPAIGN_STATUSES.find((x) => x.id === id)?.label ?? `status ${id}`;
  const endText = ends.map((e) => `${e.n} ${label(e.status_id)}`).join(', ');
  check(
    'every campaign ended, each step taken within two sweeps of becoming due',
    stuck.length === 0 && ends.every((e) => FINAL.has(e.status_id)),
    `${endText}; slowest step ${(worstLagMs / 1000).toFixed(0)} s after it became due (sweep every ${SWEEP_MS / 1000} s)`,
  );

  // 7. Payouts: each curator stores a recipient, takes a quote, verifies it with the mailed code, then
  // creates the transfer on both APIs at once; staff approve it on both APIs at once; the worker funds.
  const payoutStart = performance.now();
  const payouts = await pool(curatorIds, 5, async (userId, i) => {
    const email = `payee-${i}@scale.bench`;
    const api = apis[i % 2]!;
    const token = (await loginAt(api, '/api/user/login', email)).token;
    const recipient = await call(api, 'POST', '/api/payments/transfer/info/store', token, {
      currency: 'GBP',
      country: 'GB',
      type: 'sort_code',
      account_holder_name: `Payee ${i}`,
      details: { sortCode: '40-30-20', accountNumber: '12345678' },
    });
    expectStatus('recipient', recipient, 201);
    const recipientId = dataOf<{ id: number }>(recipient).id;
    const quote = await call(
      other(api),
      'GET',
      `/api/payments/wise/create/quote/payouts?recipient_id=${recipientId}&coins=600`,
      token,
    );
    expectStatus('quote', quote, 200);
    const quoteId = dataOf<{ id: string }>(quote).id;
    expectStatus(
      'code',
      await call(api, 'POST', '/api/payments/send/verification/code', token, { quote_id: quoteId }),
      200,
    );
    const mail = await db.query<{ text: string }>(
      'select text from mail_outbox where to_address = $1 order by id desc limit 1',
      [email],
    );
    const code = /\b(\d{6})\b/.exec(mail.rows[0]?.text ?? '')?.[1];
    expectStatus(
      'verify',
      await call(other(api), 'POST', '/api/payments/verify/code', token, { quote_id: quoteId, code }),
      200,
    );
    const both = await Promise.all(
      [A, B].map((x) => call(x, 'POST', '/api/payments/wise/create/transfer', token, { quote_id: quoteId })),
    );
    return { userId, both };
  });
  const payoutIds = payouts.flatMap((p) =>
    p.both.filter((r) => r.status === 201).map((r) => dataOf<{ id: number }>(r).id),
  );
  // The second call on the same quote answers the same payout again (200, idempotent) or refuses it.
  const samePayout = (both: Answer[]) => {
    const made = both.filter((r) => r.status === 201);
    const replayed = both.filter((r) => r.status === 200);
    if (made.length !== 1 || both.some((r) => r.status >= 500)) return false;
    const id = dataOf<{ id: number }>(made[0]!).id;
    return replayed.every((r) => dataOf<{ id: number }>(r).id === id);
  };
  check(
    'one payout of a quote sent to both APIs at once',
    payouts.every((p) => samePayout(p.both)),
    `${payoutIds.length} payouts for ${CURATORS} curators; the other call answered ${[
      ...new Set(payouts.map((p) => p.both.find((r) => r.status !== 201)?.status ?? 'none')),
    ].join(', ')} (200: the same payout again)`,
  );
  const approvals = await pool(payoutIds, 5, (id) =>
    Promise.all([A, B].map((x) => call(x, 'POST', `/api/admin/payouts/${id}/approve`, admin))),
  );
  check(
    'one approval of a payout approved on both APIs at once',
    approvals.every(
      (pair) => pair.filter((r) => r.status === 200).length === 1 && pair.every((r) => r.status < 500),
    ),
    `${approvals.filter((pair) => pair.filter((r) => r.status === 200).length === 1).length} of ${approvals.length}`,
  );
  let funded = 0;
  for (let i = 0; i < 150; i++) {
    funded = (
      await db.query<{ n: number }>(
        'select count(*)::int as n from payouts where id = any($1) and wise_transfer_id is not null and funded_at is not null',
        [payoutIds],
      )
    ).rows[0]!.n;
    if (funded === payoutIds.length) break;
    await sleep(2_000);
  }
  const payoutMs = performance.now() - payoutStart;
  const transfers = (
    await db.query<{ n: number; distinct_n: number }>(
      `select count(wise_transfer_id)::int as n, count(distinct wise_transfer_id)::int as distinct_n
         from payouts where id = any($1)`,
      [payoutIds],
    )
  ).rows[0]!;
  check(
    'every approved payout funded by the worker, one Wise transfer each',
    funded === payoutIds.length && transfers.n === transfers.distinct_n && transfers.n === payoutIds.length,
    `${funded} of ${payoutIds.length} funded, ${transfers.distinct_n} distinct Wise transfers`,
  );

  // 8. Jobs ran once, nobody was told twice, the ledger adds up.
  const jobs = (
    await db.query<{ state: string; n: number }>(
      `select state::text, count(*)::int as n from pgboss.job group by 1 order by 1`,
    )
  ).rows;
  const twice = (
    await db.query<{ n: number }>(
      `select count(*)::int as n from (
         select name, singleton_key from pgboss.job
          where state = 'completed' and singleton_key is not null and name like 'express.%'
          group by 1, 2 having count(*) > 1) d`,
    )
  ).rows[0]!.n;
  const failedJobs = jobs.find((j) => j.state === 'failed')?.n ?? 0;
  check(
    'every scheduled campaign job completed once, none failed',
    twice === 0 && failedJobs === 0,
    `jobs by state: ${jobs.map((j) => `${j.state} ${j.n}`).join(', ')}; ${twice} campaign steps run twice`,
  );
  const doubleTold = (
    await db.query<{ n: number }>(
      `select count(*)::int as n from (
         select user_id, message_key, data->>'campaign_id' from notifications
          where data->>'campaign_id' = any($1::text[])
          group by 1, 2, 3 having count(*) > 1) d`,
      [campaignIds.map(String)],
    )
  ).rows[0]!.n;
  const told = (
    await db.query<{ n: number }>(
      `select count(*)::int as n from notifications where data->>'campaign_id' = any($1::text[])`,
      [campaignIds.map(String)],
    )
  ).rows[0]!.n;
  check(
    'nobody told twice about the same step',
    doubleTold === 0,
    `${told} notifications, ${doubleTold} repeated`,
  );
  const unsettled = (
    await db.query<{ n: number }>(
      `select count(*)::int as n from express_campaigns
        where id = any($1) and coalesce(paid_coins, 0) + coalesce(refunded_coins, 0) <> price`,
      [campaignIds],
    )
  ).rows[0]!.n;
  const ledger = await checkLedger(db);
  check(
    'the ledger adds up (sum zero, no negative wallet, paid + refunded = held)',
    ledgerHolds(ledger) && unsettled === 0,
    `${ledger.transfers} transfers, ${ledger.entries} entries, sum of balances ${ledger.sumOfBalances}, ${ledger.negativeWallets} negative wallets, ${ledger.unbalancedTransfers} unbalanced transfers, ${ledger.balanceMismatches} balance mismatches; ${unsettled} of ${campaignIds.length} campaigns where paid + refunded differs from the price held`,
  );

  const totalMs = performance.now() - t0;
  const failed = checks.filter((c) => !c.ok);
  writeSection(
    render({
      date,
      loadAvgAtStart,
      totalMs,
      purchaseMs,
      lifeMs,
      payoutMs,
      campaigns: campaignIds.length,
      payouts: payoutIds.length,
      checks,
      endText,
    }),
    REPORT_FILE,
    HEADING,
  );
  await session.stop(worker);
  await session.stop(b);
  session.collectLogIssues(a.managed);
  await session.stopProduct(a);
  return failed.length === 0 ? 0 : 1;
}

async function loginAt(api: Api, url: string, email: string): Promise<{ token: string }> {
  const res = await call(api, 'POST', url, null, { email, password: DEMO_PASSWORD });
  expectStatus(`login ${email}`, res, 200);
  return { token: dataOf<{ token: string }>(res).token };
}

interface Rendered {
  date: Date;
  loadAvgAtStart: number;
  totalMs: number;
  purchaseMs: number;
  lifeMs: number;
  payoutMs: number;
  campaigns: number;
  payouts: number;
  checks: Check[];
  endText: string;
}

function render(r: Rendered): string {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return [
    HEADING,
    '',
    `Command: \`npm run bench:scale-out\` (bench/scale-out.ts), ${r.date.toISOString().slice(0, 16)} UTC, ${machineLine()}, load average ${r.loadAvgAtStart.toFixed(1)} at the start.`,
    '',
    'Two API instances (`RUN_JOBS=0`: api-a with the embedded PostgreSQL and demo data, api-b on its',
    '`DATABASE_URL`) and one `npm run worker` process, all on one PostgreSQL. Every order, decision,',
    'payout and approval below is sent to both APIs at the same moment or alternately; the campaigns',
    "live to their end with time compressed (the bench moves their due timestamps to now; the worker's",
    'one-minute sweep takes each step).',
    '',
    '| stage | work | wall time |',
    '|---|---|---|',
    `| purchases | ${ARTISTS} artists, each order sent to both APIs at once (${r.campaigns} campaigns held) | ${s(r.purchaseMs)} |`,
    `| decisions, placements, life to the end | ${r.campaigns} campaigns: ${r.endText} | ${s(r.lifeMs)} |`,
    `| payouts | ${CURATORS} curators, transfer created and approved on both APIs at once (${r.payouts} payouts) | ${s(r.payoutMs)} |`,
    `| whole run | including start and checks | ${s(r.totalMs)} |`,
    '',
    '| check | result |',
    '|---|---|',
    ...r.checks.map(
      (c) => `| ${c.name} | ${c.ok ? 'passed' : '**failed**'}: ${c.detail.replaceAll('|', '/')} |`,
    ),
    '',
    'The stages are correctness under scale-out, not speed: the wall times include the waits for the',
    "worker's sweep. Limits and what a bigger deployment changes: docs/operations.md.",
  ].join('\n');
}

await session.run(main, OVERALL_TIMEOUT_MS);
