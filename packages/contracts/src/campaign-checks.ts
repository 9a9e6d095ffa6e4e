import { z } from 'zod';

/**
 * A campaign's daily history (issue "Results", part 1): what the express engine's checks read, one
 * entry per UTC day, with the campaign's own dates to mark on a chart. Answered by
 * `GET /api/express/campaigns/{id}/checks` (the artist and the seller),
 * `GET /api/admin/express-campaigns/{id}/checks` (staff) and, for a TikTok campaign,
 * `POST /api/campaign/tiktok/performance` (spec section 7). Why a day keeps only its latest check and
 * what is null when: docs/decisions.md "Results: the daily history".
 */

/** One day of the history: the day's latest check. */
export const campaignCheckDaySchema = z.object({
  /** The UTC calendar day, `YYYY-MM-DD`. */
  day: z.string(),
  /** When the day's latest check ran (ISO 8601). */
  checked_at: z.string(),
  /** Whether the placement or video was there at that check. */
  present: z.boolean(),
  /** Spotify: zero-based position of the track in the playlist; null when not there or not Spotify. */
  position: z.number().int().nullable(),
  /** Spotify: the playlist's followers that day; null when Spotify gave none. */
  playlist_followers: z.number().int().nullable(),
  /** Spotify: the track's popularity that day (0..100); null when Spotify gave none. */
  track_popularity: z.number().int().nullable(),
  /** TikTok, Instagram: the video's counts since it was posted; null when the platform gave none. */
  views: z.number().int().nullable(),
  likes: z.number().int().nullable(),
  comments: z.number().int().nullable(),
  shares: z.number().int().nullable(),
});
export type CampaignCheckDay = z.infer<typeof campaignCheckDaySchema>;

/** The campaign's own dates (ISO 8601, null when not reached), marked on the chart. */
export const campaignCheckMarksSchema = z.object({
  /** The seller accepted. */
  accepted_at: z.string().nullable(),
  /** The placement or video was first seen (Verifying). */
  found_at: z.string().nullable(),
  /** On Going started: the promise's days count from here. */
  on_going_from: z.string().nullable(),
  /** On Going ends (or ended), as planned. */
  on_going_until: z.string().nullable(),
  /** The placement or video was found gone while On Going. */
  removed_at: z.string().nullable(),
  /** The campaign ended (completed, failed, declined or refunded). */
  completed_at: z.string().nullable(),
});
export type CampaignCheckMarks = z.infer<typeof campaignCheckMarksSchema>;

/** The daily history of one express campaign: days ascending, and its dates to mark. */
export const campaignChecksSchema = z.object({
  campaign_id: z.number().int(),
  /** The platform's key: `spotify`, `tiktok` or `instagram`. */
  platform: z.string(),
  /** What the seller promised: a `placement` on a playlist or a `video` (picks the chart's figures). */
  promise: z.enum(['placement', 'video']),
  marks: campaignCheckMarksSchema,
  days: z.array(campaignCheckDaySchema),
});
export type CampaignChecks = z.infer<typeof campaignChecksSchema>;

/** `POST /api/campaign/tiktok/performance` (spec section 7): the TikTok campaign asked for. */
export const tiktokPerformanceBody = z.object({ campaign_id: z.coerce.number().int().positive() });
