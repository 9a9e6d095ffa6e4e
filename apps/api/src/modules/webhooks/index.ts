/**
 * Public surface of the webhooks module (issue 34 "Webhooks"): the modules whose changes are events
 * call `emitWebhook` in their transaction; the route table, the jobs and the secret rotation take the
 * rest. Other modules import from here and never from the files behind it; the boundaries test
 * (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { WEBHOOK_SECRET_SEALED_COLUMN } from './webhooks.delivery';
export { webhookJobs } from './webhooks.jobs';
export { emitWebhook } from './webhooks.outbox';
export { webhookRoutes } from './webhooks.routes';
