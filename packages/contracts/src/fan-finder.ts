/**
 * Fan Finder (spec sections 3, 4 and 9): what a plan may include and the limits the spec
 * gives. A plan's features are keys of this list, shown through the catalogs (`fan_finder.feature.<key>`
 * with its count), so every language reads them; staff pick them rather than typing free text.
 */
export const FAN_FINDER_FEATURES = [
  'weekly_updates',
  'latest_posts',
  'comments_per_post',
  'related_artists',
  'csv_export',
] as const;
export type FanFinderFeature = (typeof FAN_FINDER_FEATURES)[number];

/** Spec section 9: latest 6 posts, up to 50 comments a post, 2 related artists, 12 fans a page. */
export const FAN_FINDER_LIMITS = {
  latestPosts: 6,
  commentsPerPost: 50,
  relatedArtists: 2,
  fansPerPage: 12,
  /** Longest plan staff may define, in days. */
  maxPlanDays: 366,
  /** Highest plan price, in coins. */
  maxPlanPrice: 1_000_000,
} as const;

/** The count each feature's text shows (`{{count}}`), or none. */
export const FAN_FINDER_FEATURE_COUNTS: Readonly<Record<FanFinderFeature, number | null>> = {
  weekly_updates: null,
  latest_posts: FAN_FINDER_LIMITS.latestPosts,
  comments_per_post: FAN_FINDER_LIMITS.commentsPerPost,
  related_artists: FAN_FINDER_LIMITS.relatedArtists,
  csv_export: null,
};

/**
 * Subscription statuses: `active` (renews when auto-renew is on), `cancelled` (the artist cancelled:
 * no renewal, access until the end date), `expired` (ended; a new subscription may start).
 */
export const FAN_FINDER_SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired'] as const;
export type FanFinderSubscriptionStatus = (typeof FAN_FINDER_SUBSCRIPTION_STATUSES)[number];

/** What a Fan Finder connection is: the artist's own Spotify artist profile or Instagram account, or a related artist. */
export const FAN_FINDER_CONNECTION_KINDS = ['spotify', 'instagram', 'related'] as const;
export type FanFinderConnectionKind = (typeof FAN_FINDER_CONNECTION_KINDS)[number];
/** Analysis state of a connection: queued or running, done, failed (retried weekly), or not readable. */
export const FAN_FINDER_SYNC_STATUSES = ['pending', 'done', 'failed', 'unavailable'] as const;
export type FanFinderSyncStatus = (typeof FAN_FINDER_SYNC_STATUSES)[number];

/** Rating bands a fan grid may be filtered by (spec section 4). */
export const FAN_BANDS = ['Super', 'Regular', 'Mixed', 'Low'] as const;
export type FanBand = (typeof FAN_BANDS)[number];
