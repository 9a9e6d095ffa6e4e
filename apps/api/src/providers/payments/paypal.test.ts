import { describe, expect, it } from 'vitest';
import { type RecordedAnswer, replayFetch } from '../../test/replay-fetch';
import type { CreateOrderInput } from './contract';
import { createPayPalProvider, PAYPAL_API_BASE } from './paypal';
import alreadyCaptured from './recorded/paypal-capture-already-captured.json' with { type: 'json' };
import notApproved from './recorded/paypal-capture-not-approved.json' with { type: 'json' };
import orderApproved from './recorded/paypal-order-approved.json' with { type: 'json' };
import orderCaptured from './recorded/paypal-order-captured.json' with { type: 'json' };
import orderCreated from './recorded/paypal-order-created.json' with { type: 'json' };
import orderNotFound from './recorded/paypal-order-not-found.json' with { type: 'json' };
import token from './recorded/paypal-token.json' with { type: 'json' };
import verifyFailure from './recorded/paypal-verify-failure.json' with { type: 'json' };
import verifySuccess from './recorded/paypal-verify-success.json' with { type: 'json' };
import captureCompletedEvent from './recorded/paypal-webhook-capture-completed.json' with { type: 'json' };
import orderApprovedEvent from './recorded/paypal-webhook-order-approved.json' with { type: 'json' };

const API = PAYPAL_API_BASE.sandbox;
const ORDER_ID = orderCreated.id;

/**
 * A fetch replaying recorded answers of PayPal's documented endpoints, keyed by `METHOD path`; a call
 * to another host is not recorded. A list answers in turn (the last one repeats).
 */
function replay(routes: Record<string, RecordedAnswer | RecordedAnswer[]>) {
  return replayFetch(routes, {
    keyOf: (req) => (req.url.origin === API ? `${req.method} ${req.url.pathname}` : 'elsewhere'),
    headers: { 'paypal-debug-id': 'recorded' },
  });
}

const TOKEN = { 'POST /v1/oauth2/token': { status: 200, body: token } };

function provider(fetchImpl: typeof fetch) {
  return createPayPalProvider({
    clientId: 'client-id',
    clientSecret: 'client-secret',
    webhookId: '1JE4291016473214C',
    environment: 'sandbox',
    fetch: fetchImpl,
  });
}

const input: CreateOrderInput = {
  amountMinor: 1250,
  currency: 'GBP',
  description: '125 Liberty Coins',
  returnUrl: 'http://localhost:3000/wallet/buy/paypal/return',
  cancelUrl: 'http://localhost:3000/wallet/buy?payment=cancelled',
  customId: 'pay_42',
  requestId: 'payment-42-paypal-create',
};

describe('PayPal provider against recorded responses', () => {
  it('creates a CAPTURE order with the amount as a decimal string, and maps the payer-action link', async () => {
    const { fetchImpl, requests } = replay({
      ...TOKEN,
      'POST /v2/checkout/orders': { status: 201, body: orderCreated },
    });
    const order = await provider(fetchImpl).createOrder(input);
    expect(order).toEqual({
      id: ORDER_ID,
      status: 'PAYER_ACTION_REQUIRED',
      approveUrl: `https://www.sandbox.paypal.com/checkoutnow?token=${ORDER_ID}`,
      amountMinor: 1250,
      currency: 'GBP',
      customId: 'pay_42',
      captureId: null,
      captureStatus: null,
    });

    const [tokenReq, createReq] = requests;
    expect(tokenReq?.url.href).toBe(`${API}/v1/oauth2/token`);
    expect(tokenReq?.headers.get('authorization')).toBe(
      `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`,
    );
    expect(new URLSearchParams(tokenReq?.body).get('grant_type')).toBe('client_credentials');

    expect(createReq?.headers.get('authorization')).toBe(`Bearer ${token.access_token}`);
    expect(createReq?.headers.get('paypal-request-id')).toBe('payment-42-paypal-create');
    expect(createReq?.headers.get('prefer')).toBe('return=representation');
    expect(JSON.parse(createReq?.body ?? '')).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: { currency_code: 'GBP', value: '12.50' },
          custom_id: 'pay_42',
          description: '125 Liberty Coins',
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            shipping_preference: 'NO_SHIPPING',
            user_action: 'PAY_NOW',
          },
        },
      },
    });
  });

  it('maps an "approve" link too (orders made with application_context)', async () => {
    const legacy = {
      ...orderCreated,
      status: 'CREATED',
      links: [
        orderCreated.links[0],
        {
          href: `https://www.sandbox.paypal.com/checkoutnow?token=${ORDER_ID}`,
          rel: 'approve',
          method: 'GET',
        },
      ],
    };
    const { fetchImpl } = replay({
      ...TOKEN,
      [`GET /v2/checkout/orders/${ORDER_ID}`]: { status: 200, body: legacy },
    });
    const order = await provider(fetchImpl).getOrder(ORDER_ID);
    expect(order.approveUrl).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${ORDER_ID}`);
    expect(order.status).toBe('CREATED');
  });

  it('reads an approved order and reuses the access token', async () => {
    const { fetchImpl, requests } = replay({
      ...TOKEN,
      [`GET /v2/checkout/orders/${ORDER_ID}`]: { status: 200, body: orderApproved },
    });
    const paypal = provider(fetchImpl);
    await paypal.getOrder(ORDER_ID);
    const order = await paypal.getOrder(ORDER_ID);
    expect(order).toMatchObject({ id: ORDER_ID, status: 'APPROVED', approveUrl: null, amountMinor: 1250 });
    expect(requests.filter((r) => r.url.pathname.endsWith('/v1/oauth2/token'))).toHaveLength(1);
  });

  it('captures an approved order with the PayPal-Request-Id', async () => {
    const { fetchImpl, requests } = replay({
      ...TOKEN,
      [`POST /v2/checkout/orders/${ORDER_ID}/capture`]: { status: 201, body: orderCaptured },
    });
    const order = await provider(fetchImpl).captureOrder(ORDER_ID, 'payment-42-paypal-capture');
    expect(order).toMatchObject({
      id: ORDER_ID,
      status: 'COMPLETED',
      captureId: '3C679366HH908993F',
      captureStatus: 'COMPLETED',
      customId: 'pay_42',
      amountMinor: 1250,
    });
    const capture = requests.at(-1);
    expect(capture?.headers.get('paypal-request-id')).toBe('payment-42-paypal-capture');
  });

  it('answers an already captured order by fetching it (422 ORDER_ALREADY_CAPTURED)', async () => {
    const { fetchImpl, requests } = replay({
      ...TOKEN,
      [`POST /v2/checkout/orders/${ORDER_ID}/capture`]: { status: 422, body: alreadyCaptured },
      [`GET /v2/checkout/orders/${ORDER_ID}`]: { status: 200, body: orderCaptured },
    });
    const order = await provider(fetchImpl).captureOrder(ORDER_ID, 'payment-42-paypal-capture');
    expect(order).toMatchObject({ status: 'COMPLETED', captureId: '3C679366HH908993F' });
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
      'POST /v1/oauth2/token',
      `POST /v2/checkout/orders/${ORDER_ID}/capture`,
      `GET /v2/checkout/orders/${ORDER_ID}`,
    ]);
  });

  it('refuses to capture an order the payer has not approved', async () => {
    const { fetchImpl } = replay({
      ...TOKEN,
      [`POST /v2/checkout/orders/${ORDER_ID}/capture`]: { status: 422, body: notApproved },
    });
    await expect(provider(fetchImpl).captureOrder(ORDER_ID, 'r')).rejects.toThrow(/^ORDER_NOT_APPROVED$/);
  });

  it('names the operation and the issue when PayPal refuses', async () => {
    const { fetchImpl } = replay({
      ...TOKEN,
      'GET /v2/checkout/orders/UNKNOWN0000000000': { status: 404, body: orderNotFound },
    });
    await expect(provider(fetchImpl).getOrder('UNKNOWN0000000000')).rejects.toThrow(
      'paypal getOrder failed: 404 INVALID_RESOURCE_ID',
    );
  });

  describe('webhooks', () => {
    const headers = {
      'paypal-transmission-id': '69cd13f0-d67a-11e5-baa3-778b53f4ae55',
      'paypal-transmission-time': '2026-01-01T10:02:15Z',
      'paypal-transmission-sig':
        'lmI95Jx3Y9nhR5SJWlHVIWpg4AgFk7n9bCHSRxbrd8A9zrhdu2rMyFrmz+Zjh3s3boXB07VXCXUZy==',
      'paypal-cert-url':
        'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-1d93a270',
      'paypal-auth-algo': 'SHA256withRSA',
      'content-type': 'application/json',
    };

    it('asks PayPal to verify the delivery and maps PAYMENT.CAPTURE.COMPLETED to its order', async () => {
      const { fetchImpl, requests } = replay({
        ...TOKEN,
        'POST /v1/notifications/verify-webhook-signature': { status: 200, body: verifySuccess },
      });
      // PayPal's own formatting, kept byte for byte in the verification request.
      const raw = Buffer.from(JSON.stringify(captureCompletedEvent, null, 1));
      const event = await provider(fetchImpl).verifyWebhook(headers, raw);
      expect(event).toEqual({
        id: captureCompletedEvent.id,
        eventType: 'PAYMENT.CAPTURE.COMPLETED',
        orderId: ORDER_ID,
      });
      const verify = requests.at(-1)!;
      expect(verify.headers.get('authorization')).toBe(`Bearer ${token.access_token}`);
      const body = JSON.parse(verify.body);
      expect(body).toEqual({
        transmission_id: headers['paypal-transmission-id'],
        transmission_time: headers['paypal-transmission-time'],
        transmission_sig: headers['paypal-transmission-sig'],
        cert_url: headers['paypal-cert-url'],
        auth_algo: 'SHA256withRSA',
        webhook_id: '1JE4291016473214C',
        webhook_event: captureCompletedEvent,
      });
      expect(verify.body).toContain(`"webhook_event":${raw.toString('utf8')}}`);
    });

    it('maps CHECKOUT.ORDER.APPROVED to the order it is about', async () => {
      const { fetchImpl } = replay({
        ...TOKEN,
        'POST /v1/notifications/verify-webhook-signature': { status: 200, body: verifySuccess },
      });
      const raw = Buffer.from(JSON.stringify(orderApprovedEvent));
      expect(await provider(fetchImpl).verifyWebhook(headers, raw)).toEqual({
        id: orderApprovedEvent.id,
        eventType: 'CHECKOUT.ORDER.APPROVED',
        orderId: ORDER_ID,
      });
    });

    it('refuses a delivery PayPal answers FAILURE for', async () => {
      const { fetchImpl } = replay({
        ...TOKEN,
        'POST /v1/notifications/verify-webhook-signature': { status: 200, body: verifyFailure },
      });
      const raw = Buffer.from(JSON.stringify(captureCompletedEvent));
      await expect(provider(fetchImpl).verifyWebhook(headers, raw)).rejects.toThrow(/FAILURE/);
    });

    it('refuses a delivery without the transmission headers, without asking PayPal', async () => {
      const { fetchImpl, requests } = replay({ ...TOKEN });
      const { 'paypal-transmission-sig': _sig, ...unsigned } = headers;
      const raw = Buffer.from(JSON.stringify(captureCompletedEvent));
      await expect(provider(fetchImpl).verifyWebhook(unsigned, raw)).rejects.toThrow(
        /paypal-transmission-sig/,
      );
      expect(requests).toHaveLength(0);
    });
  });
});
