import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { WEBHOOK_EVENT_TYPES } from '@lm/contracts/webhooks';
import { inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../platform/errors';
import { ledgerTotal, userWithCoins } from '../../test/coins';
import { createTestApp, type TestContext } from '../../test/harness';
import { users } from '../accounts/accounts.schema';
import { dashboard } from '../dashboard/dashboard.service';
import { DESC, walletBalance } from '../wallet/ledger';
import { createCampaignsFor } from './express.creation';
import { campaignRow, declineSaying, listenFully, settledOf } from './express.fixture';
import { advance, approve, decline, forceEnd, submit, sweep } from './express.machine';
import { listCampaigns } from './express.queries';
import { EXPRESS_ONE_OPEN_PER_SOUND_ACCOUNT } from './express.schema';
import { seedExpressReference } from './express.seed';
import { type ExpressPlatformAdapter, proRataShare } from './platforms/adapter';
import { registerExpressAdapter } from './platforms/index';
import { accountRenewal } from './platforms/social';

/**
 * The seam between the express engine and a platform: a fake
 * video platform, written only against the adapter interface, runs campaigns through the whole engine
 * (holds, state machine, deadlines, jobs, money) with a controlled clock. If the engine still called
 * Spotify anywhere, these campaigns (which have no playlist) could not move.
 */

const MIN = 60_000;
const DAY = 86_400_000;

/** The fake platform's world: accounts for sale and the videos posted on it. */
const world = {
  accounts: new Map<number, { sellerId: number; name: string; price: number }>(),
  videos: new Map<string, { isPublic: boolean; soundId: string; views: number }>(),
  targetViews: 1000,
};
let tierId = 0;

const fake: ExpressPlatformAdapter = {
  typeId: 2,
  key: 'tiktok',
  promise: 'video',
  timing: { verifyDelayMinutes: 10, checkEveryWaitingMinutes: 60, checkEveryOnGoingMinutes: 12 * 60 },
  invalidSoundKey: 'express.invalid_track',
  oneOpenIndex: EXPRESS_ONE_OPEN_PER_SOUND_ACCOUNT,
  async resolveSound(_deps, link) {
    const m = /^fake:\/\/sound\/(\w+)$/.exec(link);
    if (!m) return null;
    return { id: m[1]!, url: link, name: `Sound ${m[1]}`, artist: 'Fake Artist', coverUrl: null };
  },
  soundLink: (c) => `fake://sound/${c.trackId}`,
  renewal: accountRenewal('tiktok'),
  async loadTargets(tx, ids) {
    const found = [...ids]
      .sort((a, b) => a - b)
      .flatMap((id) => {
        const a = world.accounts.get(id);
        return a ? [{ id, ...a }] : [];
      });
    const sellers = await tx.db
      .select({ id: users.id, email: users.email, language: users.language, firstName: users.firstName })
      .from(users)
      .where(inArray(users.id, [...new Set(found.map((a) => a.sellerId)), 0]));
    return found.map((a) => ({
      id: a.id,
      name: a.name,
      sellerId: a.sellerId,
      tierId,
      price: a.price,
      seller: sellers.find((u) => u.id === a.sellerId)!,
    }));
  },
  targetColumns: (t) => ({ accountId: t.id, socialTierId: t.tierId }),
  sellerLink: (t) => `/fake/accounts/${t.id}`,
  campaignPath: (id) => `/fake/express-campaigns/${id}`,
  termsAtApproval: async () => ({ targetViews: world.targetViews }),
  async proveSubmission(_deps, c) {
    const v = c.submittedMediaId ? world.videos.get(c.submittedMediaId) : undefined;
    return { ok: Boolean(v?.isPublic && v.soundId === c.trackId), position: null, views: v?.views ?? null };
  },
  async stillThere(_deps, c) {
    const v = c.submittedMediaId ? world.videos.get(c.submittedMediaId) : undefined;
    return { ok: Boolean(v?.isPublic), position: null, views: v?.views ?? null };
  },
  async achievement(_deps, c) {
    const views = (c.submittedMediaId && world.videos.get(c.submittedMediaId)?.views) || 0;
    const target = c.targetViews ?? 0;
    const coins = target === 0 ? c.price : Math.min(c.price, Math.floor((c.price * views) / target));
    return { coins, meta: { views, target_views: target } };
  },
  earlyEndShare: proRataShare,
};

let ctx: TestContext;
let restore: () => void;
let accountSeq = 9000;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedExpressReference(ctx.deps.database);
  // TikTok and Instagram campaigns are priced by the connections' tiers (social_tiers).
  tierId = (
    await ctx.deps.database.pool.query(
      `insert into social_tiers (platform, tier_name, price) values ('tiktok', 'Engine seam', 1)
       on conflict do nothing returning id`,
    )
  ).rows[0].id;
  restore = registerExpressAdapter(fake);
});
afterAll(async () => {
  restore?.();
  await ctx?.close();
});
afterEach(() => ctx.clock.set(new Date()));

const artistWith = (coins: number) => userWithCoins(ctx, coins);
async function influencerAccount(price = 200) {
  const seller = await ctx.makeUser({ userTypeId: 3 });
  accountSeq += 1;
  // A connected account row: campaigns name it by foreign key.
  const { rows } = await ctx.deps.database.pool.query(
    `insert into social_accounts (user_id, platform, platform_user_id, username, display_name, tier_id)
     values ($1, 'tiktok', $2, $3, $3, $4) returning id`,
    [seller.id, `fake-${accountSeq}`, `fake${accountSeq}`, tierId],
  );
  const accountId = rows[0].id as number;
  world.accounts.set(accountId, { sellerId: seller.id, name: `@fake${accountSeq}`, price });
  return { seller, accountId };
}
const createOne = async (artistId: number, accountId: number, sound = 'S1') =>
  (
    await createCampaignsFor(ctx.deps, fake, artistId, {
      soundLink: `fake://sound/${sound}`,
      targetIds: [accountId],
      errorField: 'account_ids',
    })
  )[0]!;
/** Post a video on the fake platform. */
const post = (id: string, soundId: string, views = 0) =>
  world.videos.set(id, { isPublic: true, soundId, views });

describe('the engine drives a campaign of any platform through its adapter', () => {
  it('create -> hold -> approve -> submit -> verified -> on going -> auditing -> completed with a partial refund; paid + refunded = held', async () => {
    const start = new Date('2026-03-02T09:00:00Z');
    ctx.clock.set(start);
    const artist = await artistWith(1000);
    const { seller, accountId } = await influencerAccount(200);
    // The artist's webhook endpoint takes every event of the lifecycle (issue 34).
    await ctx.deps.database.pool.query(
      `insert into webhook_endpoints (user_id, slot, url, events, secret)
       values ($1, 1, 'https://hooks.example.com/engine', $2, 'unused: never delivered here')`,
      [artist.id, WEBHOOK_EVENT_TYPES],
    );

    const c = await createOne(artist.id, accountId);
    expect(c.campaignTypeId).toBe(2);
    expect(c.accountId).toBe(accountId);
    expect(c.playlistId).toBeNull();
    expect(c.statusId).toBe(S.PENDING_APPROVAL);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(800);
    const hold = await ctx.deps.database.pool.query(
      `select meta from ledger_transfers where idempotency_key = 'express:' || $1::text || ':hold'`,
      [c.id],
    );
    expect(hold.rows[0]?.meta).toMatchObject({ campaign_type: 'tiktok', campaign_id: c.id });

    await listenFully(ctx.deps, c.id, seller.id);

    const approved = await approve(ctx.deps, seller.id, c.id);
    expect(approved.statusId).toBe(S.WAITING_SUBMISSION);
    expect(approved.targetViews).toBe(1000);
    // Approved once the influencer had listened (30 s of the clock): the deadline runs from then.
    expect(approved.submissionDeadline!.getTime()).toBe(start.getTime() + 30_000 + 3 * DAY);

    // A video with another sound does not prove the promise; the campaign keeps waiting.
    post('v-wrong', 'OTHER');
    const wrong = await submit(ctx.deps, seller.id, c.id, { id: 'v-wrong', url: 'https://fake/v-wrong' });
    expect(wrong.found).toBe(false);
    expect((await campaignRow(ctx, c.id)).status_id).toBe(S.WAITING_SUBMISSION);

    ctx.clock.advance(5 * MIN);
    post('v1', 'S1', 100);
    const ok = await submit(ctx.deps, seller.id, c.id, { id: 'v1', url: 'https://fake/v1' });
    expect(ok.found).toBe(true);
    expect(ok.campaign.statusId).toBe(S.VERIFYING);
    expect(ok.campaign.submittedMediaId).toBe('v1');

    // Still proven after the adapter's verify delay: On Going for on_going_days.
    ctx.clock.advance(10 * MIN);
    await advance(ctx.deps, c.id);
    const onGoing = await campaignRow(ctx, c.id);
    expect(onGoing.status_id).toBe(S.ON_GOING);
    const days = onGoing.on_going_days as number;

    // Re-checked at the adapter's cadence: still public, views read.
    world.videos.get('v1')!.views = 450;
    ctx.clock.advance(12 * 60 * MIN);
    await advance(ctx.deps, c.id);
    expect((await campaignRow(ctx, c.id)).last_views).toBe(450);

    ctx.clock.set(new Date(onGoing.on_going_until.getTime() + MIN));
    await advance(ctx.deps, c.id);
    const auditing = await campaignRow(ctx, c.id);
    expect(auditing.status_id).toBe(S.AUDITING);

    // 600 of the 1000 views agreed: the influencer earns 60 % of 200, the artist gets 80 back.
    world.videos.get('v1')!.views = 600;
    ctx.clock.set(new Date(auditing.auditing_until.getTime() + MIN));
    expect(await sweep(ctx.deps)).toBeGreaterThanOrEqual(1);
    const done = await campaignRow(ctx, c.id);
    expect(done.status_id).toBe(S.COMPLETED);
    expect(done.paid_coins).toBe(120);
    expect(done.refunded_coins).toBe(80);
    const money = await settledOf(ctx, c.id);
    expect(money).toEqual({ price: 200, paid: 120, refunded: 80, total: 200 });
    const refund = await ctx.deps.database.pool.query(
      `select desc_id, meta from ledger_transfers where hold_id = $1 and idempotency_key like '%:refund'`,
      [c.holdId],
    );
    expect(refund.rows[0]).toMatchObject({
      desc_id: DESC.REFUND,
      meta: { refund_type: 'complete_refund', campaign_type: 'tiktok' },
    });
    const fee = Math.floor((120 * done.fee_percent) / 100);
    expect(await walletBalance(ctx.deps.database, seller.id)).toBe(120 - fee);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(800 + 80);
    expect(days).toBeGreaterThan(0);
    const notice = await ctx.deps.database.pool.query(
      `select message_key, params, link from notifications where user_id = $1 order by id desc limit 1`,
      [artist.id],
    );
    expect(notice.rows[0]).toMatchObject({
      message_key: 'express.notify.completed_partial',
      params: { coins: 80 },
      link: `/fake/express-campaigns/${c.id}`,
    });
    expect(await ledgerTotal(ctx)).toBe(0);
    // Each step told the artist's webhooks once, in the transaction that made it.
    const events = await ctx.deps.database.pool.query(
      `select type, payload from webhook_outbox where user_id = $1 order by created_at, type`,
      [artist.id],
    );
    expect(
      events.rows.map((e) => `${e.type}${e.payload.to_status ? ` ${e.payload.to_status}` : ''}`),
    ).toEqual([
      'campaign.created',
      'campaign.status_changed 2',
      'campaign.status_changed 3',
      'campaign.status_changed 4',
      'video.verified',
      'campaign.status_changed 5',
      'campaign.completed',
      'campaign.refunded',
      'campaign.status_changed 6',
    ]);
    expect(events.rows.find((e) => e.type === 'campaign.completed')?.payload).toEqual({
      campaign_id: c.id,
      platform: 'tiktok',
      price_coins: 200,
      paid_coins: 120,
      refunded_coins: 80,
    });
    expect(events.rows.find((e) => e.type === 'campaign.refunded')?.payload).toMatchObject({
      refunded_coins: 80,
      reason: 'partial',
    });
  });

  it('no proof by the submission deadline: Failed to Submit, the whole hold refunded', async () => {
    const artist = await artistWith(1000);
    const { seller, accountId } = await influencerAccount(150);
    const c = await createOne(artist.id, accountId, 'S2');
    await listenFully(ctx.deps, c.id, seller.id);
    const approved = await approve(ctx.deps, seller.id, c.id);
    ctx.clock.set(new Date(approved.submissionDeadline!.getTime() + MIN));
    await advance(ctx.deps, c.id);
    expect((await campaignRow(ctx, c.id)).status_id).toBe(S.FAILED_TO_SUBMIT);
    expect(await settledOf(ctx, c.id)).toEqual({ price: 150, paid: 0, refunded: 150, total: 150 });
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(1000);
    expect(await walletBalance(ctx.deps.database, seller.id)).toBe(0);
  });

  it('a video made private before verification sends the campaign back to waiting', async () => {
    const artist = await artistWith(1000);
    const { seller, accountId } = await influencerAccount();
    const c = await createOne(artist.id, accountId, 'S3');
    await listenFully(ctx.deps, c.id, seller.id);
    await approve(ctx.deps, seller.id, c.id);
    post('v3', 'S3');
    expect((await submit(ctx.deps, seller.id, c.id, { id: 'v3', url: 'https://fake/v3' })).found).toBe(true);
    world.videos.get('v3')!.isPublic = false;
    ctx.clock.advance(10 * MIN);
    await advance(ctx.deps, c.id);
    expect((await campaignRow(ctx, c.id)).status_id).toBe(S.WAITING_SUBMISSION);
  });

  it('a video deleted while On Going ends the campaign, paid pro rata of the whole days served', async () => {
    const artist = await artistWith(1000);
    const { seller, accountId } = await influencerAccount(280);
    const c = await createOne(artist.id, accountId, 'S4');
    await listenFully(ctx.deps, c.id, seller.id);
    await approve(ctx.deps, seller.id, c.id);
    post('v4', 'S4');
    await submit(ctx.deps, seller.id, c.id, { id: 'v4', url: 'https://fake/v4' });
    ctx.clock.advance(10 * MIN);
    await advance(ctx.deps, c.id);
    const onGoing = await campaignRow(ctx, c.id);
    expect(onGoing.status_id).toBe(S.ON_GOING);
    world.videos.delete('v4');
    ctx.clock.set(new Date(onGoing.on_going_started_at.getTime() + 7 * DAY + MIN));
    await advance(ctx.deps, c.id);
    const ended = await campaignRow(ctx, c.id);
    expect(ended.status_id).toBe(S.COMPLETED);
    const share = Math.floor((280 * 7) / ended.on_going_days);
    expect(ended.paid_coins).toBe(share);
    expect(await settledOf(ctx, c.id)).toEqual({
      price: 280,
      paid: share,
      refunded: 280 - share,
      total: 280,
    });
  });

  it('one open campaign per sound per account: of concurrent requests one holds, the rest 409', async () => {
    const artists = await Promise.all(Array.from({ length: 8 }, () => artistWith(1000)));
    const { accountId } = await influencerAccount(100);
    const results = await Promise.allSettled(artists.map((a) => createOne(a.id, accountId, 'S5')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.filter((r) => r.status === 'rejected');
    expect(refused).toHaveLength(7);
    for (const r of refused) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
    const balances = await Promise.all(artists.map((a) => walletBalance(ctx.deps.database, a.id)));
    expect(balances.sort((a, b) => a - b)).toEqual([900, ...Array(7).fill(1000)]);
  });

  it('concurrent approve, decline and force-ends: one ending wins, settled once, and the money adds up', async () => {
    const artist = await artistWith(10_000);
    const admin = await ctx.makeAdmin();
    for (let i = 0; i < 8; i += 1) {
      const { seller, accountId } = await influencerAccount(100 + i);
      const c = await createOne(artist.id, accountId, `R${i}`);
      await listenFully(ctx.deps, c.id, seller.id);
      const saying = await declineSaying(ctx.deps, c.campaignTypeId);
      const [approval, ...endings] = await Promise.allSettled([
        approve(ctx.deps, seller.id, c.id),
        decline(ctx.deps, seller.id, c.id, saying),
        forceEnd(ctx.deps, admin.id, c.id, 'completed'),
        forceEnd(ctx.deps, admin.id, c.id, 'refunded'),
      ]);
      // Of the three ways to end it, exactly one wins; the approval may come first (a refund fits any
      // open state; paying in full never fits before the video was seen) or lose;
      // every loser is a 409, never a second settlement.
      expect(endings.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of [approval!, ...endings].filter((x) => x.status === 'rejected'))
        expect((o as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
      const final = await campaignRow(ctx, c.id);
      expect([S.COMPLETED, S.DECLINED]).toContain(final.status_id);
      const money = await settledOf(ctx, c.id);
      expect(money.total).toBe(money.price);
      expect(money.paid + money.refunded).toBe(money.price);
      expect(final.paid_coins + final.refunded_coins).toBe(final.price);
      expect(final.paid_coins).toBe(money.paid);
      expect(money.paid === 0 || money.paid === money.price).toBe(true);
    }
    expect(await ledgerTotal(ctx)).toBe(0);
    // Every held coin is settled: nothing stays in escrow for these campaigns.
    const open = await ctx.deps.database.pool.query(
      `select count(*)::int n from ledger_holds h join express_campaigns c on c.hold_id = h.id
        where c.campaign_type_id = 2 and c.status_id in (6, 7, 8) and h.status = 'pending'`,
    );
    expect(open.rows[0].n).toBe(0);
  });

  it('the database keeps the target right per platform and paid + refunded = price', async () => {
    const artist = await artistWith(1000);
    const { accountId } = await influencerAccount(100);
    const c = await createOne(artist.id, accountId, 'DB1');
    const fails = async (sql: string, params: unknown[]) =>
      ctx.deps.database.pool.query(sql, params).then(
        () => null,
        (e: { constraint?: string }) => e.constraint,
      );
    // A TikTok campaign cannot point at a playlist, nor lose its account; Spotify needs its playlist.
    expect(await fails('update express_campaigns set playlist_id = 1 where id = $1', [c.id])).toBe(
      'express_campaigns_target_check',
    );
    expect(await fails('update express_campaigns set account_id = null where id = $1', [c.id])).toBe(
      'express_campaigns_target_check',
    );
    expect(await fails('update express_campaigns set campaign_type_id = 1 where id = $1', [c.id])).toBe(
      'express_campaigns_target_check',
    );
    expect(
      await fails('update express_campaigns set paid_coins = 60, refunded_coins = 30 where id = $1', [c.id]),
    ).toBe('express_campaigns_settled_check');
  });

  it("Spotify's lists leave other platforms' campaigns out of both their rows and their totals", async () => {
    const artist = await artistWith(1000);
    const { accountId } = await influencerAccount(100);
    await createOne(artist.id, accountId, 'L1');
    const page = await listCampaigns(
      ctx.deps.database,
      { page: 1, limit: 10, filter: undefined, order: undefined, q: undefined },
      { artistId: artist.id },
    );
    expect(page.data).toEqual([]);
    expect(page.pagination.total).toBe(0);
  });
});

describe('the Spotify dashboard', () => {
  it("counts the campaigns it lists: another platform's campaign is in neither", async () => {
    const artist = await artistWith(1000);
    const { accountId } = await influencerAccount(200);
    await createOne(artist.id, accountId, 'DASH1');
    const board = await dashboard(ctx.deps, artist.id, 'artist');
    expect(board.stats.total_campaigns).toBe(board.last_campaigns.length);
    expect(board.stats.total_campaigns).toBe(0);
  });
});
