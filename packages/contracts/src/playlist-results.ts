import { z } from 'zod';
import { PLAYLIST_RESULTS_MIN_ARTISTS, PLAYLIST_RESULTS_MIN_CAMPAIGNS } from './results';

/**
 * What a playlist's placements delivered (issue "Results"; docs/decisions.md "Results: what a playlist
 * delivers"), as its profile shows it and its quality score weighs it.
 */

/**
 * Do measured campaigns of this many artists make a playlist's "listeners delivered per placement"?
 * At least {@link PLAYLIST_RESULTS_MIN_CAMPAIGNS} campaigns from {@link PLAYLIST_RESULTS_MIN_ARTISTS}
 * different artists: fewer makes one artist's lucky week the playlist's number, and one artist alone
 * cannot make a playlist look good.
 */
export function listenersMinimumMet(campaigns: number, artists: number): boolean {
  return campaigns >= PLAYLIST_RESULTS_MIN_CAMPAIGNS && artists >= PLAYLIST_RESULTS_MIN_ARTISTS;
}

/**
 * Do this many completed placements make a playlist's "average time tracks stay"? The platform observes
 * it itself (no upload, nothing an artist can sway), so only the number of campaigns counts:
 * {@link PLAYLIST_RESULTS_MIN_CAMPAIGNS}, as for listeners.
 */
export function stayMinimumMet(campaigns: number): boolean {
  return campaigns >= PLAYLIST_RESULTS_MIN_CAMPAIGNS;
}

/**
 * A playlist's results on its profile (`offerProfileSchema.results`), null when neither figure has
 * reached its minimum. Each figure is null below its own minimum and comes with the campaigns and
 * artists it is built on.
 */
export const playlistResultsSchema = z.object({
  /**
   * Median, over measured campaigns, of the rise in the artist's daily listeners during the placement
   * against the 28 days before (listeners a day, may be negative); null below the minimum.
   */
  listeners_per_placement: z.number().nullable(),
  /** Measured campaigns behind `listeners_per_placement`, and their different artists. */
  campaigns: z.number().int().min(0),
  artists: z.number().int().min(0),
  /** Mean days from the placement found to its removal or the end of the campaign; null below the minimum. */
  stay_days: z.number().nullable(),
  /** Completed placements behind `stay_days`, and their different artists. */
  stay_campaigns: z.number().int().min(0),
  stay_artists: z.number().int().min(0),
});
export type PlaylistResults = z.infer<typeof playlistResultsSchema>;
