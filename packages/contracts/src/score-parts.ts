import type { StatusKind } from './statuses';

/**
 * The quality score of a seller's offer: every express playlist (Spotify)
 * and every influencer account (TikTok, Instagram) gets a score 0..100 built from what the platform
 * observed. Each part is 0..100 or null when the platform has not observed it yet; the total is the
 * weighted mean of the parts present (a missing part's weight goes to the others).
 */
export const SCORE_PARTS = ['acceptance', 'response', 'delivery', 'keep', 'rating', 'views'] as const;
export type ScorePart = (typeof SCORE_PARTS)[number];

/** Weights of the parts (sum 100). Views apply to videos only; playlists spread its weight on the rest. */
export const SCORE_WEIGHTS: Record<ScorePart, number> = {
  acceptance: 15,
  response: 10,
  delivery: 25,
  keep: 20,
  rating: 20,
  views: 10,
};

/**
 * Parts from what a playlist's placements delivered (issue "Results"; docs/decisions.md "Results: what
 * a playlist delivers"), playlists only: `listeners`, the median rise in the artists' daily listeners
 * per placement against the playlist's followers (from the artists' uploads, once
 * `PLAYLIST_RESULTS_MIN_CAMPAIGNS` measured campaigns of `PLAYLIST_RESULTS_MIN_ARTISTS` artists exist);
 * `stay`, the share of the agreed days tracks stayed (observed by the platform, once
 * `PLAYLIST_RESULTS_MIN_CAMPAIGNS` campaigns completed). Absent below their minimum, so the score of a
 * playlist without results is the same weighted mean of {@link SCORE_PARTS} as before.
 */
export const RESULT_SCORE_PARTS = ['listeners', 'stay'] as const;
export type ResultScorePart = (typeof RESULT_SCORE_PARTS)[number];

/**
 * Weights of the result parts, on the scale of {@link SCORE_WEIGHTS} (the total is a weighted mean, so
 * they need not keep the sum at 100): listeners weigh as much as keep and rating, since they are what
 * the artist pays for; stay half of it, since `keep` already counts early removals.
 */
export const RESULT_SCORE_WEIGHTS: Record<ResultScorePart, number> = {
  listeners: 20,
  stay: 10,
};

/**
 * Extra daily listeners per placement, as a share of the playlist's followers, that earn the full 100
 * of the `listeners` part (linear from 0 at no rise): one in a hundred followers becoming a daily
 * listener of the artist is a placement that plainly worked. A playlist with many followers and no
 * listeners scores low here, whatever its followers say.
 */
export const LISTENERS_FULL_SHARE = 0.01;

/**
 * A seller is "new" until this many of the offer's campaigns have ended (completed, declined or failed
 * to submit); until then the score is the neutral {@link NEUTRAL_SCORE}, labelled new.
 */
export const NEW_SELLER_MIN_CAMPAIGNS = 5;
/** The neutral score a new seller shows (and sorts by). */
export const NEUTRAL_SCORE = 50;

/** Sort orders of the artist lists by score (`sort` query parameter). */
export const SCORE_SORTS = ['score_desc', 'score_asc'] as const;
export type ScoreSort = (typeof SCORE_SORTS)[number];

/**
 * The status kind (one semantic palette, `statuses.ts`) a score is shown in: new sellers neutral,
 * 75 and up success, 50 to 74 waiting (amber), under 50 failure.
 */
export function scoreKind(score: number, isNew: boolean): StatusKind {
  if (isNew) return 'neutral';
  if (score >= 75) return 'success';
  if (score >= 50) return 'waiting';
  return 'failure';
}
