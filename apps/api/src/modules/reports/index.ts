/**
 * Public surface of the reports module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { reportJobs } from './reports.jobs';
export { reportsRoutes } from './reports.routes';
