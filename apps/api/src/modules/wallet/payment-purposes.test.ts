import { afterEach, describe, expect, it } from 'vitest';
import { coinPurchasesOf } from '../../test/coins';
import { testAppForFile } from '../../test/harness';
import { walletBalance } from './ledger';
import {
  type PaymentPurpose,
  type PurposePayment,
  purposeOf,
  registerPaymentPurpose,
} from './payment-purposes';
import { startCheckout } from './payments.service';
import { sendSignedWebhook } from './payments.test-helpers';

// A purpose that exists only in this file: the wallet must run it through its registry alone, the
// way it runs the campaign modules' purposes, without knowing what was bought.
let calls: PurposePayment[] = [];
let unregister: (() => void) | null = null;
const fakePurpose: PaymentPurpose = {
  name: 'test_fake_order',
  claims: (meta) => typeof meta.fake_order_id === 'number',
  async onCredited(_deps, payment) {
    calls.push(payment);
    // Long enough for concurrent callers to overlap with the handler.
    await new Promise((resolve) => setTimeout(resolve, 20));
  },
};

const ctx = testAppForFile();
afterEach(() => {
  unregister?.();
  unregister = null;
  calls = [];
});

const COINS = 120;
async function artist() {
  const user = await ctx.makeUser({ userTypeId: 1 });
  return { user, token: await ctx.loginUser(user.email) };
}
/** A paid card session for `meta` (the sandbox session marked paid, as the hosted page would). */
async function paidCardPayment(userId: number, email: string, meta: Record<string, unknown>) {
  const r = await startCheckout(ctx.deps, userId, { coins: COINS }, 'card', email, {
    meta,
    returnPath: '/fake/orders',
  });
  await ctx.deps.database.pool.query(
    `update sandbox_checkout_sessions set status = 'complete', payment_status = 'paid' where id = $1`,
    [r.ref],
  );
  return r;
}

describe('payment purposes registered by the modules built on the wallet', () => {
  it('runs a purpose once across concurrent return calls, cancel-URL returns and webhook replays', async () => {
    unregister = registerPaymentPurpose(fakePurpose);
    const { user, token } = await artist();
    const r = await paidCardPayment(user.id, user.email, { fake_order_id: 42 });
    const event = (n: number) => {
      const body = JSON.stringify({
        id: `evt_fake_${r.ref}_${n % 3}`,
        type: 'checkout.session.completed',
        data: { object: { id: r.ref, object: 'checkout.session' } },
      });
      return sendSignedWebhook(ctx, 'card', body);
    };
    const results = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        i % 3 === 0
          ? ctx.call('POST', '/api/stripe/checkout/check/pay', { token, body: { session_id: r.ref } })
          : i % 3 === 1
            ? ctx.call('POST', '/api/stripe/checkout/check/cancel', {
                token,
                body: { payment_id: r.paymentId },
              })
            : event(i),
      ),
    );
    expect(results.filter((res) => res.statusCode !== 200).map((res) => res.body)).toEqual([]);
    for (let i = 0; i < 5; i++) await event(i);
    expect(calls).toEqual([{ id: r.paymentId, userId: user.id, meta: { fake_order_id: 42 } }]);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(COINS);
    expect(await coinPurchasesOf(ctx, user.id)).toBe(1);
  });

  it('runs a purpose once for a PayPal payment across concurrent callbacks and webhooks', async () => {
    unregister = registerPaymentPurpose(fakePurpose);
    const { user, token } = await artist();
    const r = await startCheckout(ctx.deps, user.id, { coins: COINS }, 'paypal', user.email, {
      meta: { fake_order_id: 7 },
      returnPath: '/fake/orders',
    });
    expect((await ctx.call('POST', `/api/sandbox/paypal/${r.ref}/approve`, { body: {} })).statusCode).toBe(
      302,
    );
    const body = JSON.stringify({
      id: `WH-fake-${r.ref}`,
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: r.ref },
    });
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 2 === 0
          ? ctx.call('POST', '/api/payments/paypal/callback/url', { token, body: { order_id: r.ref } })
          : sendSignedWebhook(ctx, 'paypal', body),
      ),
    );
    expect(results.filter((res) => res.statusCode !== 200).map((res) => res.body)).toEqual([]);
    expect(calls.map((c) => c.id)).toEqual([r.paymentId]);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(COINS);
  });

  it('credits a campaign payment no registered purpose claims as coins, and runs no purpose for it', async () => {
    unregister = registerPaymentPurpose(fakePurpose);
    const { user, token } = await artist();
    const r = await paidCardPayment(user.id, user.email, { some_other_order_id: 3 });
    const res = await ctx.call('POST', '/api/stripe/checkout/check/pay', {
      token,
      body: { session_id: r.ref },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'paid', coins: COINS, balance: COINS });
    expect(calls).toEqual([]);
    expect(await coinPurchasesOf(ctx, user.id)).toBe(1);
  });

  it('no longer runs a purpose once it is unregistered, and refuses two purposes claiming one payment', async () => {
    const restore = registerPaymentPurpose(fakePurpose);
    expect(purposeOf({ purpose: 'campaign', meta: { fake_order_id: 1 } })?.name).toBe('test_fake_order');
    // A coin purchase has no purpose, whatever its meta says.
    expect(purposeOf({ purpose: 'coins', meta: { fake_order_id: 1 } })).toBeNull();
    unregister = registerPaymentPurpose({ ...fakePurpose, name: 'test_fake_order_twin' });
    expect(() => purposeOf({ purpose: 'campaign', meta: { fake_order_id: 1 } })).toThrow(
      /claim the same payment/,
    );
    unregister();
    unregister = null;
    restore();
    expect(purposeOf({ purpose: 'campaign', meta: { fake_order_id: 1 } })).toBeNull();
  });

  it('has the campaign modules registered at boot: express requests and custom campaigns', () => {
    expect(
      purposeOf({ purpose: 'campaign', meta: { track_link: 'https://open.spotify.com/track/x' } })?.name,
    ).toBe('express_campaigns');
    expect(purposeOf({ purpose: 'campaign', meta: { custom_campaign_id: 5 } })?.name).toBe('custom_campaign');
  });
});
