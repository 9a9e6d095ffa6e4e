import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { testAppForFile } from '../../test/harness';
import { creditOrganisation, DESC, hold, ledgerInvariants, voidHold, walletBalance } from '../wallet';
import { sendSignedWebhook } from '../wallet/payments.test-helpers';
import { DEMO_PACKAGES, seedWalletDemo } from '../wallet/wallet.demo';
import { topUpAllBudgets } from './organisations.money';
import { addMember, addRosterArtist, makeOrganisation } from './organisations.money.test-helpers';

/**
 * An organisation's money through its routes (issue 35): coins bought into its wallet, transfers to
 * its artists, monthly budgets and their top-up, against a real PostgreSQL.
 */
const ctx = testAppForFile();
let packageId: number;
const pkg = DEMO_PACKAGES[1]!;
const pkgCoins = pkg.coins + pkg.bonusCoins;
beforeAll(async () => {
  await seedWalletDemo(ctx.deps.database);
  const res = await ctx.deps.database.pool.query('select id from coin_packages where name = $1', [pkg.name]);
  packageId = res.rows[0].id;
});

/** An organisation whose wallet holds `coins`, its Owner signed in, and one active artist. */
async function organisation(coins: number) {
  const { org, owner } = await makeOrganisation(ctx);
  if (coins > 0)
    await withTransaction(ctx.deps.database, (tx) =>
      creditOrganisation(tx, { organisationId: org.id, coins, idempotencyKey: `seed-org-${org.id}` }),
    );
  const artist = await addRosterArtist(ctx, org.id);
  return { org, owner, artist, token: await ctx.loginUser(owner.email) };
}

async function orgWallet(orgId: number, token: string) {
  const res = await ctx.call('GET', `/api/organisations/${orgId}/wallet`, { token });
  expect(res.statusCode).toBe(200);
  return res.json().data as { balance: number; in_budgets: number };
}

async function invariantsHold() {
  const inv = await ledgerInvariants(ctx.deps.database.db);
  expect(inv.balanceSumCoins).toBe(0);
  expect(inv.negativeAccounts).toBe(0);
  expect(inv.escrowMismatchedAccounts).toEqual({ campaign_escrow: 0, payout_escrow: 0 });
}

describe('buying coins into the organisation wallet', () => {
  it('credits the organisation (not the buyer) once however often the webhook is replayed; the invoice bills the organisation', async () => {
    const { org, owner, token } = await organisation(0);
    const start = await ctx.call('POST', `/api/organisations/${org.id}/coins/checkout`, {
      token,
      body: { package_id: packageId, method: 'card' },
    });
    expect(start.statusCode).toBe(200);
    const checkout = start.json().data as { ref: string; payment_id: number; coins: number; url: string };
    expect(checkout.coins).toBe(pkgCoins);
    expect(checkout.url).toContain(checkout.ref);
    await ctx.deps.database.pool.query(
      `update sandbox_checkout_sessions set status = 'complete', payment_status = 'paid' where id = $1`,
      [checkout.ref],
    );
    const body = JSON.stringify({
      id: `evt_org_${checkout.ref}`,
      type: 'checkout.session.completed',
      data: { object: { id: checkout.ref, object: 'checkout.session' } },
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0
          ? sendSignedWebhook(ctx, 'card', body)
          : ctx.call('POST', '/api/stripe/checkout/check/pay', { token, body: { session_id: checkout.ref } }),
      ),
    );
    expect(results.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    expect((await orgWallet(org.id, token)).balance).toBe(pkgCoins);
    expect(await walletBalance(ctx.deps.database, owner.id)).toBe(0);
    const invoices = await ctx.call('GET', `/api/organisations/${org.id}/invoices`, { token });
    expect(invoices.statusCode).toBe(200);
    expect(invoices.json().data).toHaveLength(1);
    const { rows } = await ctx.deps.database.pool.query(
      'select organisation_id, billing_name, billing_country, vat_number, number from invoices where payment_id = $1',
      [checkout.payment_id],
    );
    expect(rows).toEqual([
      expect.objectContaining({
        organisation_id: org.id,
        billing_name: org.billingName,
        billing_country: 'GB',
        vat_number: 'GB123456789',
      }),
    ]);
    // The buyer's own invoices do not list the organisation's.
    const mine = await ctx.call('GET', '/api/artist/invoices', { token });
    expect(mine.json().data).toEqual([]);
    const pdf = await ctx.call(
      'GET',
      `/api/organisations/${org.id}/invoices/${invoices.json().data[0].id}/pdf`,
      {
        token,
      },
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    await invariantsHold();
  });

  it('refuses a viewer (403), a stranger (404) and a body naming neither package nor coins (422)', async () => {
    const { org, token } = await organisation(0);
    const viewer = await ctx.makeUser({ userTypeId: 1 });
    await addMember(ctx, org.id, viewer.id, 'viewer');
    const stranger = await ctx.makeUser({ userTypeId: 1 });
    const call = async (t: string, body: object) =>
      (await ctx.call('POST', `/api/organisations/${org.id}/coins/checkout`, { token: t, body })).statusCode;
    expect(await call(await ctx.loginUser(viewer.email), { package_id: packageId })).toBe(403);
    expect(await call(await ctx.loginUser(stranger.email), { package_id: packageId })).toBe(404);
    expect(await call(token, { method: 'card' })).toBe(422);
    const { rows } = await ctx.deps.database.pool.query(
      'select count(*)::int n from payments where organisation_id = $1',
      [org.id],
    );
    expect(rows[0].n).toBe(0);
  });
});

describe('transfers to an artist', () => {
  it('moves coins once per idempotency key, only to an active roster artist, never below zero', async () => {
    const { org, artist, token } = await organisation(1000);
    const send = (coins: number, key: string, artistUserId = artist.id) =>
      ctx.call('POST', `/api/organisations/${org.id}/transfers`, {
        token,
        body: { artist_user_id: artistUserId, coins, idempotency_key: key },
      });
    const first = await send(300, 'transfer-key-1');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ coins: 300, balance: 700, replayed: false });
    const again = await send(300, 'transfer-key-1');
    expect(again.json().data).toMatchObject({ replayed: true, number: first.json().data.number });
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(300);
    const outsider = await ctx.makeUser({ userTypeId: 1 });
    const refused = await send(10, 'transfer-key-2', outsider.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBeTruthy();
    const tooMuch = await send(701, 'transfer-key-3');
    expect(tooMuch.statusCode).toBe(409);
    expect((await orgWallet(org.id, token)).balance).toBe(700);
  });

  it('50 concurrent transfers from one wallet: exactly floor(balance/coins) go through, none below zero', async () => {
    const { org, artist, token } = await organisation(1000);
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ctx.call('POST', `/api/organisations/${org.id}/transfers`, {
          token,
          body: { artist_user_id: artist.id, coins: 70, idempotency_key: `concurrent-${org.id}-${i}` },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(Math.floor(1000 / 70));
    expect(codes.filter((c) => c !== 200 && c !== 409)).toEqual([]);
    expect((await orgWallet(org.id, token)).balance).toBe(1000 - 70 * Math.floor(1000 / 70));
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(70 * Math.floor(1000 / 70));
    await invariantsHold();
  });
});

describe('monthly budgets', () => {
  it('funds a budget from the wallet, returns the excess when lowered and everything when removed', async () => {
    const { org, artist, token } = await organisation(1000);
    const put = (monthly: number) =>
      ctx.call('PUT', `/api/organisations/${org.id}/budgets/${artist.id}`, {
        token,
        body: { monthly_coins: monthly },
      });
    const set = await put(600);
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ monthly_coins: 600, available: 600, spent_this_month: 0 });
    expect(await orgWallet(org.id, token)).toEqual({ balance: 400, in_budgets: 600 });
    const tooHigh = await put(1001);
    expect(tooHigh.statusCode).toBe(409);
    expect(tooHigh.json().message).toBeTruthy();
    expect(await orgWallet(org.id, token)).toEqual({ balance: 400, in_budgets: 600 });
    expect((await put(250)).json().data).toMatchObject({ monthly_coins: 250, available: 250 });
    expect(await orgWallet(org.id, token)).toEqual({ balance: 750, in_budgets: 250 });
    const list = await ctx.call('GET', `/api/organisations/${org.id}/budgets`, { token });
    expect(list.json().data).toEqual([
      expect.objectContaining({ artist_user_id: artist.id, monthly_coins: 250 }),
    ]);
    const removed = await ctx.call('DELETE', `/api/organisations/${org.id}/budgets/${artist.id}`, { token });
    expect(removed.statusCode).toBe(200);
    expect(await orgWallet(org.id, token)).toEqual({ balance: 1000, in_budgets: 0 });
    expect(
      (await ctx.call('DELETE', `/api/organisations/${org.id}/budgets/${artist.id}`, { token })).statusCode,
    ).toBe(404);
    const viewer = await ctx.makeUser({ userTypeId: 1 });
    await addMember(ctx, org.id, viewer.id, 'viewer');
    const viewerPut = await ctx.call('PUT', `/api/organisations/${org.id}/budgets/${artist.id}`, {
      token: await ctx.loginUser(viewer.email),
      body: { monthly_coins: 10 },
    });
    expect(viewerPut.statusCode).toBe(403);
    await invariantsHold();
  });

  it('tops budgets back up on the 1st, excess first, partly when the wallet runs short, and tells Owners and Finance', async () => {
    const { org, owner, artist, token } = await organisation(1000);
    const second = await addRosterArtist(ctx, org.id);
    const finance = await ctx.makeUser({ userTypeId: 1 });
    await addMember(ctx, org.id, finance.id, 'finance');
    const budget = (artistUserId: number, monthly: number) =>
      ctx.call('PUT', `/api/organisations/${org.id}/budgets/${artistUserId}`, {
        token,
        body: { monthly_coins: monthly },
      });
    expect((await budget(artist.id, 400)).statusCode).toBe(200);
    expect((await budget(second.id, 500)).statusCode).toBe(200);
    // The second artist's budget is spent on a campaign (a hold from its account); the wallet has 100 left.
    const [{ ledger_account_id: secondAccount }] = (
      await ctx.deps.database.pool.query(
        'select ledger_account_id from organisation_budgets where artist_user_id = $1',
        [second.id],
      )
    ).rows;
    await withTransaction(ctx.deps.database, (tx) =>
      hold(tx, {
        userId: second.id,
        payerAccountId: Number(secondAccount),
        coins: 500,
        descId: DESC.CAMPAIGN_PURCHASE,
        idempotencyKey: `spent-${second.id}`,
      }),
    );
    const spent = await ctx.call('GET', `/api/organisations/${org.id}/budgets`, { token });
    expect(spent.json().data).toContainEqual(
      expect.objectContaining({ artist_user_id: second.id, available: 0, spent_this_month: 500 }),
    );
    const now = ctx.clock.now();
    ctx.clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1, 0, 5)));
    const outcomes = await topUpAllBudgets(ctx.deps);
    const mine = outcomes.find((o) => o.organisationId === org.id);
    expect(mine).toEqual({ organisationId: org.id, budgets: 2, missing: 400 });
    // A session of the new month.
    expect(await orgWallet(org.id, await ctx.loginUser(owner.email))).toEqual({
      balance: 0,
      in_budgets: 500,
    });
    const { rows } = await ctx.deps.database.pool.query(
      `select user_id from notifications where type = 'organisations.budget_underfunded' order by user_id`,
    );
    expect(rows.map((r) => r.user_id)).toEqual([owner.id, finance.id].sort((a, b) => a - b));
    // A second run of the same month moves nothing more.
    expect((await topUpAllBudgets(ctx.deps)).find((o) => o.organisationId === org.id)).toEqual({
      organisationId: org.id,
      budgets: 0,
      missing: 0,
    });
    await invariantsHold();
    ctx.clock.reset();
  });
});

describe('statement and roster dashboard', () => {
  it('lists the month’s purchases, transfers, budget moves, campaigns and refunds with totals, and exports them as CSV', async () => {
    const { org, artist, token } = await organisation(1000);
    expect(
      (
        await ctx.call('POST', `/api/organisations/${org.id}/transfers`, {
          token,
          body: { artist_user_id: artist.id, coins: 100, idempotency_key: `statement-${org.id}` },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.call('PUT', `/api/organisations/${org.id}/budgets/${artist.id}`, {
          token,
          body: { monthly_coins: 400 },
        })
      ).statusCode,
    ).toBe(200);
    const [{ ledger_account_id: account }] = (
      await ctx.deps.database.pool.query(
        'select ledger_account_id from organisation_budgets where organisation_id = $1',
        [org.id],
      )
    ).rows;
    const held = await withTransaction(ctx.deps.database, (tx) =>
      hold(tx, {
        userId: artist.id,
        payerAccountId: Number(account),
        coins: 150,
        descId: DESC.CAMPAIGN_PURCHASE,
        idempotencyKey: `st-hold-${org.id}`,
      }),
    );
    await withTransaction(ctx.deps.database, (tx) => voidHold(tx, held.id));
    const month = new Date().toISOString().slice(0, 7);
    const res = await ctx.call('GET', `/api/organisations/${org.id}/statement?month=${month}`, { token });
    expect(res.statusCode).toBe(200);
    const statement = res.json().data;
    expect(
      statement.lines.map((l: { kind: string; coins: number; internal: boolean }) => [
        l.kind,
        l.coins,
        l.internal,
      ]),
    ).toEqual([
      ['purchase', 1000, false],
      ['transfer', -100, false],
      // Inside the organisation (wallet to budget): neither in nor out, said so.
      ['budget', -400, true],
      ['campaign', -150, false],
      ['refund', 150, false],
    ]);
    expect(statement.lines[2].description).toBe(
      `Moved from the wallet to ${statement.lines[2].artist_name}'s budget`,
    );
    expect(statement.totals).toEqual({ purchases: 1000, campaigns: 150, refunds: 150, transfers: 100 });
    expect(statement.per_artist).toEqual([
      expect.objectContaining({ artist_user_id: artist.id, campaigns: 150, refunds: 150, transfers: 100 }),
    ]);
    const csv = await ctx.call('GET', `/api/organisations/${org.id}/statement.csv?month=${month}`, {
      token,
      headers: { 'accept-language': 'fr' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Pièces');
    expect(csv.body.split('\n').filter((l) => l.trim()).length).toBe(6);
    const bad = await ctx.call('GET', `/api/organisations/${org.id}/statement?month=2026-13`, { token });
    expect(bad.statusCode).toBe(422);

    const dashboard = await ctx.call('GET', `/api/organisations/${org.id}/dashboard`, { token });
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().data).toEqual([
      expect.objectContaining({
        artist_user_id: artist.id,
        monthly_budget: 400,
        spent_this_month: 0,
        open_campaigns: 0,
        finished_campaigns: 0,
      }),
    ]);
  });
});
