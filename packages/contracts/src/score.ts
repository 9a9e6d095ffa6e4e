import { z } from 'zod';

/**
 * The quality score of a seller's offer (issue 19 "Quality score"): every express playlist (Spotify)
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

/** The score as every screen receives it. */
export const qualityScoreSchema = z.object({
  /** 0..100 (the neutral 50 for a new seller). */
  score: z.number().int().min(0).max(100),
  /** True while fewer than `NEW_SELLER_MIN_CAMPAIGNS` campaigns have ended. */
  is_new: z.boolean(),
  /** Ended campaigns the score is built on. */
  campaigns: z.number().int().min(0),
  /** Each part 0..100, or null when not observed yet (and views for playlists). */
  parts: z.object({
    acceptance: z.number().int().min(0).max(100).nullable(),
    response: z.number().int().min(0).max(100).nullable(),
    delivery: z.number().int().min(0).max(100).nullable(),
    keep: z.number().int().min(0).max(100).nullable(),
    rating: z.number().int().min(0).max(100).nullable(),
    views: z.number().int().min(0).max(100).nullable(),
  }),
  /** Median minutes from the request to the seller's answer, or null. */
  median_response_minutes: z.number().int().min(0).nullable(),
  /** Reviews behind the rating part and their recency-weighted mean (1..5), or null. */
  ratings_count: z.number().int().min(0),
  rating_average: z.number().nullable(),
  /** The part whose improvement would raise the score most (for the seller's own screen), or null. */
  improve: z.enum(SCORE_PARTS).nullable(),
  computed_at: z.string(),
});
export type QualityScore = z.infer<typeof qualityScoreSchema>;

/**
 * Sort and filter by score on the artists' lists (`sort`, `min_score`): a sort outside `SCORE_SORTS`
 * or a minimum outside 0..100 is refused with the field's translated message (422), never clamped.
 */
export const scoreListQuery = z.object({
  sort: z.enum(SCORE_SORTS).optional(),
  min_score: z.coerce.number().int().min(0).max(100).optional(),
});
export type ScoreListQuery = z.infer<typeof scoreListQuery>;
