import type { Language } from '@lm/contracts';
import { WEBHOOK_LIMITS, WEBHOOK_TEST_EVENT } from '@lm/contracts/webhooks';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { type Tx, withTransaction } from '../../db/client';
import { users } from '../../db/schema';
import type { AppDeps } from '../../platform/app';
import { openSecret, type SealedColumn } from '../../platform/secret-box';
import { notify } from '../notifications';
import { type DeliverJob, queueAttempts } from './webhooks.outbox';
import { createWebhookSender, type WebhookAttempt, type WebhookSender } from './webhooks.sender';

export type DeliveryDeps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'config' | 'mail'>;

/** Additional data an endpoint's signing secret is sealed with (platform/secret-box.ts). */
export const WEBHOOK_SECRET_PURPOSE = 'webhooks:signing-secret';

/** The sealed column of `webhook_endpoints`, for `npm run rotate-secrets`. */
export const WEBHOOK_SECRET_SEALED_COLUMN: SealedColumn = {
  table: 'webhook_endpoints',
  column: 'secret',
  purpose: () => WEBHOOK_SECRET_PURPOSE,
};

/** The product's sender for the configuration (private addresses only where the config allows them). */
export function senderFor(config: DeliveryDeps['config']): WebhookSender {
  return createWebhookSender({ allowPrivate: config.webhookAllowPrivateUrls });
}

/**
 * Seconds to wait before the attempt after failed attempt number `attempt` (1 = the first), or null
 * when the schedule has run out (`WEBHOOK_LIMITS.retryScheduleSeconds`).
 */
export function retryDelaySeconds(attempt: number): number | null {
  return WEBHOOK_LIMITS.retryScheduleSeconds[attempt - 1] ?? null;
}

/** The signed request of one attempt: Standard Webhooks headers over the JSON body. */
export function signedRequest(
  secret: string,
  event: { id: string; type: string; payload: unknown; createdAt: Date },
  at: Date,
): { headers: Record<string, string>; body: string } {
  const body = JSON.stringify({
    type: event.type,
    timestamp: event.createdAt.toISOString(),
    data: event.payload,
  });
  const signature = new Webhook(secret).sign(event.id, at, body);
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Liberty-Webhooks/1.0',
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
  };
}

type Claimed = {
  delivery_id: number;
  endpoint_id: number;
  user_id: number;
  url: string;
  secret: string;
  enabled: boolean;
  event_id: string;
  type: string;
  payload: unknown;
  created_at: Date;
};

/**
 * Run one attempt of a delivery (the `webhooks.deliver` job, issue 34 "Webhooks"). The attempt is
 * claimed first (`attempts` moves from `attempt - 1` to `attempt` while the delivery is pending), so a
 * job run twice or overtaken sends nothing. The request is signed (Standard Webhooks, the endpoint's
 * secret; `webhook-timestamp` is the wall clock, which receivers compare with theirs) and sent through
 * `send`. Then, in one transaction: a 2xx marks the delivery succeeded and clears the endpoint's
 * `failing_since`; a failure records the answer, queues the next attempt of the schedule (none after a
 * "send again" or once the schedule ran out: the delivery is then failed), and disables the endpoint
 * whose failures have lasted `WEBHOOK_LIMITS.disableAfterHours`, failing its pending deliveries and
 * telling its owner in-app and by mail in their language.
 * @param send the HTTP client (default: {@link senderFor} the configuration)
 * @returns what happened: `succeeded`, `retrying`, `failed`, or `skipped` (nothing to do)
 */
export async function attemptDelivery(
  deps: DeliveryDeps,
  job: DeliverJob,
  send: WebhookSender = senderFor(deps.config),
): Promise<'succeeded' | 'retrying' | 'failed' | 'skipped'> {
  const { rows } = await deps.database.db.execute<Claimed>(sql`
    update webhook_deliveries d
       set attempts = d.attempts + 1, updated_at = now()
      from webhook_endpoints e, webhook_outbox o
     where d.id = ${job.deliveryId} and d.attempts = ${job.attempt - 1} and d.status = 'pending'
       and e.id = d.endpoint_id and o.id = d.event_id
    returning d.id::int as delivery_id, e.id as endpoint_id, e.user_id, e.url, e.secret, e.enabled,
              o.id as event_id, o.type, o.payload, o.created_at`);
  const claimed = rows[0];
  if (!claimed) return 'skipped';
  if (!claimed.enabled && claimed.type !== WEBHOOK_TEST_EVENT) {
    await deps.database.db.execute(sql`
      update webhook_deliveries set status = 'failed', error = 'endpoint_disabled', next_attempt_at = null,
             updated_at = now()
       where id = ${claimed.delivery_id}`);
    return 'failed';
  }
  const secret = openSecret(deps.config.keys, claimed.secret, WEBHOOK_SECRET_PURPOSE);
  const request = signedRequest(
    secret,
    {
      id: claimed.event_id,
      type: claimed.type,
      payload: claimed.payload,
      createdAt: new Date(claimed.created_at),
    },
    new Date(),
  );
  const result = await send({ url: claimed.url, ...request });
  return record(deps, claimed, job, result);
}

/** Store an attempt's outcome and what follows from it (see {@link attemptDelivery}). */
async function record(
  deps: DeliveryDeps,
  claimed: Claimed,
  job: DeliverJob,
  result: WebhookAttempt,
): Promise<'succeeded' | 'retrying' | 'failed'> {
  const now = deps.clock.now();
  const answer = sql`response_status = ${result.status}, response_excerpt = ${result.excerpt},
    error = ${result.error}, duration_ms = ${result.durationMs}, updated_at = now()`;
  return withTransaction(deps.database, async (tx) => {
    if (result.ok) {
      await tx.db.execute(sql`
        update webhook_deliveries
           set status = 'succeeded', delivered_at = ${now.toISOString()}::timestamptz, next_attempt_at = null, ${answer}
         where id = ${claimed.delivery_id}`);
      await tx.db.execute(
        sql`update webhook_endpoints set failing_since = null where id = ${claimed.endpoint_id}`,
      );
      return 'succeeded';
    }
    const delay = job.manual ? null : retryDelaySeconds(job.attempt);
    const next = delay === null ? null : new Date(now.getTime() + delay * 1000);
    await tx.db.execute(sql`
      update webhook_deliveries
         set status = ${next ? 'pending' : 'failed'}, delivered_at = null,
             next_attempt_at = ${next?.toISOString() ?? null}::timestamptz, ${answer}
       where id = ${claimed.delivery_id}`);
    if (next && delay !== null)
      await queueAttempts(deps, tx, [
        { deliveryId: claimed.delivery_id, attempt: job.attempt + 1, startAfter: delay },
      ]);
    const disabled = await disableWhenFailingTooLong(deps, tx, claimed, now);
    return next && !disabled ? 'retrying' : 'failed';
  });
}

/**
 * Mark the endpoint failing since `now` (unless it already was) and disable it when its failures have
 * lasted `WEBHOOK_LIMITS.disableAfterHours`: its pending deliveries fail and its owner is told.
 * @returns true when this call disabled it
 */
async function disableWhenFailingTooLong(
  deps: DeliveryDeps,
  tx: Tx,
  claimed: Claimed,
  now: Date,
): Promise<boolean> {
  const limit = new Date(now.getTime() - WEBHOOK_LIMITS.disableAfterHours * 3_600_000);
  const [endpoint] = (
    await tx.db.execute<{ failing_since: Date; enabled: boolean }>(sql`
      update webhook_endpoints set failing_since = coalesce(failing_since, ${now.toISOString()}::timestamptz)
       where id = ${claimed.endpoint_id}
      returning failing_since, enabled`)
  ).rows;
  if (!endpoint?.enabled || new Date(endpoint.failing_since) > limit) return false;
  // Guarded by `enabled`: of two attempts failing at once, one disables it and tells the owner.
  const { rows } = await tx.db.execute(sql`
    update webhook_endpoints set enabled = false, disabled_reason = 'failing', updated_at = now()
     where id = ${claimed.endpoint_id} and enabled
    returning id`);
  if (rows.length === 0) return false;
  await tx.db.execute(sql`
    update webhook_deliveries set status = 'failed', error = coalesce(error, 'endpoint_disabled'),
           next_attempt_at = null, updated_at = now()
     where endpoint_id = ${claimed.endpoint_id} and status = 'pending'`);
  const [owner] = await tx.db
    .select({ language: users.language, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, claimed.user_id));
  const params = { url: claimed.url };
  const link = '/account/webhooks';
  await notify(tx, {
    userId: claimed.user_id,
    type: 'webhooks.disabled',
    message: 'webhooks.notify.disabled',
    params,
    link,
    data: { endpoint_id: claimed.endpoint_id },
  });
  if (owner)
    await deps.mail.send(
      {
        to: owner.email,
        language: owner.language as Language,
        notification: 'webhooks.notify.disabled',
        params,
        name: owner.firstName,
        link: `${deps.config.appUrl}${link}`,
      },
      tx,
    );
  return true;
}

/** How late a pending delivery's attempt may be before the sweep queues it again (minutes). */
export const SWEEP_AFTER_MINUTES = 15;

/**
 * Queue again the attempts of pending deliveries overdue by `SWEEP_AFTER_MINUTES` (the
 * `webhooks.sweep` job): a process that died between claiming an attempt and recording it, or a lost
 * job, leaves such a delivery behind. The attempt's claim makes a job that was only late harmless: of
 * the two, one sends.
 * @returns how many attempts were queued (at most 500 a run)
 */
export async function sweepOverdueDeliveries(deps: DeliveryDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - SWEEP_AFTER_MINUTES * 60_000);
  return withTransaction(deps.database, async (tx) => {
    const { rows } = await tx.db.execute<{ id: number; attempts: number }>(sql`
      select id::int as id, attempts from webhook_deliveries
       where status = 'pending' and next_attempt_at < ${before.toISOString()}::timestamptz
       order by next_attempt_at limit 500`);
    await queueAttempts(
      deps,
      tx,
      rows.map((r) => ({ deliveryId: r.id, attempt: r.attempts + 1, startAfter: 0 })),
    );
    return rows.length;
  });
}
