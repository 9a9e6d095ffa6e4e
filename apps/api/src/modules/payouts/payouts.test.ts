import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import type { WiseProvider } from '../../providers/wise/contract';
import { adminTestAppForFile } from '../../test/admin-app';
import { codeFrom } from '../../test/harness';
import { seedCompletedDemoCampaigns } from '../express/express.demo';
import { DEMO_PLAYLISTS, seedExpressDemo } from '../express/express.seed';
import { credit, DESC, walletBalance } from '../wallet/ledger';
import { seedWalletDemo } from '../wallet/wallet.demo';
import * as service from './payouts.service';

let adminToken: string;

const ctx = adminTestAppForFile((signedIn) => {
  ({ token: adminToken } = signedIn);
});

const db = () => ctx.deps.database;
const q1 = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await db().pool.query(text, values)).rows[0] as T;

/** A curator (type 2) with `coins` earned through the ledger, signed in. */
async function curator(coins = 1000, userTypeId: 2 | 3 = 2) {
  const user = await ctx.makeUser({ userTypeId });
  if (coins > 0) {
    await withTransaction(db(), (tx) =>
      credit(tx, {
        userId: user.id,
        coins,
        descId: DESC.REFUND,
        idempotencyKey: `test-earned:${user.id}`,
        from: 'platform_revenue',
        meta: { refund_type: 'test_earnings' },
      }),
    );
  }
  return { user, token: await ctx.loginUser(user.email) };
}

const GB_ACCOUNT = {
  currency: 'GBP',
  country: 'GB',
  type: 'sort_code',
  account_holder_name: 'Casey Curator',
  details: { sortCode: '40-30-20', accountNumber: '12345678' },
};

async function recipient(token: string, body: object = GB_ACCOUNT) {
  const res = await ctx.call('POST', '/api/payments/transfer/info/store', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

async function quote(token: string, recipientId: number, coins?: number) {
  const res = await ctx.call(
    'GET',
    `/api/payments/wise/create/quote/payouts?recipient_id=${recipientId}${coins ? `&coins=${coins}` : ''}`,
    { token },
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: string;
    coins: number;
    fee: number;
    target_amount: number;
    expires_at: string;
  };
}

async function verified(token: string, email: string, quoteId: string) {
  const send = await ctx.call('POST', '/api/payments/send/verification/code', {
    token,
    body: { quote_id: quoteId },
  });
  expect(send.statusCode, send.body).toBe(200);
  const code = codeFrom((await ctx.lastMail(email))?.text);
  const ok = await ctx.call('POST', '/api/payments/verify/code', {
    token,
    body: { quote_id: quoteId, code },
  });
  expect(ok.statusCode, ok.body).toBe(200);
}

/**
 * Two verified quotes of 300 coins to one new recipient of the caller, submitted as transfers at the same
 * time; answers both responses.
 */
async function twoTransfersAtOnce(email: string, token: string) {
  const r = await recipient(token);
  const a = await quote(token, r.id, 300);
  const b = await quote(token, r.id, 300);
  await verified(token, email, a.id);
  await verified(token, email, b.id);
  return Promise.all([
    ctx.call('POST', '/api/payments/wise/create/transfer', { token, body: { quote_id: a.id } }),
    ctx.call('POST', '/api/payments/wise/create/transfer', { token, body: { quote_id: b.id } }),
  ]);
}

/** A curator with a pending payout (status 1) of `coins` out of `balance`. */
async function pendingPayout(balance = 1000, coins = 600) {
  const c = await curator(balance);
  const r = await recipient(c.token);
  const q = await quote(c.token, r.id, coins);
  await verified(c.token, c.user.email, q.id);
  const res = await ctx.call('POST', '/api/payments/wise/create/transfer', {
    token: c.token,
    body: { quote_id: q.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...c, quoteId: q.id, payout: res.json().data as { id: number; wise_transfer_id: string | null } };
}

const payoutRow = (id: number) =>
  q1<{
    status_id: number;
    funded_at: Date | null;
    wise_status: string | null;
    coins_returned_at: Date | null;
    wise_transfer_id: string;
  }>('select * from payouts where id = $1', [id]);
const descCount = async (userId: number, descId: number) =>
  (
    await q1<{ n: number }>(
      `select count(*)::int as n from ledger_entries e join ledger_accounts a on a.id = e.account_id
       where a.user_id = $1 and a.kind = 'user_wallet' and e.desc_id = $2`,
      [userId, descId],
    )
  ).n;

/** Sign a Wise state change like the sandbox (HMAC of APP_KEY). */
function delivery(transferId: string, current: string, occurredAt: Date, previous: string | null = null) {
  const rawBody = JSON.stringify({
    data: {
      resource: { type: 'transfer', id: Number(transferId), profile_id: 1, account_id: 1 },
      current_state: current,
      previous_state: previous,
      occurred_at: occurredAt.toISOString(),
    },
    subscription_id: '00000000-0000-4000-8000-000000000000',
    event_type: 'transfers#state-change',
    schema_version: '4.0.0',
    sent_at: new Date().toISOString(),
  });
  const signature = createHmac('sha256', ctx.deps.config.APP_KEY).update(rawBody).digest('base64');
  return { rawBody, signature };
}
const webhook = (d: { rawBody: string; signature: string }) =>
  ctx.call('POST', '/api/payments/wise/webhook', {
    body: d.rawBody,
    headers: { 'content-type': 'application/json', 'x-signature-sha256': d.signature },
  });

/** Replace some provider methods for one test. */
async function withWise<T>(patch: Partial<WiseProvider>, run: () => Promise<T>): Promise<T> {
  const wise = ctx.deps.providers.wise as unknown as Record<string, unknown>;
  const saved = Object.fromEntries(Object.keys(patch).map((k) => [k, wise[k]]));
  Object.assign(wise, patch);
  try {
    return await run();
  } finally {
    Object.assign(wise, saved);
  }
}

describe('who may withdraw', () => {
  it('refuses artists and signed-out callers; influencers may withdraw', async () => {
    const artist = await ctx.makeUser({ userTypeId: 1 });
    const token = await ctx.loginUser(artist.email);
    const res = await ctx.call('GET', '/api/curator/sum/payouts', { token });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only curators and influencers can withdraw earnings');
    expect((await ctx.call('GET', '/api/curator/sum/payouts')).statusCode).toBe(401);
    const influencer = await curator(50, 3);
    const sums = await ctx.call('GET', '/api/curator/sum/payouts', { token: influencer.token });
    expect(sums.statusCode).toBe(200);
    // 50 coins at the default payout rate of 80 pence.
    expect(sums.json().data).toMatchObject({ balance: 50, total_minor: 4000, total: 40, currency: 'GBP' });
  });
});

describe('recipient accounts', () => {
  it('lists the fields required per currency and country', async () => {
    const { token } = await curator(0);
    const gb = await ctx.call('GET', '/api/payments/outgoing/types/search?currency=gbp&country=GB', {
      token,
    });
    expect(gb.statusCode).toBe(200);
    expect(gb.json().data.map((x: { type: string }) => x.type)).toEqual(['sort_code', 'iban']);
    const fr = await ctx.call('GET', '/api/payments/outgoing/types/search?currency=GBP&country=FR', {
      token,
    });
    expect(fr.json().data.map((x: { type: string }) => x.type)).toEqual(['iban']);
    const us = await ctx.call('GET', '/api/payments/outgoing/types/search?currency=USD&country=US', {
      token,
    });
    const aba = us.json().data[0];
    expect(aba.type).toBe('aba');
    expect(aba.fields.map((f: { key: string }) => f.key)).toContain('abartn');
    const bad = await ctx.call('GET', '/api/payments/outgoing/types/search?currency=XYZ', { token });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.currency[0]).toBe('This currency is not supported');
  });

  it('refuses wrong fields one by one, translated, and stores nothing', async () => {
    const { user, token } = await curator(0);
    const res = await ctx.call('POST', '/api/payments/transfer/info/store', {
      token,
      headers: { 'accept-language': 'fr' },
      body: { ...GB_ACCOUNT, details: { sortCode: '12', accountNumber: '' } },
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors;
    expect(errors['details.sortCode']).toEqual(['6 chiffres, par ex. 40-47-84']);
    expect(errors['details.accountNumber']).toHaveLength(1);
    const wrongType = await ctx.call('POST', '/api/payments/transfer/info/store', {
      token,
      body: { ...GB_ACCOUNT, currency: 'EUR', type: 'sort_code' },
    });
    expect(wrongType.statusCode).toBe(422);
    expect(Object.keys(wrongType.json().errors)).toEqual(['type']);
    const n = await q1<{ n: number }>('select count(*)::int as n from payout_recipients where user_id = $1', [
      user.id,
    ]);
    expect(n.n).toBe(0);
  });

  it('says which format each bank field expects, in the reader language, and stores nothing', async () => {
    const { user, token } = await curator(0);
    const store = (body: Record<string, unknown>, lang = 'en') =>
      ctx.call('POST', '/api/payments/transfer/info/store', {
        token,
        headers: { 'accept-language': lang },
        body: { ...GB_ACCOUNT, ...body },
      });
    const local = await store({ details: { sortCode: '40478', accountNumber: '1234567' } });
    expect(local.statusCode).toBe(422);
    expect(local.json().errors).toEqual({
      'details.sortCode': ['6 digits, e.g. 40-47-84'],
      'details.accountNumber': ['8 digits, e.g. 12345678'],
    });
    const ar = await store({ details: { sortCode: '40478', accountNumber: '1234567' } }, 'ar');
    expect(ar.json().errors['details.accountNumber']).toEqual(['8 أرقام، مثل 12345678']);
    const iban = await store({
      currency: 'EUR',
      country: 'DE',
      type: 'iban',
      details: { IBAN: 'DE89 3704' },
    });
    expect(iban.json().errors['details.IBAN'][0]).toMatch(
      /^Enter an IBAN: .*e\.g\. GB29 NWBK 6016 1331 9268 19$/,
    );
    const swift = await store({
      currency: 'USD',
      country: 'GB',
      type: 'swift_code',
      details: { swiftCode: 'NWB', accountNumber: '12345678' },
    });
    expect(swift.json().errors).toEqual({
      'details.swiftCode': ['8 or 11 letters and digits (SWIFT/BIC), e.g. NWBKGB2L'],
    });
    const n = await q1<{ n: number }>('select count(*)::int as n from payout_recipients where user_id = $1', [
      user.id,
    ]);
    expect(n.n).toBe(0);
    // An IBAN typed in groups of four, as banks print it, is accepted and stored without the spaces.
    const grouped = await store({
      currency: 'EUR',
      country: 'DE',
      type: 'iban',
      details: { IBAN: 'de89 3704 0044 0532 0130 00' },
    });
    expect(grouped.statusCode).toBe(201);
    expect(grouped.json().data.details).toEqual({ IBAN: 'DE89370400440532013000' });
  });

  it('saves, lists with a masked label, and deletes an account', async () => {
    const { token } = await curator(0);
    const saved = await recipient(token, {
      currency: 'EUR',
      country: 'DE',
      type: 'iban',
      account_holder_name: 'Casey Curator',
      details: { IBAN: 'DE89370400440532013000', ignored: 'x' },
    });
    const list = await ctx.call('GET', '/api/payments/transfer/info', { token });
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0].label).toBe('Casey Curator · EUR •••• 3000');
    expect(list.json().data[0].details).toEqual({ IBAN: 'DE89370400440532013000' });
    const del = await ctx.call('DELETE', `/api/payments/wise/user/info/delete/${saved.id}`, { token });
    expect(del.statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/payments/transfer/info', { token })).json().data).toHaveLength(0);
    const again = await ctx.call('DELETE', `/api/payments/wise/user/info/delete/${saved.id}`, { token });
    expect(again.statusCode).toBe(404);
  });
});

describe('quotes', () => {
  it("refuses with 'No available balance' when nothing can be withdrawn", async () => {
    const { token } = await curator(0);
    const r = await recipient(token);
    const res = await ctx.call('GET', `/api/payments/wise/create/quote/payouts?recipient_id=${r.id}`, {
      token,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('No available balance');
  });

  it('quotes the balance at the payout rate with rate, fee, amount received and 30 minutes', async () => {
    const { token } = await curator(1000);
    const r = await recipient(token, {
      currency: 'EUR',
      country: 'FR',
      type: 'iban',
      account_holder_name: 'Casey',
      details: { IBAN: 'FR1420041010050500013M02606' },
    });
    const q = await quote(token, r.id);
    // 1000 coins × 80 pence = £800.00; sandbox fee 0.45 % + 30p = £3.90; EUR at 1.17.
    expect(q).toMatchObject({
      coins: 1000,
      source_minor: 80_000,
      fee_minor: 390,
      rate: 1.17,
      target_minor: Math.round((80_000 - 390) * 1.17),
    });
    expect(new Date(q.expires_at).getTime() - ctx.clock.now().getTime()).toBe(30 * 60_000);
    expect((q as unknown as { expires_in_seconds: number }).expires_in_seconds).toBe(30 * 60);
    const over = await ctx.call(
      'GET',
      `/api/payments/wise/create/quote/payouts?recipient_id=${r.id}&coins=1001`,
      { token },
    );
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.coins[0]).toBe('You can withdraw at most 1,000 coins');
    const someoneElses = await curator(10);
    const foreign = await ctx.call('GET', `/api/payments/wise/create/quote/payouts?recipient_id=${r.id}`, {
      token: someoneElses.token,
    });
    expect(foreign.statusCode).toBe(422);
  });
});

describe('withdrawal amounts (never clamp silently)', () => {
  const ask = (token: string, recipientId: number, coins: string, lang = 'en') =>
    ctx.call('GET', `/api/payments/wise/create/quote/payouts?recipient_id=${recipientId}&coins=${coins}`, {
      token,
      headers: { 'x-lang': lang },
    });
  const quotesOf = async (userId: number) =>
    (await q1<{ n: number }>('select count(*)::int as n from payout_quotes where user_id = $1', [userId])).n;

  it('refuses -5, 0, 2.5 and amounts below the minimum withdrawal, naming it, and stores no quote', async () => {
    const { user, token } = await curator(1000);
    const r = await recipient(token);
    const minimum = (await ctx.call('GET', '/api/curator/sum/payouts', { token })).json().data
      .min_withdrawal_coins as number;
    expect(minimum).toBe(25);
    for (const coins of ['-5', '0', '1', String(minimum - 1)]) {
      const res = await ask(token, r.id, coins);
      expect(res.statusCode, coins).toBe(422);
      expect(res.json().errors.coins).toEqual(['The minimum withdrawal is 25 coins']);
    }
    const fraction = await ask(token, r.id, '2.5');
    expect(fraction.statusCode).toBe(422);
    expect(fraction.json().errors.coins).toEqual(['Please enter a whole number']);
    const arabic = await ask(token, r.id, '-5', 'ar');
    expect(arabic.json().errors.coins[0]).toContain('25');
    expect(arabic.json().errors.coins[0]).not.toBe('The minimum withdrawal is 25 coins');
    expect(await quotesOf(user.id)).toBe(0);
    expect((await ask(token, r.id, String(minimum))).statusCode).toBe(200);
    expect(await quotesOf(user.id)).toBe(1);
  });

  it('follows the min_withdrawal_coins setting; a whole balance below it cannot be quoted', async () => {
    const staff = await ctx.loginAdmin(
      (await ctx.makeAdmin({ permissions: ['view.main.settings.tab.list'] })).email,
    );
    const set = (value: unknown) =>
      ctx.call('PUT', '/api/admin/settings', { token: staff, body: { min_withdrawal_coins: value } });
    expect((await set(0)).statusCode).toBe(422);
    expect((await set(1.5)).statusCode).toBe(422);
    expect((await set(100)).statusCode).toBe(200);
    try {
      const { user, token } = await curator(80);
      const r = await recipient(token);
      const whole = await ctx.call('GET', `/api/payments/wise/create/quote/payouts?recipient_id=${r.id}`, {
        token,
      });
      expect(whole.statusCode).toBe(422);
      expect(whole.json().errors.coins).toEqual(['The minimum withdrawal is 100 coins']);
      expect(await quotesOf(user.id)).toBe(0);
    } finally {
      expect((await set(25)).statusCode).toBe(200);
    }
  });
});

describe('verification code', () => {
  it('refuses the transfer before the code, a wrong code 5 times, then even the right one', async () => {
    const { user, token } = await curator(100);
    const r = await recipient(token);
    const q = await quote(token, r.id);
    const early = await ctx.call('POST', '/api/payments/wise/create/transfer', {
      token,
      body: { quote_id: q.id },
    });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors.code).toBeDefined();
    await ctx.call('POST', '/api/payments/send/verification/code', { token, body: { quote_id: q.id } });
    const mail = await ctx.lastMail(user.email);
    expect(mail?.subject).toBe('Confirm your withdrawal');
    const code = codeFrom(mail?.text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await ctx.call('POST', '/api/payments/verify/code', {
        token,
        body: { quote_id: q.id, code: wrong },
      });
      expect(res.statusCode).toBe(422);
    }
    const fifth = await ctx.call('POST', '/api/payments/verify/code', {
      token,
      body: { quote_id: q.id, code: wrong },
    });
    expect(fifth.statusCode).toBe(429);
    const right = await ctx.call('POST', '/api/payments/verify/code', {
      token,
      body: { quote_id: q.id, code },
    });
    expect(right.statusCode).toBe(429);
    expect(
      (
        await q1<{ verified_at: Date | null }>(
          'select verified_at from payout_quotes where wise_quote_id = $1',
          [q.id],
        )
      ).verified_at,
    ).toBeNull();
  });

  it('refuses a reused code, a code after 10 minutes, and a code of another quote', async () => {
    const { user, token } = await curator(100);
    const r = await recipient(token);
    const q = await quote(token, r.id);
    await ctx.call('POST', '/api/payments/send/verification/code', { token, body: { quote_id: q.id } });
    const code = codeFrom((await ctx.lastMail(user.email))?.text);
    const other = await quote(token, r.id, 30);
    const crossed = await ctx.call('POST', '/api/payments/verify/code', {
      token,
      body: { quote_id: other.id, code },
    });
    expect(crossed.statusCode).toBe(422);
    expect(
      (await ctx.call('POST', '/api/payments/verify/code', { token, body: { quote_id: q.id, code } }))
        .statusCode,
    ).toBe(200);
    const reused = await ctx.call('POST', '/api/payments/verify/code', {
      token,
      body: { quote_id: q.id, code },
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('The code is wrong or has expired');

    await ctx.call('POST', '/api/payments/send/verification/code', { token, body: { quote_id: other.id } });
    const late = codeFrom((await ctx.lastMail(user.email))?.text);
    ctx.clock.advance(10 * 60_000 + 1000);
    const expired = await ctx.call('POST', '/api/payments/verify/code', {
      token,
      body: { quote_id: other.id, code: late },
    });
    expect(expired.statusCode).toBe(422);
    const badInput = await ctx.call('POST', '/api/payments/verify/code', {
      token,
      body: { quote_id: other.id, code: '12' },
    });
    expect(badInput.statusCode).toBe(422);
  });

  it('sends at most 5 codes for one quote', async () => {
    const { token } = await curator(100);
    const r = await recipient(token);
    const q = await quote(token, r.id);
    for (let i = 0; i < 5; i++) {
      const res = await ctx.call('POST', '/api/payments/send/verification/code', {
        token,
        body: { quote_id: q.id },
      });
      expect(res.statusCode).toBe(200);
    }
    const sixth = await ctx.call('POST', '/api/payments/send/verification/code', {
      token,
      body: { quote_id: q.id },
    });
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.json().message).toBe(
      'Too many codes were sent for this withdrawal. Please ask for a new quote later',
    );
  });

  it('refuses an expired quote (30 minutes)', async () => {
    const { user, token } = await curator(100);
    const r = await recipient(token);
    const q = await quote(token, r.id);
    await verified(token, user.email, q.id);
    ctx.clock.advance(30 * 60_000 + 1000);
    const res = await ctx.call('POST', '/api/payments/wise/create/transfer', {
      token,
      body: { quote_id: q.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This quote has expired. Please ask for a new one');
    expect(await walletBalance(db(), user.id)).toBe(100);
  });
});

describe('requesting a payout', () => {
  it('holds the coins (desc 4), creates one Wise transfer with status_id 1, and blocks a second request', async () => {
    const { user, token, quoteId, payout } = await pendingPayout(1000, 600);
    expect(payout).toMatchObject({ status_id: 1, coins: 600 });
    expect(payout.wise_transfer_id).toMatch(/^[0-9]+$/);
    expect(await walletBalance(db(), user.id)).toBe(400);
    expect(await descCount(user.id, 4)).toBe(1);
    // the staff who decide payouts are told a request waits.
    const told = await q1<{ n: number }>(
      `select count(*)::int as n from notifications where type = 'todos.payout_requests' and data ->> 'payout_id' = $1`,
      [String(payout.id)],
    );
    expect(told.n).toBeGreaterThanOrEqual(1);
    const check = await ctx.call('GET', '/api/payments/wise/unpaid/payouts/check', { token });
    expect(check.json().data).toMatchObject({ has_unpaid: true, payout: { id: payout.id } });
    const r = (await ctx.call('GET', '/api/payments/transfer/info', { token })).json().data[0];
    const second = await ctx.call(
      'GET',
      `/api/payments/wise/create/quote/payouts?recipient_id=${r.id}&coins=100`,
      { token },
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You already have a withdrawal in progress');
    const inUse = await ctx.call('DELETE', `/api/payments/wise/user/info/delete/${r.id}`, { token });
    expect(inUse.statusCode).toBe(409);
    const view = await ctx.call('GET', `/api/payments/wise/user/transfer/view/${quoteId}`, { token });
    expect(view.json().data.payout.id).toBe(payout.id);
    // The transaction list shows the payout request with its quote (View Transfer).
    const tx = await q1<{ meta: { wise_quote_id: string } }>(
      `select t.meta from ledger_transfers t join ledger_holds h on h.id = t.hold_id where t.desc_id = 4 and h.id = (select hold_id from payouts where id = $1)`,
      [payout.id],
    );
    expect(tx.meta.wise_quote_id).toBe(quoteId);
  });

  it('answers a double submission of one quote with one payout and one transfer, even concurrently', async () => {
    const { user, token } = await curator(500);
    const r = await recipient(token);
    const q = await quote(token, r.id, 200);
    await verified(token, user.email, q.id);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        ctx.call('POST', '/api/payments/wise/create/transfer', { token, body: { quote_id: q.id } }),
      ),
    );
    const ids = new Set(results.map((res) => res.json().data.id));
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(ids.size).toBe(1);
    expect(await walletBalance(db(), user.id)).toBe(300);
    const transfers = await q1<{ n: number }>(
      `select count(*)::int as n from sandbox_wise_transfers s join payouts p on p.customer_transaction_id = s.customer_transaction_id where p.user_id = $1`,
      [user.id],
    );
    expect(transfers.n).toBe(1);
  });

  it.each([1, 2, 3])(
    'holds once when two quotes are submitted at the same time (one open request per user), run %i',
    async () => {
      const { user, token } = await curator(500);
      const [ra, rb] = await twoTransfersAtOnce(user.email, token);
      expect([ra.statusCode, rb.statusCode].sort()).toEqual([201, 409]);
      expect(await walletBalance(db(), user.id)).toBe(200);
      expect(await descCount(user.id, 4)).toBe(1);
    },
  );

  it.each([1, 2, 3])(
    'answers 409, not 500, when two quotes the balance covers are submitted at the same time, run %i',
    async () => {
      // Both holds fit the balance, so the loser is refused by the partial unique index itself
      // (drizzle wraps the PostgreSQL error: its constraint name sits one level down).
      const { user, token } = await curator(1000);
      const [ra, rb] = await twoTransfersAtOnce(user.email, token);
      expect([ra.statusCode, rb.statusCode].sort()).toEqual([201, 409]);
      const loser = ra.statusCode === 409 ? ra : rb;
      expect(loser.json().message).toBe('You already have a withdrawal in progress');
      expect(await walletBalance(db(), user.id)).toBe(700);
      expect(await descCount(user.id, 4)).toBe(1);
    },
  );

  it('creates the Wise transfer on reconciliation when the first attempt failed', async () => {
    const { user, token } = await curator(300);
    const r = await recipient(token);
    const q = await quote(token, r.id);
    await verified(token, user.email, q.id);
    const res = await withWise(
      {
        createTransfer: async () => {
          throw new Error('network down');
        },
      },
      () => ctx.call('POST', '/api/payments/wise/create/transfer', { token, body: { quote_id: q.id } }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data.wise_transfer_id).toBeNull();
    const approve = await ctx.call('POST', `/api/admin/payouts/${res.json().data.id}/approve`, {
      token: adminToken,
    });
    expect(approve.statusCode).toBe(409);
    ctx.clock.advance(60_000);
    await service.reconcilePayouts(ctx.deps);
    expect((await payoutRow(res.json().data.id)).wise_transfer_id).toMatch(/^[0-9]+$/);
  });
});

describe('staff decisions', () => {
  it('approving funds the transfer and posts the coins (desc 6); the sandbox then pays it', async () => {
    const { user, token, payout } = await pendingPayout(1000, 600);
    const res = await ctx.call('POST', `/api/admin/payouts/${payout.id}/approve`, { token: adminToken });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status_id: 2, hold: { status: 'posted' } });
    expect(await descCount(user.id, 6)).toBe(0); // desc 6 moves escrow -> clearing, not the wallet
    const posted = await q1<{ n: number }>(
      `select count(*)::int as n from ledger_transfers where hold_id = (select hold_id from payouts where id = $1) and desc_id = 6`,
      [payout.id],
    );
    expect(posted.n).toBe(1);
    expect(
      (await ctx.call('POST', `/api/admin/payouts/${payout.id}/approve`, { token: adminToken })).statusCode,
    ).toBe(409);
    const row = await payoutRow(payout.id);
    while (await service.sandboxAdvance(ctx.deps, row.wise_transfer_id)) {
      /* processing -> funds_converted -> outgoing_payment_sent */
    }
    const done = await ctx.call('GET', `/api/curator/payouts/${payout.id}`, { token });
    expect(done.json().data).toMatchObject({ status_id: 3, wise_status: 'outgoing_payment_sent' });
    expect(await walletBalance(db(), user.id)).toBe(400);
    const receipt = await ctx.call('POST', `/api/curator/payout/${payout.id}`, { token });
    expect(receipt.json().data.attachment_link).toMatch(/payout-\d+\.pdf$/);
    const sums = await ctx.call('GET', '/api/curator/sum/payouts', { token });
    expect(sums.json().data).toMatchObject({
      balance: 400,
      total_paid_coins: 600,
      total_paid: 480,
      pending_coins: 0,
    });
    const stats = await ctx.call('GET', '/api/curator/payouts/last/month/stats', { token });
    expect(stats.json().data).toHaveLength(30);
    // Summed over the 30 days: the rows are stamped by the database and the window by the product's
    // clock, which this file moves ahead, so near midnight UTC they fall on neighbouring days.
    const days = stats.json().data as { requested_coins: number; paid_amount: number }[];
    expect(days.reduce((n, d) => n + d.requested_coins, 0)).toBe(600);
    expect(days.reduce((n, d) => n + d.paid_amount, 0)).toBe(480);
    const audits = await q1<{ n: number }>(
      `select count(*)::int as n from audit_logs where target_type = 'payout' and target_id = $1 and action in ('payouts.requested', 'payouts.approved')`,
      [String(payout.id)],
    );
    expect(audits.n).toBe(2);
    const list = await ctx.call('GET', '/api/curator/payouts', { token });
    expect(list.json().data[0].id).toBe(payout.id);
  });

  it('declining with a reason returns the coins once and tells the user', async () => {
    const { user, payout } = await pendingPayout(1000, 600);
    const noReason = await ctx.call('POST', `/api/admin/payouts/${payout.id}/decline`, {
      token: adminToken,
      body: { reason: '' },
    });
    expect(noReason.statusCode).toBe(422);
    expect((await payoutRow(payout.id)).status_id).toBe(1);
    const res = await ctx.call('POST', `/api/admin/payouts/${payout.id}/decline`, {
      token: adminToken,
      body: { reason: 'Bank details do not match the account name' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status_id: 4, coins_returned: true, hold: { status: 'voided' } });
    expect(await walletBalance(db(), user.id)).toBe(1000);
    const again = await ctx.call('POST', `/api/admin/payouts/${payout.id}/decline`, {
      token: adminToken,
      body: { reason: 'again please' },
    });
    expect(again.statusCode).toBe(409);
    expect(await walletBalance(db(), user.id)).toBe(1000);
    const transfer = await q1<{ status: string }>('select status from sandbox_wise_transfers where id = $1', [
      Number((await payoutRow(payout.id)).wise_transfer_id),
    ]);
    expect(transfer.status).toBe('cancelled');
    const note = await q1<{ message_key: string; params: Record<string, unknown> }>(
      `select message_key, params from notifications where user_id = $1 order by id desc limit 1`,
      [user.id],
    );
    expect(note).toEqual({
      message_key: 'payouts.notify.declined',
      params: { coins: 600, id: payout.id, reason: 'Bank details do not match the account name' },
    });
  });

  it('lets exactly one of a concurrent approve and decline win', async () => {
    const { user, payout } = await pendingPayout(1000, 500);
    const [a, d] = await Promise.all([
      ctx.call('POST', `/api/admin/payouts/${payout.id}/approve`, { token: adminToken }),
      ctx.call('POST', `/api/admin/payouts/${payout.id}/decline`, {
        token: adminToken,
        body: { reason: 'race test' },
      }),
    ]);
    expect([a.statusCode, d.statusCode].sort()).toEqual([200, 409]);
    const row = await payoutRow(payout.id);
    expect(await walletBalance(db(), user.id)).toBe(row.status_id === 4 ? 1000 : 500);
  });

  it('needs INFLUENCER_VIEW_PAYOUT_PROFILE for requests and transfers.show for a transfer', async () => {
    const { quoteId, payout } = await pendingPayout(100, 100);
    const viewer = await ctx.makeAdmin({ permissions: ['transfers.show'] });
    const token = await ctx.loginAdmin(viewer.email);
    expect((await ctx.call('GET', '/api/admin/payouts/requests', { token })).statusCode).toBe(403);
    expect((await ctx.call('POST', `/api/admin/payouts/${payout.id}/approve`, { token })).statusCode).toBe(
      403,
    );
    const transfer = await ctx.call('GET', `/api/admin/transfers/${quoteId}`, { token });
    expect(transfer.statusCode).toBe(200);
    expect(transfer.json().data.wise).toMatchObject({ status: 'incoming_payment_waiting' });
    const reviewer = await ctx.makeAdmin({ permissions: ['INFLUENCER_VIEW_PAYOUT_PROFILE'] });
    const rt = await ctx.loginAdmin(reviewer.email);
    const requests = await ctx.call('GET', '/api/admin/payouts/requests?limit=100', { token: rt });
    expect(requests.json().data.map((p: { id: number }) => p.id)).toContain(payout.id);
    expect((await ctx.call('GET', `/api/admin/transfers/${quoteId}`, { token: rt })).statusCode).toBe(403);
  });
});

describe('crash recovery and webhooks', () => {
  it('reconciles a crash between funding at Wise and recording it, without funding twice', async () => {
    const { user, payout } = await pendingPayout(1000, 600);
    const wise = ctx.deps.providers.wise;
    let fundCalls = 0;
    const realFund = wise.fundTransfer.bind(wise);
    await withWise(
      {
        fundTransfer: async (id) => {
          fundCalls++;
          await realFund(id);
          throw new Error('process killed after funding');
        },
      },
      async () => {
        const res = await ctx.call('POST', `/api/admin/payouts/${payout.id}/approve`, { token: adminToken });
        expect(res.statusCode).toBe(200);
      },
    );
    let row = await payoutRow(payout.id);
    expect(row.status_id).toBe(2);
    expect(row.funded_at).toBeNull();
    await withWise(
      {
        fundTransfer: async () => {
          fundCalls++;
          throw new Error('must not fund again');
        },
      },
      async () => {
        await service.reconcilePayouts(ctx.deps);
        await service.reconcilePayouts(ctx.deps);
      },
    );
    row = await payoutRow(payout.id);
    expect(row.funded_at).not.toBeNull();
    expect(fundCalls).toBe(1);
    const posted = await q1<{ n: number }>(
      `select count(*)::int as n from ledger_transfers where hold_id = (select hold_id from payouts where id = $1) and desc_id = 6`,
      [payout.id],
    );
    expect(posted.n).toBe(1);
    expect(await walletBalance(db(), user.id)).toBe(400);
  });

  it('applies webhooks in occurred_at order, ignores replays, and returns coins at most once', async () => {
    const { user, payout } = await pendingPayout(1000, 600);
    await ctx.call('POST', `/api/admin/payouts/${payout.id}/approve`, { token: adminToken });
    const id = (await payoutRow(payout.id)).wise_transfer_id;
    const t0 = Date.now();
    const processing = delivery(id, 'processing', new Date(t0 + 1000));
    const converted = delivery(id, 'funds_converted', new Date(t0 + 2000));
    const sent = delivery(id, 'outgoing_payment_sent', new Date(t0 + 3000));
    const bounced = delivery(id, 'bounced_back', new Date(t0 + 4000));
    for (const d of [sent, converted, processing, sent]) expect((await webhook(d)).statusCode).toBe(200);
    let row = await payoutRow(payout.id);
    expect(row).toMatchObject({ status_id: 3, wise_status: 'outgoing_payment_sent' });
    const results = await Promise.all([webhook(bounced), webhook(bounced), webhook(bounced)]);
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    await webhook(processing);
    row = await payoutRow(payout.id);
    expect(row).toMatchObject({ status_id: 5, wise_status: 'bounced_back' });
    expect(await walletBalance(db(), user.id)).toBe(1000);
    const returned = await q1<{ n: number }>(
      `select count(*)::int as n from ledger_transfers where idempotency_key like $1`,
      [`payout:${payout.id}:return`],
    );
    expect(returned.n).toBe(1);
    // An event for a transfer this product does not know is kept unprocessed (answered 200).
    const stranger = delivery('999999999', 'processing', new Date());
    expect((await webhook(stranger)).statusCode).toBe(200);
    const kept = await q1<{ processed_at: Date | null; error: string }>(
      `select processed_at, error from webhook_events where provider = 'wise' and event_id like '999999999:%'`,
    );
    expect(kept).toMatchObject({ processed_at: null, error: 'unknown transfer' });
    const forged = await webhook({
      rawBody: bounced.rawBody,
      signature: Buffer.from('nope').toString('base64'),
    });
    expect(forged.statusCode).toBe(400);
  });

  it('returns the coins once when the sandbox bounces a funded transfer through the dev route', async () => {
    const { user, payout } = await pendingPayout(800, 800);
    await ctx.call('POST', `/api/admin/payouts/${payout.id}/approve`, { token: adminToken });
    const id = (await payoutRow(payout.id)).wise_transfer_id;
    const first = await ctx.call('POST', `/api/sandbox/wise/transfers/${id}/bounce`);
    expect(first.statusCode).toBe(200);
    expect(first.json().data.status).toBe('bounced_back');
    expect((await ctx.call('POST', `/api/sandbox/wise/transfers/${id}/bounce`)).statusCode).toBe(404);
    expect(await walletBalance(db(), user.id)).toBe(800);
    expect((await payoutRow(payout.id)).status_id).toBe(5);
    expect(await service.sandboxAdvance(ctx.deps, id)).toBe(false);
  });
});

describe('more money paths', () => {
  it('funds once when approval, the funding job and reconcilers race', async () => {
    const { user, payout } = await pendingPayout(1000, 700);
    const wise = ctx.deps.providers.wise;
    const realFund = wise.fundTransfer.bind(wise);
    let fundCalls = 0;
    await withWise(
      {
        fundTransfer: async () => {
          throw new Error('Wise unreachable');
        },
      },
      async () => {
        const res = await ctx.call('POST', `/api/admin/payouts/${payout.id}/approve`, { token: adminToken });
        expect(res.statusCode).toBe(200);
      },
    );
    expect((await payoutRow(payout.id)).funded_at).toBeNull();
    await withWise(
      {
        fundTransfer: async (id) => {
          fundCalls++;
          return realFund(id);
        },
      },
      () =>
        Promise.all([
          service.fundPayout(ctx.deps, payout.id),
          service.fundPayout(ctx.deps, payout.id),
          service.reconcilePayouts(ctx.deps),
          service.reconcilePayouts(ctx.deps),
        ]),
    );
    expect(fundCalls).toBe(1);
    const posted = await q1<{ n: number }>(
      `select count(*)::int as n from ledger_transfers where hold_id = (select hold_id from payouts where id = $1) and desc_id = 6`,
      [payout.id],
    );
    expect(posted.n).toBe(1);
    expect(await walletBalance(db(), user.id)).toBe(300);
  });

  it('returns the coins once when Wise cancels a transfer not yet funded', async () => {
    const { user, payout } = await pendingPayout(900, 900);
    const id = (await payoutRow(payout.id)).wise_transfer_id;
    const cancelled = delivery(id, 'cancelled', new Date(Date.now() + 1000), 'incoming_payment_waiting');
    await Promise.all([webhook(cancelled), webhook(cancelled)]);
    await webhook(delivery(id, 'cancelled', new Date(Date.now() + 5000)));
    expect((await payoutRow(payout.id)).status_id).toBe(5);
    expect(await walletBalance(db(), user.id)).toBe(900);
    expect(await descCount(user.id, 3)).toBe(2); // the test earnings and one return
    // A late approval finds nothing to approve.
    expect(
      (await ctx.call('POST', `/api/admin/payouts/${payout.id}/approve`, { token: adminToken })).statusCode,
    ).toBe(409);
  });

  it('brings a funded payout with no news up to date from Wise (missed webhooks)', async () => {
    const { payout } = await pendingPayout(500, 500);
    await ctx.call('POST', `/api/admin/payouts/${payout.id}/approve`, { token: adminToken });
    const id = (await payoutRow(payout.id)).wise_transfer_id;
    // Wise moved on while no webhook arrived; the payout was last touched 10 minutes ago.
    await db().pool.query(
      `update sandbox_wise_transfers set status = 'outgoing_payment_sent' where id = $1`,
      [Number(id)],
    );
    await db().pool.query(`update payouts set updated_at = now() - interval '10 minutes' where id = $1`, [
      payout.id,
    ]);
    const wise = ctx.deps.providers.wise as unknown as { name: string };
    const name = wise.name;
    Object.defineProperty(wise, 'name', { value: 'wise', configurable: true });
    try {
      const r = await service.reconcilePayouts(ctx.deps);
      expect(r.synced).toBeGreaterThanOrEqual(1);
    } finally {
      Object.defineProperty(wise, 'name', { value: name, configurable: true });
    }
    expect(await payoutRow(payout.id)).toMatchObject({ status_id: 3, wise_status: 'outgoing_payment_sent' });
  });
});

describe('demo data', () => {
  it('gives the demo curator withdrawable earnings once, from demo campaigns that really completed', async () => {
    const artist = await ctx.makeUser({ userTypeId: 1, email: 'artist@demo.test' });
    const demoCurator = await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
    await seedWalletDemo(db());
    await seedExpressDemo(db());
    expect(await seedCompletedDemoCampaigns(ctx.deps)).toBe(2);
    expect(await seedCompletedDemoCampaigns(ctx.deps)).toBe(0);
    // The two demo playlists (Starter 50 and Premium 300 coins), paid less the 20 % platform fee.
    expect(DEMO_PLAYLISTS.map((p) => p.tier)).toEqual(['Starter', 'Premium']);
    const paid = 50 + 300;
    expect(await walletBalance(db(), demoCurator.id)).toBe(paid - paid * 0.2);
    expect(await walletBalance(db(), artist.id)).toBe(2000 - paid);
    expect(await descCount(demoCurator.id, 2)).toBe(2);
    const timeline = await db().pool.query(
      `select c.status_id, count(e.*)::int events from express_campaigns c
         join express_campaign_events e on e.campaign_id = c.id
        where c.artist_id = $1 group by c.id, c.status_id`,
      [artist.id],
    );
    expect(timeline.rows).toEqual([
      { status_id: 6, events: 6 },
      { status_id: 6, events: 6 },
    ]);
    // the demo's notifications are dated at their events (40 to 6 days back), not at seeding.
    const dates = await db().pool.query(
      `select min(created_at) as first, max(created_at) as last from notifications where user_id = $1`,
      [artist.id],
    );
    const ago = (d: Date) => (ctx.clock.now().getTime() - new Date(d).getTime()) / 86_400_000;
    expect(ago(dates.rows[0].first)).toBeGreaterThan(39);
    expect(ago(dates.rows[0].last)).toBeGreaterThan(5);
  });
});
