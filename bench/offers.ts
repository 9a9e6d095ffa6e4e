/**
 * `npm run bench:offers`: the artists' wizard search of issue "Choose with evidence" under load. The
 * compiled product on a fresh DATA_DIR (embedded PostgreSQL), OFFERS_BENCH_OFFERS (default 10,000)
 * express playlists and as many TikTok accounts generated straight into its database, each with a
 * profile (1-3 genres, 0-3 moods, 0-2 lyrics languages, a tier and followers to match) and a year of
 * campaigns (OFFERS_BENCH_PER_OFFER a year, default 12) bought by artists who have genres of their
 * own; the nightly quality score pass (`recomputeAll`) so that the score, acceptance and answer-time
 * filters read real trust_scores. Signed in as the demo artist (never the seller of a generated offer),
 * autocannon loads the playlist list (one genre, and a heavier mix of filters), "matched for this
 * track" for playlists, the creator-account list and its matched suggestions, taking turns with a bare
 * Fastify + pg baseline (`offers-baseline-server.ts`, one indexed query of 100 rows) on the same
 * database. Then the statements each endpoint sends (recorded from the product's own service functions
 * called with the routes' arguments) are run under EXPLAIN (ANALYZE, BUFFERS). Writes the
 * `## Offer search benchmark` section of docs/performance.md.
 */
import os from 'node:os';
import { MOODS } from '@lm/contracts/offer-terms';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Database } from '../apps/api/src/db/client';
import { createDatabase } from '../apps/api/src/db/client';
import * as schema from '../apps/api/src/db/schema';
import { genreNames, matchOffers } from '../apps/api/src/modules/express/express.matching';
import { listPlaylists, type PlaylistScope } from '../apps/api/src/modules/express/express.queries';
import { adapterByKey } from '../apps/api/src/modules/express/platforms/index';
import { type AccountAdapter, accountsForSale } from '../apps/api/src/modules/express/social.service';
import { recomputeAll } from '../apps/api/src/modules/trust/score.service';
import { DEFAULT_LOAD, type LoadResult, measureInTurns } from './load';
import { BASELINE_QUERY } from './offers-baseline-server';
import { freePort, waitFor200 } from './processes';
import { BenchSession, buildApi, login } from './product';
import { machineLine, REPORT_FILE, writeSection } from './report';
import { makeUsers } from './users';
import { sequentialLatency } from './wallet-load';
import { type Explained, explain, type Sql } from './wallet-plans';

const HEADING = '## Offer search benchmark';
const count = (name: string, fallback: number) => {
  const v = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(v) || v < 1) throw new Error(`${name} must be a positive integer`);
  return v;
};
const OFFERS = count('OFFERS_BENCH_OFFERS', 10_000);
const PER_OFFER = count('OFFERS_BENCH_PER_OFFER', 12);
/** Artists who bought the generated campaigns (each with 1-3 genres); sellers: one per 20 offers. */
const ARTISTS = count('OFFERS_BENCH_ARTISTS', 200);
const SELLERS = Math.max(1, Math.ceil(OFFERS / 20));
/** The issue's target for every endpoint: p95 at 10 connections. */
const TARGET_P95_MS = 50;
const OVERALL_TIMEOUT_MS = 600_000;
const EMAIL = 'artist@demo.test';
const PRODUCT_ECHO = /"level":(50|60)|READY_MS=|shutting down/;
/** Genres most offers play one of (by name; those missing from `genres` are skipped). */
const POPULAR_GENRES = [
  'pop',
  'hip-hop',
  'indie',
  'rock',
  'edm',
  'r-n-b',
  'dance',
  'latin',
  'house',
  'afrobeat',
  'k-pop',
  'chill',
];
/** Lyrics languages the generated profiles list (ISO 639-1 codes). */
const LANGUAGE_CODES = ['en', 'es', 'fr', 'de', 'pt', 'tr', 'ar', 'it', 'ko', 'ja'];

const session = new BenchSession('bench:offers');
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : 'n/a');
const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a / b) ? `${(a / b).toFixed(2)}×` : 'n/a');

/** Reference ids the generation and the endpoints' queries use. */
interface Refs {
  popular: number[];
  allGenres: number[];
  languages: number[];
  genre: (name: string) => number;
  language: (code: string) => number;
}

async function refs(db: pg.Client): Promise<Refs> {
  const g = await db.query<{ id: number; name: string }>('select id, name from genres order by id');
  const l = await db.query<{ id: number; code: string }>(
    'select id, code from languages where code = any($1) order by id',
    [LANGUAGE_CODES],
  );
  const byName = new Map(g.rows.map((r) => [r.name, r.id]));
  const byCode = new Map(l.rows.map((r) => [r.code, r.id]));
  const popular = POPULAR_GENRES.flatMap((n) => (byName.has(n) ? [byName.get(n)!] : []));
  if (g.rows.length === 0 || popular.length < 2 || l.rows.length < 2)
    throw new Error(`reference data missing: ${g.rows.length} genres, ${l.rows.length} languages`);
  const need = <K>(map: Map<K, number>, key: K) => {
    const id = map.get(key);
    if (id === undefined) throw new Error(`no ${String(key)} in the reference data`);
    return id;
  };
  return {
    popular,
    allGenres: g.rows.map((r) => r.id),
    languages: l.rows.map((r) => r.id),
    genre: (name) => need(byName, name),
    language: (code) => need(byCode, code),
  };
}

/** `count` users of a seller type (2 curator, 3 influencer), approved, who never sign in. */
async function makeSellers(db: pg.Client, type: 2 | 3, n: number, prefix: string): Promise<number[]> {
  const r = await db.query<{ id: number }>(
    `insert into users (user_type_id, first_name, last_name, email, country_code, status, email_verified_at)
     select $1, 'Bench', initcap($3) || ' ' || i, $3 || '-' || i || '@offers.bench', 'GB', 'approved', now()
       from generate_series(1, $2::int) i order by i returning id`,
    [type, n, prefix],
  );
  return r.rows.map((x) => x.id);
}

/**
 * A deterministic pseudo-random integer >= 0 from `expr` (an integer column) and a `salt` per use, so
 * that an offer's tier, moods, languages and genres do not follow from each other (modulo arithmetic
 * on the id alone would tie them together).
 */
const h = (expr: string, salt: number) => `(hashint4((${expr})::int * 32 + ${salt}) & 2147483647)`;

/**
 * The offers' profile columns, from their ordinal `g`: tier by a skewed index (4 of 10 the cheapest,
 * 1 of 10 the dearest) and followers inside that tier's range, 0-3 distinct moods, 0-2 languages
 * (none = takes any), one in five taking no unreleased tracks, one in seven no AI-made music.
 */
const profileColumns = `
  t.ids[1 + least(x.k, cardinality(t.ids) - 1)],
  case x.k when 0 then 1000 + ${h('g', 2)} % 9000 when 1 then 10000 + ${h('g', 2)} % 40000
           when 2 then 50000 + ${h('g', 2)} % 200000 else 250000 + ${h('g', 2)} % 1750000 end,
  array(select ($3::varchar[])[1 + (${h('g', 4)} + j * 5) % cardinality($3::varchar[])]
          from generate_series(0, ${h('g', 3)} % 4 - 1) j)::varchar(20)[],
  array(select ($4::int[])[1 + (${h('g', 6)} + j) % cardinality($4::int[])]
          from generate_series(0, ${h('g', 5)} % 3 - 1) j),
  ${h('g', 7)} % 5 <> 0, ${h('g', 8)} % 7 = 0`;
const tierIndex = `lateral (select (array[0, 0, 0, 0, 1, 1, 1, 2, 2, 3])[1 + ${h('g', 1)} % 10] as k) x`;

/** 1-3 genres per offer (`j` 0..2): mostly one popular genre plus one or two of any (duplicates dropped). */
const genreCount = (id: string) => `${h(id, 9)} % 3`;
const genreOf = (id: string) => `
  case j when 0 then case when ${h(id, 10)} % 3 <> 0 then ($1::int[])[1 + ${h(id, 11)} % cardinality($1::int[])]
                          else ($2::int[])[1 + ${h(id, 12)} % cardinality($2::int[])] end
         when 1 then ($2::int[])[1 + ${h(id, 13)} % cardinality($2::int[])]
         else ($1::int[])[1 + ${h(id, 14)} % cardinality($1::int[])] end`;

/**
 * The marketplace in set-based inserts: sellers, OFFERS playlists (Spotify tiers) and OFFERS TikTok
 * accounts (TikTok tiers) with their profiles and genres, ARTISTS artists with genres, and PER_OFFER
 * campaigns per offer over the past year (declined, failed to submit, removed early, completed; the
 * decline rate differs per offer so acceptance and scores spread), their first answer on the
 * timeline and reviews on most completed ones. The demo artist owns none of it.
 */
async function generate(db: pg.Client, r: Refs) {
  const curators = await makeSellers(db, 2, SELLERS, 'offers-curator');
  const creators = await makeSellers(db, 3, SELLERS, 'offers-creator');
  const artists = await makeUsers(db, 1, ARTISTS, 'offers-artist');
  await db.query(
    `insert into user_genres (user_id, genre_id)
     select a.id, case j when 0 then ($2::int[])[1 + ${h('a.i', 16)} % cardinality($2::int[])]
                         else ($3::int[])[1 + ${h('a.i * 4 + j', 17)} % cardinality($3::int[])] end
       from unnest($1::int[]) with ordinality a(id, i), generate_series(0, ${h('a.i', 18)} % 3) j
     on conflict do nothing`,
    [artists, r.popular, r.allGenres],
  );
  await db.query(
    `insert into express_playlists (curator_id, spotify_playlist_id, spotify_url, name, description, status_id,
        duration_id, tier_id, followers, moods, language_ids, accepts_unreleased, refuses_ai)
     select ($1::int[])[1 + g % cardinality($1::int[])], 'offers' || g, 'https://open.spotify.com/playlist/offers' || g,
            'Offer playlist ' || g, 'Bench playlist ' || g || ': new music every Friday.', 1,
            d.ids[1 + g % cardinality(d.ids)], ${profileColumns}
       from generate_series(1, $2::int) g,
            (select array_agg(id order by price, id) ids from express_tiers where campaign_type_id = 1 and status = 1) t,
            (select array_agg(id order by id) ids from express_durations where campaign_type_id = 1 and status = 1) d,
            ${tierIndex}`,
    [curators, OFFERS, [...MOODS], r.languages],
  );
  await db.query(
    `insert into social_accounts (user_id, platform, platform_user_id, username, display_name, description,
        tier_id, followers, moods, language_ids, accepts_unreleased, refuses_ai)
     select ($1::int[])[1 + g % cardinality($1::int[])], 'tiktok', 'offers' || g, 'offers' || g, 'Offer creator ' || g,
            'Bench creator ' || g || ': dances, duets and reviews.', ${profileColumns}
       from generate_series(1, $2::int) g,
            (select array_agg(id order by price, id) ids from social_tiers where platform = 'tiktok' and status = 1) t,
            ${tierIndex}`,
    [creators, OFFERS, [...MOODS], r.languages],
  );
  await db.query(
    `insert into express_playlist_genres (playlist_id, genre_id)
     select p.id, ${genreOf('p.id')}
       from express_playlists p, generate_series(0, ${genreCount('p.id')}) j
      where p.spotify_playlist_id like 'offers%'
     on conflict do nothing`,
    [r.popular, r.allGenres],
  );
  await db.query(
    `insert into social_account_genres (account_id, genre_id)
     select a.id, ${genreOf('a.id')}
       from social_accounts a, generate_series(0, ${genreCount('a.id')}) j
      where a.platform_user_id like 'offers%'
     on conflict do nothing`,
    [r.popular, r.allGenres],
  );
  // Outcome k: 0 declined (every m-th request, m from 2 to 7 by offer), 1 failed to submit, 2 removed early, else completed.
  const campaigns = (target: 'playlist' | 'account') => `
    insert into express_campaigns (artist_id, campaign_type_id, curator_id, playlist_id, account_id, tier_id,
        social_tier_id, track_id, track_url, track_name, track_artist, status_id, price, fee_percent,
        playlist_submission_days, on_going_days, auditing_days, submission_deadline, on_going_started_at,
        removed_at, target_views, last_views, created_at, completed_at)
    select ($1::int[])[1 + (o.id * 7 + n) % cardinality($1::int[])], ${target === 'playlist' ? 1 : 2},
           ${target === 'playlist' ? 'o.curator_id, o.id, null, o.tier_id, null' : 'o.user_id, null, o.id, null, o.tier_id'},
           'b' || o.id || 'x' || n, 'https://example.test/t', 'Bench', 'Artist',
           case k when 0 then 7 when 1 then 8 else 6 end, t.price, 20, 3, 28, 2,
           case when k = 0 then null else at + interval '3 days' end,
           case when k in (0, 1) then null else at + interval '1 day' end,
           case when k = 2 then at + interval '10 days' end,
           ${target === 'account' ? 'case when k = 0 then null else 10000 end' : 'null'},
           ${target === 'account' ? 'case when k in (0, 1) then null else 4000 + (o.id * 37 + n * 101) % 9000 end' : 'null'},
           at, at + interval '31 days'
      from ${target === 'playlist' ? 'express_playlists o join express_tiers t on t.id = o.tier_id' : 'social_accounts o join social_tiers t on t.id = o.tier_id'}
      cross join generate_series(1, $2::int) n
      cross join lateral (select case when (o.id + n) % (2 + ${h('o.id', 15)} % 6) = 0 then 0
                                      when (o.id * 7 + n) % 10 = 1 then 1
                                      when (o.id * 7 + n) % 10 = 2 then 2 else 3 end as k,
                                 now() - interval '365 days' + (n * 365 / $2::int) * interval '1 day' as at) x
     where ${target === 'playlist' ? "o.spotify_playlist_id like 'offers%'" : "o.platform_user_id like 'offers%'"}`;
  await db.query(campaigns('playlist'), [artists, PER_OFFER]);
  await db.query(campaigns('account'), [artists, PER_OFFER]);
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
  const { rows } = await db.query<{ c: number; e: number; r: number; pg: number; ag: number; ug: number }>(
    `select (select count(*) from express_campaigns)::int c, (select count(*) from express_campaign_events)::int e,
            (select count(*) from express_reviews)::int r, (select count(*) from express_playlist_genres)::int pg,
            (select count(*) from social_account_genres)::int ag, (select count(*) from user_genres)::int ug`,
  );
  return rows[0]!;
}

/** One loaded endpoint: its route with the query, and how its statements are recorded. */
interface Endpoint {
  key: string;
  label: string;
  path: string;
  /** Calls the product's service functions as the route does (for the recorded statements). */
  call: (database: Database) => Promise<unknown>;
}

function endpoints(r: Refs, buyerId: number, tiktok: AccountAdapter): Endpoint[] {
  const pop = r.genre('pop');
  const hipHop = r.genre('hip-hop');
  const dance = r.genre('dance');
  const en = r.language('en');
  const page = { page: 1, limit: 100, filter: undefined, order: undefined, q: undefined };
  const listOf = (offer: PlaylistScope['offer']) => (database: Database) =>
    listPlaylists(database, { ...page, ...offer }, { onlyApproved: true, offer });
  const heavy = {
    genre_id: pop,
    mood: 'chill' as const,
    language_id: en,
    min_price: 50,
    max_price: 300,
    min_acceptance: 70,
    sort: 'score_desc' as const,
  };
  const matchedPlaylists = {
    genre_ids: [pop, hipHop],
    moods: ['chill' as const],
    language_id: en,
    is_released: true,
    made_with_ai: false,
  };
  const matchedAccounts = { genre_ids: [dance], moods: ['party' as const], is_released: true };
  return [
    {
      key: 'playlists',
      label: 'Playlists, one genre, by score',
      path: `/api/express/artist/playlists?page=1&limit=100&genre_id=${pop}&sort=score_desc`,
      call: listOf({ genre_id: pop, sort: 'score_desc' }),
    },
    {
      key: 'playlists-mix',
      label: 'Playlists, genre + mood + language + price + acceptance, by score',
      path: `/api/express/artist/playlists?page=1&limit=100&genre_id=${pop}&mood=chill&language_id=${en}&min_price=50&max_price=300&min_acceptance=70&sort=score_desc`,
      call: listOf(heavy),
    },
    {
      key: 'playlists-matched',
      label: 'Playlists matched for a track (2 genres, mood, language)',
      path: `/api/express/artist/playlists/matched?genre_ids=${pop}&genre_ids=${hipHop}&moods=chill&language_id=${en}&is_released=true&made_with_ai=false`,
      call: async (database) => {
        const ranked = await matchOffers(database, { kind: 'playlist' }, { ...matchedPlaylists, buyerId });
        await listPlaylists(
          database,
          { ...page, limit: ranked.length || 1 },
          { onlyApproved: true, playlistIds: ranked.map((x) => x.id) },
        );
        await genreNames(
          database,
          ranked.flatMap((x) => x.why.shared_genre_ids),
        );
      },
    },
    {
      key: 'accounts',
      label: 'TikTok accounts, one genre, by score',
      path: `/api/express-tiktok/artist/accounts/campaigns?genre_id=${dance}&sort=score_desc`,
      call: (database) => accountsForSale({ database }, tiktok, { genre_id: dance, sort: 'score_desc' }),
    },
    {
      key: 'accounts-matched',
      label: 'TikTok accounts matched for a track (genre, mood)',
      path: `/api/express-tiktok/artist/accounts/matched?genre_ids=${dance}&moods=party&is_released=true`,
      call: async (database) => {
        const ranked = await matchOffers(
          database,
          { kind: 'account', platform: 'tiktok' },
          { ...matchedAccounts, buyerId },
        );
        await accountsForSale({ database }, tiktok, { ids: ranked.map((x) => x.id) });
        await genreNames(
          database,
          ranked.flatMap((x) => x.why.shared_genre_ids),
        );
      },
    },
  ];
}

/**
 * A Database whose connections record every statement with its parameters (as admin-plans.ts does),
 * so the product's own service functions show what they send.
 */
function recordingDatabase(url: string): { database: Database; take: () => Sql[] } {
  const pool = new pg.Pool({ connectionString: url, max: 4, application_name: 'liberty-bench-plans' });
  let recorded: Sql[] = [];
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const [first, second] = args;
      const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
      const values = Array.isArray(second) ? second : (first as { values?: unknown[] })?.values;
      if (text && !/^\s*(begin|commit|rollback|set )/i.test(text))
        recorded.push({ text, values: Array.isArray(values) ? [...values] : [] });
      return query(...args);
    };
  });
  return {
    database: { pool, db: drizzle(pool, { schema }) },
    take: () => {
      const out = recorded;
      recorded = [];
      return out;
    },
  };
}

/** What one endpoint's statements cost in PostgreSQL, by EXPLAIN (ANALYZE, BUFFERS), warm. */
interface Plans {
  statements: number;
  totalMs: number;
  slowest: Explained | null;
  slowestSql: string;
}

async function planEndpoint(db: pg.Client, recorder: ReturnType<typeof recordingDatabase>, e: Endpoint) {
  recorder.take();
  await e.call(recorder.database);
  const statements = recorder.take();
  let totalMs = 0;
  let slowest: Explained | null = null;
  let slowestSql = '';
  for (const [i, sql] of statements.entries()) {
    await explain(db, e.key, `statement ${i + 1}`, sql); // warm the plan and the buffers
    const x = await explain(db, e.key, `statement ${i + 1}`, sql);
    totalMs += x.executionMs + x.planningMs;
    if (!slowest || x.executionMs > slowest.executionMs) {
      slowest = x;
      slowestSql = sql.text;
    }
  }
  return { statements: statements.length, totalMs, slowest, slowestSql } satisfies Plans;
}

/** A statement for the report: its select list elided (`select … from …`), at most 400 characters. */
function shortSql(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  let depth = 0;
  let from = -1;
  for (let i = 0; i < flat.length && from < 0; i++) {
    const c = flat[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && flat.startsWith(' from ', i)) from = i;
  }
  const short = from > 0 ? `select …${flat.slice(from)}` : flat;
  return short.length > 400 ? `${short.slice(0, 400)}…` : short;
}

/** GET `path` once; the number of items answered (and the list's total when paginated). */
async function check(port: number, path: string, headers: Record<string, string>) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    headers,
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 500)}`);
  const body = JSON.parse(text) as { data?: unknown[]; pagination?: { total?: number } };
  const items = Array.isArray(body.data) ? body.data.length : 0;
  if (items === 0) throw new Error(`GET ${path} answered no rows: ${text.slice(0, 300)}`);
  return { items, total: body.pagination?.total ?? null, bytes: Buffer.byteLength(text) };
}

async function main() {
  const t0 = performance.now();
  const loadAvg = os.loadavg()[0] ?? 0;
  const dataDir = session.makeDataDir();
  buildApi();
  // The compiled server with the production serialiser, as `npm run start:prod` runs it; no job
  // workers, so the nightly passes and pollers do not run during the load.
  const product = await session.startProduct('product', dataDir, PRODUCT_ECHO, {
    compiled: true,
    env: { RESPONSE_SERIALIZER: 'compiled', RUN_JOBS: 'false' },
  });
  const db = await session.connect(product.dbUrl, 'bench-offers');
  const postgres = await session.postgresSettings(db);
  const r = await refs(db);
  const g0 = performance.now();
  const sizes = await generate(db, r);
  const genMs = performance.now() - g0;
  console.log(`bench:offers: generated ${fmt(sizes.c)} campaigns in ${(genMs / 1000).toFixed(0)} s`);

  const s0 = performance.now();
  const database = createDatabase(product.dbUrl, 4);
  const scored = await recomputeAll(database, new Date());
  await database.pool.end();
  await db.query('analyze');
  const scoreMs = performance.now() - s0;
  const { rows: trust } = await db.query<{ n: number; avg: number; acc: number }>(
    'select count(*)::int n, avg(score)::float8 avg, avg(acceptance)::float8 acc from trust_scores',
  );
  console.log(
    `bench:offers: scored ${fmt(scored.playlists + scored.accounts)} offers in ${(scoreMs / 1000).toFixed(0)} s`,
  );

  const { token, id: buyerId } = await login(product.port, '/api/user/login', EMAIL);
  const headers = { authorization: `Bearer ${token}` };
  const { rows: own } = await db.query<{ n: number }>(
    `select ((select count(*) from express_playlists where curator_id = $1)
           + (select count(*) from social_accounts where user_id = $1))::int n`,
    [buyerId],
  );
  if ((own[0]?.n ?? 0) > 0) throw new Error(`the bench artist ${buyerId} sells offers`);
  const tiktok = adapterByKey('tiktok') as AccountAdapter | undefined;
  if (!tiktok?.accounts) throw new Error('no TikTok adapter');
  const list = endpoints(r, buyerId, tiktok);
  const answers: Awaited<ReturnType<typeof check>>[] = [];
  for (const e of list) answers.push(await check(product.port, e.path, headers));

  const baselinePort = await freePort();
  const baseline = session.startChild('baseline', 'bench/offers-baseline-server.ts', {
    BASELINE_PORT: String(baselinePort),
    BASELINE_DATABASE_URL: product.dbUrl,
  });
  const baselineUrl = `http://127.0.0.1:${baselinePort}/playlists`;
  await waitFor200(baseline, baselineUrl, performance.now(), 60_000);
  const baselineAnswer = await fetch(baselineUrl).then((res) => res.text());

  // One request at a time first: what one answer costs with no queue in front of it.
  const sequential: Awaited<ReturnType<typeof sequentialLatency>>[] = [];
  for (const url of [baselineUrl, ...list.map((e) => `http://127.0.0.1:${product.port}${e.path}`)])
    sequential.push(
      await sequentialLatency(url, url === baselineUrl ? {} : headers, {
        min: 10,
        max: 100,
        budgetMs: 3_000,
      }),
    );

  const results = await measureInTurns([
    { name: 'baseline', url: baselineUrl, headers: {} },
    ...list.map((e) => ({ name: e.key, url: `http://127.0.0.1:${product.port}${e.path}`, headers })),
  ]);
  const base = results[0];
  if (!base || results.length !== list.length + 1) throw new Error('load produced no result');

  // Where PostgreSQL's part of each answer goes (after the load, so it does not disturb it).
  const recorder = recordingDatabase(product.dbUrl);
  const plans: Plans[] = [];
  try {
    for (const e of list) plans.push(await planEndpoint(db, recorder, e));
    const basePlan = await explain(db, 'baseline', 'query', { text: BASELINE_QUERY, values: [] });
    plans.push({
      statements: 1,
      totalMs: basePlan.executionMs + basePlan.planningMs,
      slowest: basePlan,
      slowestSql: BASELINE_QUERY,
    });
  } finally {
    await recorder.database.pool.end();
  }

  await session.finishLoadRun(db, baseline, product, [
    { ...base, name: 'baseline' },
    ...list.map((e, i) => ({ ...(results[i + 1] as LoadResult), name: e.key })),
  ]);

  type Seq = Awaited<ReturnType<typeof sequentialLatency>>;
  const row = (
    label: string,
    rows: string,
    x: LoadResult,
    p: Plans | undefined,
    q: Seq | undefined,
    isBase: boolean,
  ) =>
    `| ${label} | ${rows} | ${q ? ms(q.medianMs) : 'n/a'} | ${x.reqPerSec.toFixed(0)} | ${ms(x.p50)} | ${isBase ? ms(x.p95) : `**${ms(x.p95)}**`} | ${ms(x.p99)} | ${isBase ? '1.00×' : `**${ratio(x.p95, base.p95)}**`} | ${isBase ? '1.00×' : ratio(x.reqPerSec, base.reqPerSec)} | ${p ? `${p.statements} / ${ms(p.totalMs)}` : 'n/a'} | ${isBase ? '' : x.p95 <= TARGET_P95_MS ? 'yes' : '**no**'} |`;
  const table = [
    `| Endpoint (GET, artist's bearer token) | rows answered (JSON kB) | one at a time, median (ms) | req/s | p50 (ms) | p95 (ms) | p99 (ms) | p95 / baseline p95 | req/s / baseline req/s | statements / SQL ms (EXPLAIN ANALYZE) | p95 under ${TARGET_P95_MS} ms |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
    ...list.map((e, i) => {
      const a = answers[i]!;
      const rows = `${a.total === null ? fmt(a.items) : `${fmt(a.items)} of ${fmt(a.total)}`} (${fmt(a.bytes / 1024)})`;
      return row(`${e.label}<br>\`${e.path}\``, rows, results[i + 1]!, plans[i], sequential[i + 1], false);
    }),
    row(
      'Baseline: bare Fastify + pg, one indexed query, no auth<br>`GET /playlists`',
      `100 (${fmt(Buffer.byteLength(baselineAnswer) / 1024)})`,
      base,
      plans[list.length],
      sequential[0],
      true,
    ),
  ];
  const slow = list.flatMap((e, i) =>
    (results[i + 1]?.p95 ?? 0) > TARGET_P95_MS ? [{ e, p: plans[i]! }] : [],
  );
  const lines = [
    HEADING,
    '',
    'Command: `npm run bench:offers` (`bench/offers.ts`; sizes: `OFFERS_BENCH_OFFERS`, `OFFERS_BENCH_PER_OFFER`, `OFFERS_BENCH_ARTISTS`). One run; the next overwrites it.',
    '',
    `- Date: ${new Date().toISOString().replace(/\.\d+Z$/, 'Z')}; whole run ${((performance.now() - t0) / 1000).toFixed(0)} s`,
    `- Machine: ${machineLine()}; 1-min load average ${loadAvg.toFixed(2)} when the bench started, ${(os.loadavg()[0] ?? 0).toFixed(2)} when it ended; ${postgres.version} (shared_buffers ${postgres.sharedBuffers}, work_mem ${postgres.workMem}).`,
    `- Data: ${fmt(OFFERS)} express playlists (Spotify tiers, followers inside the tier's range) and ${fmt(OFFERS)} TikTok accounts (TikTok tiers), plus the demo ones; each with 1–3 genres (${fmt(sizes.pg)} playlist and ${fmt(sizes.ag)} account genre links, most offers in one of ${r.popular.length} popular genres), 0–3 moods, 0–2 lyrics languages (none = any), one in five taking no unreleased tracks; ${fmt(SELLERS)} curators and ${fmt(SELLERS)} creators sell them. ${PER_OFFER} campaigns per offer over the past year bought by ${fmt(ARTISTS)} artists with 1–3 genres each (${fmt(sizes.ug)} artist genre links): ${fmt(sizes.c)} campaigns, ${fmt(sizes.e)} timeline events, ${fmt(sizes.r)} reviews, decline rate varying per offer; generated in ${(genMs / 1000).toFixed(0)} s. Then the nightly \`recomputeAll\` (${(scoreMs / 1000).toFixed(0)} s): ${fmt(trust[0]!.n)} trust_scores, mean score ${trust[0]!.avg.toFixed(1)}, mean acceptance ${trust[0]!.acc.toFixed(0)} %; \`analyze\`.`,
    `- Product: the compiled API (\`node apps/api/dist/main.js\`, \`RESPONSE_SERIALIZER=compiled\`, \`RUN_JOBS=false\`, \`LOG_LEVEL=warn\`) on a fresh DATA_DIR with the embedded PostgreSQL, signed in as \`${EMAIL}\` (id ${buyerId}, seller of none of the offers).`,
    `- Baseline (same run, same database): \`bench/offers-baseline-server.ts\`, bare Fastify + \`pg\` (pool of 20 like the product), no auth, one query of ${fmt(Buffer.byteLength(baselineAnswer) / 1024)} kB of JSON: \`${BASELINE_QUERY}\` (backward scan of the primary key).`,
    '- One at a time: each URL requested alone (one client, 10 to 100 requests in about 3 s) before the load: the cost of one answer with no queue.',
    `- Load: autocannon, ${DEFAULT_LOAD.connections} connections, keep-alive over loopback; per target a ${DEFAULT_LOAD.warmupSeconds} s warm-up, then ${DEFAULT_LOAD.durationSeconds} s measured in ${DEFAULT_LOAD.rounds} turns, all targets taking turns. Percentiles over every 2xx response of the measured turns; the load generator shares the 2 cores with the API and PostgreSQL.`,
    `- SQL: the statements of each endpoint, recorded by calling the product's own service functions (\`listPlaylists\`, \`matchOffers\`, \`accountsForSale\`, \`genreNames\`) with the routes' arguments, then each run under EXPLAIN (ANALYZE, BUFFERS) after one warm-up run, one at a time on an idle server; "SQL ms" is their planning + execution summed (the API runs the list and its count side by side).`,
    '',
    table.join('\n'),
    '',
    `Target of the issue: p95 under ${TARGET_P95_MS} ms at ${DEFAULT_LOAD.connections} connections; ${list.length - slow.length} of ${list.length} endpoints meet it in this run.`,
  ];
  if (slow.length > 0) {
    lines.push('', '### The slowest statement of each endpoint over the target', '');
    for (const { e, p } of slow) {
      if (!p.slowest) continue;
      lines.push(
        `- ${e.label}: ${p.slowest.executionMs.toFixed(1)} ms of execution and ${p.slowest.planningMs.toFixed(1)} ms of planning, ${fmt(p.slowest.sharedHit)} buffers hit; \`${shortSql(p.slowestSql)}\``,
        '',
        '  ```text',
        ...p.slowest.tree.slice(0, 16).map((l) => `  ${l}`),
        '  ```',
      );
    }
  }
  if (session.notes.length > 0)
    lines.push('', '### Observations from this run', '', ...session.notes.map((n) => `- ${n}`));
  writeSection(`${lines.join('\n')}\n`, REPORT_FILE, HEADING);
  console.log(`\n${table.join('\n')}\n`);
  for (const { e, p } of slow) {
    console.log(`slow: ${e.key}: ${p.slowestSql}\n${p.slowest?.tree.join('\n')}\n`);
  }
  for (const n of session.notes) console.log(`note: ${n}`);
  return results.some((x) => x.ok === 0) ? 1 : 0;
}

await session.run(main, OVERALL_TIMEOUT_MS);
