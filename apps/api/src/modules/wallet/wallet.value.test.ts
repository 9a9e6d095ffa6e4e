import { packageSaving } from '@lm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { artistWithCoins } from '../../test/coins';
import { testAppForFile } from '../../test/harness';
import { seedExpressDemo } from '../express/express.seed';
import { getSettings, putSetting } from '../settings/settings.service';

/**
 * for the same coins, the user's own app, the payouts
 * pages, the back-office user overview and coin balances list, a custom-amount checkout and a
 * card-paid campaign all answer the same pounds. Prices are moved off their defaults (coin £1.20,
 * payout 90p) so a figure that ignores a setting shows.
 */
let adminToken: string;
const COIN_PRICE = 120;
const PAYOUT_RATE = 90;

const ctx = testAppForFile();
beforeAll(async () => {
  await withTransaction(ctx.deps.database, async (tx) => {
    await putSetting(tx, 'coin_price_pence', COIN_PRICE);
    await putSetting(tx, 'payout_rate_pence', PAYOUT_RATE);
  });
  adminToken = await ctx.loginAdmin((await ctx.makeAdmin()).email);
});

const userWith = (userTypeId: 1 | 2, coins: number, email?: string) =>
  artistWithCoins(ctx, coins, { userTypeId, ...(email ? { email } : {}) });

const overviewValue = async (userId: number) => {
  const res = await ctx.call('GET', `/api/admin/users/${userId}`, { token: adminToken });
  expect(res.statusCode).toBe(200);
  return res.json().data.balance as { balance: number; total_minor: number; basis: string };
};
const listedValue = async (email: string) => {
  const res = await ctx.call('GET', `/api/admin/wallet/coins?q=${encodeURIComponent(email)}`, {
    token: adminToken,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data[0] as { balance: number; value_minor: number; value_basis: string };
};
const ownValue = async (token: string) => {
  const res = await ctx.call('GET', '/api/wallet/user/current/balance', { token });
  expect(res.statusCode).toBe(200);
  return res.json().data as { balance: number; total_minor: number; basis: string; pence_per_coin: number };
};

describe('one price for a coin', () => {
  it("an artist's coins: own wallet, admin overview, admin list and a custom amount all at the coin price", async () => {
    const { user, token } = await userWith(1, 37);
    const own = await ownValue(token);
    expect(own).toMatchObject({ balance: 37, total_minor: 37 * COIN_PRICE, basis: 'coin_price' });
    expect(await overviewValue(user.id)).toMatchObject({ balance: 37, total_minor: own.total_minor });
    expect(await listedValue(user.email)).toMatchObject({ balance: 37, value_minor: own.total_minor });

    // Buying the same 37 coins as a custom amount costs what they are worth in the wallet.
    const price = await ctx.call('GET', '/api/wallet/user/coin-price', { token });
    expect(price.json().data).toMatchObject({ pence_per_coin: COIN_PRICE, custom_min: 10 });
    const custom = await ctx.call('POST', '/api/wallet/user/recharge/coins', {
      token,
      body: { coins: 37, method: 'card' },
    });
    expect(custom.statusCode).toBe(200);
    expect(custom.json().data.amount_minor).toBe(own.total_minor);
    const session = await ctx.call('GET', new URL(custom.json().data.url).pathname);
    expect(session.body).toContain('£44.40');
  });

  it("a curator's coins: own wallet, payouts pages, admin overview and admin list all at the payout rate", async () => {
    const { user, token } = await userWith(2, 37);
    const own = await ownValue(token);
    expect(own).toMatchObject({ balance: 37, total_minor: 37 * PAYOUT_RATE, basis: 'payout_rate' });
    const sums = await ctx.call('GET', '/api/curator/sum/payouts', { token });
    expect(sums.json().data).toMatchObject({ balance: 37, total_minor: own.total_minor });
    const withdrawable = await ctx.call('GET', '/api/curator/withdrawable', { token });
    expect(withdrawable.json().data.total_minor).toBe(own.total_minor);
    // The back-office values a curator's coins at the payout rate too, not at the coin price (37 × 120p).
    expect(await overviewValue(user.id)).toMatchObject({
      total_minor: own.total_minor,
      basis: 'payout_rate',
    });
    expect(await listedValue(user.email)).toMatchObject({ value_minor: own.total_minor });
  });

  it('a card-paid campaign costs its coins at the coin price, the same as a custom amount of them', async () => {
    await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
    await seedExpressDemo(ctx.deps.database);
    const playlist = (
      await ctx.deps.database.pool.query(
        `select p.id, t.price from express_playlists p join express_tiers t on t.id = p.tier_id
          where p.status_id = 1 order by p.id limit 1`,
      )
    ).rows[0] as { id: number; price: number };
    const { token } = await userWith(1, 0);
    const card = await ctx.call('POST', '/api/stripe/campaign/checkout', {
      token,
      body: {
        track_link: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
        playlist_ids: [playlist.id],
      },
    });
    expect(card.statusCode).toBe(200);
    expect(card.json().data).toMatchObject({
      coins: playlist.price,
      amount_minor: playlist.price * COIN_PRICE,
    });
    const custom = await ctx.call('POST', '/api/wallet/user/recharge/coins', {
      token,
      body: { coins: playlist.price, method: 'card' },
    });
    expect(custom.json().data.amount_minor).toBe(card.json().data.amount_minor);
  });

  it('each package shows its saving against the coin price, and none may cost more than it', async () => {
    const { token } = await userWith(1, 0);
    const created = await ctx.call('POST', '/api/admin/wallet/packages', {
      token: adminToken,
      body: { name: 'Value', coins: 100, bonus_coins: 20, price: 10_800 },
    });
    expect(created.statusCode).toBe(201);
    // 120 coins at £1.20 = £144.00; £108.00 saves £36.00, 25 %.
    expect(created.json().data).toMatchObject({ list_price: 14_400, saving: 3_600, saving_percent: 25 });
    const listed = await ctx.call('GET', '/api/wallet/user/get/all-packages', { token });
    const value = listed.json().data.find((p: { name: string }) => p.name === 'Value');
    expect(value).toMatchObject(
      packageSaving(
        { coins: 100, bonus_coins: 20, price: 10_800 },
        (await getSettings(ctx.deps.database)).coin_price_pence,
      ),
    );

    const dearer = await ctx.call('POST', '/api/admin/wallet/packages', {
      token: adminToken,
      body: { name: 'Dear', coins: 100, price: 12_001 },
      headers: { 'x-lang': 'en' },
    });
    expect(dearer.statusCode).toBe(422);
    expect(dearer.json().errors.price[0]).toBe(
      'The price can be at most £120.00: 100 coins at the coin price',
    );
    const edit = await ctx.call('PUT', `/api/admin/wallet/packages/${created.json().data.id}`, {
      token: adminToken,
      body: { name: 'Value', coins: 100, bonus_coins: 20, price: 14_401 },
    });
    expect(edit.statusCode).toBe(422);

    // Lowering the coin price under the package's £0.90 a coin is refused and changes nothing.
    const lower = await ctx.call('PUT', '/api/admin/settings', {
      token: adminToken,
      body: { coin_price_pence: 89, payout_rate_pence: 80 },
    });
    expect(lower.statusCode).toBe(422);
    expect(lower.json().errors.coin_price_pence[0]).toContain('Value');
    expect(await getSettings(ctx.deps.database)).toMatchObject({
      coin_price_pence: COIN_PRICE,
      payout_rate_pence: PAYOUT_RATE,
    });
    expect(
      (
        await ctx.call('DELETE', `/api/admin/wallet/packages/${created.json().data.id}`, {
          token: adminToken,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('package saves racing a coin price cut never leave an active package dearer than the coin price', async () => {
    // £1.15 a coin: fine at the £1.20 coin price, too dear at £1.10.
    const saves = Array.from({ length: 12 }, (_, i) =>
      ctx.call('POST', '/api/admin/wallet/packages', {
        token: adminToken,
        body: { name: `Race ${i}`, coins: 100, price: 11_500 },
      }),
    );
    const cut = ctx.call('PUT', '/api/admin/settings', {
      token: adminToken,
      body: { coin_price_pence: 110 },
    });
    const answers = await Promise.all([...saves, cut]);
    expect(answers.every((r) => r.statusCode === 201 || r.statusCode === 200 || r.statusCode === 422)).toBe(
      true,
    );
    const { coin_price_pence } = await getSettings(ctx.deps.database);
    const dearer = await ctx.deps.database.pool.query(
      'select count(*)::int as n from coin_packages where is_active and price_minor > (coins + bonus_coins) * $1',
      [coin_price_pence],
    );
    expect(dearer.rows[0].n).toBe(0);
    await ctx.deps.database.pool.query(`update coin_packages set is_active = false where name like 'Race %'`);
    await withTransaction(ctx.deps.database, (tx) => putSetting(tx, 'coin_price_pence', COIN_PRICE));
  });

  it('a package save waits for a coin price change in flight and is checked against the new price', async () => {
    const staff = await ctx.deps.database.pool.connect();
    try {
      // Another admin's settings save, not yet committed: the rows locked, the price cut to £1.10.
      await staff.query('begin');
      await staff.query('select key from settings order by key for update');
      await staff.query(`update settings set value = '110'::jsonb where key = 'coin_price_pence'`);
      const save = ctx.call('POST', '/api/admin/wallet/packages', {
        token: adminToken,
        body: { name: 'Late', coins: 100, price: 11_500 },
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
      await staff.query('commit');
      const res = await save;
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.price[0]).toContain('£110.00');
    } finally {
      staff.release();
      await withTransaction(ctx.deps.database, (tx) => putSetting(tx, 'coin_price_pence', COIN_PRICE));
    }
  });
});
