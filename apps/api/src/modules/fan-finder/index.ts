/**
 * Public surface of the fan-finder module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { adminFanFinderRoutes } from './admin-fan-finder.routes';
export { adminFanFinderAnalysisRoutes } from './admin-fan-finder-analysis.routes';
export { fanFinderJobs } from './fan-finder.jobs';
export { fanFinderRoutes } from './fan-finder.routes';
export { fanFinderAnalysisRoutes } from './fan-finder-analysis.routes';
export { seedFanFinderPlans } from './plans.service';
