import type { OperationDocs } from '../types';
import { AUDITED, DEV_ONLY } from './common';

/** The queue monitor over pg-boss (spec section 2 "/horizon (queue monitor)"). */
export const queuesOperations: OperationDocs = {
  'GET /api/admin/queues': {
    id: 'admin.queues.list',
    summary: 'List job queues with their counts by state',
    description:
      'Every pg-boss queue with its jobs counted by state (created, scheduled, retry, active, completed, cancelled, failed) and its backlog (due or running), read from the job table in one query (pg-boss\'s own counts may be an hour old). Spec section 2 "/horizon".',
  },
  'GET /api/admin/queues/throughput': {
    id: 'admin.queues.getThroughput',
    summary: 'Read jobs finished per minute or hour',
    description:
      'Query `window` `1h` (per minute, default), `24h` or `7d` (per hour) and optional `queue`. Completed and failed jobs still retained by pg-boss, every bucket present (zero when idle), oldest first, with totals. Times are the database\'s. Spec section 2 "/horizon".',
  },
  'GET /api/admin/queues/{name}/jobs': {
    id: 'admin.queues.listJobs',
    summary: "List one queue's jobs in one state",
    description:
      'Query `state` (default `failed`), `page`, `limit`; the most recently finished (or created) first, with payload, output, error and retry count. 404 when pg-boss has no such queue. Spec section 2 "/horizon".',
  },
  'POST /api/admin/queues/{name}/jobs/{id}/retry': {
    id: 'admin.queues.retryJob',
    summary: 'Retry a failed job',
    description: `Puts a failed job back to \`retry\` with one more attempt allowed. 409 \`queues.not_failed\` when the job is not failed. ${AUDITED} Spec section 2 "/horizon".`,
    errors: [409],
  },
  'DELETE /api/admin/queues/{name}/jobs/{id}': {
    id: 'admin.queues.deleteJob',
    summary: 'Delete a job that is not running',
    description: `409 \`queues.job_active\` while a worker holds it. Audited with the job's state and payload. ${AUDITED} Spec section 2 "/horizon".`,
    errors: [409],
  },
  'POST /api/admin/dev/queues/probe': {
    id: 'admin.queues.sendProbe',
    summary: 'Queue a probe job that fails its first runs',
    description: `Body \`fail_times\` (0 to 5, default 1): the probe job fails that many runs, to see failures and Retry in the queue monitor. Answers 201 with the job id and queue. ${DEV_ONLY} Spec section 2 "/horizon".`,
  },
};
