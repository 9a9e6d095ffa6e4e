import { z } from 'zod';

/**
 * Results (issue "Results: what each campaign did for the artist, measured against the weeks
 * before"): the artist's Spotify for Artists uploads, the report of one campaign against the 28 days
 * before it, cost per result, "what worked for me" and read-only share links. The rules and the
 * reasons for these numbers are in docs/decisions.md "Results".
 */

/** Days before a campaign's first live day that make its baseline (Spotify's Discovery Mode report). */
export const RESULTS_BASELINE_DAYS = 28;
/** Days of baseline with figures below which a report says "not enough data" instead of comparing. */
export const RESULTS_MIN_BASELINE_DAYS = 14;
/** Days of the campaign window with figures below which a report says "not enough data". */
export const RESULTS_MIN_WINDOW_DAYS = 3;
/** Largest Spotify for Artists export accepted (bytes): ten years of the widest export fit in 1 MiB. */
export const S4A_UPLOAD_MAX_BYTES = 1_048_576;
/** Most days one upload may hold (ten years and a bit). */
export const S4A_UPLOAD_MAX_DAYS = 3_700;
/** Largest figure of one day accepted in an export (streams, listeners ...). */
export const S4A_FIGURE_MAX = 2_000_000_000;
/**
 * The exports read: a song's timeline (`date,streams`, downloaded from the song's page) and the
 * artist's audience timeline (`date,listeners,streams,followers` or the newer nine-column export with
 * saves and playlist adds).
 */
export const S4A_FORMATS = ['song_timeline', 'audience_timeline'] as const;
export type S4aFormat = (typeof S4A_FORMATS)[number];
/**
 * A playlist's results (listeners delivered per placement, time tracks stay) are shown on its profile
 * and weigh in its quality score only from this many measured campaigns, of at least
 * {@link PLAYLIST_RESULTS_MIN_ARTISTS} different artists.
 */
export const PLAYLIST_RESULTS_MIN_CAMPAIGNS = 5;
export const PLAYLIST_RESULTS_MIN_ARTISTS = 3;
/** Longest life of a share link (days), and the life offered first. */
export const SHARE_LINK_MAX_DAYS = 90;
export const SHARE_LINK_DEFAULT_DAYS = 30;
export const SHARE_LINK_LABEL_MAX = 120;

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

/** Which figures a comparison is about, and whether they are the track's own or the whole artist's. */
export const RESULT_METRICS = ['streams', 'listeners', 'saves', 'views'] as const;
export type ResultMetric = (typeof RESULT_METRICS)[number];

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

/** Why a report cannot compare yet, as message keys the page explains (`results.missing.*`). */
export const REPORT_MISSING = ['not_live_yet', 'no_upload', 'baseline_short', 'window_short'] as const;

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

/** How "what worked for me" groups the artist's campaigns. */
export const RESULT_GROUPS = ['playlist', 'creator', 'tier', 'genre', 'platform'] as const;
export type ResultGroup = (typeof RESULT_GROUPS)[number];

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
