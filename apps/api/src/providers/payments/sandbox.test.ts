import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';
import type { CardWebhookEvent, CreateCheckoutInput, CreateOrderInput } from './contract';
import { createPaymentProviders, type PaymentProviders } from './index';
import captureEvent from './recorded/paypal-webhook-capture-completed.json' with { type: 'json' };
import approvedEvent from './recorded/paypal-webhook-order-approved.json' with { type: 'json' };
import { type SandboxCardDelivery, setSandboxEventSink, signSandboxCardEvent } from './sandbox-card';
import { signSandboxPayPalEvent } from './sandbox-paypal';

let ctx: TestContext;
let payments: PaymentProviders;
let key: string;

beforeAll(async () => {
  ctx = await createTestApp();
  payments = createPaymentProviders(ctx.deps.config, ctx.deps.database);
  key = ctx.deps.config.APP_KEY;
});
afterAll(() => ctx.close());
afterEach(() => setSandboxEventSink(undefined));

const APP = 'http://localhost:3000';

const checkoutInput = (overrides: Partial<CreateCheckoutInput> = {}): CreateCheckoutInput => ({
  amountMinor: 1250,
  currency: 'GBP',
  description: '125 Liberty Coins',
  successUrl: `${APP}/wallet/buy?payment=success&session_id={CHECKOUT_SESSION_ID}`,
  cancelUrl: `${APP}/wallet/buy?payment=cancelled`,
  clientReferenceId: 'pay_42',
  customerEmail: 'lena.lyric@gmail.com',
  metadata: { payment_id: '42' },
  idempotencyKey: randomUUID(),
  ...overrides,
});

const orderInput = (overrides: Partial<CreateOrderInput> = {}): CreateOrderInput => ({
  amountMinor: 1250,
  currency: 'GBP',
  description: '125 Liberty Coins',
  returnUrl: `${APP}/wallet/buy/paypal/return`,
  cancelUrl: `${APP}/wallet/buy?payment=cancelled`,
  customId: 'pay_43',
  requestId: randomUUID(),
  ...overrides,
});

/** Press a button of a sandbox page the way a browser does: an empty urlencoded form. */
const pressButton = (path: string) =>
  ctx.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });

/** A sink that records what it receives. */
function recordingSink() {
  const received: { event: CardWebhookEvent; delivery: SandboxCardDelivery }[] = [];
  setSandboxEventSink((event, delivery) => {
    received.push({ event, delivery });
  });
  return received;
}

describe('sandbox card checkout', () => {
  it('creates a session whose hosted page is labelled SANDBOX and shows the item and the price', async () => {
    const session = await payments.card.createCheckoutSession(checkoutInput());
    expect(payments.card.name).toBe('sandbox');
    expect(session).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotalMinor: 1250,
      currency: 'GBP',
      clientReferenceId: 'pay_42',
      metadata: { payment_id: '42' },
    });
    expect(session.id).toMatch(/^cs_sandbox_[0-9a-f]{32}$/);
    expect(session.url).toBe(`${ctx.deps.config.appUrl}/api/sandbox/checkout/${session.id}`);

    const page = await ctx.call('GET', `/api/sandbox/checkout/${session.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('125 Liberty Coins');
    expect(page.body).toContain('£12.50');
    for (const step of ['complete', 'fail', 'cancel']) {
      expect(page.body).toContain(`action="/api/sandbox/checkout/${session.id}/${step}"`);
    }
    expect(page.headers['content-security-policy']).toContain(`form-action 'self' ${APP}`);
  });

  it('escapes what it shows', async () => {
    const session = await payments.card.createCheckoutSession(
      checkoutInput({ description: '<script>alert(1)</script>' }),
    );
    const page = await ctx.call('GET', `/api/sandbox/checkout/${session.id}`);
    expect(page.body).not.toContain('<script>alert(1)</script>');
  });

  it('answers the first session again for a retried create with the same idempotency key', async () => {
    const input = checkoutInput();
    const first = await payments.card.createCheckoutSession(input);
    const again = await payments.card.createCheckoutSession({ ...input, amountMinor: 9999 });
    expect(again.id).toBe(first.id);
    expect(again.amountTotalMinor).toBe(1250);
  });

  it('completes once: paid, redirected with the session id, one signed checkout.session.completed event', async () => {
    const received = recordingSink();
    const session = await payments.card.createCheckoutSession(checkoutInput());

    const res = await pressButton(`/api/sandbox/checkout/${session.id}/complete`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${APP}/wallet/buy?payment=success&session_id=${session.id}`);
    expect(await payments.card.retrieveCheckoutSession(session.id)).toMatchObject({
      status: 'complete',
      paymentStatus: 'paid',
      url: null,
    });

    expect(received).toHaveLength(1);
    const [{ event, delivery }] = received as [(typeof received)[0]];
    expect(event).toMatchObject({ type: 'checkout.session.completed', sessionId: session.id });
    // The delivery is what a webhook endpoint would receive: it verifies with the provider.
    expect(await payments.card.verifyWebhook(delivery.rawBody, delivery.signatureHeader)).toEqual(event);

    // Completing again (here as JSON) redirects the same way and changes nothing.
    const again = await ctx.call('POST', `/api/sandbox/checkout/${session.id}/complete`, { body: {} });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe(res.headers.location);
    expect(received).toHaveLength(1);
  });

  it('delivers one event however many completes race', async () => {
    const received = recordingSink();
    const session = await payments.card.createCheckoutSession(checkoutInput());
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => pressButton(`/api/sandbox/checkout/${session.id}/complete`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(302));
    expect(received).toHaveLength(1);
  });

  it('redelivers the same event when the sink failed, and only then', async () => {
    let calls = 0;
    const ids: string[] = [];
    setSandboxEventSink((event) => {
      calls += 1;
      ids.push(event.id);
      if (calls === 1) throw new Error('platform down');
    });
    const session = await payments.card.createCheckoutSession(checkoutInput());
    const failed = await pressButton(`/api/sandbox/checkout/${session.id}/complete`);
    expect(failed.statusCode).toBe(502);
    expect((await payments.card.retrieveCheckoutSession(session.id)).paymentStatus).toBe('paid');

    expect((await pressButton(`/api/sandbox/checkout/${session.id}/complete`)).statusCode).toBe(302);
    expect((await pressButton(`/api/sandbox/checkout/${session.id}/complete`)).statusCode).toBe(302);
    expect(calls).toBe(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('fail: stays unpaid, expires, back to the cancel URL marked failed; it cannot be paid afterwards', async () => {
    const received = recordingSink();
    const session = await payments.card.createCheckoutSession(checkoutInput());
    const res = await pressButton(`/api/sandbox/checkout/${session.id}/fail`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${APP}/wallet/buy?payment=cancelled&sandbox_result=failed`);
    expect(await payments.card.retrieveCheckoutSession(session.id)).toMatchObject({
      status: 'expired',
      paymentStatus: 'unpaid',
    });
    expect(received.map((r) => r.event.type)).toEqual(['checkout.session.expired']);

    const pay = await pressButton(`/api/sandbox/checkout/${session.id}/complete`);
    expect(pay.statusCode).toBe(409);
    expect((await payments.card.retrieveCheckoutSession(session.id)).paymentStatus).toBe('unpaid');
  });

  it('cancel: back to the cancel URL, the session stays open and payable', async () => {
    const received = recordingSink();
    const session = await payments.card.createCheckoutSession(checkoutInput());
    const res = await pressButton(`/api/sandbox/checkout/${session.id}/cancel`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${APP}/wallet/buy?payment=cancelled`);
    expect((await payments.card.retrieveCheckoutSession(session.id)).status).toBe('open');
    expect(received).toHaveLength(0);
  });

  it('answers 404 for an unknown session, and the provider throws', async () => {
    expect((await ctx.call('GET', '/api/sandbox/checkout/cs_sandbox_nope')).statusCode).toBe(404);
    expect((await pressButton('/api/sandbox/checkout/cs_sandbox_nope/complete')).statusCode).toBe(404);
    await expect(payments.card.retrieveCheckoutSession('cs_sandbox_nope')).rejects.toThrow(/No such/);
  });

  it('refuses what Stripe would refuse', async () => {
    await expect(payments.card.createCheckoutSession(checkoutInput({ amountMinor: 0 }))).rejects.toThrow();
    await expect(
      payments.card.createCheckoutSession(checkoutInput({ successUrl: '/relative' })),
    ).rejects.toThrow();
  });
});

describe('sandbox card webhook signatures', () => {
  const body = JSON.stringify({
    id: 'evt_sandbox_test',
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: 'cs_sandbox_abc', object: 'checkout.session' } },
  });

  it('verifies a good signature', async () => {
    expect(await payments.card.verifyWebhook(Buffer.from(body), signSandboxCardEvent(key, body))).toEqual({
      id: 'evt_sandbox_test',
      type: 'checkout.session.completed',
      sessionId: 'cs_sandbox_abc',
    });
  });

  it('refuses a tampered body, another key, an old timestamp, a missing or malformed header', async () => {
    const header = signSandboxCardEvent(key, body);
    const tampered = body.replace('cs_sandbox_abc', 'cs_sandbox_xyz');
    await expect(payments.card.verifyWebhook(Buffer.from(tampered), header)).rejects.toThrow(
      /does not match/,
    );
    await expect(
      payments.card.verifyWebhook(Buffer.from(body), signSandboxCardEvent(`${key}-other`, body)),
    ).rejects.toThrow(/does not match/);
    const old = signSandboxCardEvent(key, body, Date.now() - 6 * 60_000);
    await expect(payments.card.verifyWebhook(Buffer.from(body), old)).rejects.toThrow(/tolerance/);
    await expect(payments.card.verifyWebhook(Buffer.from(body), undefined)).rejects.toThrow(
      /Sandbox-Signature/,
    );
    await expect(payments.card.verifyWebhook(Buffer.from(body), 't=1,v1=zz')).rejects.toThrow(/malformed/);
  });
});

describe('sandbox PayPal', () => {
  it('creates an order with an approval page labelled SANDBOX', async () => {
    const order = await payments.paypal.createOrder(orderInput());
    expect(payments.paypal.name).toBe('sandbox');
    expect(order).toMatchObject({
      status: 'CREATED',
      amountMinor: 1250,
      currency: 'GBP',
      customId: 'pay_43',
      captureId: null,
      captureStatus: null,
    });
    expect(order.id).toMatch(/^SANDBOX-[0-9A-F]{16}$/);
    expect(order.approveUrl).toBe(`${ctx.deps.config.appUrl}/api/sandbox/paypal/${order.id}`);

    const page = await ctx.call('GET', `/api/sandbox/paypal/${order.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('£12.50');
    expect(page.body).toContain(`action="/api/sandbox/paypal/${order.id}/approve"`);
    expect(page.body).toContain(`action="/api/sandbox/paypal/${order.id}/cancel"`);
  });

  it('refuses to capture before approval, then approves, captures once and answers the capture again', async () => {
    const order = await payments.paypal.createOrder(orderInput());
    await expect(payments.paypal.captureOrder(order.id, randomUUID())).rejects.toThrow(
      /^ORDER_NOT_APPROVED$/,
    );

    const res = await pressButton(`/api/sandbox/paypal/${order.id}/approve`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      `${APP}/wallet/buy/paypal/return?token=${order.id}&PayerID=SANDBOXPAYER`,
    );
    expect((await payments.paypal.getOrder(order.id)).status).toBe('APPROVED');
    // Approving twice is harmless.
    expect((await pressButton(`/api/sandbox/paypal/${order.id}/approve`)).headers.location).toBe(
      res.headers.location,
    );

    const captured = await payments.paypal.captureOrder(order.id, randomUUID());
    expect(captured).toMatchObject({ status: 'COMPLETED', captureStatus: 'COMPLETED', approveUrl: null });
    expect(captured.captureId).toBeTruthy();
    const again = await payments.paypal.captureOrder(order.id, randomUUID());
    expect(again.captureId).toBe(captured.captureId);
  });

  it('captures once however many captures race', async () => {
    const order = await payments.paypal.createOrder(orderInput());
    await pressButton(`/api/sandbox/paypal/${order.id}/approve`);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => payments.paypal.captureOrder(order.id, randomUUID())),
    );
    expect(new Set(results.map((r) => r.captureId)).size).toBe(1);
  });

  it('cancel: back to the cancel URL with the token, the order stays as it was', async () => {
    const order = await payments.paypal.createOrder(orderInput());
    const res = await ctx.call('POST', `/api/sandbox/paypal/${order.id}/cancel`, { body: {} });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${APP}/wallet/buy?payment=cancelled&token=${order.id}`);
    expect((await payments.paypal.getOrder(order.id)).status).toBe('CREATED');
  });

  it('answers the first order again for a retried create with the same PayPal-Request-Id', async () => {
    const input = orderInput();
    const first = await payments.paypal.createOrder(input);
    expect((await payments.paypal.createOrder(input)).id).toBe(first.id);
  });

  it('answers 404 for an unknown order', async () => {
    expect((await ctx.call('GET', '/api/sandbox/paypal/SANDBOX-NOPE')).statusCode).toBe(404);
    expect((await pressButton('/api/sandbox/paypal/SANDBOX-NOPE/approve')).statusCode).toBe(404);
    await expect(payments.paypal.getOrder('SANDBOX-NOPE')).rejects.toThrow(/RESOURCE_NOT_FOUND/);
  });

  it('verifies signed PayPal-shaped events and refuses tampered ones', async () => {
    const capture = JSON.stringify(captureEvent);
    const header = signSandboxPayPalEvent(key, capture);
    expect(
      await payments.paypal.verifyWebhook({ 'sandbox-signature': header }, Buffer.from(capture)),
    ).toEqual({
      id: captureEvent.id,
      eventType: 'PAYMENT.CAPTURE.COMPLETED',
      orderId: '5O190127TN364715T',
    });
    const approved = JSON.stringify(approvedEvent);
    expect(
      await payments.paypal.verifyWebhook(
        { 'sandbox-signature': signSandboxPayPalEvent(key, approved) },
        Buffer.from(approved),
      ),
    ).toMatchObject({ eventType: 'CHECKOUT.ORDER.APPROVED', orderId: '5O190127TN364715T' });

    const tampered = capture.replace('"12.50"', '"1250.00"');
    await expect(
      payments.paypal.verifyWebhook({ 'sandbox-signature': header }, Buffer.from(tampered)),
    ).rejects.toThrow(/does not match/);
    await expect(payments.paypal.verifyWebhook({}, Buffer.from(capture))).rejects.toThrow(
      /Sandbox-Signature/,
    );
  });
});

describe('sandbox pages while real providers are configured', () => {
  it('answer 404', async () => {
    const real = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_configured',
        STRIPE_WEBHOOK_SECRET: 'whsec_configured',
        PAYPAL_CLIENT_ID: 'client',
        PAYPAL_CLIENT_SECRET: 'secret',
        PAYPAL_WEBHOOK_ID: 'WH-ID',
      },
    });
    try {
      const providers = createPaymentProviders(real.deps.config, real.deps.database);
      expect(providers.card.name).toBe('stripe');
      expect(providers.paypal.name).toBe('paypal');
      const session = await payments.card.createCheckoutSession(checkoutInput());
      expect((await real.call('GET', `/api/sandbox/checkout/${session.id}`)).statusCode).toBe(404);
      expect(
        (await real.call('POST', `/api/sandbox/checkout/${session.id}/complete`, { body: {} })).statusCode,
      ).toBe(404);
      expect((await real.call('GET', '/api/sandbox/paypal/SANDBOX-ANY')).statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });

  it('refuse a half-configured provider', () => {
    const config = { ...ctx.deps.config, STRIPE_SECRET_KEY: 'sk_test_only' };
    expect(() => createPaymentProviders(config, ctx.deps.database)).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});
