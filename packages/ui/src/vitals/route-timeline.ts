import { WEB_VITAL_OTHER_ROUTE } from '@lm/contracts/web-vitals-terms';

/**
 * Which route pattern was on screen when (issue 37, real-user Core Web Vitals): `ScreenRouter` records
 * the matched pattern at each navigation, stamped with `performance.now()`, and the vitals reporter
 * asks which pattern was current when a metric's entry started (the interaction of an INP, the first
 * shift of a CLS window), so a measure is told against the page it happened on, never the address.
 * Zero dependencies: it sits in the entry chunk, the reporter itself loads later.
 */

interface Stop {
  at: number;
  route: string;
}

/** The first stop (the landing route) is kept, then the latest ones up to this many. */
const KEEP = 100;
const stops: Stop[] = [];

/** Note that `route` (a pattern such as `/campaigns/:campaignId`, or `*`) is on screen from now. */
export function recordRoute(route: string, at = performance.now()): void {
  if (stops.at(-1)?.route === route) return;
  stops.push({ at, route });
  if (stops.length > KEEP) stops.splice(1, 1);
}

/**
 * The route pattern on screen at `time` (ms on the `performance.now()` timeline): the last recorded at
 * or before it; the landing route for a time before the first record (first byte, first paint); `*`
 * when nothing was recorded.
 */
export function routeAt(time: number): string {
  let found = stops[0]?.route ?? WEB_VITAL_OTHER_ROUTE;
  for (const stop of stops) {
    if (stop.at > time) break;
    found = stop.route;
  }
  return found;
}

/** Forget every stop (tests). */
export function resetRouteTimeline(): void {
  stops.length = 0;
}
