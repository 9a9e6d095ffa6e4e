import { ACTING_FOR_HEADER } from '@lm/contracts/organisations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '../../db/client';
import type { TestContext } from '../../test/harness';
import { setBudget } from '../organisations/organisations.money';
import {
  addMember,
  addRosterArtist,
  makeOrganisation,
} from '../organisations/organisations.money.test-helpers';
import { creditOrganisation, ledgerInvariants, walletBalance } from '../wallet';
import { createCampaigns } from './express.creation';
import { createSpotifyTestApp, declineSaying, listenFully } from './express.fixture';
import { decline, forceEnd, sweep } from './express.machine';

/**
 * Campaigns paid from an organisation's budget (issue 35): the hold's payer is the artist's budget
 * account in the organisation, never the artist's wallet; a budget is never exceeded, even by many
 * purchases at once; declines, expiries and refunds return the coins to the budget.
 */
let ctx: TestContext;
let curatorId: number;
let starter: number;
const STARTER_PRICE = 50;
beforeAll(async () => {
  const world = await createSpotifyTestApp();
  ctx = world.ctx;
  curatorId = world.curator.id;
  starter = world.playlistIds[0]!;
});
afterAll(async () => {
  await ctx?.close();
});

let track = 0;
const nextTrack = () => {
  track += 1;
  return `https://open.spotify.com/track/5xBudget${String(track).padStart(14, '0')}`;
};

/** An organisation with `walletCoins`, an artist on its roster with a monthly budget of `budget`. */
async function budgeted(walletCoins: number, budget: number) {
  const { org, owner } = await makeOrganisation(ctx);
  await withTransaction(ctx.deps.database, (tx) =>
    creditOrganisation(tx, {
      organisationId: org.id,
      coins: walletCoins,
      idempotencyKey: `seed-org-${org.id}`,
    }),
  );
  const artist = await addRosterArtist(ctx, org.id);
  await setBudget(ctx.deps, owner.id, org.id, artist.id, budget);
  return { org, owner, artist };
}

async function budgetAvailable(orgId: number, artistId: number): Promise<number> {
  const { rows } = await ctx.deps.database.pool.query(
    `select a.balance from organisation_budgets b join ledger_accounts a on a.id = b.ledger_account_id
      where b.organisation_id = $1 and b.artist_user_id = $2`,
    [orgId, artistId],
  );
  return Number(rows[0].balance);
}

const buy = (artistId: number, organisationId?: number) =>
  createCampaigns(ctx.deps, artistId, { track_link: nextTrack(), playlist_ids: [starter], organisationId });

async function invariantsHold() {
  const inv = await ledgerInvariants(ctx.deps.database.db);
  expect(inv.balanceSumCoins).toBe(0);
  expect(inv.negativeAccounts).toBe(0);
  expect(inv.escrowMismatchedAccounts).toEqual({ campaign_escrow: 0, payout_escrow: 0 });
}

describe('campaigns paid from a budget', () => {
  it('holds from the budget, refuses past it with organisations.budget_exceeded and creates nothing', async () => {
    const { org, artist } = await budgeted(1000, 120);
    await buy(artist.id, org.id);
    await buy(artist.id, org.id);
    expect(await budgetAvailable(org.id, artist.id)).toBe(120 - 2 * STARTER_PRICE);
    const before = await ctx.deps.database.pool.query(
      'select count(*)::int n from express_campaigns where artist_id = $1',
      [artist.id],
    );
    await expect(buy(artist.id, org.id)).rejects.toMatchObject({
      status: 409,
      messageKey: 'organisations.budget_exceeded',
    });
    const after = await ctx.deps.database.pool.query(
      'select count(*)::int n from express_campaigns where artist_id = $1',
      [artist.id],
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(0);
    await invariantsHold();
  });

  it("pays from the artist's own wallet without an organisation or without a budget in it", async () => {
    const { org } = await makeOrganisation(ctx);
    const artist = await addRosterArtist(ctx, org.id);
    await expect(buy(artist.id, org.id)).rejects.toMatchObject({ messageKey: 'wallet.insufficient_balance' });
  });

  it('team members acting for the artist through the API: 50 purchases at once by three members draw only the budget', async () => {
    const budget = 1000;
    const { org, owner, artist } = await budgeted(5000, budget);
    const manager = await ctx.makeUser({ userTypeId: 1 });
    const admin = await ctx.makeUser({ userTypeId: 1 });
    await addMember(ctx, org.id, manager.id, 'campaign_manager');
    await addMember(ctx, org.id, admin.id, 'admin');
    const tokens = await Promise.all([owner, manager, admin].map((u) => ctx.loginUser(u.email)));
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        ctx.call('POST', '/api/express/artist/campaign/create', {
          token: tokens[i % 3],
          headers: { [ACTING_FOR_HEADER]: String(artist.id) },
          body: {
            track_link: nextTrack(),
            playlist_ids: [starter],
            pitch: 'A pitch for the curator, long enough to read.',
          },
        }),
      ),
    );
    const created = results.filter((r) => r.statusCode === 201);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(created.length).toBe(budget / STARTER_PRICE);
    expect([...new Set(refused.map((r) => r.statusCode))]).toEqual([409]);
    expect(await budgetAvailable(org.id, artist.id)).toBe(0);
    // The campaigns are the artist's; the members' and the artist's own wallets paid nothing.
    const { rows } = await ctx.deps.database.pool.query(
      'select count(*)::int n from express_campaigns where artist_id = $1',
      [artist.id],
    );
    expect(rows[0].n).toBe(created.length);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(0);
    await invariantsHold();
  });

  it('no card round the budget: while acting, the campaign card checkout and the coin purchase answer 403 organisations.not_in_context and start no payment', async () => {
    const { org, artist } = await budgeted(1000, 40);
    const manager = await ctx.makeUser({ userTypeId: 1 });
    await addMember(ctx, org.id, manager.id, 'campaign_manager');
    const token = await ctx.loginUser(manager.email);
    const acting = { [ACTING_FOR_HEADER]: String(artist.id) };
    const payments = async () =>
      (
        await ctx.deps.database.pool.query<{ n: number }>(
          'select count(*)::int n from payments where user_id = any($1::int[])',
          [[artist.id, manager.id]],
        )
      ).rows[0]!.n;
    const before = await payments();
    const card = await ctx.call('POST', '/api/stripe/campaign/checkout', {
      token,
      headers: acting,
      body: { track_link: nextTrack(), playlist_ids: [starter] },
    });
    expect(card.statusCode).toBe(403);
    expect(card.json().message).toBe(
      'This cannot be done while acting for an artist. Switch back to your own account',
    );
    const coins = await ctx.call('POST', '/api/wallet/user/recharge/coins', {
      token,
      headers: acting,
      body: { coins: 100, method: 'card' },
    });
    expect(coins.statusCode).toBe(403);
    expect(await payments()).toBe(before);
    // The budget (40) is below the Starter price: the coins way is refused too, nothing is held.
    const held = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token,
      headers: acting,
      body: { track_link: nextTrack(), playlist_ids: [starter] },
    });
    expect(held.statusCode).toBe(409);
    expect(await budgetAvailable(org.id, artist.id)).toBe(40);
  });

  it('returns the coins to the budget on a decline, an expiry and a refund force-end', async () => {
    const { org, artist } = await budgeted(1000, 300);
    const [declined] = await buy(artist.id, org.id);
    const [expiring] = await buy(artist.id, org.id);
    const [forced] = await buy(artist.id, org.id);
    expect(await budgetAvailable(org.id, artist.id)).toBe(300 - 3 * STARTER_PRICE);
    await listenFully(ctx.deps, declined!.id, curatorId);
    await decline(ctx.deps, curatorId, declined!.id, await declineSaying(ctx.deps, 1));
    expect(await budgetAvailable(org.id, artist.id)).toBe(300 - 2 * STARTER_PRICE);
    const admin = await ctx.makeAdmin();
    await forceEnd(ctx.deps, admin.id, forced!.id, 'refunded');
    expect(await budgetAvailable(org.id, artist.id)).toBe(300 - STARTER_PRICE);
    ctx.clock.set(new Date(expiring!.answerDeadline!.getTime() + 60_000));
    await sweep(ctx.deps);
    ctx.clock.reset();
    expect(await budgetAvailable(org.id, artist.id)).toBe(300);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(0);
    await invariantsHold();
  });

  it('50 purchases at once from one budget: exactly floor(budget / price) succeed, never below zero', async () => {
    const budget = 1000;
    const { org, artist } = await budgeted(5000, budget);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => buy(artist.id, org.id)));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refusals = results.flatMap((r) =>
      r.status === 'rejected' ? [(r.reason as { messageKey: string }).messageKey] : [],
    );
    expect(ok).toBe(Math.floor(budget / STARTER_PRICE));
    expect([...new Set(refusals)]).toEqual(['organisations.budget_exceeded']);
    expect(await budgetAvailable(org.id, artist.id)).toBe(budget - ok * STARTER_PRICE);
    await invariantsHold();
  });

  it('a budget lowered while purchases run: the account never goes below zero and the sums still add up', async () => {
    const { org, owner, artist } = await budgeted(5000, 1000);
    const purchases = Array.from({ length: 20 }, () => buy(artist.id, org.id));
    const change = setBudget(ctx.deps, owner.id, org.id, artist.id, 300);
    const results = await Promise.allSettled([...purchases, change]);
    const bought = results.slice(0, 20).filter((r) => r.status === 'fulfilled').length;
    expect(results[20]!.status).toBe('fulfilled');
    const available = await budgetAvailable(org.id, artist.id);
    expect(available).toBeGreaterThanOrEqual(0);
    // Whatever the order, the budget holds its monthly amount less what this month's campaigns took.
    expect(available).toBe(Math.max(0, 300 - bought * STARTER_PRICE));
    await invariantsHold();
  });
});
