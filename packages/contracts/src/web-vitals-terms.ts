/**
 * Real-user Core Web Vitals (issue 37 "Fast where people feel it"), without zod: the closed sets, the
 * limits, web.dev's thresholds and the fixed histogram buckets. The apps' reporter and the
 * back-office screen import these as values without loading the schemas of
 * `@lm/contracts/web-vitals`; the API stores and reads the histograms with the same buckets. Rules in
 * docs/decisions.md "Real-user Core Web Vitals (issue 37)".
 */

/** The metrics reported: the three Core Web Vitals and two that explain them (first paint, first byte). */
export const WEB_VITAL_METRICS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export type WebVitalMetric = (typeof WEB_VITAL_METRICS)[number];

/** The Core Web Vitals the staff screen shows. */
export const CORE_WEB_VITALS = ['LCP', 'INP', 'CLS'] as const satisfies readonly WebVitalMetric[];
export type CoreWebVital = (typeof CORE_WEB_VITALS)[number];

/** Which app measured: the user app (`/`) or the back-office (`/admin/`). */
export const WEB_VITAL_APPS = ['web', 'admin'] as const;
export type WebVitalApp = (typeof WEB_VITAL_APPS)[number];

/** The viewport a sample came from: `phone` when narrower than {@link WEB_VITAL_PHONE_MAX_WIDTH}. */
export const WEB_VITAL_FORM_FACTORS = ['phone', 'desktop'] as const;
export type WebVitalFormFactor = (typeof WEB_VITAL_FORM_FACTORS)[number];

/** Widest layout viewport (CSS px) counted as a phone: below Mantine's `sm` breakpoint (48em). */
export const WEB_VITAL_PHONE_MAX_WIDTH = 767;

/** web-vitals' rating of a value against the thresholds below. */
export const WEB_VITAL_RATINGS = ['good', 'needs-improvement', 'poor'] as const;
export type WebVitalRating = (typeof WEB_VITAL_RATINGS)[number];

/**
 * How the page was reached, as web-vitals v5 names it (`metric.navigationType`): a bfcache restore
 * or a prerender gives very different figures from a plain navigation, so it is kept.
 */
export const WEB_VITAL_NAVIGATION_TYPES = [
  'navigate',
  'reload',
  'back-forward',
  'back-forward-cache',
  'prerender',
  'restore',
] as const;
export type WebVitalNavigationType = (typeof WEB_VITAL_NAVIGATION_TYPES)[number];

/**
 * web.dev's thresholds `[good up to, poor above]`: milliseconds, CLS unitless. A value at a threshold
 * is still in the better band (LCP 2500 ms is good), as web-vitals rates it.
 */
export const WEB_VITAL_THRESHOLDS: Record<WebVitalMetric, readonly [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
};

/**
 * Largest value accepted per metric (ms, CLS unitless): beyond it a sample is not a measurement of a
 * page people use (a tab left loading in the background for minutes) and the beacon is refused.
 */
export const WEB_VITAL_MAX: Record<WebVitalMetric, number> = {
  LCP: 120_000,
  INP: 60_000,
  CLS: 10,
  FCP: 120_000,
  TTFB: 120_000,
};

const LOAD_BUCKETS = [
  100, 200, 300, 400, 500, 600, 700, 800, 1000, 1200, 1500, 1800, 2000, 2500, 3000, 3500, 4000, 5000, 6000,
  8000, 10_000, 15_000, 20_000, 30_000, 60_000,
] as const;

/**
 * Upper bounds (inclusive) of each metric's histogram buckets. Bucket `i` holds the values above bound
 * `i - 1` (0 for the first) up to bound `i`; the last bucket (`i = bounds.length`) holds the values
 * above the last bound up to {@link WEB_VITAL_MAX}. Roughly log-spaced, finer where the thresholds
 * are, and every threshold is a bound, so the good / needs improvement / poor shares are exact; a
 * percentile is exact to its bucket's width. Never change a bound in place: stored counts are by
 * index (add a metric version instead).
 */
export const WEB_VITAL_BUCKETS: Record<WebVitalMetric, readonly number[]> = {
  LCP: LOAD_BUCKETS,
  FCP: LOAD_BUCKETS,
  TTFB: LOAD_BUCKETS,
  INP: [
    16, 24, 32, 48, 64, 80, 100, 125, 150, 175, 200, 250, 300, 350, 400, 500, 650, 800, 1000, 1500, 2000,
    3000, 5000, 10_000,
  ],
  CLS: [0.01, 0.025, 0.05, 0.075, 0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 3, 5],
};

/** Most samples one beacon may carry (a page view reports 5 metrics; bfcache returns add some). */
export const WEB_VITALS_MAX_SAMPLES = 20;
/** Longest route pattern accepted (characters). */
export const WEB_VITAL_ROUTE_MAX = 120;
/**
 * A route pattern as the apps declare their routes (`/campaigns/:campaignId`), or `*` for an address
 * no route matches: letters and `/ _ - : *` only. No digit, dot, `?`, `=` or `@` is allowed, so an id,
 * a signed token, a query or an e-mail address cannot be sent as a route; a test keeps every route of
 * both apps inside it.
 */
export const WEB_VITAL_ROUTE_PATTERN = /^(\*|\/[A-Za-z/_:*-]*)$/;
/** The route of addresses no route matches, and of new routes beyond the day's limit. */
export const WEB_VITAL_OTHER_ROUTE = '*';
/**
 * Distinct routes stored per app and day; a new route beyond them is counted as
 * {@link WEB_VITAL_OTHER_ROUTE}, so made-up patterns cannot grow the table.
 */
export const WEB_VITALS_MAX_ROUTES_PER_DAY = 500;
/** Largest beacon body accepted (bytes). */
export const WEB_VITALS_MAX_BYTES = 16_384;
/** Windows the staff screen offers (days, today included). */
export const WEB_VITALS_WINDOWS = [1, 7, 28] as const;
export type WebVitalsWindow = (typeof WEB_VITALS_WINDOWS)[number];
/** Days of histograms kept; the daily prune removes older ones. */
export const WEB_VITALS_KEEP_DAYS = 90;

/** The rating of `value` for `metric` (web-vitals' rule: above a threshold is the worse band). */
export function webVitalRating(metric: WebVitalMetric, value: number): WebVitalRating {
  const [good, poor] = WEB_VITAL_THRESHOLDS[metric];
  if (value > poor) return 'poor';
  if (value > good) return 'needs-improvement';
  return 'good';
}

/** The bucket index (0 .. bounds.length) holding `value` of `metric`. */
export function webVitalBucket(metric: WebVitalMetric, value: number): number {
  const bounds = WEB_VITAL_BUCKETS[metric];
  const index = bounds.findIndex((bound) => value <= bound);
  return index === -1 ? bounds.length : index;
}

/** The range `[above, up to]` bucket `index` of `metric` covers (the last one ends at WEB_VITAL_MAX). */
export function webVitalBucketRange(metric: WebVitalMetric, index: number): [number, number] {
  const bounds = WEB_VITAL_BUCKETS[metric];
  return [index === 0 ? 0 : bounds[index - 1]!, bounds[index] ?? WEB_VITAL_MAX[metric]];
}
