/**
 * Public surface of the queues module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { queueJobs } from './queues.jobs';
export { queueProbeRoutes, queuesRoutes } from './queues.routes';
export { type QueueWait, waitingJobs } from './queues.service';
