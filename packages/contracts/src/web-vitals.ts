import { z } from 'zod';
import {
  WEB_VITAL_APPS,
  WEB_VITAL_FORM_FACTORS,
  WEB_VITAL_MAX,
  WEB_VITAL_METRICS,
  WEB_VITAL_NAVIGATION_TYPES,
  WEB_VITAL_RATINGS,
  WEB_VITAL_ROUTE_MAX,
  WEB_VITAL_ROUTE_PATTERN,
  WEB_VITALS_MAX_SAMPLES,
  WEB_VITALS_WINDOWS,
  type WebVitalsWindow,
} from './web-vitals-terms';

/**
 * Real-user Core Web Vitals (issue 37): the beacon both apps send to `POST /api/vitals` and the staff
 * summary `GET /api/admin/web-vitals`. Limits, thresholds and buckets: `./web-vitals-terms`; rules in
 * docs/decisions.md "Real-user Core Web Vitals (issue 37)".
 */

export * from './web-vitals-terms';

const invalid = { error: 'validation.invalid' } as const;

/**
 * One measurement: the metric's final value for a page view (ms for LCP, INP, FCP, TTFB; unitless
 * CLS), web-vitals' rating of it, the route pattern it belongs to and how the page was reached.
 * A value must be finite, 0 or more and at most the metric's `WEB_VITAL_MAX`.
 */
export const webVitalSampleSchema = z
  .strictObject({
    metric: z.enum(WEB_VITAL_METRICS, invalid),
    value: z.number(invalid).min(0, 'validation.invalid'),
    rating: z.enum(WEB_VITAL_RATINGS, invalid),
    route: z
      .string(invalid)
      .max(WEB_VITAL_ROUTE_MAX, 'validation.too_long')
      .regex(WEB_VITAL_ROUTE_PATTERN, invalid),
    navigation_type: z.enum(WEB_VITAL_NAVIGATION_TYPES, invalid),
  })
  .refine((s) => s.value <= WEB_VITAL_MAX[s.metric], {
    error: 'web_vitals.value_out_of_range',
    path: ['value'],
  });
export type WebVitalSample = z.infer<typeof webVitalSampleSchema>;

/**
 * `POST /api/vitals` body: the app, whether the viewport was phone-sized, and 1 to
 * `WEB_VITALS_MAX_SAMPLES` samples. No user, session, address or user agent travels with it. Sent as
 * JSON, or as `text/plain` JSON (what `navigator.sendBeacon` sends for a string).
 */
export const webVitalsBeaconSchema = z.strictObject({
  app: z.enum(WEB_VITAL_APPS, invalid),
  form_factor: z.enum(WEB_VITAL_FORM_FACTORS, invalid),
  samples: z
    .array(webVitalSampleSchema, invalid)
    .min(1, 'validation.required')
    .max(WEB_VITALS_MAX_SAMPLES, 'web_vitals.too_many_samples'),
});
export type WebVitalsBeacon = z.infer<typeof webVitalsBeaconSchema>;

/** `POST /api/vitals` answer (202): how many samples were counted. */
export const webVitalsAcceptedAnswer = z.object({ data: z.object({ accepted: z.number().int() }) });

/** `GET /api/admin/web-vitals` query: the window in days (today, UTC, included). */
export const webVitalsSummaryQuery = z.object({
  days: z.coerce
    .number(invalid)
    .int('validation.invalid')
    .refine((d) => (WEB_VITALS_WINDOWS as readonly number[]).includes(d), 'validation.invalid')
    .transform((d) => d as WebVitalsWindow)
    .default(7),
});

/**
 * One metric of a route over the window: how many samples, the 75th percentile estimated from the
 * histogram (ms, CLS unitless; see `p75FromHistogram` in the API) and how many samples fell in each of
 * web.dev's bands (exact: the thresholds are bucket bounds).
 */
export const webVitalFigureSchema = z.object({
  samples: z.number().int(),
  p75: z.number(),
  good: z.number().int(),
  needs_improvement: z.number().int(),
  poor: z.number().int(),
});
export type WebVitalFigure = z.infer<typeof webVitalFigureSchema>;

/** A route of an app on one kind of viewport, with each metric that has samples (null otherwise). */
export const webVitalsRowSchema = z.object({
  app: z.enum(WEB_VITAL_APPS),
  route: z.string(),
  form_factor: z.enum(WEB_VITAL_FORM_FACTORS),
  metrics: z.object(
    Object.fromEntries(WEB_VITAL_METRICS.map((m) => [m, webVitalFigureSchema.nullable()])) as Record<
      (typeof WEB_VITAL_METRICS)[number],
      z.ZodNullable<typeof webVitalFigureSchema>
    >,
  ),
});
export type WebVitalsRow = z.infer<typeof webVitalsRowSchema>;

/**
 * The staff summary: the window (`from`..`to`, UTC days, `YYYY-MM-DD`) and one row per app, route and
 * form factor with samples in it, the most measured first (its largest sample count of any metric).
 */
export const webVitalsSummarySchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  rows: z.array(webVitalsRowSchema),
});
export type WebVitalsSummary = z.infer<typeof webVitalsSummarySchema>;

/** `GET /api/admin/web-vitals` answer. */
export const webVitalsSummaryAnswer = z.object({ data: webVitalsSummarySchema });
