import { z } from 'zod';
import { SCORE_PARTS, SCORE_SORTS } from './score-parts';

export * from './score-parts';

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
    /** Playlists' result parts (`RESULT_SCORE_PARTS`): null below their minimum, absent for accounts. */
    listeners: z.number().int().min(0).max(100).nullable().optional(),
    stay: z.number().int().min(0).max(100).nullable().optional(),
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
