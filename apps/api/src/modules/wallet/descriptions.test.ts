import { beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import { testAppForFile } from '../../test/harness';
import { FEEDBACK, listenFully } from '../express/express.fixture';
import { seedExpressDemo } from '../express/express.seed';
import { getSettings } from '../settings/settings.service';
import { credit, DESC, debit, hold, postHold } from './ledger';
import { DEMO_PACKAGES, seedWalletDemo } from './wallet.demo';

let playlistIds: number[] = [];
let curatorId: number;
let curatorToken: string;

const ctx = testAppForFile();
beforeAll(async () => {
  const curator = await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
  curatorId = curator.id;
  curatorToken = await ctx.loginUser(curator.email);
  await seedExpressDemo(ctx.deps.database);
  await seedWalletDemo(ctx.deps.database);
  playlistIds = (await ctx.deps.database.pool.query('select id from express_playlists order by id')).rows.map(
    (r) => r.id,
  );
});

interface Item {
  transactions_id: string;
  transaction_type: 'credit' | 'debit';
  coins: number;
  desc_id: number;
  description: { key: string; params: Record<string, string | number> };
  total: { minor: number; currency: string; basis: string };
}

async function transactions(token: string): Promise<Item[]> {
  const res = await ctx.call('GET', '/api/wallet/user/transaction?limit=100&order=id:asc', { token });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('wallet transaction descriptions', () => {
  it('says what each movement was, from its references, with a signed total', async () => {
    const artist = await ctx.makeUser({ userTypeId: 1 });
    const token = await ctx.loginUser(artist.email);
    const pkg = DEMO_PACKAGES[1]!;
    const packageId = (
      await ctx.deps.database.pool.query('select id from coin_packages where name = $1', [pkg.name])
    ).rows[0].id as number;
    await withTransaction(ctx.deps.database, async (tx) => {
      await credit(tx, {
        userId: artist.id,
        coins: 1000,
        descId: DESC.COIN_PURCHASE,
        idempotencyKey: `desc-test-${artist.id}-buy`,
        moneyMinor: 47_500,
        currency: 'GBP',
        meta: { payment_id: 1, method: 'paypal', package_id: packageId },
      });
    });
    const created = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token,
      body: {
        track_link: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC',
        playlist_ids: playlistIds,
        payment_method: 'coins',
      },
    });
    expect(created.statusCode).toBe(201);
    const [declinedOne, paidOne] = created.json().data as {
      id: number;
      price: number;
      campaign_name: string;
      playlist: { name: string };
    }[];
    const reasons = (
      await ctx.call('GET', '/api/express/curator/campaign/reasons', { token: curatorToken })
    ).json().data;
    await listenFully(ctx.deps, declinedOne!.id, curatorId);
    expect(
      (
        await ctx.call('POST', '/api/express/curator/decline/campaign', {
          token: curatorToken,
          body: { campaign_id: declinedOne!.id, reason_id: reasons[0].id, feedback: FEEDBACK },
        })
      ).statusCode,
    ).toBe(200);
    // The other campaign ends below its target: part posted to the curator, the rest refunded.
    const [{ hold_id: holdId, fee_percent: fee }] = (
      await ctx.deps.database.pool.query('select hold_id, fee_percent from express_campaigns where id = $1', [
        paidOne!.id,
      ])
    ).rows;
    await withTransaction(ctx.deps.database, async (tx) => {
      await postHold(
        tx,
        holdId,
        100,
        { userId: curatorId },
        {
          descId: DESC.CAMPAIGN_PURCHASE,
          feePercent: fee,
          meta: { campaign_type: 'spotify', campaign_id: paidOne!.id },
        },
      );
      await debit(tx, {
        userId: artist.id,
        coins: 5,
        descId: DESC.DEDUCTED,
        idempotencyKey: `desc-test-${artist.id}-deduct`,
        meta: { reason: 'correction', admin_id: 1 },
      });
      await credit(tx, {
        userId: artist.id,
        coins: 7,
        descId: DESC.REFUND,
        idempotencyKey: `desc-test-${artist.id}-goodwill`,
        from: 'platform_revenue',
        meta: { reason: 'goodwill', admin_id: 1, refund_type: 'manual_adjustment' },
      });
      await hold(tx, {
        userId: artist.id,
        coins: 10,
        descId: DESC.PAYOUT_REQUEST,
        idempotencyKey: `desc-test-${artist.id}-payout`,
        escrow: 'payout_escrow',
        meta: { wise_quote_id: 'quote-without-payout' },
      });
      await credit(tx, {
        userId: artist.id,
        coins: 10,
        descId: DESC.REFUND,
        idempotencyKey: `desc-test-${artist.id}-payout-back`,
        from: 'payout_clearing',
        meta: { wise_quote_id: 'q', payout_id: 42, refund_type: 'payout_returned' },
      });
    });

    const items = await transactions(token);
    const campaignParams = (c: typeof paidOne) => ({
      campaign: c!.id,
      track: c!.campaign_name,
      playlist: c!.playlist.name,
    });
    expect(items.map((i) => i.description)).toEqual([
      { key: 'wallet.describe.package', params: { package: pkg.name, method: 'paypal' } },
      { key: 'wallet.describe.campaign_paid', params: campaignParams(declinedOne) },
      { key: 'wallet.describe.campaign_paid', params: campaignParams(paidOne) },
      { key: 'wallet.describe.campaign_refund', params: campaignParams(declinedOne) },
      { key: 'wallet.describe.campaign_partial_refund', params: campaignParams(paidOne) },
      { key: 'wallet.describe.manual_debit', params: {} },
      { key: 'wallet.describe.manual_credit', params: {} },
      { key: 'wallet.describe.payout_request_unknown', params: {} },
      { key: 'wallet.describe.payout_returned', params: { payout: 42 } },
    ]);
    // Never stored text: the rows keep only their references.
    const meta = await ctx.deps.database.pool.query(
      `select count(*)::int n from ledger_transfers where meta::text ilike '%describe%'`,
    );
    expect(meta.rows[0].n).toBe(0);

    const { coin_price_pence: pence } = await getSettings(ctx.deps.database);
    // Money paid is the total of a purchase; other movements are the coins at the coin price, signed.
    expect(items[0]!.total).toEqual({ minor: 47_500, currency: 'GBP', basis: 'paid' });
    expect(items[1]!.transaction_type).toBe('debit');
    expect(items[1]!.total).toEqual({
      minor: -Math.round(declinedOne!.price * pence),
      currency: 'GBP',
      basis: 'coin_price',
    });
    expect(items[3]!.total.minor).toBe(Math.round(declinedOne!.price * pence));
    expect(items[5]!.total.minor).toBe(-Math.round(5 * pence));
    for (const i of items) expect(Math.sign(i.total.minor)).toBe(i.transaction_type === 'debit' ? -1 : 1);

    // The curator sees what they earned, from which campaign, after which fee, valued at the payout rate.
    const earned = (await transactions(curatorToken)).filter((i) => i.desc_id === DESC.CAMPAIGN_PURCHASE);
    expect(earned.at(-1)!.description).toEqual({
      key: 'wallet.describe.campaign_earned',
      params: { ...campaignParams(paidOne), fee },
    });
    expect(earned.at(-1)!.total.basis).toBe('payout_rate');

    // The detail answers the same description.
    const one = await ctx.call(
      'GET',
      `/api/wallet/user/transaction/${(items[4] as unknown as { id: number }).id}`,
      {
        token,
      },
    );
    expect(one.json().data.description.key).toBe('wallet.describe.campaign_partial_refund');
  });
});
