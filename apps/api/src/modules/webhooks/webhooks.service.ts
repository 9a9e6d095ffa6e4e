import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_LIMITS,
  WEBHOOK_TEST_EVENT,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreate,
  type WebhookEndpointUpdate,
  type webhookEndpointCreateBody,
  type webhookEndpointUpdateBody,
} from '@lm/contracts/webhooks';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { openSecret, sealSecret } from '../../platform/secret-box';
import { audit } from '../audit';
import { type DeliveryDeps, WEBHOOK_SECRET_PURPOSE } from './webhooks.delivery';
import { newEventId, queueAttempts } from './webhooks.outbox';
import { webhookDeliveries, webhookEndpoints, webhookOutbox } from './webhooks.schema';
import { acceptableEndpointUrl } from './webhooks.sender';

/** Who acts on their endpoints: the signed-in user (or their API key), with the request's address. */
export interface WebhookActor {
  id: number;
  ip: string;
  userAgent: string | null;
}

type Row = typeof webhookEndpoints.$inferSelect;

/** An endpoint as its owner reads it (the secret apart). */
function view(row: Row): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEndpoint['events'],
    enabled: row.enabled,
    disabled_reason: row.disabledReason as WebhookEndpoint['disabled_reason'],
    failing_since: row.failingSince?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A new signing secret: `whsec_` and 24 random bytes in base64 (the Standard Webhooks form). */
function newSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

/**
 * The URL checked for where the product may send (`acceptableEndpointUrl`): in production `https://`
 * and no private or local address.
 * @throws ValidationError 422 `url`: `webhooks.url_not_https` or `webhooks.url_not_public`
 */
function checkUrl(deps: DeliveryDeps, url: string): void {
  const verdict = acceptableEndpointUrl(url, deps.config.webhookAllowPrivateUrls);
  if (verdict !== 'ok') throw new ValidationError({ url: [`webhooks.url_${verdict}`] });
}

/**
 * The owner's endpoint.
 * @throws NotFoundError 404 when there is none of that id, or it is another account's
 */
async function ownEndpoint(deps: DeliveryDeps, userId: number, id: number): Promise<Row> {
  const [row] = await deps.database.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, userId)));
  if (!row) throw new NotFoundError();
  return row;
}

/** The user's endpoints, oldest first (`GET /api/user/webhooks`). */
export async function listEndpoints(deps: DeliveryDeps, userId: number): Promise<WebhookEndpoint[]> {
  const rows = await deps.database.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.userId, userId))
    .orderBy(webhookEndpoints.id);
  return rows.map(view);
}

/**
 * Add an endpoint (`POST /api/user/webhooks`) with a new signing secret, sealed at rest; audited. It
 * takes the lowest free slot of the account, so the database refuses more than
 * `WEBHOOK_LIMITS.endpointsPerAccount`.
 * @throws ValidationError 422 for a URL the product may not send to; ConflictError 409
 *   `webhooks.too_many_endpoints` past the limit
 */
export async function createEndpoint(
  deps: DeliveryDeps,
  actor: WebhookActor,
  input: z.output<typeof webhookEndpointCreateBody> | WebhookEndpointCreate,
): Promise<WebhookEndpoint> {
  checkUrl(deps, input.url);
  const secret = sealSecret(deps.config.keys, newSecret(), WEBHOOK_SECRET_PURPOSE);
  try {
    return await withTransaction(deps.database, async (tx) => {
      // One creation at a time per account, so creations at once take successive slots; the unique
      // slot still refuses whatever gets past this.
      await tx.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`webhooks:${actor.id}`}, 0))`);
      const { rows } = await tx.db.execute<{ slot: number | null }>(sql`
        select min(s)::int as slot from generate_series(1, ${WEBHOOK_LIMITS.endpointsPerAccount}) s
         where s not in (select slot from webhook_endpoints where user_id = ${actor.id})`);
      const slot = rows[0]?.slot;
      if (slot == null)
        throw new ConflictError('webhooks.too_many_endpoints', { max: WEBHOOK_LIMITS.endpointsPerAccount });
      const [row] = await tx.db
        .insert(webhookEndpoints)
        .values({
          userId: actor.id,
          slot,
          url: input.url,
          description: input.description ?? '',
          events: [...new Set(input.events)],
          secret,
        })
        .returning();
      await audit(
        deps.database,
        { type: 'user', ...actor },
        {
          action: 'webhooks.created',
          targetType: 'webhook_endpoint',
          targetId: row!.id,
          meta: { url: input.url },
        },
        tx,
      );
      return view(row!);
    });
  } catch (err) {
    // Two creations at once took the same slot: the later one is refused like one past the limit.
    if (isUniqueViolation(err, 'webhook_endpoints_user_slot_unique'))
      throw new ConflictError('webhooks.too_many_endpoints', { max: WEBHOOK_LIMITS.endpointsPerAccount });
    throw err;
  }
}

/**
 * Change an endpoint (`PUT /api/user/webhooks/{id}`): URL, description, events, on or off. Turning it
 * on again clears its failure state; turning it off fails its pending deliveries. Audited.
 * @throws NotFoundError 404 (not the user's); ValidationError 422 for a URL the product may not send to
 */
export async function updateEndpoint(
  deps: DeliveryDeps,
  actor: WebhookActor,
  id: number,
  input: z.output<typeof webhookEndpointUpdateBody> | WebhookEndpointUpdate,
): Promise<WebhookEndpoint> {
  const current = await ownEndpoint(deps, actor.id, id);
  if (input.url !== undefined) checkUrl(deps, input.url);
  const turnOn = input.enabled === true && !current.enabled;
  const turnOff = input.enabled === false && current.enabled;
  return withTransaction(deps.database, async (tx) => {
    const [row] = await tx.db
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.events !== undefined ? { events: [...new Set(input.events)] } : {}),
        ...(turnOn ? { enabled: true, disabledReason: null, failingSince: null } : {}),
        ...(turnOff ? { enabled: false, disabledReason: 'owner' } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, actor.id)))
      .returning();
    if (!row) throw new NotFoundError();
    if (turnOff)
      await tx.db.execute(sql`
        update webhook_deliveries set status = 'failed', error = 'endpoint_disabled', next_attempt_at = null,
               updated_at = now()
         where endpoint_id = ${id} and status = 'pending'`);
    await audit(
      deps.database,
      { type: 'user', ...actor },
      {
        action: 'webhooks.updated',
        targetType: 'webhook_endpoint',
        targetId: id,
        meta: { changed: Object.keys(input).filter((k) => input[k as keyof typeof input] !== undefined) },
      },
      tx,
    );
    return view(row);
  });
}

/**
 * Delete an endpoint and its delivery log (`DELETE /api/user/webhooks/{id}`); its queued attempts then
 * find nothing to send. Audited.
 * @throws NotFoundError 404 (not the user's)
 */
export async function deleteEndpoint(deps: DeliveryDeps, actor: WebhookActor, id: number): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const deleted = await tx.db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, actor.id)))
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (deleted.length === 0) throw new NotFoundError();
    await audit(
      deps.database,
      { type: 'user', ...actor },
      {
        action: 'webhooks.deleted',
        targetType: 'webhook_endpoint',
        targetId: id,
        meta: { url: deleted[0]!.url },
      },
      tx,
    );
  });
}

/**
 * The endpoint's signing secret in clear (`GET /api/user/webhooks/{id}/secret`), for its owner to
 * verify signatures with; each reveal is audited.
 * @throws NotFoundError 404 (not the user's)
 */
export async function revealSecret(deps: DeliveryDeps, actor: WebhookActor, id: number): Promise<string> {
  const row = await ownEndpoint(deps, actor.id, id);
  await audit(
    deps.database,
    { type: 'user', ...actor },
    {
      action: 'webhooks.secret_revealed',
      targetType: 'webhook_endpoint',
      targetId: id,
    },
  );
  return openSecret(deps.config.keys, row.secret, WEBHOOK_SECRET_PURPOSE);
}

/**
 * Replace the endpoint's signing secret (`POST /api/user/webhooks/{id}/secret/roll`): attempts from
 * now on are signed with the new one only. Audited.
 * @returns the new secret in clear
 * @throws NotFoundError 404 (not the user's)
 */
export async function rollSecret(deps: DeliveryDeps, actor: WebhookActor, id: number): Promise<string> {
  const secret = newSecret();
  await withTransaction(deps.database, async (tx) => {
    const rows = await tx.db
      .update(webhookEndpoints)
      .set({ secret: sealSecret(deps.config.keys, secret, WEBHOOK_SECRET_PURPOSE), updatedAt: sql`now()` })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.userId, actor.id)))
      .returning({ id: webhookEndpoints.id });
    if (rows.length === 0) throw new NotFoundError();
    await audit(
      deps.database,
      { type: 'user', ...actor },
      { action: 'webhooks.secret_rolled', targetType: 'webhook_endpoint', targetId: id },
      tx,
    );
  });
  return secret;
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  type: webhookOutbox.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  responseStatus: webhookDeliveries.responseStatus,
  responseExcerpt: webhookDeliveries.responseExcerpt,
  error: webhookDeliveries.error,
  durationMs: webhookDeliveries.durationMs,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  deliveredAt: webhookDeliveries.deliveredAt,
  createdAt: webhookDeliveries.createdAt,
};

type DeliveryRow = {
  id: number;
  eventId: string;
  type: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  responseExcerpt: string | null;
  error: string | null;
  durationMs: number | null;
  nextAttemptAt: Date | null;
  deliveredAt: Date | null;
  createdAt: Date;
};

function deliveryView(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.type,
    status: row.status as WebhookDelivery['status'],
    attempts: row.attempts,
    response_status: row.responseStatus,
    response_excerpt: row.responseExcerpt,
    error: row.error,
    duration_ms: row.durationMs,
    next_attempt_at: row.nextAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A page of the endpoint's delivery log, newest first (`GET /api/user/webhooks/{id}/deliveries`).
 * @throws NotFoundError 404 (not the user's endpoint)
 */
export async function listDeliveries(
  deps: DeliveryDeps,
  userId: number,
  endpointId: number,
  paging: { page: number; limit: number },
): Promise<{ rows: WebhookDelivery[]; total: number }> {
  await ownEndpoint(deps, userId, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, total] = await Promise.all([
    deps.database.db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookOutbox, eq(webhookOutbox.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(paging.limit)
      .offset((paging.page - 1) * paging.limit),
    deps.database.db.$count(webhookDeliveries, where),
  ]);
  return { rows: rows.map(deliveryView), total };
}

/** One delivery of the user's, read back. */
async function ownDelivery(deps: DeliveryDeps, userId: number, deliveryId: number): Promise<WebhookDelivery> {
  const [row] = await deps.database.db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookOutbox, eq(webhookOutbox.id, webhookDeliveries.eventId))
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookEndpoints.userId, userId)));
  if (!row) throw new NotFoundError();
  return deliveryView(row);
}

/**
 * "Send again" (`POST /api/user/webhooks/deliveries/{id}/resend`): one new attempt of the delivery, at
 * once, with the same `webhook-id` (receivers deduplicate on it). It is a single attempt: a failure
 * leaves the delivery failed and the retries still scheduled for it are dropped.
 * @throws NotFoundError 404 (not the user's); ConflictError 409 `webhooks.endpoint_disabled` when its
 *   endpoint is off
 */
export async function resendDelivery(
  deps: DeliveryDeps,
  userId: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  await withTransaction(deps.database, async (tx) => {
    const { rows } = await tx.db.execute<{ attempts: number; enabled: boolean }>(sql`
      select d.attempts, e.enabled from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
       where d.id = ${deliveryId} and e.user_id = ${userId} for update of d`);
    const found = rows[0];
    if (!found) throw new NotFoundError();
    if (!found.enabled) throw new ConflictError('webhooks.endpoint_disabled');
    await tx.db.execute(sql`
      update webhook_deliveries set status = 'pending', delivered_at = null, next_attempt_at = now(),
             updated_at = now()
       where id = ${deliveryId}`);
    await queueAttempts(deps, tx, [{ deliveryId, attempt: found.attempts + 1, manual: true, startAfter: 0 }]);
  });
  return ownDelivery(deps, userId, deliveryId);
}

/**
 * Send the test event `webhook.test` to one endpoint (`POST /api/user/webhooks/{id}/test`), whatever
 * it subscribes to, even when it is off (to check it before turning it on again).
 * @returns the test's delivery (pending: its attempt is queued)
 * @throws NotFoundError 404 (not the user's)
 */
export async function sendTestEvent(
  deps: DeliveryDeps,
  userId: number,
  endpointId: number,
): Promise<WebhookDelivery> {
  await ownEndpoint(deps, userId, endpointId);
  const eventId = newEventId();
  const deliveryId = await withTransaction(deps.database, async (tx) => {
    const [event] = await tx.db
      .insert(webhookOutbox)
      .values({
        id: eventId,
        userId,
        type: WEBHOOK_TEST_EVENT,
        payload: { endpoint_id: endpointId, message: 'This is a test event.' },
        createdAt: deps.clock.now(),
      })
      .returning();
    const [delivery] = await tx.db
      .insert(webhookDeliveries)
      .values({ eventId: event!.id, endpointId, nextAttemptAt: event!.createdAt })
      .returning({ id: webhookDeliveries.id });
    await queueAttempts(deps, tx, [{ deliveryId: delivery!.id, attempt: 1, startAfter: 0 }]);
    return delivery!.id;
  });
  return ownDelivery(deps, userId, deliveryId);
}
