import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistWithCoins } from '../../test/coins';
import type { TestContext } from '../../test/harness';
import { walletBalance } from '../wallet/ledger';
import { createSpotifyTestApp } from './express.fixture';

// a card payment inside a campaign buys the cheapest purchase covering the missing
// coins (the coins at the coin price, 100 pence here, or a cheaper package), recomputed by the server.
let ctx: TestContext;
let playlistIds: number[] = [];
let cheapPackageId: number;
let trackNo = 0;
const nextLink = () => `https://open.spotify.com/track/7QuoteTrack${String(++trackNo).padStart(11, '0')}`;

beforeAll(async () => {
  // Two approved playlists: Starter 50 coins, Premium 300 coins (350 together).
  ({ ctx, playlistIds } = await createSpotifyTestApp());
  await ctx.deps.database.pool.query('update coin_packages set is_active = false');
  const rows = await ctx.deps.database.pool.query(
    `insert into coin_packages (name, translations, coins, bonus_coins, price_minor, currency, is_active, position)
     values ('Quote 360', '{"name":{"fr":"Devis 360"}}', 300, 60, 30000, 'GBP', true, 1),
            ('Quote 1000', '{}', 1000, 0, 90000, 'GBP', true, 2),
            ('Retired 400', '{}', 400, 0, 100, 'GBP', false, 3),
            ('Euro 400', '{}', 400, 0, 200, 'EUR', true, 4)
     returning id`,
  );
  cheapPackageId = rows.rows[0].id;
});
afterAll(async () => {
  await ctx?.close();
});

const artistWith = (coins: number) => artistWithCoins(ctx, coins);
const quote = (token: string, lang = 'en') =>
  ctx.call('POST', '/api/express/artist/campaign/checkout/quote', {
    token,
    headers: { 'x-lang': lang },
    body: { playlist_ids: playlistIds },
  });
const checkout = (token: string, body: Record<string, unknown>) =>
  ctx.call('POST', '/api/stripe/campaign/checkout', {
    token,
    body: { track_link: nextLink(), playlist_ids: playlistIds, ...body },
  });
const paymentOf = async (sessionId: string) =>
  (
    await ctx.deps.database.pool.query(
      'select amount_minor, coins, package_id, currency from payments where provider_ref = $1',
      [sessionId],
    )
  ).rows[0];
async function pay(token: string, sessionId: string) {
  await ctx.call('POST', `/api/sandbox/checkout/${sessionId}/complete`, { body: {} });
  return ctx.call('POST', '/api/stripe/campaign/checkout/check/pay', {
    token,
    body: { session_id: sessionId },
  });
}

describe('card payment of a campaign request: the cheapest way to cover the missing coins', () => {
  it('quotes and charges a package when it costs less than the missing coins at the coin price; its extra coins stay in the wallet', async () => {
    const { user, token } = await artistWith(0);
    const q = await quote(token);
    expect(q.statusCode).toBe(200);
    expect(q.json().data).toEqual({
      total: 350,
      balance: 0,
      missing: 350,
      at_coin_price_minor: 35000,
      purchase: {
        kind: 'package',
        package_id: cheapPackageId,
        package_name: 'Quote 360',
        coins: 360,
        amount_minor: 30000,
        currency: 'GBP',
      },
      reason: 'package_cheaper',
    });
    expect((await quote(token, 'fr')).json().data.purchase.package_name).toBe('Devis 360');
    const start = await checkout(token, { top_up: 'cheapest', expected_amount_minor: 30000 });
    expect(start.statusCode).toBe(200);
    expect(start.json().data).toMatchObject({ coins: 360, amount_minor: 30000, currency: 'GBP' });
    expect(await paymentOf(start.json().data.session_id)).toEqual({
      amount_minor: 30000,
      coins: 360,
      package_id: cheapPackageId,
      currency: 'GBP',
    });
    const done = await pay(token, start.json().data.session_id);
    expect(done.json().data).toMatchObject({ payment: { status: 'paid' }, not_created: false });
    expect(done.json().data.campaigns).toHaveLength(2);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(10);
  });

  it('quotes and charges the missing coins at the coin price when that is cheaper than any package', async () => {
    const { user, token } = await artistWith(300);
    const q = (await quote(token)).json().data;
    expect(q).toMatchObject({
      total: 350,
      balance: 300,
      missing: 50,
      at_coin_price_minor: 5000,
      reason: 'no_cheaper_package',
      purchase: { kind: 'coins', package_id: null, coins: 50, amount_minor: 5000, currency: 'GBP' },
    });
    const start = await checkout(token, { top_up: 'cheapest' });
    expect(start.json().data).toMatchObject({ coins: 50, amount_minor: q.purchase.amount_minor });
    expect(await paymentOf(start.json().data.session_id)).toMatchObject({
      amount_minor: 5000,
      package_id: null,
    });
    const done = await pay(token, start.json().data.session_id);
    expect(done.json().data.campaigns).toHaveLength(2);
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(0);
  });

  it('a wallet that covers the request is quoted no purchase', async () => {
    const { token } = await artistWith(400);
    expect((await quote(token)).json().data).toMatchObject({
      missing: 0,
      purchase: null,
      reason: 'wallet_covers',
    });
  });

  it('ignores a price, coins or package sent by the client and refuses a checkout whose quote changed since the page showed it', async () => {
    const { user, token } = await artistWith(0);
    const forged = await checkout(token, {
      top_up: 'cheapest',
      amount_minor: 1,
      coins: 100000,
      package_id: cheapPackageId + 1,
    });
    expect(forged.statusCode).toBe(200);
    expect(await paymentOf(forged.json().data.session_id)).toMatchObject({ amount_minor: 30000, coins: 360 });
    const before = await ctx.deps.database.pool.query(
      'select count(*)::int n from payments where user_id = $1',
      [user.id],
    );
    const stale = await checkout(token, { top_up: 'cheapest', expected_amount_minor: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'The price changed since the page showed it: check the new amount and pay again',
    );
    const after = await ctx.deps.database.pool.query(
      'select count(*)::int n from payments where user_id = $1',
      [user.id],
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
    const negative = await checkout(token, { top_up: 'cheapest', expected_amount_minor: -5 });
    expect(negative.statusCode).toBe(422);
  });

  it('callers that do not ask for the quote (mobile apps) still buy the request coins at the coin price', async () => {
    const { token } = await artistWith(100);
    const start = await checkout(token, {});
    expect(start.json().data).toMatchObject({ coins: 350, amount_minor: 35000 });
  });

  it('many paid checkouts at once: every card buys its quote, every request is created once, no coin lost or doubled', async () => {
    const { user, token } = await artistWith(0);
    const starts = await Promise.all(
      Array.from({ length: 8 }, () => checkout(token, { top_up: 'cheapest', expected_amount_minor: 30000 })),
    );
    expect(starts.map((s) => s.statusCode)).toEqual(Array(8).fill(200));
    const sessions = starts.map((s) => s.json().data.session_id as string);
    await Promise.all(
      sessions.map((id) => ctx.call('POST', `/api/sandbox/checkout/${id}/complete`, { body: {} })),
    );
    const confirms = await Promise.all(
      sessions.flatMap((id) =>
        Array.from({ length: 3 }, () =>
          ctx.call('POST', '/api/stripe/campaign/checkout/check/pay', { token, body: { session_id: id } }),
        ),
      ),
    );
    expect(confirms.every((r) => r.statusCode === 200)).toBe(true);
    const campaigns = await ctx.deps.database.pool.query(
      'select count(*)::int n, coalesce(sum(price), 0)::int coins from express_campaigns where artist_id = $1',
      [user.id],
    );
    expect(campaigns.rows[0]).toEqual({ n: 16, coins: 8 * 350 });
    const paid = await ctx.deps.database.pool.query(
      "select count(*)::int n, sum(coins)::int coins, sum(amount_minor)::int pence from payments where user_id = $1 and status = 'paid'",
      [user.id],
    );
    expect(paid.rows[0]).toEqual({ n: 8, coins: 8 * 360, pence: 8 * 30000 });
    // Bought 8 × 360, 8 × 350 held by the campaigns: 80 coins left, nothing credited twice.
    expect(await walletBalance(ctx.deps.database, user.id)).toBe(80);
    const sum = await ctx.deps.database.pool.query(
      'select coalesce(sum(balance),0)::int s from ledger_accounts',
    );
    expect(sum.rows[0].s).toBe(0);
  });
});
