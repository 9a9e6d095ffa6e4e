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
