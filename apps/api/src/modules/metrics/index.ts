/**
 * Public surface of the metrics module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { METRICS_STATEMENT_TIMEOUT_MS, registerDatabaseGauges } from './metrics.gauges';
