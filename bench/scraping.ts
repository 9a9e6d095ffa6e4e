/**
 * `npm run bench:scraping`: one scraping request of SCRAPING_BENCH_PLAYLISTS (default 50) sandbox
 * playlists of SCRAPING_BENCH_TRACKS (default 200) tracks each, on the real product (fresh DATA_DIR,
 * embedded PostgreSQL, its own pg-boss workers), timed from the request until every job completed;
 * then the rows it left, checked against a baseline measured in the same run: a bare loop in this
 * process reading the same sandbox data (the product's sandbox provider, same database) and writing
 * each distinct artist once into a plain table, with no steps, items, events or resumability. Writes
 * the `## Scraping benchmark` section of docs/performance.md.
 *
 * The Spotify call budget is raised out of the way (SPOTIFY_CALLS_PER_MINUTE) so the run measures
 * the product, not the budget; the report says how many calls a default budget would have taken.
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { createDatabase } from '../apps/api/src/db/client';
import { createSandboxSpotifyProvider } from '../apps/api/src/providers/spotify/sandbox';
import { BenchSession, login } from './product';
import { machineLine, REPORT_FILE, writeSection } from './report';

const HEADING = '## Scraping benchmark';
const count = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(v) || v < 1) throw new Error(`${name} must be a positive integer`);
  return v;
};
const PLAYLISTS = count('SCRAPING_BENCH_PLAYLISTS', 50);
const TRACKS = Math.min(500, count('SCRAPING_BENCH_TRACKS', 200));
/** The product's default budget, to say what the run would have taken under it. */
const DEFAULT_BUDGET = 300;
const OVERALL_TIMEOUT_MS = 900_000;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const session = new BenchSession('bench:scraping');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (ms: number) => (ms / 1000).toFixed(1);

/** A sized sandbox playlist id: `Tracks` + three digits + 13 random base62 characters. */
function playlistId(): string {
  const rest = [...randomBytes(13)].map((b) => BASE62[b % 62]).join('');
  return `Tracks${String(TRACKS).padStart(3, '0')}${rest}`;
}

/**
 * The baseline: the same sandbox data read in one loop (playlist, pages of 50, artists 50 a call,
 * each artist read once) and written with plain inserts on one connection.
 */
async function baseline(dbUrl: string, client: pg.Client, ids: string[]) {
  await client.query(`create table bench_baseline_leads (spotify_id text primary key, name text not null,
    followers integer, genres text not null)`);
  await client.query(`create table bench_baseline_links (playlist_id text, spotify_id text, tracks integer,
    primary key (playlist_id, spotify_id))`);
  const database = createDatabase(dbUrl, 2);
  const spotify = createSandboxSpotifyProvider({ appUrl: 'http://127.0.0.1', key: 'x'.repeat(40), database });
  const started = performance.now();
  const seen = new Set<string>();
  let credits = 0;
  let calls = 0;
  for (const id of ids) {
    calls += 1;
    await spotify.getPlaylist(id);
    const perArtist = new Map<string, number>();
    for (let offset: number | null = 0; offset !== null; ) {
      calls += 1;
      const page = await spotify.getPlaylistItems(id, offset);
      if (!page) break;
      for (const item of page.items)
        for (const a of new Set(item.artists.map((x) => x.id))) perArtist.set(a, (perArtist.get(a) ?? 0) + 1);
      offset = page.nextOffset;
    }
    const fresh = [...perArtist.keys()].filter((a) => !seen.has(a));
    for (let i = 0; i < fresh.length; i += 50) {
      calls += 1;
      const profiles = await spotify.getArtists(fresh.slice(i, i + 50));
      await client.query(
        `insert into bench_baseline_leads select * from unnest($1::text[], $2::text[], $3::int[], $4::text[]) as t(a, b, c, d)
         on conflict do nothing`,
        [
          profiles.map((p) => p.id),
          profiles.map((p) => p.name),
          profiles.map((p) => p.followers),
          profiles.map((p) => p.genres.join('; ')),
        ],
      );
    }
    for (const a of fresh) seen.add(a);
    credits += [...perArtist.values()].reduce((s, n) => s + n, 0);
    await client.query(`insert into bench_baseline_links select $1, * from unnest($2::text[], $3::int[])`, [
      id,
      [...perArtist.keys()],
      [...perArtist.values()],
    ]);
  }
  const ms = performance.now() - started;
  await database.pool.end();
  return { ms, artists: seen.size, credits, calls };
}

interface TableRow {
  table: string;
  rows: number;
  mb: number;
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const date = new Date();
  const loadAvg = os.loadavg()[0] ?? 0;
  process.env.SPOTIFY_CALLS_PER_MINUTE = '1000000';
  const concurrency = process.env.SCRAPING_CONCURRENCY ?? '2';
  const dataDir = session.makeDataDir();
  const product = await session.startProduct('product', dataDir, /"level":60|READY_MS=/);
  const { token } = await login(product.port, '/api/admin/login', 'admin@demo.test');
  const db = await session.connect(product.dbUrl, 'liberty-bench-scraping');

  // The baseline first, on the idle product (same database, its own tables).
  const baselineIds = Array.from({ length: PLAYLISTS }, playlistId);
  const base = await baseline(product.dbUrl, db, baselineIds);
  console.log(`baseline: ${secs(base.ms)} s, ${fmt(base.artists)} artists, ${fmt(base.credits)} credits`);

  // The product: one request with every playlist, then poll until each job has ended.
  const ids = baselineIds;
  const requested = performance.now();
  const res = await fetch(`http://127.0.0.1:${product.port}/api/admin/scraping/jobs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ links: ids.map((id) => `https://open.spotify.com/playlist/${id}`) }),
  });
  const created = (await res.json()) as { data?: { created: unknown[] } };
  if (res.status !== 201 || created.data?.created.length !== PLAYLISTS)
    throw new Error(`queueing failed: ${res.status} ${JSON.stringify(created).slice(0, 300)}`);
  const answeredMs = performance.now() - requested;
  const checkpoints: { at: number; done: number }[] = [];
  let finishedMs = 0;
  for (;;) {
    const r = await db.query<{ open: number; done: number; failed: number }>(
      `select count(*) filter (where status_id in (1, 2))::int as open, coalesce(sum(items_done), 0)::int as done,
         count(*) filter (where status_id in (4, 5))::int as failed from scraping_jobs`,
    );
    const row = r.rows[0]!;
    checkpoints.push({ at: performance.now() - requested, done: row.done });
    if (row.failed > 0) throw new Error(`${row.failed} jobs failed or were cancelled`);
    if (row.open === 0) {
      finishedMs = performance.now() - requested;
      break;
    }
    if (performance.now() - requested > OVERALL_TIMEOUT_MS - 120_000)
      throw new Error('the jobs did not finish');
    await sleep(200);
  }
  const totalTracks = PLAYLISTS * TRACKS;
  const firstQuarter = checkpoints.find((c) => c.done >= totalTracks / 4)?.at ?? finishedMs;
  console.log(`product: ${secs(finishedMs)} s for ${fmt(totalTracks)} tracks`);

  // What it left: counts checked against the baseline, rows and sizes.
  const check = (
    await db.query<{ artists: number; credits: number; jobs_ok: number; found: number; new_total: number }>(
      `select (select count(*)::int from leads where kind = 'artist') as artists,
         (select coalesce(sum(jl.tracks), 0)::int from scraping_job_leads jl join leads l on l.id = jl.lead_id where l.kind = 'artist') as credits,
         (select count(*)::int from scraping_jobs where status_id = 3 and items_done = ${TRACKS} and items_total = ${TRACKS}) as jobs_ok,
         (select coalesce(sum(artists_found), 0)::int from scraping_jobs) as found,
         (select coalesce(sum(artists_new), 0)::int from scraping_jobs) as new_total`,
    )
  ).rows[0]!;
  const calls = (
    await db.query<{ n: number }>('select coalesce(sum(used), 0)::int as n from scraping_spotify_budget')
  ).rows[0]!.n;
  const tables = [
    'scraping_jobs',
    'scraping_job_items',
    'scraping_job_leads',
    'leads',
    'scraping_events',
    'scraping_site_visits',
    'scraping_spotify_budget',
    'bench_baseline_leads',
    'bench_baseline_links',
  ];
  const sizes: TableRow[] = [];
  for (const table of tables) {
    const r = await db.query<{ rows: number; mb: number }>(
      `select (select count(*)::int from ${table}) as rows, pg_total_relation_size('${table}')::float8 / 1048576 as mb`,
    );
    sizes.push({ table, rows: r.rows[0]!.rows, mb: r.rows[0]!.mb });
  }
  const boss = await db.query<{ state: string; n: number }>(
    `select state, count(*)::int as n from pgboss.job where name = 'scraping.playlist' group by state order by state`,
  );
  const pending = sizes.find((s) => s.table === 'scraping_site_visits')!.rows;
  await session.closeClient(db);
  await session.stopProduct(product);
  session.collectLogIssues(product.managed);

  const ok = check.artists === base.artists && check.credits === base.credits && check.jobs_ok === PLAYLISTS;
  if (!ok) session.notes.push(`Check failed: ${JSON.stringify({ check, base })}.`);
  if (loadAvg > os.cpus().length * 0.5)
    session.notes.push(
      `The machine was already busy when the bench started (load average ${loadAvg.toFixed(2)} on ${os.cpus().length} CPUs): the times vary between runs.`,
    );
  const perPlaylist = (n: number) => (n / PLAYLISTS).toFixed(1);
  const lines = [
    HEADING,
    '',
    'Generated by `npm run bench:scraping` (`bench/scraping.ts`); numbers are from one run and are',
    'overwritten by the next. They are a report, not a pass/fail gate.',
    '',
    `- Date: ${date.toISOString().replace(/\.\d+Z$/, 'Z')}; whole run ${secs(performance.now() - t0)} s`,
    `- Machine: ${machineLine()}; 1-min load average when the bench started: ${loadAvg.toFixed(2)}`,
    `- Product: \`npx tsx apps/api/src/main.ts\` on a fresh DATA_DIR with the embedded PostgreSQL, one process running the API and its pg-boss workers (\`SCRAPING_CONCURRENCY=${concurrency}\` scraping jobs at a time), sandbox Spotify, \`SPOTIFY_CALLS_PER_MINUTE\` raised out of the way.`,
    `- Work: one \`POST /api/admin/scraping/jobs\` with ${PLAYLISTS} sandbox playlist links of ${TRACKS} tracks each (${fmt(totalTracks)} tracks; ids \`Tracks${TRACKS}…\`, fresh each run); timed from the request until no job is queued or running (polled every 200 ms).`,
    `- Baseline (same run, same database, before the product's job): a loop in the bench process reading the same ${PLAYLISTS} playlists through the product's sandbox provider (playlist, pages of 50, each new artist's profile 50 a call) and inserting each distinct artist once and each playlist's credits into two plain tables on one connection: no steps, item rows, row locks, events, provenance, suppression checks or job counters.`,
    '',
    '### Time to finish',
    '',
    '| | time (s) | tracks / s | Spotify calls | ratio to baseline |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| Product: request answered (${PLAYLISTS} jobs queued) | ${secs(answeredMs)} | | | |`,
    `| Product: a quarter of the tracks done | ${secs(firstQuarter)} | | | |`,
    `| **Product: every job completed** | **${secs(finishedMs)}** | ${fmt(totalTracks / (finishedMs / 1000))} | ${fmt(calls)} | **${(finishedMs / base.ms).toFixed(2)}×** |`,
    `| Baseline loop | ${secs(base.ms)} | ${fmt(totalTracks / (base.ms / 1000))} | ${fmt(base.calls)} | 1.00× |`,
    '',
    `Under the default budget of ${DEFAULT_BUDGET} calls a minute shared by every worker, the ${fmt(calls)} calls alone would take at least ${secs((calls / DEFAULT_BUDGET) * 60_000)} s: with real Spotify the budget, not the product, sets the pace.`,
    '',
    '### Rows',
    '',
    `Checks: ${check.jobs_ok} of ${PLAYLISTS} jobs completed at ${TRACKS} / ${TRACKS}; ${fmt(check.artists)} artist leads (baseline: ${fmt(base.artists)} distinct artists) ${check.artists === base.artists ? '=' : '≠'}; ${fmt(check.credits)} artist credits linked to jobs (baseline: ${fmt(base.credits)}) ${check.credits === base.credits ? '=' : '≠'}; jobs' \`artists_found\` sum ${fmt(check.found)}, \`artists_new\` sum ${fmt(check.new_total)} (each artist new in exactly one job: ${check.new_total === check.artists ? 'yes' : 'no'}).`,
    '',
    '| Table | rows | rows / playlist | total size (MB) |',
    '| --- | ---: | ---: | ---: |',
    ...sizes.map((s) => `| ${s.table} | ${fmt(s.rows)} | ${perPlaylist(s.rows)} | ${s.mb.toFixed(2)} |`),
    `| pgboss.job (\`scraping.playlist\`) | ${fmt(boss.rows.reduce((a, r) => a + r.n, 0))} | ${perPlaylist(boss.rows.reduce((a, r) => a + r.n, 0))} | |`,
    '',
    `pg-boss jobs of the scraping queue by state: ${boss.rows.map((r) => `${r.state} ${r.n}`).join(', ')} (a job hands over after 10 s, so a long scraping job is several pg-boss jobs). The ${fmt(pending)} website visits are the artists' sandbox sites queued for the contact crawler, which reads them afterwards at one request a second per domain (every sandbox site is on the product's own host); they are not part of the time above.`,
    '',
    '### Reading this run',
    '',
    `- The product's resumable steps (a transaction per page or per 50 tracks, item rows claimed with SKIP LOCKED and marked done with their effects, leads upserted under per-artist advisory locks after a suppression check, provenance per field, an event per step) cost ${(finishedMs / base.ms).toFixed(1)}× the bare loop's time for the same reads and the same leads.`,
    `- Pace: one process works on ${concurrency} scraping jobs at a time and its workers fetch the next pg-boss job every 0.5 s (the queue's interval; at pg-boss's usual 1 s a worker finishing a playlist in half a second then idled the other half, and this run took about twice as long); a step claims 50 tracks, so a playlist of 200 tracks is 9 steps (the playlist, 4 pages, 4 groups of tracks).`,
    `- Spotify calls: ${fmt(calls)} against the baseline's ${fmt(base.calls)}: the product reads the profiles of each group of 50 tracks' new artists (about one call a group), the loop those of a whole playlist at once; the same artists are read once either way.`,
    `- Rows per playlist: ${perPlaylist(sizes.find((s) => s.table === 'scraping_job_items')!.rows)} item rows (one per track and per page) and ${perPlaylist(sizes.find((s) => s.table === 'scraping_events')!.rows)} events; the item rows are what make a killed worker's job resume without losing or repeating a track.`,
  ];
  if (session.notes.length > 0)
    lines.push('', '### Observations from this run', '', ...session.notes.map((n) => `- ${n}`));
  writeSection(`${lines.join('\n')}\n`, REPORT_FILE, HEADING);
  console.log(`bench:scraping: wrote ${HEADING} to ${REPORT_FILE}${ok ? '' : ' (CHECK FAILED)'}`);
  if (!ok) process.exitCode = 1;
}

await session.run(main, OVERALL_TIMEOUT_MS);
