/**
 * Public surface of the web-vitals module (issue 37): the apps' real-user Core Web Vitals, counted
 * into per-day histograms and summarised for staff. Other modules, the route table, the jobs and the
 * seeds import from here and never from the files behind it; the boundaries test
 * (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { webVitalsJobs } from './web-vitals.jobs';
export { webVitalsRoutes } from './web-vitals.routes';
