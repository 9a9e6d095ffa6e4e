import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { signSandboxCardEvent } from '../../providers/payments/sandbox-card';
import { coinPurchasesOf } from '../../test/coins';
import { testAppForFile } from '../../test/harness';
import { getSettings } from '../settings/settings.service';
import { credit, DESC, walletBalance } from './ledger';
import { sendSignedWebhook } from './payments.test-helpers';
import { DEMO_PACKAGES, seedWalletDemo } from './wallet.demo';

let packageId: number;
const pkg = DEMO_PACKAGES[1]; // 500 + 25 bonus coins for £475.00

const ctx = testAppForFile();
beforeAll(async () => {
  await seedWalletDemo(ctx.deps.database);
  const res = await ctx.deps.database.pool.query('select id from coin_packages where name = $1', [pkg.name]);
  packageId = res.rows[0].id;
});

const coins = pkg.coins + pkg.bonusCoins;
async function artist() {
  const user = await ctx.makeUser({ userTypeId: 1 });
  return { user, token: await ctx.loginUser(user.email) };
}
async function startCard(token: string) {
  const res = await ctx.call('POST', '/api/stripe/create/checkout', {
    token,
    body: { package_id: packageId },
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as { url: string; session_id: string; sandbox: boolean };
}
describe('buying coins by card (sandbox Stripe)', () => {
  it('pays on the hosted sandbox page, credits once, shows the transaction and the invoice PDF', async () => {
    const { user, token } = await artist();
    const checkout = await startCard(token);
    expect(checkout.sandbox).toBe(true);
    const page = await ctx.call('GET', new URL(checkout.url).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/SANDBOX/i);
    expect(page.body).toContain('£475.00');

    const pay = await ctx.call('POST', `/api/sandbox/checkout/${checkout.session_id}/complete`, { body: {} });
    expect(pay.statusCode).toBe(302);
    expect(pay.headers.location).toContain(`session_id=${checkout.session_id}`);
    // The sandbox's webhook event already credited the coins; the return call finds them credited.
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(coins);
    const confirm = await ctx.call('POST', '/api/stripe/checkout/check/pay', {
      token,
      body: { session_id: checkout.session_id },
    });
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().data).toMatchObject({ status: 'paid', coins, balance: coins });
    expect(await coinPurchasesOf(ctx, user.id)).toBe(1);

    const list = await ctx.call('GET', '/api/wallet/user/transaction', { token });
    const [tx] = list.json().data;
    expect(tx).toMatchObject({
      coins,
      transaction_type: 'credit',
      desc_id: 1,
      amount: pkg.priceMinor,
      currency: 'GBP',
    });
    expect(tx.desc.desc).toBe('Coin purchase');
    const filtered = await ctx.call(
      'GET',
      `/api/wallet/user/transaction?filter[transactions_id]=${tx.transactions_id.slice(3, 9)}`,
      { token },
    );
    expect(filtered.json().data).toHaveLength(1);
    const none = await ctx.call('GET', '/api/wallet/user/transaction?filter[transactions_id]=NOPE', {
      token,
    });
    expect(none.json().data).toHaveLength(0);

    const invoiceId = confirm.json().data.invoice_id;
    const pdf = await ctx.call('POST', `/api/artist/invoice/${invoiceId}`, { token });
    expect(pdf.statusCode).toBe(200);
    const link = new URL(pdf.json().data.attachment_link);
    const file = await ctx.call('GET', link.pathname);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const other = await artist();
    expect(
      (await ctx.call('GET', `/api/artist/invoices/${invoiceId}`, { token: other.token })).statusCode,
    ).toBe(404);
  });

  it('credits nothing for an unpaid or failed session, and refuses another user claiming a session', async () => {
    const { user, token } = await artist();
    const checkout = await startCard(token);
    const early = await ctx.call('POST', '/api/stripe/checkout/check/pay', {
      token,
      body: { session_id: checkout.session_id },
    });
    expect(early.json().data.status).toBe('pending');
    const thief = await artist();
    const stolen = await ctx.call('POST', '/api/stripe/checkout/check/pay', {
      token: thief.token,
      body: { session_id: checkout.session_id },
    });
    expect(stolen.statusCode).toBe(404);
    await ctx.call('POST', `/api/sandbox/checkout/${checkout.session_id}/fail`, { body: {} });
    const after = await ctx.call('POST', '/api/stripe/checkout/check/pay', {
      token,
      body: { session_id: checkout.session_id },
    });
    expect(after.json().data.status).toBe('failed');
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(0);
  });

  it('credits once when the return call and webhook are replayed 100 times, also concurrently', async () => {
    const { user, token } = await artist();
    const checkout = await startCard(token);
    await ctx.deps.database.pool.query(
      `update sandbox_checkout_sessions set status = 'complete', payment_status = 'paid' where id = $1`,
      [checkout.session_id],
    );
    const body = JSON.stringify({
      id: `evt_replay_${checkout.session_id}`,
      type: 'checkout.session.completed',
      data: { object: { id: checkout.session_id, object: 'checkout.session' } },
    });
    const calls = Array.from({ length: 100 }, (_, i) =>
      i % 2 === 0
        ? ctx.call('POST', '/api/stripe/checkout/check/pay', {
            token,
            body: { session_id: checkout.session_id },
          })
        : sendSignedWebhook(ctx, 'card', body),
    );
    const results = await Promise.all(calls);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    for (let i = 0; i < 20; i++) {
      await ctx.call('POST', '/api/stripe/checkout/check/pay', {
        token,
        body: { session_id: checkout.session_id },
      });
    }
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(coins);
    expect(await coinPurchasesOf(ctx, user.id)).toBe(1);
    const invoices = await ctx.deps.database.pool.query(
      'select count(*)::int as n from invoices where user_id = $1',
      [user.id],
    );
    expect(invoices.rows[0].n).toBe(1);
  });

  it('refuses a webhook with a bad signature', async () => {
    const body = JSON.stringify({
      id: 'evt_x',
      type: 'checkout.session.completed',
      data: { object: { id: 'cs_x' } },
    });
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: body,
      headers: {
        'content-type': 'application/json',
        'sandbox-signature': signSandboxCardEvent('wrong-key-wrong-key-wrong-key-00', body),
      },
    });
    expect(forged.statusCode).toBe(400);
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      payload: body,
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.statusCode).toBe(400);
  });

  it('refuses and logs an amount mismatch without crediting', async () => {
    const { user, token } = await artist();
    const checkout = await startCard(token);
    await ctx.deps.database.pool.query(
      `update sandbox_checkout_sessions set amount_total = 1, status = 'complete', payment_status = 'paid' where id = $1`,
      [checkout.session_id],
    );
    const res = await ctx.call('POST', '/api/stripe/checkout/check/pay', {
      token,
      body: { session_id: checkout.session_id },
    });
    expect(res.statusCode).toBe(409);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(0);
    const audit = await ctx.deps.database.pool.query(
      `select count(*)::int as n from audit_logs where action = 'payments.amount_mismatch'`,
    );
    expect(audit.rows[0].n).toBeGreaterThan(0);
  });

  it('lets only artists buy and refuses an unknown package', async () => {
    const curator = await ctx.makeUser({ userTypeId: 2 });
    const token = await ctx.loginUser(curator.email);
    expect(
      (await ctx.call('POST', '/api/stripe/create/checkout', { token, body: { package_id: packageId } }))
        .statusCode,
    ).toBe(403);
    const a = await artist();
    const unknown = await ctx.call('POST', '/api/stripe/create/checkout', {
      token: a.token,
      body: { package_id: 999999 },
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.package_id).toBeDefined();
  });
});

describe('custom amounts (never clamp silently)', () => {
  const count = async (userId: number) =>
    (
      await ctx.deps.database.pool.query('select count(*)::int as n from payments where user_id = $1', [
        userId,
      ])
    ).rows[0].n as number;

  it('refuses -50, 0, 9, 100,001, 12.5 and text with the field message; creates no payment or session', async () => {
    const { user, token } = await artist();
    const sessionsBefore = (
      await ctx.deps.database.pool.query('select count(*)::int as n from sandbox_checkout_sessions')
    ).rows[0].n as number;
    const cases: [unknown, string][] = [
      [-50, 'Buy at least 10 coins'],
      [0, 'Buy at least 10 coins'],
      [9, 'Buy at least 10 coins'],
      [100_001, 'You can buy at most 100000 coins at once'],
      [12.5, 'Please enter a whole number'],
      ['fifty', 'Please enter a whole number'],
      [undefined, 'Field is required'],
    ];
    for (const [coins, message] of cases) {
      const res = await ctx.call('POST', '/api/wallet/user/recharge/coins', {
        token,
        body: { coins, method: 'card' },
      });
      expect(res.statusCode, String(coins)).toBe(422);
      expect(res.json().errors.coins, String(coins)).toEqual([message]);
    }
    const arabic = await ctx.call('POST', '/api/wallet/user/recharge/coins', {
      token,
      body: { coins: -50, method: 'card' },
      headers: { 'x-lang': 'ar' },
    });
    expect(arabic.json().errors.coins[0]).toContain('10');
    expect(arabic.json().errors.coins[0]).not.toBe('Buy at least 10 coins');
    expect(await count(user.id)).toBe(0);
    const sessionsAfter = (
      await ctx.deps.database.pool.query('select count(*)::int as n from sandbox_checkout_sessions')
    ).rows[0].n as number;
    expect(sessionsAfter).toBe(sessionsBefore);

    const ok = await ctx.call('POST', '/api/wallet/user/recharge/coins', {
      token,
      body: { coins: 10, method: 'card' },
    });
    expect(ok.statusCode).toBe(200);
    const { coin_price_pence } = await getSettings(ctx.deps.database);
    expect(ok.json().data.amount_minor).toBe(10 * coin_price_pence);
    expect(await count(user.id)).toBe(1);
  });
});

describe('a declined card is told apart from leaving the page', () => {
  const back = (token: string, paymentId: number) =>
    ctx.call('POST', '/api/stripe/checkout/check/cancel', { token, body: { payment_id: paymentId } });
  const paymentOf = async (sessionId: string) =>
    (
      await ctx.deps.database.pool.query(
        'select id, status, failure_reason from payments where provider_ref = $1',
        [sessionId],
      )
    ).rows[0] as { id: number; status: string; failure_reason: string | null };

  it('the sandbox decline returns with the payment id and answers card_declined; nothing credited', async () => {
    const { user, token } = await artist();
    const checkout = await startCard(token);
    const p = await paymentOf(checkout.session_id);
    const fail = await ctx.call('POST', `/api/sandbox/checkout/${checkout.session_id}/fail`, { body: {} });
    expect(fail.statusCode).toBe(302);
    const location = new URL(fail.headers.location as string);
    expect(location.pathname).toBe('/wallet/coins/packages');
    expect(location.searchParams.get('cancelled')).toBe('1');
    expect(location.searchParams.get('payment_id')).toBe(String(p.id));
    // The checkout.session.expired event already marked the payment failed, as declined.
    expect(await paymentOf(checkout.session_id)).toMatchObject({
      status: 'failed',
      failure_reason: 'card_declined',
    });
    const res = await back(token, p.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'failed', failure: 'card_declined', balance: 0 });
    const viaSession = await ctx.call('POST', '/api/stripe/checkout/check/pay', {
      token,
      body: { session_id: checkout.session_id },
    });
    expect(viaSession.json().data.failure).toBe('card_declined');
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(0);
    const thief = await artist();
    expect((await back(thief.token, p.id)).statusCode).toBe(404);
  });

  it('leaving the page answers no failure, and the payment stays payable', async () => {
    const { token } = await artist();
    const checkout = await startCard(token);
    const p = await paymentOf(checkout.session_id);
    const cancel = await ctx.call('POST', `/api/sandbox/checkout/${checkout.session_id}/cancel`, {
      body: {},
    });
    expect(new URL(cancel.headers.location as string).searchParams.get('payment_id')).toBe(String(p.id));
    expect((await back(token, p.id)).json().data).toMatchObject({ status: 'pending', failure: null });
  });

  it("a Stripe-style decline (session still open, the intent's last error) answers card_declined and stays pending", async () => {
    const { user, token } = await artist();
    const checkout = await startCard(token);
    const p = await paymentOf(checkout.session_id);
    await ctx.deps.database.pool.query(
      `update sandbox_checkout_sessions set payment_error = 'card_declined' where id = $1`,
      [checkout.session_id],
    );
    expect((await back(token, p.id)).json().data).toMatchObject({
      status: 'pending',
      failure: 'card_declined',
    });
    // The buyer goes back and pays with another card: credited as usual, no failure any more.
    await ctx.call('POST', `/api/sandbox/checkout/${checkout.session_id}/complete`, { body: {} });
    expect((await back(token, p.id)).json().data).toMatchObject({ status: 'paid', failure: null });
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(coins);
  });
});

describe('buying coins with PayPal (sandbox Orders v2)', () => {
  it('approves, captures and credits once across 100 concurrent callbacks and webhooks', async () => {
    const { user, token } = await artist();
    const start = await ctx.call('POST', '/api/payments/paypal/checkout/url', {
      token,
      body: { package_id: packageId },
    });
    const { order_id, url } = start.json().data;
    expect(url).toContain(`/api/sandbox/paypal/${order_id}`);
    const early = await ctx.call('POST', '/api/payments/paypal/callback/url', { token, body: { order_id } });
    expect(early.statusCode).toBe(409);
    const approve = await ctx.call('POST', `/api/sandbox/paypal/${order_id}/approve`, { body: {} });
    expect(approve.statusCode).toBe(302);
    expect(approve.headers.location).toContain(`token=${order_id}`);
    const body = JSON.stringify({
      id: `WH-${order_id}`,
      event_type: 'CHECKOUT.ORDER.APPROVED',
      resource: { id: order_id },
    });
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        i % 2 === 0
          ? ctx.call('POST', '/api/payments/paypal/callback/url', { token, body: { order_id } })
          : sendSignedWebhook(ctx, 'paypal', body),
      ),
    );
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(coins);
    expect(await coinPurchasesOf(ctx, user.id)).toBe(1);
  });
});

describe('PayPal from the mobile apps (/paypal/payment/mobile)', () => {
  it('comes back to the mobile page when asked, to /paypal/callback otherwise, and credits once there', async () => {
    const { user, token } = await artist();
    const start = await ctx.call('POST', '/api/payments/paypal/checkout/url', {
      token,
      body: { package_id: packageId, return_to: 'mobile' },
    });
    expect(start.statusCode).toBe(200);
    const { order_id } = start.json().data;
    const approve = await ctx.call('POST', `/api/sandbox/paypal/${order_id}/approve`, { body: {} });
    const back = new URL(approve.headers.location as string);
    expect(back.pathname).toBe('/paypal/payment/mobile');
    expect(back.searchParams.get('token')).toBe(order_id);
    const settle = await ctx.call('POST', '/api/payments/paypal/callback/url', { token, body: { order_id } });
    expect(settle.json().data).toMatchObject({ status: 'paid', coins });
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(coins);

    const web = await ctx.call('POST', '/api/payments/paypal/checkout/url', {
      token,
      body: { package_id: packageId },
    });
    const webApprove = await ctx.call('POST', `/api/sandbox/paypal/${web.json().data.order_id}/approve`, {
      body: {},
    });
    expect(new URL(webApprove.headers.location as string).pathname).toBe('/paypal/callback');
  });

  it('leaving PayPal returns to the mobile page with cancelled=1', async () => {
    const { token } = await artist();
    const start = await ctx.call('POST', '/api/wallet/user/recharge/coins', {
      token,
      body: { coins: 50, method: 'paypal', return_to: 'mobile' },
    });
    expect(start.statusCode).toBe(200);
    const cancel = await ctx.call('POST', `/api/sandbox/paypal/${start.json().data.order_id}/cancel`, {
      body: {},
    });
    const back = new URL(cancel.headers.location as string);
    expect(back.pathname).toBe('/paypal/payment/mobile');
    expect(back.searchParams.get('cancelled')).toBe('1');
  });

  it('refuses an unknown return place and a card purchase for the mobile page with translated 422s', async () => {
    const { user, token } = await artist();
    const odd = await ctx.call('POST', '/api/payments/paypal/checkout/url', {
      token,
      body: { package_id: packageId, return_to: 'desktop' },
      headers: { 'x-lang': 'fr' },
    });
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors.return_to).toBeDefined();
    const card = await ctx.call('POST', '/api/wallet/user/recharge/coins', {
      token,
      body: { coins: 50, method: 'card', return_to: 'mobile' },
      headers: { 'x-lang': 'fr' },
    });
    expect(card.statusCode).toBe(422);
    expect(card.json().errors.method).toEqual([
      "La page d'achat de l'application accepte uniquement les paiements PayPal",
    ]);
    const rows = await ctx.deps.database.pool.query(
      'select count(*)::int as n from payments where user_id = $1',
      [user.id],
    );
    expect(rows.rows[0].n).toBe(0);
  });

  it('is for artists only: a curator gets 403, no token 401', async () => {
    const curator = await ctx.makeUser({ userTypeId: 2 });
    const token = await ctx.loginUser(curator.email);
    const res = await ctx.call('POST', '/api/payments/paypal/checkout/url', {
      token,
      body: { package_id: packageId, return_to: 'mobile' },
    });
    expect(res.statusCode).toBe(403);
    const anon = await ctx.call('POST', '/api/payments/paypal/checkout/url', {
      body: { package_id: packageId, return_to: 'mobile' },
    });
    expect(anon.statusCode).toBe(401);
  });
});

describe('wallet balance and packages', () => {
  it('answers the balance in coins and its approximate value', async () => {
    const { token } = await artist();
    const res = await ctx.call('GET', '/api/wallet/user/current/balance?currency=USD', { token });
    expect(res.json().data).toEqual({
      balance: 0,
      total: 0,
      total_minor: 0,
      currency: 'USD',
      basis: 'coin_price',
      pence_per_coin: 100,
    });
    const bad = await ctx.call('GET', '/api/wallet/user/current/balance?currency=XXX', { token });
    expect(bad.statusCode).toBe(422);
    const pkgs = await ctx.call('GET', '/api/wallet/user/get/all-packages?convert=1&currency=EUR', { token });
    expect(pkgs.json().data.map((p: { name: string }) => p.name)).toEqual(DEMO_PACKAGES.map((p) => p.name));
    expect(pkgs.json().data[0].converted.currency).toBe('EUR');
  });

  it("values an artist's coins at the coin price and a curator's at the payout rate", async () => {
    const { user: a, token: artistToken } = await artist();
    const curator = await ctx.makeUser({ userTypeId: 2 });
    const curatorToken = await ctx.loginUser(curator.email);
    await withTransaction(ctx.deps.database, async (tx) => {
      await credit(tx, { userId: a.id, coins: 10, descId: DESC.COIN_PURCHASE, idempotencyKey: `v-${a.id}` });
      await credit(tx, {
        userId: curator.id,
        coins: 10,
        descId: DESC.COIN_PURCHASE,
        idempotencyKey: `v-${curator.id}`,
      });
    });
    const { coin_price_pence, payout_rate_pence } = await getSettings(ctx.deps.database);
    expect(coin_price_pence).not.toBe(payout_rate_pence);
    const of = async (token: string) =>
      (await ctx.call('GET', '/api/wallet/user/current/balance', { token })).json().data.total_minor;
    expect(await of(artistToken)).toBe(10 * coin_price_pence);
    expect(await of(curatorToken)).toBe(10 * payout_rate_pence);
  });
});

describe('admin wallet', () => {
  it('adjusts a balance with a required reason, once per key, audited and permission-gated', async () => {
    const { user } = await artist();
    const admin = await ctx.makeAdmin();
    const token = await ctx.loginAdmin(admin.email);
    const noReason = await ctx.call('POST', '/api/admin/wallet/adjustments', {
      token,
      body: { user_id: user.id, coins: 50, direction: 'credit', reason: '', idempotency_key: 'k-00000001' },
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeDefined();
    // A goodwill credit works even before the platform earned anything (revenue may go negative).
    const goodwill = await ctx.call('POST', '/api/admin/wallet/adjustments', {
      token,
      body: {
        user_id: user.id,
        coins: 15,
        direction: 'credit',
        reason: 'Goodwill',
        idempotency_key: 'k-00000000',
      },
    });
    expect(goodwill.statusCode).toBe(200);
    const refundRow = await ctx.call('GET', `/api/wallet/admin/transaction/user/${user.id}`, { token });
    expect(refundRow.json().data[0]).toMatchObject({ desc_id: 3, transaction_type: 'credit', coins: 15 });
    expect(refundRow.json().data[0].transaction_details.refund_type).toBe('manual_adjustment');
    const body = {
      user_id: user.id,
      coins: 40,
      direction: 'debit',
      reason: 'Chargeback',
      idempotency_key: 'k-00000002',
    };
    const tooMuch = await ctx.call('POST', '/api/admin/wallet/adjustments', {
      token,
      body: { ...body, coins: 16, idempotency_key: 'k-00000009' },
    });
    expect(tooMuch.statusCode).toBe(409);
    const a = await startCard(await ctx.loginUser(user.email));
    await ctx.call('POST', `/api/sandbox/checkout/${a.session_id}/complete`, { body: {} });
    const [r1, r2] = await Promise.all([
      ctx.call('POST', '/api/admin/wallet/adjustments', { token, body }),
      ctx.call('POST', '/api/admin/wallet/adjustments', { token, body }),
    ]);
    expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(15 + coins - 40);
    const logs = await ctx.deps.database.pool.query(
      `select count(*)::int as n from audit_logs where action = 'wallet.adjustment' and target_id = $1`,
      [String(user.id)],
    );
    expect(logs.rows[0].n).toBe(2); // the goodwill credit and one debit, however many submits
    const userTx = await ctx.call('GET', `/api/wallet/admin/transaction/user/${user.id}`, { token });
    expect(userTx.json().data[0]).toMatchObject({ desc_id: 5, transaction_type: 'debit', coins: 40 });
    const weak = await ctx.makeAdmin({ permissions: ['invoices.show'] });
    const weakToken = await ctx.loginAdmin(weak.email);
    expect(
      (await ctx.call('POST', '/api/admin/wallet/adjustments', { token: weakToken, body })).statusCode,
    ).toBe(403);
    expect((await ctx.call('GET', '/api/admin/invoices', { token: weakToken })).statusCode).toBe(200);
  });

  it('manages packages and reports the main wallet', async () => {
    const admin = await ctx.makeAdmin();
    const token = await ctx.loginAdmin(admin.email);
    const created = await ctx.call('POST', '/api/admin/wallet/packages', {
      token,
      body: { name: 'Tiny', coins: 10, price: 199 },
    });
    expect(created.statusCode).toBe(201);
    const bad = await ctx.call('POST', '/api/admin/wallet/packages', {
      token,
      body: { name: '', coins: 0, price: 1 },
    });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['coins', 'name', 'price']);
    const id = created.json().data.id;
    expect((await ctx.call('DELETE', `/api/admin/wallet/packages/${id}`, { token })).statusCode).toBe(200);
    const { token: artistToken } = await artist();
    const visible = await ctx.call('GET', '/api/wallet/user/get/all-packages', { token: artistToken });
    expect(visible.json().data.some((p: { id: number }) => p.id === id)).toBe(false);
    const main = await ctx.call('GET', '/api/admin/wallet/main', { token });
    const kinds = main.json().data.accounts.map((a: { kind: string }) => a.kind);
    expect(kinds).toContain('payment_clearing');
    const sum = main.json().data.accounts.reduce((s: number, a: { balance: number }) => s + a.balance, 0);
    expect(sum).toBe(0);
  });
});

describe('currency (sandbox rates)', () => {
  it('converts GBP to USD, lists currencies 30 per page and answers one rate', async () => {
    const { token } = await artist();
    const usd = await ctx.call('GET', '/api/payments/wise/gbp/usd/100', { token });
    expect(usd.json().data).toMatchObject({ source: 'GBP', target: 'USD', amount: 100 });
    expect(usd.json().data.converted).toBeCloseTo(100 * usd.json().data.rate, 2);
    const list = await ctx.call('GET', '/api/payments/wise/currencies', { token });
    expect(list.json().pagination.limit).toBe(30);
    expect(list.json().data[0]).toEqual({ id: 1, currencyCode: 'GBP', isTargetCurrency: false });
    const one = await ctx.call('GET', '/api/payments/wise/currency-get?target=eur&amount=10', { token });
    expect(one.json().data).toMatchObject({ source: 'GBP', target: 'EUR' });
    const bad = await ctx.call('GET', '/api/payments/wise/currency-get?target=XYZ', { token });
    expect(bad.statusCode).toBe(422);
    expect((await ctx.call('GET', '/api/payments/wise/currencies')).statusCode).toBe(401);
  });
});
