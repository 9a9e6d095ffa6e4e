import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { type RecordedAnswer, replayFetch } from '../../test/replay-fetch';
import type { CreateCheckoutInput } from './contract';
import sessionCompleted from './recorded/stripe-checkout-session-completed.json' with { type: 'json' };
import sessionCreated from './recorded/stripe-checkout-session-created.json' with { type: 'json' };
import sessionDeclined from './recorded/stripe-checkout-session-declined.json' with { type: 'json' };
import eventCompleted from './recorded/stripe-event-checkout-session-completed.json' with { type: 'json' };
import eventPaymentIntent from './recorded/stripe-event-payment-intent-succeeded.json' with { type: 'json' };
import invalidRequest from './recorded/stripe-invalid-request.json' with { type: 'json' };
import { createStripeProvider } from './stripe';

const SECRET_KEY = 'sk_test_recorded';
const WEBHOOK_SECRET = 'whsec_recorded_0123456789';
const API = 'https://api.stripe.com';

/** A fetch replaying recorded answers of Stripe's documented endpoints, keyed by `METHOD origin+path`. */
function replay(routes: Record<string, RecordedAnswer>) {
  return replayFetch(routes, {
    keyOf: (req) => `${req.method} ${req.url.origin}${req.url.pathname}`,
    headers: { 'request-id': 'req_recorded' },
  });
}

const input: CreateCheckoutInput = {
  amountMinor: 1250,
  currency: 'GBP',
  description: '125 Liberty Coins',
  successUrl: 'http://localhost:3000/wallet/buy?payment=success&session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'http://localhost:3000/wallet/buy?payment=cancelled',
  clientReferenceId: 'pay_42',
  customerEmail: 'lena.lyric@gmail.com',
  metadata: { payment_id: '42', coins: '125' },
  idempotencyKey: 'payment-42-checkout',
};

describe('Stripe card provider against recorded responses', () => {
  it('creates a Checkout Session with one inline-priced line item and the idempotency key', async () => {
    const { fetchImpl, requests } = replay({
      [`POST ${API}/v1/checkout/sessions`]: { status: 200, body: sessionCreated },
    });
    const stripe = createStripeProvider(SECRET_KEY, WEBHOOK_SECRET, { fetch: fetchImpl });
    const session = await stripe.createCheckoutSession(input);

    expect(session).toEqual({
      id: sessionCreated.id,
      url: sessionCreated.url,
      status: 'open',
      paymentStatus: 'unpaid',
      amountTotalMinor: 1250,
      currency: 'GBP',
      clientReferenceId: 'pay_42',
      metadata: { payment_id: '42', coins: '125' },
      paymentError: null,
    });
    expect(requests).toHaveLength(1);
    const [req] = requests;
    expect(req?.method).toBe('POST');
    expect(req?.headers.get('idempotency-key')).toBe('payment-42-checkout');
    expect(req?.headers.get('authorization')).toBe(`Bearer ${SECRET_KEY}`);
    expect(req?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(req?.body);
    expect(Object.fromEntries(form)).toEqual({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'gbp',
      'line_items[0][price_data][unit_amount]': '1250',
      'line_items[0][price_data][product_data][name]': '125 Liberty Coins',
      client_reference_id: 'pay_42',
      'metadata[payment_id]': '42',
      'metadata[coins]': '125',
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      customer_email: 'lena.lyric@gmail.com',
    });
  });

  it('leaves customer_email out when there is none', async () => {
    const { fetchImpl, requests } = replay({
      [`POST ${API}/v1/checkout/sessions`]: { status: 200, body: sessionCreated },
    });
    const stripe = createStripeProvider(SECRET_KEY, WEBHOOK_SECRET, { fetch: fetchImpl });
    await stripe.createCheckoutSession({ ...input, customerEmail: undefined });
    expect(new URLSearchParams(requests[0]?.body).has('customer_email')).toBe(false);
  });

  it('retrieves a paid session', async () => {
    const { fetchImpl, requests } = replay({
      [`GET ${API}/v1/checkout/sessions/${sessionCompleted.id}`]: { status: 200, body: sessionCompleted },
    });
    const stripe = createStripeProvider(SECRET_KEY, WEBHOOK_SECRET, { fetch: fetchImpl });
    const session = await stripe.retrieveCheckoutSession(sessionCompleted.id);
    expect(session).toMatchObject({
      id: sessionCompleted.id,
      url: null,
      status: 'complete',
      paymentStatus: 'paid',
      amountTotalMinor: 1250,
      currency: 'GBP',
      clientReferenceId: 'pay_42',
    });
    expect(requests[0]?.method).toBe('GET');
  });

  it("reads a declined attempt on a still-open session from the expanded payment intent's last error", async () => {
    const { fetchImpl, requests } = replay({
      [`GET ${API}/v1/checkout/sessions/${sessionDeclined.id}`]: { status: 200, body: sessionDeclined },
    });
    const stripe = createStripeProvider(SECRET_KEY, WEBHOOK_SECRET, { fetch: fetchImpl });
    const session = await stripe.retrieveCheckoutSession(sessionDeclined.id);
    expect(session).toMatchObject({
      status: 'open',
      paymentStatus: 'unpaid',
      paymentError: { code: 'card_declined', declineCode: 'generic_decline' },
    });
    expect(new URL(requests[0]!.url).searchParams.get('expand[0]')).toBe('payment_intent');
  });

  it("rejects an unknown session with Stripe's error", async () => {
    const { fetchImpl } = replay({
      [`GET ${API}/v1/checkout/sessions/cs_test_missing`]: { status: 404, body: invalidRequest },
    });
    const stripe = createStripeProvider(SECRET_KEY, WEBHOOK_SECRET, { fetch: fetchImpl });
    await expect(stripe.retrieveCheckoutSession('cs_test_missing')).rejects.toThrow(
      /No such checkout.session/,
    );
  });

  describe('webhooks', () => {
    const stripe = createStripeProvider(SECRET_KEY, WEBHOOK_SECRET);
    const payload = JSON.stringify(eventCompleted);
    const sign = (body: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp });

    it('parses a correctly signed checkout.session.completed event', async () => {
      expect(await stripe.verifyWebhook(Buffer.from(payload), sign(payload))).toEqual({
        id: eventCompleted.id,
        type: 'checkout.session.completed',
        sessionId: sessionCompleted.id,
      });
    });

    it('has no session id for events about other objects', async () => {
      const other = JSON.stringify(eventPaymentIntent);
      expect(await stripe.verifyWebhook(Buffer.from(other), sign(other))).toEqual({
        id: eventPaymentIntent.id,
        type: 'payment_intent.succeeded',
        sessionId: null,
      });
    });

    it('refuses a signature made with another secret', async () => {
      await expect(
        stripe.verifyWebhook(Buffer.from(payload), sign(payload, 'whsec_other')),
      ).rejects.toThrow();
    });

    it('refuses a tampered body', async () => {
      const tampered = payload.replace('"amount_total":1250', '"amount_total":99999');
      expect(tampered).not.toBe(payload);
      await expect(stripe.verifyWebhook(Buffer.from(tampered), sign(payload))).rejects.toThrow();
    });

    it('refuses a missing header and a signature older than the tolerance', async () => {
      await expect(stripe.verifyWebhook(Buffer.from(payload), undefined)).rejects.toThrow(/Stripe-Signature/);
      const old = Math.floor(Date.now() / 1000) - 600;
      await expect(
        stripe.verifyWebhook(Buffer.from(payload), sign(payload, WEBHOOK_SECRET, old)),
      ).rejects.toThrow();
    });
  });
});
