/**
 * The limits and closed sets of Results (issue "Results"), without zod: the apps import them as
 * values (the upload page's size limit) without loading the schemas of `@lm/contracts/results`,
 * which re-exports them.
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

/** Which figures a comparison is about, and whether they are the track's own or the whole artist's. */
export const RESULT_METRICS = ['streams', 'listeners', 'saves', 'views'] as const;
export type ResultMetric = (typeof RESULT_METRICS)[number];

/** Why a report cannot compare yet, as message keys the page explains (`results.missing.*`). */
export const REPORT_MISSING = ['not_live_yet', 'no_upload', 'baseline_short', 'window_short'] as const;

/** How "what worked for me" groups the artist's campaigns. */
export const RESULT_GROUPS = ['playlist', 'creator', 'tier', 'genre', 'platform'] as const;
export type ResultGroup = (typeof RESULT_GROUPS)[number];
