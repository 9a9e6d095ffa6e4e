import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_LIMITS } from '@lm/contracts/webhooks';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { withTransaction } from '../../db/client';
import { t } from '../../platform/i18n';
import { artistWithCoins, userWithCoins } from '../../test/coins';
import type { TestContext } from '../../test/harness';
import { codeFrom } from '../../test/harness';
import { PRODUCTION_ENV } from '../../test/production-env';
import { appWithRouteTable } from '../../test/route-table';
import { createExchangeTestApp } from '../express/express.fixture';
import { emitWebhook } from './index';
import { attemptDelivery, retryDelaySeconds, sweepOverdueDeliveries } from './webhooks.delivery';
import {
  acceptableEndpointUrl,
  createWebhookSender,
  isPublicAddress,
  type Resolver,
} from './webhooks.sender';

/**
 * Outbound webhooks (issue 34 "Webhooks") against a real PostgreSQL and real HTTP receivers started
 * here: endpoints are the owner's alone, deliveries are signed per Standard Webhooks (checked with the
 * official package), retried on the schedule until a success, the endpoint turned off after a day of
 * failures with its owner told, events written only by committed changes, and no request reaches a
 * private address.
 */

let ctx: TestContext;
let playlistIds: number[];
let curatorToken: string;
let curatorId: number;
const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await ctx.deps.database.pool.query(text, values)).rows as T[];

interface Hit {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver on 127.0.0.1 answering the n-th request (1 first) with `answer(n)`. */
async function receiver(
  answer: (n: number) => { status: number; body?: string; headers?: Record<string, string> },
) {
  const hits: Hit[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      hits.push({ headers: req.headers, body });
      const a = answer(hits.length);
      res.writeHead(a.status, a.headers);
      res.end(a.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  servers.push(server);
  return { url: `http://127.0.0.1:${port}/hook`, port, hits };
}
const servers: http.Server[] = [];

async function endpoint(token: string, url: string, events: string[] = ['campaign.status_changed']) {
  const res = await ctx.call('POST', '/api/user/webhooks', {
    token,
    body: { url, events, description: 'test' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

async function secretOf(token: string, id: number): Promise<string> {
  const res = await ctx.call('GET', `/api/user/webhooks/${id}/secret`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.secret;
}

/** The queued attempt jobs of a delivery, oldest first. */
const jobsOf = (deliveryId: number) =>
  q<{ attempt: number; manual: boolean | null; start_after: Date }>(
    `select (data->>'attempt')::int as attempt, (data->>'manual')::boolean as manual, start_after
       from pgboss.job where name = 'webhooks.deliver' and (data->>'deliveryId')::int = $1 order by created_on`,
    [deliveryId],
  );

const deliveryRow = async (id: number) =>
  (
    await q<{
      status: string;
      attempts: number;
      response_status: number | null;
      error: string | null;
      next_attempt_at: Date | null;
    }>('select * from webhook_deliveries where id = $1', [id])
  )[0]!;

async function testDelivery(token: string, endpointId: number): Promise<number> {
  const res = await ctx.call('POST', `/api/user/webhooks/${endpointId}/test`, { token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id;
}

beforeAll(async () => {
  const world = await createExchangeTestApp();
  ctx = world.ctx;
  playlistIds = world.playlistIds;
  curatorToken = world.curatorToken;
  curatorId = world.curator.id;
});

afterAll(async () => {
  for (const s of servers) s.close();
  await ctx?.close();
});

describe('endpoints', () => {
  it('are listed, changed and deleted by their owner only; other accounts get 404', async () => {
    const owner = await artistWithCoins(ctx, 0);
    const other = await artistWithCoins(ctx, 0);
    const { id } = await endpoint(owner.token, 'https://hooks.example.com/a', ['campaign.created']);
    const list = await ctx.call('GET', '/api/user/webhooks', { token: owner.token });
    expect(list.json().data).toMatchObject([{ id, url: 'https://hooks.example.com/a', enabled: true }]);
    expect((await ctx.call('GET', '/api/user/webhooks', { token: other.token })).json().data).toEqual([]);
    for (const [method, path] of [
      ['PUT', `/api/user/webhooks/${id}`],
      ['DELETE', `/api/user/webhooks/${id}`],
      ['GET', `/api/user/webhooks/${id}/secret`],
      ['POST', `/api/user/webhooks/${id}/secret/roll`],
      ['POST', `/api/user/webhooks/${id}/test`],
      ['GET', `/api/user/webhooks/${id}/deliveries`],
    ] as const) {
      const res = await ctx.call(method, path, {
        token: other.token,
        ...(method === 'PUT' ? { body: { description: 'mine now' } } : {}),
      });
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    const deliveryId = await testDelivery(owner.token, id);
    const resend = await ctx.call('POST', `/api/user/webhooks/deliveries/${deliveryId}/resend`, {
      token: other.token,
    });
    expect(resend.statusCode).toBe(404);

    const put = await ctx.call('PUT', `/api/user/webhooks/${id}`, {
      token: owner.token,
      body: { events: ['campaign.created', 'payout.status_changed'], enabled: false },
    });
    expect(put.json().data).toMatchObject({ enabled: false, disabled_reason: 'owner' });
    expect((await deliveryRow(deliveryId)).status).toBe('failed');
    const secret = await secretOf(owner.token, id);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const [stored] = await q<{ secret: string }>('select secret from webhook_endpoints where id = $1', [id]);
    expect(stored!.secret).not.toContain(secret.slice(6));
    const rolled = await ctx.call('POST', `/api/user/webhooks/${id}/secret/roll`, { token: owner.token });
    expect(rolled.json().data.secret).not.toBe(secret);
    expect((await ctx.call('DELETE', `/api/user/webhooks/${id}`, { token: owner.token })).statusCode).toBe(
      200,
    );
    expect((await ctx.call('GET', '/api/user/webhooks', { token: owner.token })).json().data).toEqual([]);
  });

  it(`are at most ${WEBHOOK_LIMITS.endpointsPerAccount} per account, and need a valid URL and an event`, async () => {
    const owner = await artistWithCoins(ctx, 0);
    await Promise.all(
      Array.from({ length: WEBHOOK_LIMITS.endpointsPerAccount }, (_, i) =>
        ctx.call('POST', '/api/user/webhooks', {
          token: owner.token,
          body: { url: `https://hooks.example.com/${i}`, events: ['ticket.replied'] },
        }),
      ),
    ).then((all) => expect(all.map((r) => r.statusCode).sort()).toEqual(all.map(() => 201)));
    const more = await ctx.call('POST', '/api/user/webhooks', {
      token: owner.token,
      body: { url: 'https://hooks.example.com/x', events: ['ticket.replied'] },
    });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toContain(String(WEBHOOK_LIMITS.endpointsPerAccount));
    const bad = await ctx.call('POST', '/api/user/webhooks', {
      token: (await artistWithCoins(ctx, 0)).token,
      body: { url: 'ftp://hooks.example.com', events: [] },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['events', 'url']);
  });

  it('are managed by the account or by an API key holding webhooks:manage, and no other scope', async () => {
    const { app, routes } = await appWithRouteTable(ctx);
    try {
      const mine = routes.filter((r) => r.url.startsWith('/api/user/webhooks'));
      expect(mine.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
        'DELETE /api/user/webhooks/:id',
        'GET /api/user/webhooks',
        'GET /api/user/webhooks/:id/deliveries',
        'GET /api/user/webhooks/:id/secret',
        'POST /api/user/webhooks',
        'POST /api/user/webhooks/:id/secret/roll',
        'POST /api/user/webhooks/:id/test',
        'POST /api/user/webhooks/deliveries/:id/resend',
        'PUT /api/user/webhooks/:id',
      ]);
      for (const r of mine) expect(r.access, r.url).toMatchObject({ kind: 'user', scope: 'webhooks:manage' });
    } finally {
      await app.close();
    }
  });
});

describe('delivery', () => {
  it('is signed per Standard Webhooks: the official package verifies it with the endpoint secret', async () => {
    const owner = await artistWithCoins(ctx, 0);
    const r = await receiver(() => ({ status: 200, body: 'thanks' }));
    const { id } = await endpoint(owner.token, r.url);
    const deliveryId = await testDelivery(owner.token, id);
    expect(await jobsOf(deliveryId)).toMatchObject([{ attempt: 1 }]);
    expect(await attemptDelivery(ctx.deps, { deliveryId, attempt: 1 })).toBe('succeeded');
    expect(r.hits).toHaveLength(1);
    const hit = r.hits[0]!;
    const verified = new Webhook(await secretOf(owner.token, id)).verify(hit.body, {
      'webhook-id': String(hit.headers['webhook-id']),
      'webhook-timestamp': String(hit.headers['webhook-timestamp']),
      'webhook-signature': String(hit.headers['webhook-signature']),
    });
    expect(verified).toMatchObject({ type: 'webhook.test', data: { endpoint_id: id } });
    expect(hit.headers['webhook-id']).toMatch(/^msg_[0-9a-f]{32}$/);
    // A signature made with another secret does not verify.
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(hit.body, {
        'webhook-id': String(hit.headers['webhook-id']),
        'webhook-timestamp': String(hit.headers['webhook-timestamp']),
        'webhook-signature': String(hit.headers['webhook-signature']),
      }),
    ).toThrow();
    const log = await ctx.call('GET', `/api/user/webhooks/${id}/deliveries`, { token: owner.token });
    expect(log.json().data).toMatchObject([
      { id: deliveryId, event_type: 'webhook.test', status: 'succeeded', attempts: 1, response_status: 200 },
    ]);
    expect(log.json().data[0].response_excerpt).toBe('thanks');
    // An answer PostgreSQL could not store as text (NUL) is kept without it.
    const odd = await receiver(() => ({ status: 200, body: 'ok\u0000done' }));
    const other = await endpoint(owner.token, odd.url);
    const oddDelivery = await testDelivery(owner.token, other.id);
    expect(await attemptDelivery(ctx.deps, { deliveryId: oddDelivery, attempt: 1 })).toBe('succeeded');
    const [kept] = await q<{ response_excerpt: string }>(
      'select response_excerpt from webhook_deliveries where id = $1',
      [oddDelivery],
    );
    expect(kept!.response_excerpt).toBe('okdone');
  });

  it('retries on the backoff schedule and stops after the first success', async () => {
    expect(
      Array.from({ length: WEBHOOK_LIMITS.retryScheduleSeconds.length + 1 }, (_, i) =>
        retryDelaySeconds(i + 1),
      ),
    ).toEqual([5, 300, 1_800, 7_200, 18_000, 36_000, 36_000, null]);
    const owner = await artistWithCoins(ctx, 0);
    const r = await receiver((n) => ({ status: n < 3 ? 500 : 204 }));
    const { id } = await endpoint(owner.token, r.url);
    const deliveryId = await testDelivery(owner.token, id);
    const before = Date.now();
    expect(await attemptDelivery(ctx.deps, { deliveryId, attempt: 1 })).toBe('retrying');
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: 'pending',
      attempts: 1,
      response_status: 500,
    });
    const second = (await jobsOf(deliveryId))[1]!;
    expect(second.attempt).toBe(2);
    expect(second.start_after.getTime() - before).toBeGreaterThanOrEqual(4_000);
    expect(second.start_after.getTime() - before).toBeLessThan(60_000);
    expect(await attemptDelivery(ctx.deps, { deliveryId, attempt: 2 })).toBe('retrying');
    const third = (await jobsOf(deliveryId))[2]!;
    expect(third.start_after.getTime() - before).toBeGreaterThanOrEqual(299_000);
    expect(await attemptDelivery(ctx.deps, { deliveryId, attempt: 3 })).toBe('succeeded');
    expect(await jobsOf(deliveryId)).toHaveLength(3);
    // The same job run again, or a stale one, sends nothing more.
    expect(await attemptDelivery(ctx.deps, { deliveryId, attempt: 3 })).toBe('skipped');
    expect(await attemptDelivery(ctx.deps, { deliveryId, attempt: 2 })).toBe('skipped');
    expect(r.hits).toHaveLength(3);
    expect(new Set(r.hits.map((h) => h.headers['webhook-id'])).size).toBe(1);
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: 'succeeded',
      attempts: 3,
      next_attempt_at: null,
    });
  });

  it('fails once the schedule has run out; "send again" makes one new attempt', async () => {
    const owner = await artistWithCoins(ctx, 0);
    let up = false;
    const r = await receiver(() => ({ status: up ? 200 : 503 }));
    const { id } = await endpoint(owner.token, r.url);
    const deliveryId = await testDelivery(owner.token, id);
    const last = WEBHOOK_LIMITS.retryScheduleSeconds.length + 1;
    await q('update webhook_deliveries set attempts = $2 where id = $1', [deliveryId, last - 1]);
    expect(await attemptDelivery(ctx.deps, { deliveryId, attempt: last })).toBe('failed');
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: 'failed',
      attempts: last,
      next_attempt_at: null,
    });
    expect((await jobsOf(deliveryId)).map((j) => j.attempt)).toEqual([1]);
    up = true;
    const again = await ctx.call('POST', `/api/user/webhooks/deliveries/${deliveryId}/resend`, {
      token: owner.token,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.status).toBe('pending');
    expect((await jobsOf(deliveryId)).at(-1)).toMatchObject({ attempt: last + 1, manual: true });
    expect(await attemptDelivery(ctx.deps, { deliveryId, attempt: last + 1, manual: true })).toBe(
      'succeeded',
    );
    expect(r.hits).toHaveLength(2);
  });

  it('queues again an attempt left behind (a process died after claiming it), and it is sent once', async () => {
    const owner = await artistWithCoins(ctx, 0);
    const r = await receiver(() => ({ status: 200 }));
    const { id } = await endpoint(owner.token, r.url);
    const deliveryId = await testDelivery(owner.token, id);
    // Claimed (attempt 1 counted) but never recorded, its job gone, due an hour ago.
    await q(`update webhook_deliveries set attempts = 1, next_attempt_at = $2 where id = $1`, [
      deliveryId,
      new Date(ctx.clock.now().getTime() - 3_600_000),
    ]);
    await q(`delete from pgboss.job where name = 'webhooks.deliver' and (data->>'deliveryId')::int = $1`, [
      deliveryId,
    ]);
    expect(await sweepOverdueDeliveries(ctx.deps)).toBeGreaterThanOrEqual(1);
    expect(await jobsOf(deliveryId)).toMatchObject([{ attempt: 2 }]);
    expect(await attemptDelivery(ctx.deps, { deliveryId, attempt: 2 })).toBe('succeeded');
    expect(await attemptDelivery(ctx.deps, { deliveryId, attempt: 2 })).toBe('skipped');
    expect(r.hits).toHaveLength(1);
  });

  it('turns an endpoint off after 24 hours of failures and tells its owner in-app and by mail', async () => {
    const owner = await artistWithCoins(ctx, 0, { language: 'fr' });
    const r = await receiver(() => ({ status: 500 }));
    const { id } = await endpoint(owner.token, r.url);
    const start = new Date('2026-07-01T10:00:00Z');
    ctx.clock.set(start);
    const first = await testDelivery(owner.token, id);
    expect(await attemptDelivery(ctx.deps, { deliveryId: first, attempt: 1 })).toBe('retrying');
    const [failing] = await q<{ failing_since: Date; enabled: boolean }>(
      'select failing_since, enabled from webhook_endpoints where id = $1',
      [id],
    );
    expect(failing).toEqual({ failing_since: start, enabled: true });
    ctx.clock.set(new Date(start.getTime() + 23 * 3_600_000));
    expect(await attemptDelivery(ctx.deps, { deliveryId: first, attempt: 2 })).toBe('retrying');
    const pendingOther = await testDelivery(owner.token, id);
    ctx.clock.set(new Date(start.getTime() + 24 * 3_600_000 + 60_000));
    expect(await attemptDelivery(ctx.deps, { deliveryId: first, attempt: 3 })).toBe('failed');
    const list = await ctx.call('GET', '/api/user/webhooks', { token: owner.token });
    expect(list.json().data[0]).toMatchObject({ enabled: false, disabled_reason: 'failing' });
    expect(await deliveryRow(pendingOther)).toMatchObject({ status: 'failed', error: 'endpoint_disabled' });
    const [note] = await q<{ message_key: string; params: { url: string } }>(
      'select message_key, params from notifications where user_id = $1',
      [owner.user.id],
    );
    expect(note).toMatchObject({ message_key: 'webhooks.notify.disabled', params: { url: r.url } });
    const mail = await ctx.lastMail(owner.user.email);
    expect(mail?.subject).toBe('Point de terminaison webhook désactivé');
    expect(mail?.text).toContain(r.url);
    // Turned on again by its owner: no failure state left, and a success keeps it clear.
    const on = await ctx.call('PUT', `/api/user/webhooks/${id}`, {
      token: owner.token,
      body: { enabled: true },
    });
    expect(on.json().data).toMatchObject({ enabled: true, disabled_reason: null, failing_since: null });
    ctx.clock.set(new Date());
  });
});

describe('events are written by the transaction that causes them', () => {
  const outboxOf = (userId: number) =>
    q<{ type: string; payload: Record<string, unknown> }>(
      'select type, payload from webhook_outbox where user_id = $1 order by created_at, type',
      [userId],
    );

  it('a rolled-back change writes no event, delivery or job', async () => {
    const { user, token } = await artistWithCoins(ctx, 0);
    const r = await receiver(() => ({ status: 200 }));
    await endpoint(token, r.url, ['campaign.status_changed', 'payout.status_changed']);
    const jobsBefore = (await q('select 1 from pgboss.job where name = $1', ['webhooks.deliver'])).length;
    await expect(
      withTransaction(ctx.deps.database, async (tx) => {
        await emitWebhook(ctx.deps, tx, user.id, 'campaign.status_changed', {
          campaign_id: 1,
          platform: 'spotify',
          from_status: 1,
          to_status: 2,
        });
        await emitWebhook(ctx.deps, tx, user.id, 'payout.status_changed', {
          payout_id: 1,
          status_id: 3,
          status: 'paid',
          coins: 10,
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await outboxOf(user.id)).toEqual([]);
    expect((await q('select 1 from pgboss.job where name = $1', ['webhooks.deliver'])).length).toBe(
      jobsBefore,
    );
    // Committed, the same call writes one event with one delivery and its job.
    const n = await withTransaction(ctx.deps.database, (tx) =>
      emitWebhook(ctx.deps, tx, user.id, 'payout.status_changed', {
        payout_id: 1,
        status_id: 3,
        status: 'paid',
        coins: 10,
      }),
    );
    expect(n).toBe(1);
    expect(await outboxOf(user.id)).toHaveLength(1);
    expect((await q('select 1 from pgboss.job where name = $1', ['webhooks.deliver'])).length).toBe(
      jobsBefore + 1,
    );
  });

  it('a campaign created and withdrawn emits each of its events exactly once, to subscribers only', async () => {
    const { user, token } = await artistWithCoins(ctx, 1000);
    const r = await receiver(() => ({ status: 200 }));
    await endpoint(token, r.url, ['campaign.created', 'campaign.status_changed', 'campaign.refunded']);
    await endpoint(token, `${r.url}/payouts`, ['payout.status_changed']);
    const created = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token,
      body: {
        track_link: 'https://open.spotify.com/track/5xWebhooks000000000001',
        playlist_ids: [playlistIds[0]],
        payment_method: 'coins',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaignId = created.json().data[0].id as number;
    const price = created.json().data[0].price as number;
    // A message of the artist's reaches the curator's webhooks, not the artist's.
    await endpoint(curatorToken, `${r.url}/curator`, ['message.received']);
    const message = await ctx.call('POST', `/api/express/campaigns/${campaignId}/messages`, {
      token,
      body: { body: 'Thanks for listening!' },
    });
    expect(message.statusCode, message.body).toBe(201);
    expect(await outboxOf(curatorId)).toEqual([
      {
        type: 'message.received',
        payload: {
          campaign_id: campaignId,
          platform: 'spotify',
          message_id: message.json().data.id,
          sender_id: user.id,
          body: 'Thanks for listening!',
        },
      },
    ]);
    const withdrawn = await ctx.call('POST', `/api/express/campaigns/${campaignId}/withdraw`, { token });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(await outboxOf(user.id)).toEqual([
      {
        type: 'campaign.created',
        payload: expect.objectContaining({
          campaign_id: campaignId,
          platform: 'spotify',
          price_coins: price,
        }),
      },
      {
        type: 'campaign.refunded',
        payload: expect.objectContaining({
          campaign_id: campaignId,
          refunded_coins: price,
          reason: 'withdrawn',
        }),
      },
      {
        type: 'campaign.status_changed',
        payload: expect.objectContaining({ campaign_id: campaignId, from_status: 1, to_status: 7 }),
      },
    ]);
    const deliveries = await q<{ n: number }>(
      `select count(*)::int n from webhook_deliveries d join webhook_outbox o on o.id = d.event_id where o.user_id = $1`,
      [user.id],
    );
    expect(deliveries[0]!.n).toBe(3);
  });

  it("a payout's status change emits payout.status_changed once, to the payee", async () => {
    const payee = await userWithCoins(ctx, 1000, { userTypeId: 2 });
    const token = await ctx.loginUser(payee.email);
    const r = await receiver(() => ({ status: 200 }));
    await endpoint(token, r.url, ['payout.status_changed']);
    const recipient = await ctx.call('POST', '/api/payments/transfer/info/store', {
      token,
      body: {
        currency: 'GBP',
        country: 'GB',
        type: 'sort_code',
        account_holder_name: 'Casey Curator',
        details: { sortCode: '40-30-20', accountNumber: '12345678' },
      },
    });
    expect(recipient.statusCode, recipient.body).toBe(201);
    const quote = await ctx.call(
      'GET',
      `/api/payments/wise/create/quote/payouts?recipient_id=${recipient.json().data.id}&coins=600`,
      { token },
    );
    const quoteId = quote.json().data.id as string;
    await ctx.call('POST', '/api/payments/send/verification/code', { token, body: { quote_id: quoteId } });
    const code = codeFrom((await ctx.lastMail(payee.email))?.text);
    await ctx.call('POST', '/api/payments/verify/code', { token, body: { quote_id: quoteId, code } });
    const transfer = await ctx.call('POST', '/api/payments/wise/create/transfer', {
      token,
      body: { quote_id: quoteId },
    });
    expect(transfer.statusCode, transfer.body).toBe(201);
    const payoutId = transfer.json().data.id as number;
    const admin = await ctx.makeAdmin();
    const decline = await ctx.call('POST', `/api/admin/payouts/${payoutId}/decline`, {
      token: await ctx.loginAdmin(admin.email),
      body: { reason: 'The account holder name does not match.' },
    });
    expect(decline.statusCode, decline.body).toBe(200);
    expect(await outboxOf(payee.id)).toEqual([
      {
        type: 'payout.status_changed',
        payload: { payout_id: payoutId, status_id: 4, status: 'declined', coins: 600 },
      },
    ]);
  });
});

describe('ticket replies', () => {
  it("staff's answer emits ticket.replied to the ticket's user; an internal note and the user's own reply do not", async () => {
    const { user, token } = await artistWithCoins(ctx, 0);
    const r = await receiver(() => ({ status: 200 }));
    await endpoint(token, r.url, ['ticket.replied']);
    const admin = await ctx.makeAdmin();
    const staff = await ctx.loginAdmin(admin.email);
    const department = await ctx.call('POST', '/api/tickets_departments', {
      token: staff,
      body: { department_name: `Webhooks ${Date.now()}` },
    });
    const opened = await ctx.call('POST', '/api/tickets', {
      token,
      body: {
        ticket_subject: 'Where is my placement?',
        initial_message: 'Hello, it has been a week.',
        department_id: department.json().data.id,
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const ticketId = opened.json().data.id as number;
    const reply = (body: object, as: string) => ctx.call('POST', '/api/ticket_reply', { token: as, body });
    expect(
      (await reply({ ticket_id: ticketId, message: 'internal', is_internal: true }, staff)).statusCode,
    ).toBe(200);
    expect((await reply({ ticket_id: ticketId, message: 'Any news?' }, token)).statusCode).toBe(200);
    expect((await reply({ ticket_id: ticketId, message: 'It is live now.' }, staff)).statusCode).toBe(200);
    const events = await q<{ type: string; payload: { ticket_id: number; subject: string } }>(
      'select type, payload from webhook_outbox where user_id = $1',
      [user.id],
    );
    expect(events).toMatchObject([
      { type: 'ticket.replied', payload: { ticket_id: ticketId, subject: 'Where is my placement?' } },
    ]);
  });
});

describe('SSRF', () => {
  const strict = (resolve?: Resolver) => createWebhookSender({ allowPrivate: false, resolve });
  const request = (url: string) => ({ url, headers: { 'content-type': 'application/json' }, body: '{}' });

  it('refuses every private, loopback, link-local and internal address, also behind a name', async () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '10.255.1.2',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fc00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    expect(isPublicAddress('93.184.215.14')).toBe(true);
    expect(isPublicAddress('2606:4700::1111')).toBe(true);

    const r = await receiver(() => ({ status: 200 }));
    const names: Record<string, string[]> = {
      'loopback.example': ['127.0.0.1'],
      'internal.example': ['10.0.0.7'],
      'metadata.example': ['169.254.169.254'],
      'v6.example': ['::1'],
      // One public address does not vouch for a private one beside it.
      'mixed.example': ['93.184.215.14', '127.0.0.1'],
    };
    const resolve: Resolver = async (host) =>
      (names[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    const send = strict(resolve);
    for (const url of [
      `https://127.0.0.1:${r.port}/hook`,
      `https://10.0.0.1/hook`,
      `https://169.254.169.254/latest/meta-data/`,
      `https://[::1]:${r.port}/hook`,
      `https://[::ffff:127.0.0.1]:${r.port}/hook`,
      ...Object.keys(names).map((n) => `https://${n}:${r.port}/hook`),
    ])
      expect(await send(request(url)), url).toMatchObject({
        ok: false,
        error: 'address_refused',
        status: null,
      });
    // `localhost` through the system resolver, and plain http, are refused as well.
    expect(await strict()(request(`https://localhost:${r.port}/hook`))).toMatchObject({
      error: 'address_refused',
    });
    expect(await strict()(request(r.url))).toMatchObject({ error: 'url_invalid' });
    expect(r.hits).toHaveLength(0);
    // A resolver that never answers is given up at the attempt's deadline.
    const hanging = createWebhookSender({
      allowPrivate: false,
      resolve: () => new Promise(() => {}),
      timeoutMs: 200,
    });
    expect(await hanging(request('https://slow.example/hook'))).toMatchObject({ ok: false, error: 'dns' });
  });

  it('connects to the address it checked (no second lookup) and never follows a redirect', async () => {
    const target = await receiver(() => ({ status: 200 }));
    const redirecting = await receiver(() => ({ status: 302, headers: { location: target.url } }));
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const send = createWebhookSender({ allowPrivate: true, resolve });
    // `pinned.example` exists only in this resolver: the request reaches the receiver through it.
    expect(await send(request(`http://pinned.example:${target.port}/hook`))).toMatchObject({
      ok: true,
      status: 200,
    });
    expect(await send(request(redirecting.url))).toMatchObject({ ok: false, status: 302, error: 'redirect' });
    expect(redirecting.hits).toHaveLength(1);
    expect(target.hits).toHaveLength(1);
  });

  it('accepts only https:// public addresses for an endpoint where private ones are not allowed', async () => {
    expect(acceptableEndpointUrl('http://hooks.example.com/x', false)).toBe('not_https');
    expect(acceptableEndpointUrl('https://127.0.0.1/x', false)).toBe('not_public');
    expect(acceptableEndpointUrl('https://[::1]/x', false)).toBe('not_public');
    expect(acceptableEndpointUrl('https://localhost:8443/x', false)).toBe('not_public');
    expect(acceptableEndpointUrl('https://hooks.example.com/x', false)).toBe('ok');
    expect(acceptableEndpointUrl('http://127.0.0.1:4000/x', true)).toBe('ok');
    const { token } = await artistWithCoins(ctx, 0);
    ctx.deps.config.webhookAllowPrivateUrls = false;
    try {
      for (const [url, key] of [
        ['http://hooks.example.com/x', 'webhooks.url_not_https'],
        ['https://169.254.169.254/x', 'webhooks.url_not_public'],
      ] as const) {
        const res = await ctx.call('POST', '/api/user/webhooks', {
          token,
          body: { url, events: ['ticket.replied'] },
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors.url).toEqual([t('en', key)]);
      }
    } finally {
      ctx.deps.config.webhookAllowPrivateUrls = true;
    }
    // Production refuses the development switch outright.
    expect(() => loadConfig({ ...PRODUCTION_ENV, WEBHOOK_ALLOW_PRIVATE_URLS: '1' })).toThrow(
      /WEBHOOK_ALLOW_PRIVATE_URLS/,
    );
    expect(loadConfig(PRODUCTION_ENV).webhookAllowPrivateUrls).toBe(false);
  });
});
