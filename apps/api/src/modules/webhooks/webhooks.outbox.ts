import { randomUUID } from 'node:crypto';
import type { WebhookEventData, WebhookEventType } from '@lm/contracts/webhooks';
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
 * The event and its deliveries in one statement, prepared once per connection (it runs in hot
 * transactions such as every campaign transition): `$1` user, `$2` type, `$3` event id, `$4` data
 * (JSON), `$5` when (null: now()).
 */
const EMIT_SQL = `
  with ep as (
    select id from webhook_endpoints where user_id = $1 and enabled and $2::varchar = any(events)),
  ev as (
    insert into webhook_outbox (id, user_id, type, payload, created_at)
    select $3, $1, $2, $4::jsonb, coalesce($5::timestamptz, now())
     where exists (select 1 from ep)
    returning id, created_at)
  insert into webhook_deliveries (event_id, endpoint_id, next_attempt_at)
  select ev.id, ep.id, ev.created_at from ev cross join ep
  returning id::int as id`;

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
  const { rows } = await tx.client.query<{ id: number }>({
    name: 'lm_webhooks_emit',
    text: EMIT_SQL,
    values: [userId, type, newEventId(), JSON.stringify(data), at?.toISOString() ?? null],
  });
  await queueAttempts(
    deps,
    tx,
    rows.map((r) => ({ deliveryId: Number(r.id), attempt: 1, startAfter: 0 })),
  );
  return rows.length;
}
