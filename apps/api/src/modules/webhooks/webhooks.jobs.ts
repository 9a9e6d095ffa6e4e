import { sql } from 'drizzle-orm';
import type { JobDefinition } from '../../jobs/jobs';
import { attemptDelivery, type DeliveryDeps, sweepOverdueDeliveries } from './webhooks.delivery';
import { DELIVER_QUEUE, type DeliverJob } from './webhooks.outbox';

/** Queue of the sweep of overdue deliveries (every ten minutes). */
export const SWEEP_QUEUE = 'webhooks.sweep';

/** Queue of the daily prune of old webhook events and their delivery logs. */
export const PRUNE_QUEUE = 'webhooks.prune';

/** Days an event and its delivery log are kept. */
export const WEBHOOK_KEEP_DAYS = 30;

/**
 * `webhooks.deliver`: one attempt of one delivery (`attemptDelivery`; the next attempt of the schedule
 * is its own job, queued by the attempt that failed). pg-boss retries only a handler that crashed
 * (twice); the attempt's claim keeps a retried job from sending twice. Eight at a time per process:
 * an attempt mostly waits on the receiver (at most 10 s).
 * `webhooks.sweep` every ten minutes: queues again the attempts of deliveries overdue by 15 minutes
 * (`sweepOverdueDeliveries`). `webhooks.prune` at 04:40 UTC: events older than `WEBHOOK_KEEP_DAYS` go with their deliveries.
 */
export function webhookJobs(deps: DeliveryDeps): JobDefinition[] {
  return [
    {
      name: DELIVER_QUEUE,
      retryLimit: 2,
      concurrency: 8,
      handler: async (data) => {
        await attemptDelivery(deps, data as DeliverJob);
      },
    },
    {
      name: SWEEP_QUEUE,
      cron: '*/10 * * * *',
      retryLimit: 2,
      handler: async () => {
        await sweepOverdueDeliveries(deps);
      },
    },
    {
      name: PRUNE_QUEUE,
      cron: '40 4 * * *',
      retryLimit: 2,
      handler: async () => {
        await deps.database.db.execute(
          sql`delete from webhook_outbox where created_at < now() - make_interval(days => ${WEBHOOK_KEEP_DAYS})`,
        );
      },
    },
  ];
}
