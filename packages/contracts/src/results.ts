import { z } from 'zod';
import {
  REPORT_MISSING,
  RESULT_GROUPS,
  RESULT_METRICS,
  S4A_FORMATS,
  SHARE_LINK_DEFAULT_DAYS,
  SHARE_LINK_LABEL_MAX,
  SHARE_LINK_MAX_DAYS,
} from './results-terms';

export * from './results-terms';

/**
 * Results (issue "Results: what each campaign did for the artist, measured against the weeks
 * before"): the artist's Spotify for Artists uploads, the report of one campaign against the 28 days
 * before it, cost per result, "what worked for me" and read-only share links. The rules and the
 * reasons for these numbers are in docs/decisions.md "Results".
 */

/** One stored upload, as the artist's list of uploads shows it. */
export const statUploadSchema = z.object({
  id: z.number().int(),
  format: z.enum(S4A_FORMATS),
  /** The Spotify track of a song timeline; null for the audience timeline. */
  track_id: z.string().nullable(),
  /** The track's name from the artist's campaigns, when one of them promoted it. */
  track_name: z.string().nullable(),
  file_name: z.string(),
  days: z.number().int(),
  first_day: z.string(),
  last_day: z.string(),
  created_at: z.string(),
});
export type StatUpload = z.infer<typeof statUploadSchema>;

/**
 * `POST /api/results/uploads` (multipart: `file`, and `track_id` for a song timeline): the stored
 * upload; `created` false when the same file was uploaded before (nothing changed).
 */
export const statUploadAnswer = z.object({ data: statUploadSchema, created: z.boolean() });

/** A track the artist may upload a song timeline for: one their Spotify campaigns promoted. */
export const resultTrackSchema = z.object({
  track_id: z.string(),
  name: z.string(),
  campaigns: z.number().int(),
  /** Days of streams stored, and the last of them (null when none yet). */
  days: z.number().int(),
  last_day: z.string().nullable(),
});

/** Daily mean of a range of days, over the days that have a figure. */
export const rangeMeanSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Days of the range that have a figure (missing days are left out of the mean, not taken as 0). */
  days: z.number().int(),
  mean: z.number().nullable(),
});

/**
 * One figure of a campaign window against its baseline: the daily means, the difference (during −
 * before), the change in percent (null when the baseline mean is 0 or there is not enough data) and
 * the extra total (difference × days with a figure in the window).
 */
export const metricComparisonSchema = z.object({
  metric: z.enum(RESULT_METRICS),
  /** `track`: the promoted song's own figures; `artist`: all the artist's songs (audience timeline). */
  scope: z.enum(['track', 'artist']),
  before: rangeMeanSchema,
  during: rangeMeanSchema,
  enough_data: z.boolean(),
  difference: z.number().nullable(),
  change_percent: z.number().nullable(),
  extra_total: z.number().nullable(),
});
export type MetricComparison = z.infer<typeof metricComparisonSchema>;

/**
 * Another campaign whose live days meet this one's: of the same track, or of any track of the artist
 * when a figure compared is the artist's whole audience (then it blurs the figures too).
 */
export const overlappingCampaignSchema = z.object({
  id: z.number().int(),
  type: z.enum(['spotify', 'tiktok', 'instagram']),
  target_name: z.string(),
  track_name: z.string(),
  same_track: z.boolean(),
  from: z.string(),
  to: z.string(),
});

/**
 * `GET /api/results/campaigns/{id}`: what one campaign did. The window is the campaign's live days
 * (first day the placement or video was seen to its removal, end or today), the baseline the 28 days
 * before; days are UTC calendar days.
 */
export const campaignReportSchema = z.object({
  campaign_id: z.number().int(),
  type: z.enum(['spotify', 'tiktok', 'instagram']),
  status: z.number().int(),
  track: z.object({ id: z.string(), name: z.string() }),
  /** The playlist or creator account. */
  target: z.object({ id: z.number().int().nullable(), name: z.string(), tier: z.string().nullable() }),
  window: z.object({ from: z.string(), to: z.string(), days: z.number().int() }).nullable(),
  baseline: z.object({ from: z.string(), to: z.string() }).nullable(),
  metrics: z.array(metricComparisonSchema),
  missing: z.array(z.enum(REPORT_MISSING)),
  /** Coins the campaign cost the artist (paid to the seller, or still held while it runs). */
  coins_spent: z.number().int(),
  /**
   * Cost per result: coins per 1,000 extra streams (Spotify, when the streams rose) or per 1,000 views
   * (videos); null when there is no result to divide by.
   */
  cost_per_1000: z.number().nullable(),
  result_unit: z.enum(['extra_streams', 'views']),
  results: z.number().nullable(),
  overlapping: z.array(overlappingCampaignSchema),
});
export type CampaignReport = z.infer<typeof campaignReportSchema>;

/** One group of "what worked for me": totals over the artist's campaigns in it. */
export const resultGroupRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  campaigns: z.number().int(),
  /** Campaigns of the group with a measured result (enough data). */
  measured: z.number().int(),
  coins_spent: z.number().int(),
  extra_streams: z.number().nullable(),
  views: z.number().nullable(),
  cost_per_1000_streams: z.number().nullable(),
  cost_per_1000_views: z.number().nullable(),
});

/** `GET /api/results/summary?group=`: the artist's campaigns grouped. */
export const resultSummaryQuery = z.object({ group: z.enum(RESULT_GROUPS).default('platform') });

/** `POST /api/results/share-links`: a read-only link to one campaign's report or to the summary. */
export const shareLinkCreateBody = z.object({
  campaign_id: z.number().int().positive().nullable().default(null),
  label: z.string().trim().max(SHARE_LINK_LABEL_MAX).nullable().default(null),
  days: z.number().int().min(1).max(SHARE_LINK_MAX_DAYS).default(SHARE_LINK_DEFAULT_DAYS),
});

export const shareLinkSchema = z.object({
  id: z.string(),
  campaign_id: z.number().int().nullable(),
  label: z.string().nullable(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  opens: z.number().int(),
  last_opened_at: z.string().nullable(),
  /** The link itself: the public page with the row's id and expiry signed (re-signed on each read). */
  url: z.string(),
});
