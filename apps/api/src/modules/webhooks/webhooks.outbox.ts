import { randomUUID } from 'node:crypto';
import type { WebhookEventData, WebhookEventType } from '@lm/contracts/webhooks';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';

/** Queue of one delivery attempt (job data {@link DeliverJob}). */
export const DELIVER_QUEUE = 'webhooks.deliver';

/**
 * A delivery attempt's job: the delivery and the attempt's number (1 for the first). The attempt runs
 * only while the delivery has made `attempt - 1` attempts, so a job run twice or made stale by a "send
 * again" sends nothing. `manual`: a "send again" (one attempt, no retries after it).
 */
export interface DeliverJob {
  deliveryId: number;
  attempt: number;
  manual?: boolean;
}

/** A new event id, the `webhook-id` of its deliveries. */
export function newEventId(): string {
  return `msg_${randomUUID().replaceAll('-', '')}`;
}

/** Queue the attempt jobs of `jobs` with the transaction's other writes. */
export async function queueAttempts(
  deps: { jobs: Jobs },
  tx: Tx,
  attempts: readonly (DeliverJob & { startAfter: number })[],
): Promise<void> {
  await deps.jobs.sendLater(
    tx,
    DELIVER_QUEUE,
    attempts.map(({ startAfter, ...data }) => ({
      data,
      startAfter,
      singletonKey: `webhook-${data.deliveryId}-${data.attempt}${data.manual ? '-manual' : ''}`,
    })),
  );
}

/**
 * Emit a webhook event in the transaction of the change it announces (issue 34 "Webhooks", outbox):
 * one statement writes the event and a delivery for each of the user's enabled endpoints subscribed
 * to `type`, and the first attempt of each is queued with the transaction's writes. A rollback leaves
 * nothing; a commit always has its deliveries and jobs. Nothing is written when no endpoint subscribes.
 * @param userId whom the event concerns (the artist of a campaign, the recipient of a message, the
 *   payee of a payout, the ticket's user)
 * @param data the event's `data` (`webhookEventData[type]` of `@lm/contracts/webhooks`)
 * @param at when it happened (the product's clock); the database's now() when absent
 * @returns how many deliveries were queued
 */
export async function emitWebhook<T extends WebhookEventType>(
  deps: { jobs: Jobs },
  tx: Tx,
  userId: number,
  type: T,
  data: WebhookEventData<T>,
  at?: Date,
): Promise<number> {
  const when = at ? sql`${at.toISOString()}::timestamptz` : sql`now()`;
  const { rows } = await tx.db.execute<{ id: number }>(sql`
    with ep as (
      select id from webhook_endpoints where user_id = ${userId} and enabled and ${type} = any(events)),
    ev as (
      insert into webhook_outbox (id, user_id, type, payload, created_at)
      select ${newEventId()}, ${userId}, ${type}, ${JSON.stringify(data)}::jsonb, ${when}
       where exists (select 1 from ep)
      returning id, created_at)
    insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at)
    select ev.id, ep.id, ev.created_at from ev cross join ep
    returning id::int as id`);
  await queueAttempts(
    deps,
    tx,
    rows.map((r) => ({ deliveryId: Number(r.id), attempt: 1, startAfter: 0 })),
  );
  return rows.length;
}
