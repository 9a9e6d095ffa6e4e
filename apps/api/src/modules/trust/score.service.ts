import { listenersMinimumMet, type PlaylistResults, stayMinimumMet } from '@lm/contracts/playlist-results';
import { NEUTRAL_SCORE, type QualityScore } from '@lm/contracts/score';
import { type SQL, sql } from 'drizzle-orm';
import { type Database, type Tx, withTransaction } from '../../db/client';
import { computeScore, improvePart, RATING_HALF_LIFE_DAYS, type ScoreStats } from './score.compute';
import type { trustScores } from './score.schema';

/** What one playlist's measured campaigns delivered (computed by the results module). */
export interface PlaylistDelivered {
  /** Median over the measured campaigns of the daily listeners difference (listeners a day). */
  listenersPerPlacement: number;
  /** Measured campaigns, and their different artists. */
  campaigns: number;
  artists: number;
}

/** The playlists' listeners delivered, per playlist id, at `now` (the results module's `playlistsDelivered`). */
export type DeliveredSource = (database: Database, now: Date) => Promise<Map<number, PlaylistDelivered>>;

let deliveredSource: DeliveredSource | null = null;

/**
 * Hand the nightly pass what playlists delivered: the results module sits above the express engine,
 * which sits above trust, so `wiring.ts` plugs its computation in here instead of trust importing it.
 * Without it the nightly pass keeps the stored figures.
 */
export function registerDeliveredSource(source: DeliveredSource): void {
  deliveredSource = source;
}

/**
 * Quality scores of express playlists and influencer accounts: read the
 * observed stats of a set of offers in one set-based query, compute each score
 * (`score.compute.ts`) and store it in `trust_scores`. Kept current by the campaign engine (every
 * transition recomputes its offer's score in the same transaction, `recomputeForCampaign`), by a
 * review (`recomputeScore`) and by the nightly job (`recomputeAll`); list requests only read the table.
 */

/** What a score is about: an express playlist (Spotify) or an influencer account (TikTok, Instagram). */
export type ScoreSubject = 'playlist' | 'account';
type Row = typeof trustScores.$inferSelect;
type Runner = Pick<Tx['client'], 'query'>;

const KEY: Record<ScoreSubject, 'playlist_id' | 'account_id'> = {
  playlist: 'playlist_id',
  account: 'account_id',
};

/** The nightly job's queue (03:30 UTC). */
export const SCORE_NIGHTLY_QUEUE = 'trust.score.nightly';
/** Offers read and written per statement by the nightly job (bounds its memory). */
export const SCORE_CHUNK = 1000;

/**
 * Observed stats of the offers `ids` (all of one subject type), read from their campaigns, the
 * campaigns' first answer out of Pending approval (timeline) and the artists' ratings: the reviews of
 * finished campaigns and the stars given to a decline's feedback, alike in the rating part. Offers without
 * campaigns come back with zero counts. A request nobody answered by its deadline (end reason
 * `unanswered`) counts as decided and not accepted, and its response time is the whole answer window
 * (the system's decline is its first move out of Pending); a request the artist withdrew is left out of
 * both (the seller was never given the whole window).
 * Playlists also get their results (`ScoreStats.results`): the days tracks stayed, read here from the
 * completed placements, and the listeners delivered as last stored by the nightly job (`writeScores`
 * replaces them when given fresh ones).
 * @param now reference time of the reviews' recency weights
 */
export async function readStats(
  db: Runner,
  subject: ScoreSubject,
  ids: number[],
  now: Date,
): Promise<Map<number, ScoreStats>> {
  const key = KEY[subject];
  const { rows } = await db.query<{
    id: number;
    ended: number;
    decided: number;
    accepted: number;
    median_minutes: number | null;
    delivery_due: number;
    delivered: number;
    keep_due: number;
    kept: number;
    views_ratio: number | null;
    ratings_count: number;
    rating_average: number | null;
    stay_days: number | null;
    stay_share: number | null;
    stay_campaigns: number;
    stay_artists: number;
    followers: number | null;
    listeners_per_placement: number | null;
    results_campaigns: number | null;
    results_artists: number | null;
  }>(
    `with s as (select unnest($1::int[]) as id),
     c as (
       select ec.${key} as sid, ec.id, ec.status_id, ec.created_at, ec.submission_deadline,
              ec.on_going_started_at, ec.removed_at, ec.target_views, ec.last_views,
              ec.end_reason is not distinct from 'withdrawn' as withdrawn, ec.artist_id, ec.on_going_days,
              case when ec.status_id = 6 and ec.placement_found_at is not null
                   then extract(epoch from coalesce(ec.removed_at, ec.on_going_until) - ec.placement_found_at) / 86400
              end as stayed_days
         from express_campaigns ec where ec.${key} = any($1::int[])
     ),
     d as (
       select e.campaign_id, min(e.created_at) as at
         from express_campaign_events e join c on c.id = e.campaign_id
        where e.from_status = 1 group by e.campaign_id
     ),
     a as (
       select c.sid,
         count(*) filter (where c.status_id in (6, 7, 8))::int as ended,
         count(*) filter (where c.status_id <> 1 and not c.withdrawn)::int as decided,
         count(*) filter (where c.status_id <> 1 and c.submission_deadline is not null)::int as accepted,
         (percentile_cont(0.5) within group (order by extract(epoch from d.at - c.created_at) / 60)
           filter (where not c.withdrawn))::float8 as median_minutes,
         count(*) filter (where c.submission_deadline is not null and c.status_id not in (1, 2, 3))::int as delivery_due,
         count(*) filter (where c.submission_deadline is not null and c.status_id not in (1, 2, 3)
                            and c.on_going_started_at is not null)::int as delivered,
         count(*) filter (where c.on_going_started_at is not null and c.status_id in (5, 6))::int as keep_due,
         count(*) filter (where c.on_going_started_at is not null and c.status_id in (5, 6)
                            and c.removed_at is null)::int as kept,
         avg(least(1.0, coalesce(c.last_views, 0)::float8 / c.target_views))
           filter (where c.on_going_started_at is not null and c.status_id in (5, 6) and c.target_views > 0)::float8 as views_ratio,
         (avg(greatest(0, c.stayed_days)) filter (where c.stayed_days is not null))::float8 as stay_days,
         (avg(least(1.0, greatest(0, c.stayed_days) / nullif(c.on_going_days, 0)))
           filter (where c.stayed_days is not null))::float8 as stay_share,
         count(c.stayed_days)::int as stay_campaigns,
         count(distinct c.artist_id) filter (where c.stayed_days is not null)::int as stay_artists
       from c left join d on d.campaign_id = c.id group by c.sid
     ),
     r as (
       select c.sid, count(*)::int as n,
              (sum(rv.rating * w.w) / nullif(sum(w.w), 0))::float8 as avg
         from (select campaign_id, rating, created_at from express_reviews
               union all
               select campaign_id, stars, created_at from express_feedback_ratings) rv
         join c on c.id = rv.campaign_id
         cross join lateral (
           select power(0.5, greatest(0, extract(epoch from $2::timestamptz - rv.created_at)) / 86400 / $3) as w
         ) w
        group by c.sid
     )
     select s.id, coalesce(a.ended, 0) as ended, coalesce(a.decided, 0) as decided,
            coalesce(a.accepted, 0) as accepted, a.median_minutes,
            coalesce(a.delivery_due, 0) as delivery_due, coalesce(a.delivered, 0) as delivered,
            coalesce(a.keep_due, 0) as keep_due, coalesce(a.kept, 0) as kept, a.views_ratio,
            coalesce(r.n, 0) as ratings_count, r.avg as rating_average,
            a.stay_days, a.stay_share, coalesce(a.stay_campaigns, 0) as stay_campaigns,
            coalesce(a.stay_artists, 0) as stay_artists, ${
              subject === 'playlist'
                ? 'p.followers, ts.listeners_per_placement, ts.results_campaigns, ts.results_artists'
                : 'null::int as followers, null::real as listeners_per_placement, null::int as results_campaigns, null::int as results_artists'
            }
       from s left join a on a.sid = s.id left join r on r.sid = s.id
       ${subject === 'playlist' ? 'left join express_playlists p on p.id = s.id left join trust_scores ts on ts.playlist_id = s.id' : ''}`,
    [ids, now, RATING_HALF_LIFE_DAYS],
  );
  const out = new Map<number, ScoreStats>();
  for (const r of rows) {
    out.set(r.id, {
      ended: r.ended,
      decided: r.decided,
      accepted: r.accepted,
      medianResponseMinutes: r.median_minutes === null ? null : Math.round(r.median_minutes),
      deliveryDue: r.delivery_due,
      delivered: r.delivered,
      keepDue: r.keep_due,
      kept: r.kept,
      ratingsCount: r.ratings_count,
      ratingAverage: r.rating_average,
      viewsRatio: r.views_ratio,
      ...(subject === 'playlist'
        ? {
            results: {
              listenersPerPlacement: r.listeners_per_placement,
              resultsCampaigns: r.results_campaigns ?? 0,
              resultsArtists: r.results_artists ?? 0,
              followers: r.followers,
              stayDays: r.stay_days === null ? null : Math.round(r.stay_days * 10) / 10,
              stayShare: r.stay_share,
              stayCampaigns: r.stay_campaigns,
              stayArtists: r.stay_artists,
            },
          }
        : {}),
    });
  }
  return out;
}

/**
 * Compute and store the scores of `ids` (one statement each way). A row written since `now` by a
 * fresher computation is left alone (`computed_at` guard), so the nightly job never overwrites a
 * transition's newer score with an older read.
 * @param delivered the playlists' fresh listeners delivered (the nightly job, from the artists'
 *   uploads): replaces the stored figures of every playlist of `ids` (absent: none measured). Without
 *   it the stored figures are kept.
 * @returns how many offers were scored
 */
export async function writeScores(
  db: Runner,
  subject: ScoreSubject,
  ids: number[],
  now: Date,
  delivered?: Map<number, PlaylistDelivered>,
): Promise<number> {
  if (ids.length === 0) return 0;
  const stats = await readStats(db, subject, ids, now);
  const cols: unknown[][] = Array.from({ length: 21 }, () => []);
  for (const [id, s] of stats) {
    if (delivered && s.results) {
      const d = delivered.get(id);
      s.results.listenersPerPlacement = d?.listenersPerPlacement ?? null;
      s.results.resultsCampaigns = d?.campaigns ?? 0;
      s.results.resultsArtists = d?.artists ?? 0;
    }
    const c = computeScore(s, subject === 'account');
    const r = s.results;
    const values = [
      id,
      c.score,
      c.isNew,
      s.ended,
      c.parts.acceptance,
      c.parts.response,
      c.parts.delivery,
      c.parts.keep,
      c.parts.rating,
      c.parts.views,
      s.medianResponseMinutes,
      s.ratingsCount,
      s.ratingAverage,
      c.parts.listeners ?? null,
      c.parts.stay ?? null,
      r?.listenersPerPlacement ?? null,
      r?.resultsCampaigns ?? 0,
      r?.resultsArtists ?? 0,
      r?.stayDays ?? null,
      r?.stayCampaigns ?? 0,
      r?.stayArtists ?? 0,
    ];
    for (const [i, v] of values.entries()) cols[i]!.push(v);
  }
  const key = KEY[subject];
  await db.query(
    `insert into trust_scores (${key}, score, is_new, campaigns, acceptance, response, delivery, keep,
        rating, views, median_response_minutes, ratings_count, rating_average, listeners, stay,
        listeners_per_placement, results_campaigns, results_artists, stay_days, stay_campaigns,
        stay_artists, computed_at)
     select t.*, $22::timestamptz from unnest($1::int[], $2::smallint[], $3::bool[], $4::int[],
        $5::smallint[], $6::smallint[], $7::smallint[], $8::smallint[], $9::smallint[], $10::smallint[],
        $11::int[], $12::int[], $13::real[], $14::smallint[], $15::smallint[], $16::real[], $17::int[],
        $18::int[], $19::real[], $20::int[], $21::int[]) as t
     on conflict (${key}) do update set score = excluded.score, is_new = excluded.is_new,
        campaigns = excluded.campaigns, acceptance = excluded.acceptance, response = excluded.response,
        delivery = excluded.delivery, keep = excluded.keep, rating = excluded.rating, views = excluded.views,
        median_response_minutes = excluded.median_response_minutes, ratings_count = excluded.ratings_count,
        rating_average = excluded.rating_average, listeners = excluded.listeners, stay = excluded.stay,
        listeners_per_placement = excluded.listeners_per_placement,
        results_campaigns = excluded.results_campaigns, results_artists = excluded.results_artists,
        stay_days = excluded.stay_days, stay_campaigns = excluded.stay_campaigns,
        stay_artists = excluded.stay_artists, computed_at = excluded.computed_at
      where trust_scores.computed_at <= excluded.computed_at`,
    [...cols, now],
  );
  return stats.size;
}

/**
 * Recompute one offer's score inside the caller's transaction. The offer's score row is locked first
 * (created if missing), so two transitions of the same offer recompute one after the other and the
 * second reads the first's committed change (READ COMMITTED reads afresh per statement).
 */
export async function recomputeScore(tx: Tx, subject: ScoreSubject, id: number, now: Date): Promise<void> {
  const key = KEY[subject];
  await tx.client.query(
    `insert into trust_scores (${key}, score, is_new, campaigns, computed_at)
     values ($1, ${NEUTRAL_SCORE}, true, 0, $2)
     on conflict (${key}) do update set ${key} = excluded.${key}`,
    [id, now],
  );
  await writeScores(tx.client, subject, [id], now);
}

/**
 * The engine's hook ("recompute the affected seller's score when a campaign of theirs changes
 * state or is reviewed"): called by `express.machine.ts`'s `move` after every transition, and after a
 * review, in the same transaction.
 */
export async function recomputeForCampaign(
  tx: Tx,
  campaign: { playlistId: number | null; accountId: number | null },
  now: Date,
): Promise<void> {
  if (campaign.playlistId !== null) await recomputeScore(tx, 'playlist', campaign.playlistId, now);
  else if (campaign.accountId !== null) await recomputeScore(tx, 'account', campaign.accountId, now);
}

/**
 * The nightly pass: every playlist and every influencer account, in chunks of `SCORE_CHUNK` offers
 * (keyset by id; each chunk one read and one write), so reviews ageing and any missed event are caught.
 * The playlists' listeners delivered are computed first, once per artist for the whole run
 * (`playlistsDelivered`), and stored with their scores.
 * @returns how many offers were scored, per subject
 */
export async function recomputeAll(
  database: Database,
  now: Date,
  chunk = SCORE_CHUNK,
): Promise<{ playlists: number; accounts: number }> {
  const done = { playlists: 0, accounts: 0 };
  const delivered = deliveredSource ? await deliveredSource(database, now) : undefined;
  for (const [subject, table] of [
    ['playlist', 'express_playlists'],
    ['account', 'social_accounts'],
  ] as const) {
    let last = 0;
    for (;;) {
      const { rows } = await database.pool.query<{ id: number }>(
        `select id from ${table} where id > $1 order by id limit $2`,
        [last, chunk],
      );
      if (rows.length === 0) break;
      const ids = rows.map((r) => r.id);
      last = ids[ids.length - 1]!;
      const n = await withTransaction(database, (tx) =>
        writeScores(tx.client, subject, ids, now, subject === 'playlist' ? delivered : undefined),
      );
      if (subject === 'playlist') done.playlists += n;
      else done.accounts += n;
    }
  }
  return done;
}

/**
 * SQL of an offer's score for sorting and filtering lists joined to `trust_scores`: the stored score,
 * or the neutral 50 for an offer never scored yet.
 */
export function scoreOrNeutral(col: typeof trustScores.score): SQL<number> {
  return sql<number>`coalesce(${col}, ${NEUTRAL_SCORE})`;
}

/**
 * A stored score as the screens receive it (`qualityScoreSchema`); an offer never scored yet is new and
 * neutral with no part observed. `improve` is the part whose improvement would raise the total most.
 */
export function scoreItem(row: Row | null | undefined): QualityScore {
  const parts = {
    acceptance: row?.acceptance ?? null,
    response: row?.response ?? null,
    delivery: row?.delivery ?? null,
    keep: row?.keep ?? null,
    rating: row?.rating ?? null,
    views: row?.views ?? null,
    ...(row?.playlistId ? { listeners: row.listeners, stay: row.stay } : {}),
  };
  return {
    score: row?.score ?? NEUTRAL_SCORE,
    is_new: row?.isNew ?? true,
    campaigns: row?.campaigns ?? 0,
    parts,
    median_response_minutes: row?.medianResponseMinutes ?? null,
    ratings_count: row?.ratingsCount ?? 0,
    rating_average:
      row?.ratingAverage === null || row?.ratingAverage === undefined
        ? null
        : Math.round(row.ratingAverage * 10) / 10,
    improve: improvePart(parts),
    computed_at: (row?.computedAt ?? new Date(0)).toISOString(),
  };
}

/**
 * A playlist's results as its profile shows them (`playlistResultsSchema`): each figure only from its
 * minimum (`listenersMinimumMet`, `stayMinimumMet`), with the campaigns and artists behind it; null when
 * neither has reached it, or the playlist was never scored.
 */
export function playlistResultsItem(row: Row | null | undefined): PlaylistResults | null {
  if (!row) return null;
  const listeners =
    row.listenersPerPlacement !== null && listenersMinimumMet(row.resultsCampaigns, row.resultsArtists)
      ? Math.round(row.listenersPerPlacement * 10) / 10
      : null;
  const stay =
    row.stayDays !== null && stayMinimumMet(row.stayCampaigns) ? Math.round(row.stayDays * 10) / 10 : null;
  if (listeners === null && stay === null) return null;
  return {
    listeners_per_placement: listeners,
    campaigns: row.resultsCampaigns,
    artists: row.resultsArtists,
    stay_days: stay,
    stay_campaigns: row.stayCampaigns,
    stay_artists: row.stayArtists,
  };
}
