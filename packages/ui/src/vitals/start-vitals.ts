import type { WebVitalApp } from '@lm/contracts/web-vitals-terms';

/**
 * Load the Core Web Vitals reporter (web-vitals and the beacon code, a chunk of its own) once the
 * page has loaded and the browser is idle, and start it for `app` (issue 37). The sign-in route
 * never waits for it: it is not part of the entry or the login screen (bundle budget,
 * docs/performance.md). web-vitals reads the paints, shifts and inputs buffered before it came.
 */
export function reportVitalsAfterFirstPaint(app: WebVitalApp): void {
  if (typeof window === 'undefined' || typeof PerformanceObserver === 'undefined') return;
  const start = () => {
    const load = () => {
      void import('./report-vitals').then((m) => m.startVitalsReporting(app)).catch(() => undefined);
    };
    if (window.requestIdleCallback) window.requestIdleCallback(load, { timeout: 3000 });
    else window.setTimeout(load, 1);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
