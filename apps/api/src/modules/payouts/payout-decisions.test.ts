import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { adminTestAppForFile } from '../../test/admin-app';
import { ledgerTotal } from '../../test/coins';
import { codeFrom, type TestContext } from '../../test/harness';
import { putSetting } from '../settings/settings.service';
import { credit, DESC, walletBalance } from '../wallet/ledger';
import { riskLevel } from './payouts.risk';

// Issue 36 "Payouts with risk context": deciding needs payouts.decide (granted by migration 0061 to
// every role that could decide before), and above payout_second_approval_coins two admins approve.

let superToken: string;
const ctx = adminTestAppForFile((signedIn) => {
  superToken = signedIn.token;
});
const db = () => ctx.deps.database;
const q1 = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  (await db().pool.query(text, values)).rows[0] as T;

/**
 * A curator with `balance` coins earned and a pending payout (status 1) of `coins`, its Wise transfer
 * created: what staff approve.
 */
export async function pendingPayout(c: TestContext, balance: number, coins: number) {
  const user = await c.makeUser({ userTypeId: 2 });
  await withTransaction(c.deps.database, (tx) =>
    credit(tx, {
      userId: user.id,
      coins: balance,
      descId: DESC.REFUND,
      idempotencyKey: `test-earned:${user.id}`,
      from: 'platform_revenue',
      meta: { refund_type: 'test_earnings' },
    }),
  );
  const token = await c.loginUser(user.email);
  const stored = await c.call('POST', '/api/payments/transfer/info/store', {
    token,
    body: {
      currency: 'GBP',
      country: 'GB',
      type: 'sort_code',
      account_holder_name: 'Casey Curator',
      details: { sortCode: '40-30-20', accountNumber: '12345678' },
    },
  });
  expect(stored.statusCode, stored.body).toBe(201);
  const quote = await c.call(
    'GET',
    `/api/payments/wise/create/quote/payouts?recipient_id=${stored.json().data.id}&coins=${coins}`,
    { token },
  );
  expect(quote.statusCode, quote.body).toBe(200);
  const quoteId = quote.json().data.id as string;
  await c.call('POST', '/api/payments/send/verification/code', { token, body: { quote_id: quoteId } });
  const code = codeFrom((await c.lastMail(user.email))?.text);
  await c.call('POST', '/api/payments/verify/code', { token, body: { quote_id: quoteId, code } });
  const res = await c.call('POST', '/api/payments/wise/create/transfer', {
    token,
    body: { quote_id: quoteId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { user, payoutId: res.json().data.id as number };
}

/** A signed-in admin holding exactly `permissions`. */
async function staff(permissions: string[]) {
  const admin = await ctx.makeAdmin({ permissions });
  return { admin, token: await ctx.loginAdmin(admin.email) };
}

const DECIDERS = ['INFLUENCER_VIEW_PAYOUT_PROFILE', 'payouts.decide'];
const approve = (id: number, token: string, lang = 'en') =>
  ctx.call('POST', `/api/admin/payouts/${id}/approve`, { token, headers: { 'accept-language': lang } });
const statusOf = async (id: number) =>
  (await q1<{ status_id: number }>('select status_id from payouts where id = $1', [id])).status_id;
/** Desc 6 transfers of a payout's hold: the coins leaving for the bank, at most once. */
const postings = async (id: number) =>
  (
    await q1<{ n: number }>(
      'select count(*)::int n from ledger_transfers where hold_id = (select hold_id from payouts where id = $1) and desc_id = 6',
      [id],
    )
  ).n;

describe('who may decide', () => {
  it('lets the view permission list and open payouts but approve or decline only with payouts.decide', async () => {
    const { payoutId } = await pendingPayout(ctx, 500, 300);
    const viewer = await staff(['INFLUENCER_VIEW_PAYOUT_PROFILE']);
    expect((await ctx.call('GET', '/api/admin/payouts/requests', { token: viewer.token })).statusCode).toBe(
      200,
    );
    const detail = await ctx.call('GET', `/api/admin/payouts/${payoutId}`, { token: viewer.token });
    expect(detail.statusCode).toBe(200);
    expect((await approve(payoutId, viewer.token)).statusCode).toBe(403);
    const decline = await ctx.call('POST', `/api/admin/payouts/${payoutId}/decline`, {
      token: viewer.token,
      body: { reason: 'Not allowed to decide' },
    });
    expect(decline.statusCode).toBe(403);
    expect(await statusOf(payoutId)).toBe(1);
    const decider = await staff(DECIDERS);
    expect((await approve(payoutId, decider.token)).statusCode).toBe(200);
    expect(await statusOf(payoutId)).toBe(2);
  });

  it('migration 0061 gives payouts.decide to every role that could approve before, and to no other', async () => {
    const before = await staff(['INFLUENCER_VIEW_PAYOUT_PROFILE']);
    const other = await staff(['transfers.show']);
    const { payoutId } = await pendingPayout(ctx, 500, 300);
    expect((await approve(payoutId, before.token)).statusCode).toBe(403);
    const folder = path.resolve(import.meta.dirname, '../../../drizzle');
    const file = fs
      .readdirSync(folder)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => fs.readFileSync(path.join(folder, f), 'utf8'))
      .find((text) => text.includes("'payouts.decide'"));
    const handWritten = file!.slice(file!.indexOf('-- hand-written'));
    for (const statement of handWritten.split('--> statement-breakpoint')) await db().pool.query(statement);
    const held = (adminId: number) =>
      q1<{ n: number }>(
        `select count(*)::int n from admin_roles ar join role_permissions rp on rp.role_id = ar.role_id
          join permissions p on p.id = rp.permission_id where ar.admin_id = $1 and p.name = 'payouts.decide'`,
        [adminId],
      );
    expect((await held(before.admin.id)).n).toBe(1);
    expect((await held(other.admin.id)).n).toBe(0);
    const res = await approve(payoutId, before.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(payoutId)).toBe(2);
  });
});

describe('second approver', () => {
  it('above the setting, the first approval waits for a different admin; at or below it one suffices', async () => {
    await putSetting(db(), 'payout_second_approval_coins', 400);
    try {
      const first = await staff(DECIDERS);
      const second = await staff(DECIDERS);
      const big = await pendingPayout(ctx, 1000, 401);
      const res = await approve(big.payoutId, first.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(
        'First approval recorded. Another admin must approve this payout before it is sent',
      );
      expect(res.json().data).toMatchObject({
        status_id: 1,
        approval: { needs_second_approver: true, first_approved_by: { id: first.admin.id } },
      });
      expect(await postings(big.payoutId)).toBe(0);
      const again = await approve(big.payoutId, first.token, 'fr');
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('second administrateur');
      expect(await statusOf(big.payoutId)).toBe(1);
      const done = await approve(big.payoutId, second.token);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json().data).toMatchObject({ status_id: 2, hold: { status: 'posted' } });
      const audits = await db().pool.query(
        `select action, actor_id, meta from audit_logs where target_type = 'payout' and target_id = $1
          and action in ('payouts.first_approved', 'payouts.approved') order by id`,
        [String(big.payoutId)],
      );
      expect(audits.rows.map((r) => [r.action, r.actor_id])).toEqual([
        ['payouts.first_approved', first.admin.id],
        ['payouts.approved', second.admin.id],
      ]);
      expect(audits.rows[1].meta).toMatchObject({ first_approved_by: first.admin.id });
      // The database refuses a payout approved twice by one admin, whatever the code does.
      await expect(
        db().pool.query(
          'update payouts set reviewed_by_admin_id = first_approved_by_admin_id where id = $1',
          [big.payoutId],
        ),
      ).rejects.toThrow(/payouts_second_approver_differs/);

      const small = await pendingPayout(ctx, 1000, 400);
      const one = await approve(small.payoutId, first.token);
      expect(one.json()).toMatchObject({ message: 'Payout approved', data: { status_id: 2 } });
    } finally {
      await putSetting(db(), 'payout_second_approval_coins', 0);
    }
  });

  it('pays exactly once when many admins approve at the same moment', async () => {
    await putSetting(db(), 'payout_second_approval_coins', 100);
    try {
      const admins: { token: string }[] = [];
      for (let i = 0; i < 4; i++) admins.push(await staff(DECIDERS));
      const runs = [];
      for (let i = 0; i < 3; i++) {
        const { user, payoutId } = await pendingPayout(ctx, 1000, 600);
        const total = await ledgerTotal(ctx);
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, n) => approve(payoutId, admins[n % admins.length]!.token)),
        );
        const messages = answers.filter((a) => a.statusCode === 200).map((a) => a.json().message);
        expect(messages.filter((m) => m === 'Payout approved')).toHaveLength(1);
        expect(messages.filter((m) => m.startsWith('First approval recorded'))).toHaveLength(1);
        expect(answers.filter((a) => a.statusCode === 409)).toHaveLength(10);
        expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
        expect(await statusOf(payoutId)).toBe(2);
        expect(await postings(payoutId)).toBe(1);
        expect(await walletBalance(db(), user.id)).toBe(400);
        expect(await ledgerTotal(ctx)).toBe(total);
        const row = await q1<{ first: number; second: number }>(
          'select first_approved_by_admin_id as "first", reviewed_by_admin_id as "second" from payouts where id = $1',
          [payoutId],
        );
        expect(row.first).not.toBe(row.second);
        runs.push(payoutId);
      }
      expect(runs).toHaveLength(3);
    } finally {
      await putSetting(db(), 'payout_second_approval_coins', 0);
    }
  });

  it('refuses a setting below 0 or not whole, translated, and changes nothing', async () => {
    for (const value of [-1, 2.5]) {
      const res = await ctx.call('PUT', '/api/admin/settings', {
        token: superToken,
        body: { payout_second_approval_coins: value },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.payout_second_approval_coins).toBeDefined();
    }
    const now = await ctx.call('GET', '/api/admin/settings', { token: superToken });
    expect(now.json().data.payout_second_approval_coins).toBe(0);
  });
});

describe('risk context', () => {
  const quiet = {
    account_age_days: 400,
    recipient_age_days: 90,
    trust_flags: { pending: 0, confirmed: 0, dismissed: 2 },
    sources: {
      campaigns_completed: 6,
      campaign_coins: 900,
      adjustment_coins: 0,
      other_coins: 100,
      artist_count: 4,
      artists: [{ id: 1, name: 'Ada', campaigns: 2, coins: 300 }],
    },
    earlier_payouts: { paid: 2, declined: 0, failed: 0, open: 0 },
  };

  it('follows the written rules: none low, one concern medium, two or a confirmed flag high', () => {
    expect(riskLevel(quiet)).toEqual({ level: 'low', reasons: [{ key: 'no_concern', params: {} }] });
    expect(riskLevel({ ...quiet, recipient_age_days: 6 })).toEqual({
      level: 'medium',
      reasons: [{ key: 'new_recipient', params: { days: 6 } }],
    });
    expect(riskLevel({ ...quiet, recipient_age_days: 7 }).level).toBe('low');
    expect(riskLevel({ ...quiet, trust_flags: { pending: 0, confirmed: 1, dismissed: 0 } }).level).toBe(
      'high',
    );
    const oneArtist = riskLevel({
      ...quiet,
      account_age_days: 29,
      sources: { ...quiet.sources, artists: [{ id: 1, name: 'Ada', campaigns: 5, coins: 720 }] },
    });
    expect(oneArtist.level).toBe('high');
    expect(oneArtist.reasons.map((r) => r.key)).toEqual(['new_account', 'one_artist']);
    expect(oneArtist.reasons[1]!.params).toEqual({ name: 'Ada', percent: 80 });
    const refused = riskLevel({ ...quiet, earlier_payouts: { paid: 0, declined: 1, failed: 1, open: 0 } });
    expect(refused.reasons).toEqual([
      { key: 'earlier_refused', params: { count: 2 } },
      { key: 'first_payout', params: {} },
    ]);
  });

  it('answers the figures from the ledger, the account and the bank account on the list and the detail', async () => {
    const { user, payoutId } = await pendingPayout(ctx, 800, 300);
    await withTransaction(db(), (tx) =>
      credit(tx, {
        userId: user.id,
        coins: 50,
        descId: DESC.REFUND,
        idempotencyKey: `adjust:${user.id}`,
        from: 'platform_revenue',
        meta: { refund_type: 'manual_adjustment' },
      }),
    );
    const detail = await ctx.call('GET', `/api/admin/payouts/${payoutId}`, { token: superToken });
    const risk = detail.json().data.risk;
    expect(risk).toMatchObject({
      level: 'high',
      account_age_days: 0,
      recipient_age_days: 0,
      trust_flags: { pending: 0, confirmed: 0, dismissed: 0 },
      sources: { campaign_coins: 0, adjustment_coins: 50, other_coins: 800, campaigns_completed: 0 },
      earlier_payouts: { paid: 0, declined: 0, failed: 0, open: 0 },
    });
    expect(risk.reasons.map((r: { key: string }) => r.key)).toEqual([
      'new_account',
      'new_recipient',
      'mostly_not_earned',
      'first_payout',
    ]);
    const list = await ctx.call('GET', `/api/admin/payouts/requests?filter[user_id]=${user.id}`, {
      token: superToken,
    });
    expect(list.json().data[0].risk).toEqual(risk);
  });
});

describe('bulk decisions', () => {
  it('runs every payout through the single approval: same refusals, same audits, per-item answers', async () => {
    await putSetting(db(), 'payout_second_approval_coins', 500);
    try {
      const me = await staff(DECIDERS);
      const small = await pendingPayout(ctx, 1000, 300);
      const big = await pendingPayout(ctx, 1000, 600);
      const gone = await pendingPayout(ctx, 1000, 200);
      const declined = await ctx.call('POST', `/api/admin/payouts/${gone.payoutId}/decline`, {
        token: me.token,
        body: { reason: 'Declined before the bulk' },
      });
      expect(declined.statusCode).toBe(200);
      const ids = [small.payoutId, big.payoutId, gone.payoutId, 999_999];
      const res = await ctx.call('POST', '/api/admin/payouts/bulk/approve', {
        token: me.token,
        body: { ids },
        headers: { 'accept-language': 'de' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('2 erledigt, 2 abgelehnt');
      expect(res.json().data.results).toEqual([
        { id: small.payoutId, ok: true, code: null, message: null },
        { id: big.payoutId, ok: true, code: 'payouts.first_approval_recorded', message: expect.any(String) },
        { id: gone.payoutId, ok: false, code: 'payouts.not_pending', message: expect.any(String) },
        { id: 999_999, ok: false, code: 'errors.not_found', message: expect.any(String) },
      ]);
      expect(await statusOf(small.payoutId)).toBe(2);
      expect(await statusOf(big.payoutId)).toBe(1);
      // The same admin cannot give the second approval in bulk either.
      const again = await ctx.call('POST', '/api/admin/payouts/bulk/approve', {
        token: me.token,
        body: { ids: [big.payoutId] },
      });
      expect(again.json().data.results[0]).toMatchObject({ ok: false, code: 'payouts.second_approver_same' });
      expect(await statusOf(big.payoutId)).toBe(1);
      const audits = await db().pool.query(
        `select target_id, action from audit_logs where actor_id = $1 and action in ('payouts.approved', 'payouts.first_approved') order by id`,
        [me.admin.id],
      );
      expect(audits.rows).toEqual([
        { target_id: String(small.payoutId), action: 'payouts.approved' },
        { target_id: String(big.payoutId), action: 'payouts.first_approved' },
      ]);
      const note = await q1<{ message_key: string }>(
        'select message_key from notifications where user_id = $1 order by id desc limit 1',
        [small.user.id],
      );
      expect(note.message_key).toBe('payouts.notify.approved');
    } finally {
      await putSetting(db(), 'payout_second_approval_coins', 0);
    }
  });

  it('declines in bulk with one reason, returning each payee their coins once', async () => {
    const a = await pendingPayout(ctx, 700, 300);
    const b = await pendingPayout(ctx, 700, 400);
    const res = await ctx.call('POST', '/api/admin/payouts/bulk/decline', {
      token: superToken,
      body: { ids: [a.payoutId, b.payoutId, a.payoutId], reason: 'Bank details do not match' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ succeeded: 2, refused: 0 });
    expect(await walletBalance(db(), a.user.id)).toBe(700);
    expect(await walletBalance(db(), b.user.id)).toBe(700);
    const short = await ctx.call('POST', '/api/admin/payouts/bulk/decline', {
      token: superToken,
      body: { ids: [a.payoutId], reason: '' },
    });
    expect(short.statusCode).toBe(422);
  });

  it('needs payouts.decide, and refuses more than 100 ids translated, changing nothing', async () => {
    const { payoutId } = await pendingPayout(ctx, 500, 300);
    const viewer = await staff(['INFLUENCER_VIEW_PAYOUT_PROFILE']);
    const forbidden = await ctx.call('POST', '/api/admin/payouts/bulk/approve', {
      token: viewer.token,
      body: { ids: [payoutId] },
    });
    expect(forbidden.statusCode).toBe(403);
    const ids = [payoutId, ...Array.from({ length: 100 }, (_, i) => 900_000 + i)];
    const tooMany = await ctx.call('POST', '/api/admin/payouts/bulk/approve', {
      token: superToken,
      body: { ids },
      headers: { 'accept-language': 'fr' },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.ids[0]).toBe('Choisissez au plus 100 éléments à la fois');
    const none = await ctx.call('POST', '/api/admin/payouts/bulk/approve', {
      token: superToken,
      body: { ids: [] },
    });
    expect(none.statusCode).toBe(422);
    expect(await statusOf(payoutId)).toBe(1);
  });
});
