import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '../../../platform/errors';
import { isSandboxSocial, type SocialPlatform } from '../../../providers/sandbox-social';
import { ledgerTotal, userWithCoins } from '../../../test/coins';
import { testAppForFile } from '../../../test/harness';
import { revokeAccount } from '../../connections/connections.service';
import { DESC, walletBalance } from '../../wallet/ledger';
import { createCampaignsFor } from '../express.creation';
import {
  AUDIO,
  campaignRow,
  connectedAccount,
  createSocialTestApp,
  declineSaying,
  LINK,
  listenFully,
  MUSIC,
  settledOf,
} from '../express.fixture';
import { advance, approve, decline, forceEnd, submit, sweep } from '../express.machine';
import type { ExpressPlatformAdapter } from './adapter';
import { INSTAGRAM_CONFIRM_HOURS, instagramAdapter, parseInstagramSoundLink } from './instagram.adapter';
import { medianViews, performanceShare } from './social';
import { parseTikTokMusicLink, tiktokAdapter } from './tiktok.adapter';

/**
 * TikTok and Instagram express campaigns through the engine with their real adapters, the sandboxes
 * and a controlled clock: each platform's lifecycle, each deadline,
 * the performance refund and its formula at the edges, deletion pro rata, races, money conserved.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const ADAPTER: Record<SocialPlatform, ExpressPlatformAdapter> = {
  tiktok: tiktokAdapter,
  instagram: instagramAdapter,
};

const ctx = testAppForFile(createSocialTestApp);
afterEach(() => ctx.clock.set(new Date()));

const artistWith = (coins: number) => userWithCoins(ctx, coins);

function sandboxOf(platform: SocialPlatform) {
  const p = ctx.deps.providers[platform];
  if (isSandboxSocial(p)) return p as never as SandboxLike;
  throw new Error('sandbox expected');
}
type SandboxLike = {
  issueCode(p: object): string;
  posts: {
    post(input: object): Promise<{ id: string }>;
    addViews(platform: string, id: string, views: number): Promise<unknown>;
    remove(platform: string, id: string, at: Date): Promise<unknown>;
  };
};

/** An influencer with a connected sandbox account of `platform` (300,000 followers) on the tier `tierName`. */
async function influencer(platform: SocialPlatform, tierName = 'Micro') {
  const { user, account, platformUserId, username, price } = await connectedAccount(ctx, platform, 'seller', {
    tierName,
    followers: 300_000,
  });
  return { seller: user, accountId: account.id, platformUserId, username, price };
}
type Influencer = Awaited<ReturnType<typeof influencer>>;

/** Post a video or reel now on the sandbox with `musicId`, then give it `views`. */
async function post(
  platform: SocialPlatform,
  who: Influencer,
  musicId: string | null,
  views = 0,
  at?: Date,
  caption = 'campaign video #ad',
) {
  const sandbox = sandboxOf(platform);
  const p = await sandbox.posts.post({
    platform,
    accountId: who.platformUserId,
    username: who.username,
    musicId,
    caption,
    postedAt: at ?? ctx.clock.now(),
  });
  if (views > 0) await sandbox.posts.addViews(platform, p.id, views);
  return p.id;
}
const setViews = async (platform: SocialPlatform, id: string, add: number) =>
  sandboxOf(platform).posts.addViews(platform, id, add);

const createOne = async (
  platform: SocialPlatform,
  artistId: number,
  accountId: number,
  link = LINK[platform],
) =>
  (
    await createCampaignsFor(ctx.deps, ADAPTER[platform], artistId, {
      soundLink: link,
      targetIds: [accountId],
      errorField: 'account_ids',
    })
  )[0]!;
/** Campaign `id` failed to submit, and its whole `price` went back to the artist. */
async function expectFailedAndRefunded(id: number, price: number) {
  expect((await campaignRow(ctx, id)).status_id).toBe(S.FAILED_TO_SUBMIT);
  await expectPaid(id, price, 0);
}
/** The campaign's money settled: `paid` of its `price` to the seller, the rest back to the artist. */
async function expectPaid(id: number, price: number, paid: number) {
  expect(await settledOf(ctx, id)).toEqual({ price, paid, refunded: price - paid, total: price });
}
const mediaUrl = (platform: SocialPlatform, id: string) =>
  platform === 'tiktok' ? `https://www.tiktok.com/@x/video/${id}` : `https://www.instagram.com/reel/${id}/`;

describe.each(['tiktok', 'instagram'] as const)('%s express campaign', (platform) => {
  const sound = platform === 'tiktok' ? MUSIC : AUDIO;
  const verifyDelay = ADAPTER[platform].timing.verifyDelayMinutes * MIN;

  it('create (coins held) -> approve (target = recent median views) -> submit -> verified -> views -> completed with a partial refund', async () => {
    const artist = await artistWith(2000);
    const who = await influencer(platform);
    const c = await createOne(platform, artist.id, who.accountId);
    expect(await campaignRow(ctx, c.id)).toMatchObject({
      campaign_type_id: ADAPTER[platform].typeId,
      account_id: who.accountId,
      playlist_id: null,
      tier_id: null,
      track_id: sound,
      status_id: S.PENDING_APPROVAL,
      price: who.price,
    });
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(2000 - who.price);

    // The target is the median of the account's recent posts (the sandbox's deterministic history).
    await listenFully(ctx.deps, c.id, who.seller.id);
    const approved = await approve(ctx.deps, who.seller.id, c.id);
    expect(approved.statusId).toBe(S.WAITING_SUBMISSION);
    const target = approved.targetViews!;
    expect(target).toBeGreaterThanOrEqual(500);
    expect(target).toBeLessThanOrEqual(60_000);

    // An older post (before the acceptance) does not count, nor (TikTok) a video with another sound.
    const old = await post(platform, who, sound, 0, new Date(ctx.clock.now().getTime() - HOUR));
    expect(
      (await submit(ctx.deps, who.seller.id, c.id, { id: old, url: mediaUrl(platform, old) })).found,
    ).toBe(false);
    if (platform === 'tiktok') {
      const wrong = await post(platform, who, '7000000000000000001');
      expect(
        (await submit(ctx.deps, who.seller.id, c.id, { id: wrong, url: mediaUrl(platform, wrong) })).found,
      ).toBe(false);
    }
    expect((await campaignRow(ctx, c.id)).status_id).toBe(S.WAITING_SUBMISSION);

    ctx.clock.advance(5 * MIN);
    const video = await post(platform, who, sound, 30);
    const ok = await submit(ctx.deps, who.seller.id, c.id, { id: video, url: mediaUrl(platform, video) });
    expect(ok.found).toBe(true);
    expect(ok.campaign.statusId).toBe(S.VERIFYING);
    // Views are read from the first proof on (fixed points: submission, verification, daily, audit).
    expect(await campaignRow(ctx, c.id)).toMatchObject({ last_views: 30, last_views_at: ctx.clock.now() });

    // Not before the platform's delay (Instagram: the artist's 72 hours to dispute), then On Going.
    await setViews(platform, video, 20);
    ctx.clock.advance(verifyDelay - MIN);
    await advance(ctx.deps, c.id);
    expect((await campaignRow(ctx, c.id)).status_id).toBe(S.VERIFYING);
    ctx.clock.advance(MIN);
    await advance(ctx.deps, c.id);
    const onGoing = await campaignRow(ctx, c.id);
    expect(onGoing.status_id).toBe(S.ON_GOING);
    // The verification's read is recorded too.
    expect(onGoing).toMatchObject({ last_views: 50, last_views_at: ctx.clock.now() });

    // Views read at the daily check.
    await setViews(platform, video, 50);
    ctx.clock.advance(DAY);
    await advance(ctx.deps, c.id);
    expect((await campaignRow(ctx, c.id)).last_views).toBe(100);

    ctx.clock.set(new Date(onGoing.on_going_until.getTime() + MIN));
    await advance(ctx.deps, c.id);
    const auditing = await campaignRow(ctx, c.id);
    expect(auditing.status_id).toBe(S.AUDITING);

    // 40 % of the target by the audit: the influencer earns 40 % of the price, the rest comes back.
    const reached = Math.floor((target * 2) / 5);
    await setViews(platform, video, reached - 100);
    ctx.clock.set(new Date(auditing.auditing_until.getTime() + MIN));
    expect(await sweep(ctx.deps)).toBeGreaterThanOrEqual(1);
    const done = await campaignRow(ctx, c.id);
    const earned = Math.floor((who.price * reached) / target);
    expect(done.status_id).toBe(S.COMPLETED);
    expect(done.paid_coins).toBe(earned);
    expect(done.refunded_coins).toBe(who.price - earned);
    await expectPaid(c.id, who.price, earned);
    const refund = await ctx.deps.database.pool.query(
      `select desc_id, meta from ledger_transfers where hold_id = $1 and idempotency_key like '%:refund'`,
      [c.holdId],
    );
    expect(refund.rows[0]).toMatchObject({
      desc_id: DESC.REFUND,
      meta: { refund_type: 'complete_refund', campaign_type: platform },
    });
    const fee = Math.floor((earned * done.fee_percent) / 100);
    expect(await walletBalance(ctx.deps.database, who.seller.id)).toBe(earned - fee);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(2000 - earned);
    const notice = await ctx.deps.database.pool.query(
      `select message_key, link from notifications where user_id = $1 order by id desc limit 1`,
      [artist.id],
    );
    expect(notice.rows[0]).toMatchObject({
      message_key: 'express.notify.completed_partial',
      link: `/${platform}/express-campaigns/${c.id}`,
    });
    expect(await ledgerTotal(ctx)).toBe(0);
  });

  it('views at or above the target at audit earn the whole price, nothing refunded', async () => {
    const artist = await artistWith(2000);
    const who = await influencer(platform);
    const c = await createOne(platform, artist.id, who.accountId);
    await listenFully(ctx.deps, c.id, who.seller.id);
    const approved = await approve(ctx.deps, who.seller.id, c.id);
    const video = await post(platform, who, sound, approved.targetViews! + 1);
    expect(
      (await submit(ctx.deps, who.seller.id, c.id, { id: video, url: mediaUrl(platform, video) })).found,
    ).toBe(true);
    ctx.clock.advance(verifyDelay);
    await advance(ctx.deps, c.id);
    const onGoing = await campaignRow(ctx, c.id);
    ctx.clock.set(new Date(onGoing.on_going_until.getTime() + MIN));
    await advance(ctx.deps, c.id);
    ctx.clock.set(new Date((await campaignRow(ctx, c.id)).auditing_until.getTime() + MIN));
    await advance(ctx.deps, c.id);
    await expectPaid(c.id, who.price, who.price);
  });

  it('a video without a paid-promotion disclosure is refused with the reason; one with #ad is verifying', async () => {
    const artist = await artistWith(1000);
    const who = await influencer(platform);
    const c = await createOne(platform, artist.id, who.accountId);
    await listenFully(ctx.deps, c.id, who.seller.id);
    await approve(ctx.deps, who.seller.id, c.id);
    const bare = await post(platform, who, sound, 10, undefined, 'dancing to this one');
    const refused = await submit(ctx.deps, who.seller.id, c.id, { id: bare, url: mediaUrl(platform, bare) });
    expect(refused.found).toBe(false);
    expect(refused.check).toMatchObject({ disclosure: 'missing', reason: 'express.disclosure_missing' });
    expect(await campaignRow(ctx, c.id)).toMatchObject({
      status_id: S.WAITING_SUBMISSION,
      disclosure: 'missing',
    });
    const disclosed = await post(platform, who, sound, 10, undefined, 'dancing to this one #Werbung');
    const proven = await submit(ctx.deps, who.seller.id, c.id, {
      id: disclosed,
      url: mediaUrl(platform, disclosed),
    });
    expect(proven.found).toBe(true);
    expect(await campaignRow(ctx, c.id)).toMatchObject({ status_id: S.VERIFYING, disclosure: 'caption' });
  });

  it('a video still without a disclosure at the deadline: Failed to Submit, refunded, the timeline says why', async () => {
    const artist = await artistWith(1000);
    const who = await influencer(platform);
    const c = await createOne(platform, artist.id, who.accountId);
    await listenFully(ctx.deps, c.id, who.seller.id);
    const approved = await approve(ctx.deps, who.seller.id, c.id);
    const bare = await post(platform, who, sound, 10, undefined, 'no words here');
    await submit(ctx.deps, who.seller.id, c.id, { id: bare, url: mediaUrl(platform, bare) });
    ctx.clock.set(new Date(approved.submissionDeadline!.getTime() + MIN));
    await advance(ctx.deps, c.id);
    await expectFailedAndRefunded(c.id, who.price);
    const last = await ctx.deps.database.pool.query(
      'select note_key from express_campaign_events where campaign_id = $1 order by id desc limit 1',
      [c.id],
    );
    expect(last.rows[0]).toEqual({ note_key: 'express.timeline.disclosure_missing_past_deadline' });
  });

  it('no video by the submission deadline: Failed to Submit, the whole hold refunded', async () => {
    const artist = await artistWith(1000);
    const who = await influencer(platform);
    const c = await createOne(platform, artist.id, who.accountId);
    await listenFully(ctx.deps, c.id, who.seller.id);
    const approved = await approve(ctx.deps, who.seller.id, c.id);
    ctx.clock.set(new Date(approved.submissionDeadline!.getTime() - MIN));
    await advance(ctx.deps, c.id);
    expect((await campaignRow(ctx, c.id)).status_id).toBe(S.WAITING_SUBMISSION);
    ctx.clock.set(new Date(approved.submissionDeadline!.getTime() + MIN));
    await advance(ctx.deps, c.id);
    await expectFailedAndRefunded(c.id, who.price);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(1000);
  });

  it('a video deleted while On Going ends the campaign, paid pro rata of the whole days served', async () => {
    const artist = await artistWith(1000);
    const who = await influencer(platform, 'Mid');
    const c = await createOne(platform, artist.id, who.accountId);
    await listenFully(ctx.deps, c.id, who.seller.id);
    await approve(ctx.deps, who.seller.id, c.id);
    const video = await post(platform, who, sound, 50);
    await submit(ctx.deps, who.seller.id, c.id, { id: video, url: mediaUrl(platform, video) });
    ctx.clock.advance(verifyDelay);
    await advance(ctx.deps, c.id);
    const onGoing = await campaignRow(ctx, c.id);
    expect(onGoing.status_id).toBe(S.ON_GOING);
    await sandboxOf(platform).posts.remove(platform, video, ctx.clock.now());
    ctx.clock.set(new Date(onGoing.on_going_started_at.getTime() + 10 * DAY + MIN));
    await advance(ctx.deps, c.id);
    const ended = await campaignRow(ctx, c.id);
    expect(ended.status_id).toBe(S.COMPLETED);
    expect(ended.removed_at).not.toBeNull();
    const share = Math.floor((who.price * 10) / ended.on_going_days);
    await expectPaid(c.id, who.price, share);
  });

  it('an account revoked while waiting: the deadline fails the campaign and refunds it, no endless retries', async () => {
    const artist = await artistWith(1000);
    const who = await influencer(platform);
    const c = await createOne(platform, artist.id, who.accountId);
    await listenFully(ctx.deps, c.id, who.seller.id);
    const approved = await approve(ctx.deps, who.seller.id, c.id);
    // A submission that did not prove the promise (posted before the acceptance) keeps it waiting.
    const old = await post(platform, who, sound, 0, new Date(ctx.clock.now().getTime() - HOUR));
    expect(
      (await submit(ctx.deps, who.seller.id, c.id, { id: old, url: mediaUrl(platform, old) })).found,
    ).toBe(false);
    await revokeAccount(ctx.deps, { type: 'user', id: who.seller.id }, platform, who.accountId);
    ctx.clock.set(new Date(approved.submissionDeadline!.getTime() + MIN));
    await advance(ctx.deps, c.id);
    await expectFailedAndRefunded(c.id, who.price);
  });

  it('an account revoked during Auditing: the audit scores the views last read', async () => {
    const artist = await artistWith(2000);
    const who = await influencer(platform);
    const c = await createOne(platform, artist.id, who.accountId);
    await listenFully(ctx.deps, c.id, who.seller.id);
    const approved = await approve(ctx.deps, who.seller.id, c.id);
    const target = approved.targetViews!;
    const video = await post(platform, who, sound);
    await submit(ctx.deps, who.seller.id, c.id, { id: video, url: mediaUrl(platform, video) });
    ctx.clock.advance(verifyDelay);
    await advance(ctx.deps, c.id);
    const half = Math.floor(target / 2);
    await setViews(platform, video, half);
    ctx.clock.advance(DAY);
    await advance(ctx.deps, c.id);
    expect((await campaignRow(ctx, c.id)).last_views).toBe(half);
    ctx.clock.set(new Date((await campaignRow(ctx, c.id)).on_going_until.getTime() + MIN));
    await advance(ctx.deps, c.id);
    expect((await campaignRow(ctx, c.id)).status_id).toBe(S.AUDITING);
    await setViews(platform, video, target);
    await revokeAccount(ctx.deps, { type: 'user', id: who.seller.id }, platform, who.accountId);
    ctx.clock.set(new Date((await campaignRow(ctx, c.id)).auditing_until.getTime() + MIN));
    await advance(ctx.deps, c.id);
    const earned = Math.floor((who.price * half) / target);
    await expectPaid(c.id, who.price, earned);
  });

  it('concurrent approve, decline and force-ends: one ending wins and the money adds up', async () => {
    const artist = await artistWith(5000);
    const admin = await ctx.makeAdmin();
    for (let i = 0; i < 3; i += 1) {
      const who = await influencer(platform);
      const c = await createOne(platform, artist.id, who.accountId);
      await listenFully(ctx.deps, c.id, who.seller.id);
      const saying = await declineSaying(ctx.deps, c.campaignTypeId);
      const [approval, ...endings] = await Promise.allSettled([
        approve(ctx.deps, who.seller.id, c.id),
        decline(ctx.deps, who.seller.id, c.id, saying),
        forceEnd(ctx.deps, admin.id, c.id, 'completed'),
        forceEnd(ctx.deps, admin.id, c.id, 'refunded'),
      ]);
      expect(endings.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
      for (const o of [approval!, ...endings].filter((x) => x.status === 'rejected'))
        expect((o as PromiseRejectedResult).reason).toBeInstanceOf(ConflictError);
      const money = await settledOf(ctx, c.id);
      expect(money.total).toBe(money.price);
      expect(money.paid + money.refunded).toBe(money.price);
    }
    expect(await ledgerTotal(ctx)).toBe(0);
  });

  it('refuses a link that is not the platform sound link, and an account not buyable', async () => {
    const artist = await artistWith(1000);
    const who = await influencer(platform);
    const wrongLink =
      platform === 'tiktok' ? 'https://www.tiktok.com/@x/video/123' : 'https://example.com/p/abc';
    const bad = await createOne(platform, artist.id, who.accountId, wrongLink).catch((e) => e);
    expect(bad).toBeInstanceOf(ValidationError);
    expect((bad as ValidationError).options.errors).toEqual({
      track_link: [platform === 'tiktok' ? 'express.invalid_music_url' : 'express.instagram_link_wrong'],
    });
    // An account of the other platform is not a target here.
    const other = await influencer(platform === 'tiktok' ? 'instagram' : 'tiktok');
    const refused = await createOne(platform, artist.id, other.accountId).catch((e) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect(await walletBalance(ctx.deps.database, artist.id)).toBe(1000);
  });
});

describe('performance refund formula', () => {
  it('is proportional to the views over the target, whole coins, within 0..price', () => {
    expect(performanceShare(200, 0, 1000)).toBe(0);
    expect(performanceShare(200, 1, 1000)).toBe(0);
    expect(performanceShare(200, 5, 1000)).toBe(1);
    expect(performanceShare(200, 999, 1000)).toBe(199);
    expect(performanceShare(200, 1000, 1000)).toBe(200);
    expect(performanceShare(200, 5_000_000, 1000)).toBe(200);
    expect(performanceShare(1, 999, 1000)).toBe(0);
    // No target agreed (an account without history): the whole price.
    expect(performanceShare(200, 0, null)).toBe(200);
    expect(performanceShare(200, 0, 0)).toBe(200);
    for (const [price, views, target] of [
      [333, 123, 1000],
      [250, 2_000_000_000, 2_100_000_000],
      [7, 3, 9],
    ] as const) {
      const paid = performanceShare(price, views, target);
      expect(paid + (price - paid)).toBe(price);
      expect(paid).toBeGreaterThanOrEqual(0);
      expect(paid).toBeLessThanOrEqual(price);
    }
  });

  it('takes the median of the recent views, ignoring missing figures', () => {
    expect(medianViews([])).toBeNull();
    expect(medianViews([null, undefined])).toBeNull();
    expect(medianViews([300, 100, 200])).toBe(200);
    expect(medianViews([100, 200, 301, 400])).toBe(250);
    expect(medianViews([5, null])).toBe(5);
  });
});

describe('sound links (spec section 5)', () => {
  it('TikTok: a /music/ link with its id', () => {
    expect(parseTikTokMusicLink(`https://www.tiktok.com/music/original-sound-${MUSIC}?lang=en`)).toEqual({
      id: MUSIC,
      slug: 'original-sound',
    });
    expect(parseTikTokMusicLink(`https://www.tiktok.com/music/${MUSIC}`)).toEqual({ id: MUSIC, slug: '' });
    expect(parseTikTokMusicLink(`https://www.tiktok.com/music/%E0%A4%A-${MUSIC}`)?.id).toBe(MUSIC);
    expect(parseTikTokMusicLink('https://www.tiktok.com/@me/video/7301234567890123456')).toBeNull();
    expect(parseTikTokMusicLink(`https://evil.example/music/x-${MUSIC}`)).toBeNull();
  });
  it('Instagram: reels/audio, reel and p paths', () => {
    expect(parseInstagramSoundLink(`https://www.instagram.com/reels/audio/${AUDIO}/`)?.id).toBe(AUDIO);
    expect(parseInstagramSoundLink('https://instagram.com/reel/Cx1_abc-D/?igsh=1')?.id).toBe('Cx1_abc-D');
    expect(parseInstagramSoundLink('https://www.instagram.com/p/Cx1abcD')?.id).toBe('Cx1abcD');
    expect(parseInstagramSoundLink('https://www.instagram.com/reels/audio/notdigits/')).toBeNull();
    expect(parseInstagramSoundLink('https://www.instagram.com/stories/x/1/')).toBeNull();
  });
  it('the Instagram artist window is 72 hours', () => {
    expect(instagramAdapter.timing.verifyDelayMinutes).toBe(INSTAGRAM_CONFIRM_HOURS * 60);
  });
});
