/**
 * `npm run bench:trust`: the quality score's nightly pass over TRUST_BENCH_OFFERS (default
 * 10,000) express playlists and as many influencer accounts, each with a year of campaigns
 * (TRUST_BENCH_PER_OFFER a year, default 12: one a month) and their timeline's first answer and
 * reviews, on the real product's database (fresh DATA_DIR, embedded PostgreSQL, no job workers).
 * Timed and its peak memory sampled, against a baseline measured in the same run: a plain aggregate
 * query reading the same rows (campaigns grouped by offer, their events and reviews) with no scoring.
 * Writes the `## Quality score benchmark` section of docs/performance.md.
 */
import os from 'node:os';
import type pg from 'pg';
import { createDatabase } from '../apps/api/src/db/client';
import { recomputeAll, SCORE_CHUNK } from '../apps/api/src/modules/trust/score.service';
import { BenchSession } from './product';
import { machineLine, REPORT_FILE, writeSection } from './report';

const HEADING = '## Quality score benchmark';
const count = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(v) || v < 1) throw new Error(`${name} must be a positive integer`);
  return v;
};
const OFFERS = count('TRUST_BENCH_OFFERS', 10_000);
const PER_OFFER = count('TRUST_BENCH_PER_OFFER', 12);
const OVERALL_TIMEOUT_MS = 1_800_000;
const session = new BenchSession('bench:trust');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (b: number) => (b / 1024 / 1024).toFixed(0);

/** Peak RSS / heap of this process while `work` runs (sampled every 100 ms). */
async function measured<T>(work: () => Promise<T>) {
  let rss = process.memoryUsage().rss;
  let heap = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  }, 100);
  const t0 = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - t0, peakRss: rss, peakHeap: heap };
  } finally {
    clearInterval(timer);
  }
}

/**
 * A year of history in set-based inserts: OFFERS playlists and OFFERS accounts (TikTok), PER_OFFER
 * campaigns each spread over the past year with a mix of outcomes (declined, failed to submit,
 * completed, removed early), the first answer on the timeline and a review on most completed ones.
 */
async function generate(db: pg.Client) {
  const { rows } = await db.query<{ user_id: number; tier_id: number; duration_id: number }>(
    `select (select id from users order by id limit 1) as user_id,
            (select id from express_tiers where campaign_type_id = 1 order by id limit 1) as tier_id,
            (select id from express_durations where campaign_type_id = 1 order by id limit 1) as duration_id`,
  );
  const ref = rows[0]!;
  await db.query(
    `insert into social_tiers (platform, tier_name, price) values ('tiktok', 'Bench tier', 40)
     on conflict do nothing`,
  );
  const { rows: st } = await db.query<{ id: number }>(
    `select id from social_tiers where platform = 'tiktok' order by id limit 1`,
  );
  const socialTier = st[0]!.id;
  await db.query(
    `insert into express_playlists (curator_id, spotify_playlist_id, spotify_url, name, followers, tier_id, duration_id, status_id)
     select $1, 'bench' || g, 'https://open.spotify.com/playlist/bench' || g, 'Bench ' || g, g * 7 % 90000, $2, $3, 1
       from generate_series(1, $4) g`,
    [ref.user_id, ref.tier_id, ref.duration_id, OFFERS],
  );
  await db.query(
    `insert into social_accounts (user_id, platform, platform_user_id, username, display_name, followers, tier_id)
     select $1, 'tiktok', 'bench' || g, 'bench' || g, 'Bench ' || g, g * 11 % 500000, $2
       from generate_series(1, $3) g`,
    [ref.user_id, socialTier, OFFERS],
  );
  // Outcome by (offer + n) mod 10: 0 declined, 1 failed to submit, 2 removed early, else completed.
  const campaigns = (target: 'playlist' | 'account') => `
    insert into express_campaigns (artist_id, campaign_type_id, curator_id, playlist_id, account_id, tier_id,
        social_tier_id, track_id, track_url, track_name, track_artist, status_id, price, fee_percent,
        playlist_submission_days, on_going_days, auditing_days, submission_deadline, on_going_started_at,
        removed_at, target_views, last_views, created_at, completed_at)
    select $1, ${target === 'playlist' ? 1 : 2}, $1, ${target === 'playlist' ? 'o.id, null, $2::int, null' : 'null, o.id, null, $2::int'},
           'b' || o.id || 'x' || n, 'https://example.test/t', 'Bench', 'Artist',
           case k when 0 then 7 when 1 then 8 else 6 end, 50, 20, 3, 28, 2,
           case when k = 0 then null else at + interval '3 days' end,
           case when k in (0, 1) then null else at + interval '1 day' end,
           case when k = 2 then at + interval '10 days' end,
           ${target === 'account' ? 'case when k = 0 then null else 10000 end' : 'null'},
           ${target === 'account' ? 'case when k in (0, 1) then null else 4000 + (o.id * 37 + n * 101) % 9000 end' : 'null'},
           at, at + interval '31 days'
      from ${target === 'playlist' ? 'express_playlists' : 'social_accounts'} o
      cross join generate_series(1, $3) n
      cross join lateral (select (o.id + n) % 10 as k,
                                 now() - interval '365 days' + (n * 365 / $3) * interval '1 day' as at) x
     where ${target === 'playlist' ? "o.spotify_playlist_id like 'bench%'" : "o.platform_user_id like 'bench%'"}`;
  await db.query(campaigns('playlist'), [ref.user_id, ref.tier_id, PER_OFFER]);
  await db.query(campaigns('account'), [ref.user_id, socialTier, PER_OFFER]);
  await db.query(
    `insert into express_campaign_events (campaign_id, from_status, to_status, actor_type, created_at)
     select id, 1, case when status_id = 7 then 7 else 2 end, 'user',
            created_at + ((id % 4000) || ' minutes')::interval
       from express_campaigns where track_id like 'b%x%'`,
  );
  await db.query(
    `insert into express_reviews (campaign_id, artist_id, rating, created_at)
     select id, artist_id, 1 + id % 5, completed_at from express_campaigns
      where track_id like 'b%x%' and status_id = 6 and id % 3 <> 0`,
  );
  await db.query('analyze');
  const { rows: n } = await db.query<{ c: number; e: number; r: number }>(
    `select (select count(*) from express_campaigns)::int c, (select count(*) from express_campaign_events)::int e,
            (select count(*) from express_reviews)::int r`,
  );
  return n[0]!;
}

/** The baseline: the same rows read by plain aggregate queries (no percentile, weights or writes). */
async function baseline(db: pg.Client) {
  let rows = 0;
  for (const key of ['playlist_id', 'account_id']) {
    const r = await db.query(
      `select c.${key}, count(*), count(e.id), avg(c.price), count(rv.id), avg(rv.rating)
         from express_campaigns c
         left join express_campaign_events e on e.campaign_id = c.id and e.from_status = 1
         left join express_reviews rv on rv.campaign_id = c.id
        where c.${key} is not null group by c.${key}`,
    );
    rows += r.rowCount ?? 0;
  }
  return rows;
}

async function main() {
  const t0 = performance.now();
  const loadAvg = os.loadavg()[0] ?? 0;
  const dataDir = session.makeDataDir();
  Object.assign(process.env, { RUN_JOBS: 'false' });
  const product = await session.startProduct('product', dataDir, /"level":60|READY_MS=/);
  const db = await session.connect(product.dbUrl, 'bench-trust');
  const g0 = performance.now();
  const sizes = await generate(db);
  const genMs = performance.now() - g0;
  console.log(`bench:trust: generated ${fmt(sizes.c)} campaigns in ${(genMs / 1000).toFixed(0)} s`);

  const database = createDatabase(product.dbUrl, 4);
  // Warm both once (plans, caches) so neither half pays the cold start alone.
  await baseline(db);
  const base = await measured(() => baseline(db));
  const run = await measured(() => recomputeAll(database, new Date()));
  const { rows: check } = await db.query<{ n: number; fresh: number; avg: number }>(
    'select count(*)::int n, count(*) filter (where is_new)::int fresh, avg(score)::float8 avg from trust_scores',
  );
  await database.pool.end();
  const scored = run.result.playlists + run.result.accounts;
  const ratio = run.ms / base.ms;
  const lines = [
    HEADING,
    '',
    'Command: `npm run bench:trust` (sizes: `TRUST_BENCH_OFFERS`, `TRUST_BENCH_PER_OFFER`).',
    '',
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}; whole run ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    `- Machine: ${machineLine()}; 1-min load average when the bench started: ${loadAvg.toFixed(2)}`,
    `- Data: ${fmt(OFFERS)} express playlists and ${fmt(OFFERS)} TikTok accounts, ${PER_OFFER} campaigns each over the past year (${fmt(sizes.c)} campaigns in all, ${fmt(sizes.e)} timeline events, ${fmt(sizes.r)} reviews; outcomes mixed: declined, failed to submit, removed early, completed), generated in ${(genMs / 1000).toFixed(0)} s.`,
    `- Product: the nightly job's \`recomputeAll\` (chunks of ${fmt(SCORE_CHUNK)} offers: one set-based read of the stats with the median answer time and recency-weighted ratings, the scores computed in Node, one upsert per chunk).`,
    '- Baseline (same run, same database, warmed): plain `group by` aggregates reading the same rows (campaigns per offer joined to their first-answer events and reviews), no percentile, no weights, no writes.',
    '',
    '| | offers | time (s) | offers / s | peak RSS (MB) | peak heap (MB) | ratio to baseline (time) |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    `| **Product (nightly pass)** | ${fmt(scored)} | ${(run.ms / 1000).toFixed(2)} | **${fmt(scored / (run.ms / 1000))}** | ${mb(run.peakRss)} | ${mb(run.peakHeap)} | **${ratio.toFixed(2)}×** |`,
    `| Baseline (plain aggregate) | ${fmt(base.result)} | ${(base.ms / 1000).toFixed(2)} | ${fmt(base.result / (base.ms / 1000))} | ${mb(base.peakRss)} | ${mb(base.peakHeap)} | 1.00× |`,
    '',
    `Checks: ${fmt(check[0]!.n)} scores stored (${fmt(check[0]!.fresh)} new), mean score ${check[0]!.avg.toFixed(1)}. Memory is this process's (the bench and the job's Node side); PostgreSQL's own work is in the time, not in the RSS.`,
  ];
  if (session.notes.length > 0)
    lines.push('', '### Observations from this run', '', ...session.notes.map((n) => `- ${n}`));
  writeSection(`${lines.join('\n')}\n`, REPORT_FILE, HEADING);
  console.log(
    `bench:trust: product ${(run.ms / 1000).toFixed(2)} s, baseline ${(base.ms / 1000).toFixed(2)} s`,
  );
  if (scored < 2 * OFFERS) process.exitCode = 1;
}

await session.run(main, OVERALL_TIMEOUT_MS);
