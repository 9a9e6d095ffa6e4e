/**
 * Public surface of the payouts module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { adminPayoutsRoutes } from './admin-payouts.routes';
export { payoutJobs } from './payouts.jobs';
export { payoutsAwaitingApproval } from './payouts.queries';
export { payoutsRoutes } from './payouts.routes';
