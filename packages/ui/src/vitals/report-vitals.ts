import type { WebVitalSample, WebVitalsBeacon } from '@lm/contracts/web-vitals';
import {
  WEB_VITAL_MAX,
  WEB_VITAL_METRICS,
  WEB_VITAL_NAVIGATION_TYPES,
  WEB_VITAL_PHONE_MAX_WIDTH,
  WEB_VITALS_MAX_SAMPLES,
  type WebVitalApp,
  type WebVitalMetric,
  type WebVitalNavigationType,
} from '@lm/contracts/web-vitals-terms';
import { type Metric, onCLS, onFCP, onINP, onLCP, onTTFB } from 'web-vitals';
import { routeAt } from './route-timeline';

/** Where the beacons go (both apps are served by the API on one origin). */
export const VITALS_ENDPOINT = '/api/vitals';

/** What the reporter keeps of a web-vitals metric until it is sent. */
export type MeasuredMetric = Pick<Metric, 'name' | 'value' | 'rating' | 'navigationType'> & {
  /** When it happened (ms on the `performance.now()` timeline): its first entry's start, else its report. */
  at: number;
};

/** The metric as web-vitals reported it, with when it happened. */
export function measured(metric: Metric): MeasuredMetric {
  const { name, value, rating, navigationType } = metric;
  return { name, value, rating, navigationType, at: metric.entries[0]?.startTime ?? performance.now() };
}

/**
 * The sample of a metric, or null when it cannot be sent (a value the API would refuse: not finite,
 * below 0 or above the metric's bound; a refused sample would lose its whole beacon). The route is
 * the pattern on screen when it happened (the interaction of an INP, the first shift of a CLS
 * window, the largest paint; the landing route for the first byte and paint), read when the sample is
 * made, so call it when sending: by then the router has recorded the landing route.
 */
export function sampleOf(metric: MeasuredMetric): WebVitalSample | null {
  const name = metric.name as WebVitalMetric;
  if (!(WEB_VITAL_METRICS as readonly string[]).includes(name)) return null;
  if (!Number.isFinite(metric.value) || metric.value < 0 || metric.value > WEB_VITAL_MAX[name]) return null;
  const navigation = (WEB_VITAL_NAVIGATION_TYPES as readonly string[]).includes(metric.navigationType)
    ? (metric.navigationType as WebVitalNavigationType)
    : 'navigate';
  return {
    metric: name,
    value: name === 'CLS' ? Math.round(metric.value * 10_000) / 10_000 : Math.round(metric.value * 10) / 10,
    rating: metric.rating,
    route: routeAt(metric.at),
    navigation_type: navigation,
  };
}

/** `phone` when the layout viewport is at most WEB_VITAL_PHONE_MAX_WIDTH CSS px wide. */
export function formFactor(): WebVitalsBeacon['form_factor'] {
  return window.innerWidth <= WEB_VITAL_PHONE_MAX_WIDTH ? 'phone' : 'desktop';
}

/**
 * Send `body` without holding the page: `navigator.sendBeacon` (a string goes as text/plain, which
 * needs no preflight), else a `keepalive` fetch without credentials. Failures are dropped: a lost
 * sample is better than an error in a page being closed.
 */
export function sendBeaconBody(body: string, endpoint = VITALS_ENDPOINT): void {
  try {
    if (navigator.sendBeacon?.(endpoint, body)) return;
  } catch {
    // Some browsers throw instead of answering false (a body over their limit); fall back.
  }
  void fetch(endpoint, {
    method: 'POST',
    body,
    keepalive: true,
    credentials: 'omit',
    headers: { 'content-type': 'application/json' },
  }).catch(() => undefined);
}

/**
 * Start reporting this page's Core Web Vitals (LCP, INP, CLS) and FCP and TTFB for `app` (issue 37):
 * web-vitals reads the entries buffered since the page started, so loading this after the first
 * paint loses nothing. Each metric's final value (web-vitals reports it when the page is hidden; LCP
 * also at the first input) is queued once per page view (a bfcache return is a new one) and the
 * queue is sent in beacons of at most WEB_VITALS_MAX_SAMPLES samples when the page is hidden or left.
 * No user, token, address or user agent is sent. Calling it again does nothing.
 */
export function startVitalsReporting(app: WebVitalApp, endpoint = VITALS_ENDPOINT): void {
  if (started) return;
  started = true;
  // Metrics wait with their time; their route is read when they are sent, once the router has recorded
  // the landing route (the reporter may start before the first screen renders).
  const queue: MeasuredMetric[] = [];
  const seen = new Set<string>();
  const collect = (metric: Metric) => {
    if (seen.has(metric.id)) return;
    seen.add(metric.id);
    queue.push(measured(metric));
  };
  const flush = () => {
    const samples = queue.splice(0).flatMap((metric) => sampleOf(metric) ?? []);
    for (let i = 0; i < samples.length; i += WEB_VITALS_MAX_SAMPLES) {
      const body: WebVitalsBeacon = {
        app,
        form_factor: formFactor(),
        samples: samples.slice(i, i + WEB_VITALS_MAX_SAMPLES),
      };
      sendBeaconBody(JSON.stringify(body), endpoint);
    }
  };
  onLCP(collect);
  onINP(collect);
  onCLS(collect);
  onFCP(collect);
  onTTFB(collect);
  // Registered after web-vitals' own listeners (capture listeners on window): by the time this one
  // runs, the metrics finalised by this hiding are in the queue.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  window.addEventListener('pagehide', flush);
}

let started = false;
