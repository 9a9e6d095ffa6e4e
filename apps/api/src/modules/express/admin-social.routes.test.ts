import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SocialPlatform } from '../../providers/sandbox-social';
import { artistWithCoins } from '../../test/coins';
import { testAppForFile } from '../../test/harness';
import { walletBalance } from '../wallet/ledger';
import {
  AUDIO,
  BASE,
  connectedInfluencer,
  createSocialTestApp,
  HOUR,
  LINK,
  listenFully,
  MUSIC,
  SUBMIT,
} from './express.fixture';
import { advance } from './express.machine';
import { noticeFor } from './express.notify';
import { disputeSound } from './social.service';

/**
 * Staff screens of TikTok and Instagram express: the lists and details, force-end,
 * and the decision on an artist's dispute of an Instagram reel (uphold: failed and refunded; reject:
 * verified), including a decision racing a force-end. Also the video wording of the notifications.
 */

let staffToken: string;
let staffEmail: string;
let seq = 0;
const ctx = testAppForFile(createSocialTestApp);
beforeAll(async () => {
  const admin = await ctx.makeAdmin();
  staffEmail = admin.email;
  staffToken = await ctx.loginAdmin(admin.email);
});
afterEach(async () => {
  ctx.clock.set(new Date());
  staffToken = await ctx.loginAdmin(staffEmail);
});

async function artist(coins: number) {
  return artistWithCoins(ctx, coins);
}

async function influencer(platform: SocialPlatform) {
  seq += 1;
  return connectedInfluencer(ctx, platform, 'staff');
}

type Influencer = Awaited<ReturnType<typeof influencer>>;

async function create(platform: SocialPlatform, a: { token: string }, inf: Influencer) {
  const created = await ctx.call('POST', `${BASE[platform]}/artist/campaign/create`, {
    token: a.token,
    body: { track_link: LINK[platform], account_ids: [inf.account.id], song_name: `Song ${seq}` },
  });
  expect(created.statusCode).toBe(201);
  return created.json().data[0] as { id: number; price: number };
}

/** Created, approved and a fresh video submitted: the campaign is Verifying. */
async function verifying(platform: SocialPlatform) {
  const a = await artist(1000);
  const inf = await influencer(platform);
  const c = await create(platform, a, inf);
  await listenFully(ctx.deps, c.id, inf.user.id);
  const approved = await ctx.call('POST', `${BASE[platform]}/influencer/approve/campaign`, {
    token: inf.token,
    body: { campaign_id: c.id },
  });
  expect(approved.statusCode).toBe(200);
  ctx.clock.advance(60_000);
  const provider = ctx.deps.providers[platform] as unknown as {
    posts: { post(i: object): Promise<{ id: string }> };
  };
  const video = await provider.posts.post({
    platform,
    accountId: inf.platformUserId,
    username: inf.username,
    musicId: platform === 'tiktok' ? MUSIC : AUDIO,
    caption: 'campaign video #ad',
    postedAt: ctx.clock.now(),
  });
  const submitted = await ctx.call('POST', SUBMIT[platform], {
    token: inf.token,
    body: { campaign_id: c.id, video_id: video.id },
  });
  expect(submitted.json().data.status_id).toBe(S.VERIFYING);
  return { a, inf, c };
}

const statusOf = async (id: number) =>
  (await ctx.deps.database.pool.query('select * from express_campaigns where id = $1', [id])).rows[0];

describe.each(['tiktok', 'instagram'] as const)('staff %s campaigns', (platform) => {
  it('lists them, shows one with its timeline in video words, and force-ends it', async () => {
    const a = await artist(1000);
    const inf = await influencer(platform);
    const c = await create(platform, a, inf);
    const list = await ctx.call('GET', `/api/admin/express-${platform}/campaigns?q=Song%20${seq}`, {
      token: staffToken,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual([c.id]);
    const other = platform === 'tiktok' ? 'instagram' : 'tiktok';
    expect(
      (await ctx.call('GET', `/api/admin/express-${other}/campaigns/${c.id}`, { token: staffToken }))
        .statusCode,
    ).toBe(404);
    const detail = await ctx.call('GET', `/api/admin/express-${platform}/campaigns/${c.id}`, {
      token: staffToken,
      headers: { 'accept-language': 'en' },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      id: c.id,
      type: platform,
      dispute: null,
      timeline: [{ to_status: S.PENDING_APPROVAL, note: 'Campaign created and sent to the influencer' }],
    });
    // Staff without the permission are refused.
    const clerk = await ctx.makeAdmin({ permissions: [] });
    const clerkToken = await ctx.loginAdmin(clerk.email);
    expect(
      (await ctx.call('GET', `/api/admin/express-${platform}/campaigns`, { token: clerkToken })).statusCode,
    ).toBe(403);

    const ended = await ctx.call('POST', `/api/admin/express/campaigns/${c.id}/force-end`, {
      token: staffToken,
      body: { outcome: 'refunded' },
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data.status_id).toBe(S.DECLINED);
    expect(await walletBalance(ctx.deps.database, a.user.id)).toBe(1000);
  });

  it('tells the influencer of a new campaign in video words, not playlist words', async () => {
    const a = await artist(1000);
    const inf = await influencer(platform);
    await create(platform, a, inf);
    const rows = (
      await ctx.deps.database.pool.query(
        `select type, message_key from notifications where user_id = $1 order by id`,
        [inf.user.id],
      )
    ).rows;
    expect(rows).toEqual([
      { type: 'express.new_campaign', message_key: 'express.notify.new_campaign_video' },
    ]);
  });
});

describe('notice wording', () => {
  it('uses the video variant for TikTok and Instagram, the playlist wording for Spotify', () => {
    expect(noticeFor('approved', 1)).toBe('approved');
    expect(noticeFor('approved', 2)).toBe('approved_video');
    expect(noticeFor('removed_curator', 3)).toBe('removed_curator_video');
    // Steps that never mention a playlist keep their one wording.
    expect(noticeFor('paid', 2)).toBe('paid');
    expect(noticeFor('declined', 3)).toBe('declined');
  });
});

describe('Instagram dispute', () => {
  it('the artist disputes within the window: the engine waits, staff reject: verified (On Going)', async () => {
    const { a, inf, c } = await verifying('instagram');
    // Not disputable by another artist, nor twice.
    const stranger = await artist(1);
    await expect(disputeSound(ctx.deps, stranger.user.id, c.id, 'not my sound')).rejects.toMatchObject({
      status: 404,
    });
    await disputeSound(ctx.deps, a.user.id, c.id, 'The reel uses another sound');
    await expect(disputeSound(ctx.deps, a.user.id, c.id, 'again')).rejects.toMatchObject({
      messageKey: 'express.not_confirmable',
    });
    // Past the 72 hours the reel would go On Going; a dispute holds it Verifying.
    ctx.clock.advance(73 * HOUR);
    await advance(ctx.deps, c.id);
    expect((await statusOf(c.id)).status_id).toBe(S.VERIFYING);
    // Staff sign in again: the morning's session ended with the clock moved on.
    staffToken = await ctx.loginAdmin(staffEmail);
    const list = await ctx.call('GET', '/api/admin/express-instagram/campaigns?filter[disputed]=1', {
      token: staffToken,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toContain(c.id);

    const bad = await ctx.call('POST', `/api/admin/express-instagram/campaigns/${c.id}/dispute`, {
      token: staffToken,
      body: { decision: 'maybe' },
    });
    expect(bad.statusCode).toBe(422);
    const decided = await ctx.call('POST', `/api/admin/express-instagram/campaigns/${c.id}/dispute`, {
      token: staffToken,
      body: { decision: 'reject' },
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().data.status_id).toBe(S.ON_GOING);
    const detail = await ctx.call('GET', `/api/admin/express-instagram/campaigns/${c.id}`, {
      token: staffToken,
    });
    expect(detail.json().data.dispute).toMatchObject({
      reason: 'The reel uses another sound',
      decision: 'rejected',
    });
    expect(detail.json().data.on_going_until).not.toBeNull();
    const again = await ctx.call('POST', `/api/admin/express-instagram/campaigns/${c.id}/dispute`, {
      token: staffToken,
      body: { decision: 'uphold' },
    });
    expect(again.statusCode).toBe(409);
    const told = (
      await ctx.deps.database.pool.query(`select message_key from notifications where user_id = $1`, [
        inf.user.id,
      ])
    ).rows.map((r) => r.message_key);
    expect(told).toEqual(
      expect.arrayContaining([
        'express.notify.dispute_opened_influencer',
        'express.notify.dispute_rejected_influencer',
      ]),
    );
    const audit = (
      await ctx.deps.database.pool.query(
        `select action from audit_logs where target_type = 'express_campaign' and target_id = $1 order by id`,
        [String(c.id)],
      )
    ).rows.map((r) => r.action);
    expect(audit).toEqual(expect.arrayContaining(['express.dispute_opened', 'express.dispute_rejected']));
  });

  it('staff uphold the dispute: the campaign fails and the artist is refunded in full', async () => {
    const { a, inf, c } = await verifying('instagram');
    await disputeSound(ctx.deps, a.user.id, c.id, 'No sound in the reel');
    const decided = await ctx.call('POST', `/api/admin/express-instagram/campaigns/${c.id}/dispute`, {
      token: staffToken,
      body: { decision: 'uphold', note: 'Checked the embed: the sound is missing' },
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json().data.status_id).toBe(S.FAILED_TO_SUBMIT);
    const row = await statusOf(c.id);
    expect(row).toMatchObject({ paid_coins: 0, refunded_coins: c.price, dispute_decision: 'upheld' });
    expect(await walletBalance(ctx.deps.database, a.user.id)).toBe(1000);
    expect(await walletBalance(ctx.deps.database, inf.user.id)).toBe(0);
  });

  it('refuses a decision where no dispute waits, and a dispute of a TikTok campaign', async () => {
    const { a, c } = await verifying('instagram');
    const none = await ctx.call('POST', `/api/admin/express-instagram/campaigns/${c.id}/dispute`, {
      token: staffToken,
      body: { decision: 'uphold' },
    });
    expect(none.statusCode).toBe(409);
    const tiktok = await verifying('tiktok');
    await expect(disputeSound(ctx.deps, tiktok.a.user.id, tiktok.c.id, 'x')).rejects.toMatchObject({
      status: 404,
    });
    const missing = await ctx.call('POST', '/api/admin/express-instagram/campaigns/2147483000/dispute', {
      token: staffToken,
      body: { decision: 'reject' },
    });
    expect(missing.statusCode).toBe(404);
    expect(a).toBeTruthy();
  });

  it('a force-end and an uphold decision at the same time: exactly one wins, money conserved', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { a, inf, c } = await verifying('instagram');
      await disputeSound(ctx.deps, a.user.id, c.id, 'Wrong sound');
      const results = await Promise.all([
        ctx.call('POST', `/api/admin/express-instagram/campaigns/${c.id}/dispute`, {
          token: staffToken,
          body: { decision: 'uphold' },
        }),
        ctx.call('POST', `/api/admin/express/campaigns/${c.id}/force-end`, {
          token: staffToken,
          body: { outcome: 'completed' },
        }),
        ctx.call('POST', `/api/admin/express-instagram/campaigns/${c.id}/dispute`, {
          token: staffToken,
          body: { decision: 'uphold' },
        }),
      ]);
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((s) => s === 200)).toHaveLength(1);
      expect(codes.filter((s) => s === 409)).toHaveLength(2);
      const row = await statusOf(c.id);
      const artistBalance = await walletBalance(ctx.deps.database, a.user.id);
      const influencerBalance = await walletBalance(ctx.deps.database, inf.user.id);
      expect(row.paid_coins + row.refunded_coins).toBe(c.price);
      expect(artistBalance).toBe(1000 - c.price + row.refunded_coins);
      if (row.status_id === S.FAILED_TO_SUBMIT) {
        expect(row.dispute_decision).toBe('upheld');
        expect(influencerBalance).toBe(0);
      } else {
        // Force-end won: the influencer is paid (less the platform fee), the dispute stays undecided.
        expect(row.status_id).toBe(S.COMPLETED);
        expect(row.dispute_decision).toBeNull();
        expect(influencerBalance).toBeGreaterThan(0);
        expect(influencerBalance).toBeLessThanOrEqual(row.paid_coins);
      }
      const holds = (
        await ctx.deps.database.pool.query(
          `select count(*)::int n from express_campaign_events where campaign_id = $1 and actor_type = 'admin'`,
          [c.id],
        )
      ).rows[0].n;
      expect(holds).toBe(1);
    }
  });

  it('two staff deciding the same dispute at once: one decision stands', async () => {
    const { a, c } = await verifying('instagram');
    await disputeSound(ctx.deps, a.user.id, c.id, 'Wrong sound');
    const results = await Promise.all(
      (['reject', 'uphold', 'reject', 'uphold'] as const).map((decision) =>
        ctx.call('POST', `/api/admin/express-instagram/campaigns/${c.id}/dispute`, {
          token: staffToken,
          body: { decision },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
    const row = await statusOf(c.id);
    expect(row.status_id).toBe(row.dispute_decision === 'upheld' ? S.FAILED_TO_SUBMIT : S.ON_GOING);
  });
});

describe('influencer reviews the artist', () => {
  it('once, after completion, even when sent many times at once', async () => {
    // Verifying: the video was seen, so staff may end it paying the influencer.
    const { a, inf, c } = await verifying('tiktok');
    const review = (body: object, platform: SocialPlatform = 'tiktok') =>
      ctx.call('POST', `${BASE[platform]}/influencer/add/review`, {
        token: inf.token,
        body: { campaign_id: c.id, ...body },
      });
    // Not before completion.
    const early = await review({ rating: 5 });
    expect(early.statusCode).toBe(409);
    const ended = await ctx.call('POST', `/api/admin/express/campaigns/${c.id}/force-end`, {
      token: staffToken,
      body: { outcome: 'completed' },
    });
    expect(ended.statusCode).toBe(200);
    // Out of range and too long are refused with the field, nothing stored.
    expect((await review({ rating: 6 })).statusCode).toBe(422);
    const long = await review({ rating: 4, comment: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(422);
    expect(Object.keys(long.json().errors)).toEqual(['comment']);
    // Through the other platform's path: not found. The artist may not use the influencer's call.
    expect((await review({ rating: 4 }, 'instagram')).statusCode).toBe(404);
    expect(
      (
        await ctx.call('POST', `${BASE.tiktok}/influencer/add/review`, {
          token: a.token,
          body: { campaign_id: c.id, rating: 4 },
        })
      ).statusCode,
    ).toBe(403);
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map((rating) => review({ rating, comment: 'Clear brief, paid on time' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    const list = await ctx.call('GET', `${BASE.tiktok}/influencer/campaigns`, { token: inf.token });
    const mine = list.json().data.find((r: { id: number }) => r.id === c.id);
    expect(mine.influencer_review).toMatchObject({ comment: 'Clear brief, paid on time' });
    expect(mine.influencer_review.rating).toBe(results.find((r) => r.statusCode === 201)!.json().data.rating);
  });
});
