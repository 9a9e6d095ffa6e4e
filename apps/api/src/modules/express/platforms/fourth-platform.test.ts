import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { artistWithCoins } from '../../../test/coins';
import { createTestApp, type TestContext } from '../../../test/harness';
import { walletBalance } from '../../wallet/ledger';
import { FEEDBACK, listenFully } from '../express.fixture';
import { advance, sweep } from '../express.machine';
import { EXPRESS_ONE_OPEN_PER_SOUND_ACCOUNT } from '../express.schema';
import { seedExpressReference } from '../express.seed';
import { type ExpressPlatformAdapter, proRataShare } from './adapter';
import { registerExpressAdapter } from './index';
import { accountRenewal, loadAccountTargets } from './social';

/**
 * Proof that platform knowledge lives in the adapter: "Vidlet", a video platform that exists only in
 * this file, is registered as a fourth adapter before the app is built and runs the whole lifecycle
 * through the HTTP API (music-link check, create, approve, list of posts, submit, verify, On Going,
 * Auditing, Completed with a partial refund, a decline, a renewal, staff's list and a force-end)
 * without any engine, service or route file naming it. If a route or service still tested the
 * platform's name, Vidlet's paths would not exist or its campaigns would be refused.
 */

const MIN = 60_000;
const BASE = '/api/express-vidlet';
const VIDEOS = '/api/express-vidlet/influencer/posts';
const SUBMIT = '/api/express-vidlet/influencer/submit';
const SOUND = 'vidlet://sound/S1';

/** Vidlet's world: the posts of each account (views and sound), as its API would answer. */
const posts = new Map<string, { accountId: number; soundId: string; views: number; postedAt: Date }>();
const TARGET_VIEWS = 1000;

const vidlet: ExpressPlatformAdapter = {
  typeId: 4,
  key: 'vidlet',
  promise: 'video',
  timing: { verifyDelayMinutes: 10, checkEveryWaitingMinutes: 60, checkEveryOnGoingMinutes: 12 * 60 },
  invalidSoundKey: 'express.invalid_music_url',
  oneOpenIndex: EXPRESS_ONE_OPEN_PER_SOUND_ACCOUNT,
  accounts: {
    paths: { base: BASE, videos: VIDEOS, submit: SUBMIT },
    musicChecks: ['/api/check-vidlet-music'],
    tag: 'express vidlet',
    profileUrl: (username) => `https://vidlet.example/@${username}`,
    unreleasedCover: false,
    confirmWindowHours: null,
    async submittableVideos(_deps, accountId, since) {
      return [...posts.entries()]
        .filter(([, p]) => p.accountId === accountId && p.postedAt.getTime() >= since)
        .map(([id, p]) => ({
          id,
          url: `https://vidlet.example/v/${id}`,
          caption: `post ${id}`,
          posted_at: p.postedAt.toISOString(),
          views: p.views,
        }));
    },
  },
  async resolveSound(_deps, link) {
    const m = /^vidlet:\/\/sound\/(\w+)$/.exec(link.trim());
    return m ? { id: m[1]!, url: link.trim(), name: `Vidlet ${m[1]}`, artist: '', coverUrl: null } : null;
  },
  soundLink: (c) => c.trackUrl,
  loadTargets: (tx, ids, payerId) => loadAccountTargets(tx, 'vidlet', ids, payerId),
  targetColumns: (t) => ({ accountId: t.id, socialTierId: t.tierId }),
  sellerLink: () => '/vidlet/express/campaigns/list',
  campaignPath: (id) => `/vidlet/express-campaigns/${id}`,
  termsAtApproval: async () => ({ targetViews: TARGET_VIEWS }),
  async proveSubmission(_deps, c) {
    const p = c.submittedMediaId ? posts.get(c.submittedMediaId) : undefined;
    return { ok: p?.soundId === c.trackId, position: null, views: p?.views ?? null };
  },
  async stillThere(_deps, c) {
    const p = c.submittedMediaId ? posts.get(c.submittedMediaId) : undefined;
    return { ok: Boolean(p), position: null, views: p?.views ?? null };
  },
  async achievement(_deps, c) {
    const views = (c.submittedMediaId && posts.get(c.submittedMediaId)?.views) || 0;
    const coins = Math.min(c.price, Math.floor((c.price * views) / (c.targetViews ?? TARGET_VIEWS)));
    return { coins, meta: { views, target_views: c.targetViews } };
  },
  earlyEndShare: proRataShare,
  // Renewals take the same account again, as TikTok's and Instagram's do.
  renewal: accountRenewal('vidlet'),
};

let ctx: TestContext;
let restore: () => void;
let tier: { id: number; price: number };
let staffToken: string;
let seq = 0;

beforeAll(async () => {
  // Registered before the app is built: the account platforms' routes are made from the registry.
  restore = registerExpressAdapter(vidlet);
  ctx = await createTestApp();
  await seedExpressReference(ctx.deps.database);
  // The database lists the platforms it stores; a real new platform widens these checks in a
  // migration, which this does on the test's own database: no engine, service or route file changes.
  await ctx.deps.database.pool.query(
    `alter table express_campaigns drop constraint express_campaigns_type_check;
     alter table express_campaigns drop constraint express_campaigns_target_check;
     alter table express_campaigns add constraint express_campaigns_target_check check (
       (campaign_type_id = 1 and playlist_id is not null and account_id is null)
       or (campaign_type_id in (2, 3, 4) and account_id is not null and playlist_id is null));
     alter table express_campaigns drop constraint express_campaigns_tier_check;
     alter table express_campaigns add constraint express_campaigns_tier_check check (
       (campaign_type_id = 1 and tier_id is not null and social_tier_id is null)
       or (campaign_type_id in (2, 3, 4) and social_tier_id is not null and tier_id is null));
     alter table social_tiers drop constraint social_tiers_platform_check;
     alter table social_accounts drop constraint social_accounts_platform_check;
     alter table express_reasons drop constraint express_reasons_types_check`,
  );
  // Its sellers' decline reasons: staff give the new platform its list (here one reason).
  await ctx.deps.database.pool.query(
    `insert into express_reasons (reason, campaign_type_ids) values ('Not for my viewers', '{4}')`,
  );
  tier = (
    await ctx.deps.database.pool.query(
      `insert into social_tiers (platform, tier_name, price) values ('vidlet', 'Micro', 200) returning id, price`,
    )
  ).rows[0];
  const admin = await ctx.makeAdmin();
  staffToken = await ctx.loginAdmin(admin.email);
});
afterAll(async () => {
  restore?.();
  await ctx?.close();
});
afterEach(() => ctx.clock.set(new Date()));

const artist = (coins: number) => artistWithCoins(ctx, coins);

/** An influencer with a connected Vidlet account on the Micro tier. */
async function influencer() {
  const user = await ctx.makeUser({ userTypeId: 3 });
  seq += 1;
  const { rows } = await ctx.deps.database.pool.query(
    `insert into social_accounts (user_id, platform, platform_user_id, username, display_name, tier_id, followers)
     values ($1, 'vidlet', $2, $3, $3, $4, 5000) returning id`,
    [user.id, `vid-${seq}`, `vidlet${seq}`, tier.id],
  );
  return { user, token: await ctx.loginUser(user.email), accountId: rows[0].id as number };
}

async function create(a: { token: string }, accountId: number, link = SOUND) {
  const res = await ctx.call('POST', `${BASE}/artist/campaign/create`, {
    token: a.token,
    body: { track_link: link, account_ids: [accountId], song_name: 'Vidlet Song' },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data[0] as { id: number; type: string; price: number; status: { id: number } };
}

async function approve(inf: { token: string; user: { id: number } }, id: number) {
  await listenFully(ctx.deps, id, inf.user.id);
  const res = await ctx.call('POST', `${BASE}/influencer/approve/campaign`, {
    token: inf.token,
    body: { campaign_id: id },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.status_id).toBe(S.WAITING_SUBMISSION);
}

const show = async (token: string, id: number) =>
  (
    await ctx.call('GET', `${BASE}/artist/show/campaign/${id}`, {
      token,
      headers: { 'accept-language': 'en' },
    })
  ).json().data;

describe('a fourth platform registered only in this test', () => {
  it('runs create, approve, submit, verify, On Going, audit and completion with a partial refund over HTTP', async () => {
    ctx.clock.set(new Date('2026-04-06T09:00:00Z'));
    const a = await artist(1000);
    const inf = await influencer();

    const ok = await ctx.call('POST', '/api/check-vidlet-music', {
      token: a.token,
      body: { sound_link: SOUND },
    });
    expect(ok.json().data).toMatchObject({ valid: true, id: 'S1' });
    const bad = await ctx.call('POST', '/api/check-vidlet-music', {
      token: a.token,
      body: { sound_link: 'https://elsewhere/1' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sound_link).toEqual(['Invalid Music URL']);

    const c = await create(a, inf.accountId);
    expect(c).toMatchObject({ type: 'vidlet', price: 200, status: { id: S.PENDING_APPROVAL } });
    expect(await walletBalance(ctx.deps.database, a.user.id)).toBe(800);
    const incoming = await ctx.call('GET', `${BASE}/influencer/campaigns`, { token: inf.token });
    expect(incoming.json().data.map((r: { id: number }) => r.id)).toEqual([c.id]);
    // Told in the video wording the adapter's promise picks.
    const notice = await ctx.deps.database.pool.query(
      'select message_key, link from notifications where user_id = $1',
      [inf.user.id],
    );
    expect(notice.rows).toEqual([
      { message_key: 'express.notify.new_campaign_video', link: '/vidlet/express/campaigns/list' },
    ]);

    await approve(inf, c.id);
    ctx.clock.advance(MIN);
    posts.set('p-wrong', { accountId: inf.accountId, soundId: 'OTHER', views: 0, postedAt: ctx.clock.now() });
    posts.set('p1', { accountId: inf.accountId, soundId: 'S1', views: 100, postedAt: ctx.clock.now() });
    const offered = await ctx.call('GET', `${VIDEOS}?campaign_id=${c.id}`, { token: inf.token });
    expect(offered.statusCode).toBe(200);
    expect(
      offered
        .json()
        .data.map((v: { id: string }) => v.id)
        .sort(),
    ).toEqual(['p-wrong', 'p1']);

    const wrong = await ctx.call('POST', SUBMIT, {
      token: inf.token,
      body: { campaign_id: c.id, video_id: 'p-wrong' },
    });
    expect(wrong.json().data).toMatchObject({ found: false, status_id: S.WAITING_SUBMISSION });
    const unknown = await ctx.call('POST', SUBMIT, {
      token: inf.token,
      body: { campaign_id: c.id, video_id: 'nope' },
    });
    expect(unknown.statusCode).toBe(422);
    const submitted = await ctx.call('POST', SUBMIT, {
      token: inf.token,
      body: { campaign_id: c.id, video_id: 'p1' },
    });
    expect(submitted.json().data).toMatchObject({ found: true, status_id: S.VERIFYING });

    // The adapter's verify delay, then the engine's job moves it On Going.
    ctx.clock.advance(11 * MIN);
    await advance(ctx.deps, c.id);
    const onGoing = await show(a.token, c.id);
    expect(onGoing.status.id).toBe(S.ON_GOING);
    expect(onGoing.target_views).toBe(TARGET_VIEWS);

    ctx.clock.set(new Date(Date.parse(onGoing.on_going_until) + MIN));
    await advance(ctx.deps, c.id);
    const auditing = await show(a.token, c.id);
    expect(auditing.status.id).toBe(S.AUDITING);

    // 600 of 1000 agreed views: the influencer earns 60 % of 200, the artist gets 80 back.
    posts.get('p1')!.views = 600;
    ctx.clock.set(new Date(Date.parse(auditing.auditing_until) + MIN));
    await sweep(ctx.deps);
    // Weeks passed on the clock: the sessions of the morning have expired.
    const artistToken = await ctx.loginUser(a.user.email);
    const done = await show(artistToken, c.id);
    expect(done).toMatchObject({
      status: { id: S.COMPLETED },
      paid_coins: 120,
      refunded_coins: 80,
      video: { id: 'p1' },
    });
    expect(await walletBalance(ctx.deps.database, a.user.id)).toBe(880);
    expect(await walletBalance(ctx.deps.database, inf.user.id)).toBeGreaterThan(0);
    expect(done.timeline.map((e: { to_status: number }) => e.to_status)).toEqual(
      expect.arrayContaining([S.PENDING_APPROVAL, S.VERIFYING, S.ON_GOING, S.AUDITING, S.COMPLETED]),
    );

    const review = await ctx.call('POST', `${BASE}/influencer/add/review`, {
      token: await ctx.loginUser(inf.user.email),
      body: { campaign_id: c.id, rating: 5 },
    });
    expect(review.statusCode).toBe(201);
  });

  it('declines with a reason (full refund), renews, and staff list and force-end it', async () => {
    const a = await artist(1000);
    const inf = await influencer();
    const c = await create(a, inf.accountId, 'vidlet://sound/S2');
    const reasons = await ctx.call('GET', `${BASE}/influencer/campaign/reasons`, { token: inf.token });
    await listenFully(ctx.deps, c.id, inf.user.id);
    const declined = await ctx.call('POST', `${BASE}/influencer/decline/campaign`, {
      token: inf.token,
      body: { campaign_id: c.id, reason_id: reasons.json().data[0].id, feedback: FEEDBACK },
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data.status_id).toBe(S.DECLINED);
    expect(await walletBalance(ctx.deps.database, a.user.id)).toBe(1000);

    const check = await ctx.call('POST', `${BASE}/artist/campaign/renew/check`, {
      token: a.token,
      body: { campaign_id: c.id },
    });
    // The engine's renewal asks the adapter's `renewal` part which target to buy again and at what price.
    expect(check.json().data).toEqual({
      renewable: true,
      price: 200,
      account: { id: inf.accountId, name: expect.stringMatching(/^@vidlet\d+$/) },
      track: { id: 'S2', name: 'Vidlet Song' },
    });
    const renew = () =>
      ctx.call('POST', `${BASE}/artist/campaign/renew`, { token: a.token, body: { campaign_id: c.id } });
    const renewed = await renew();
    expect(renewed.statusCode).toBe(201);
    const again = renewed.json().data[0];
    // Same account and sound; the song name the artist gave is kept (`keepsArtistText`), not re-read.
    expect(again).toMatchObject({
      type: 'vidlet',
      status: { id: S.PENDING_APPROVAL },
      campaign_name: 'Vidlet Song',
      account: { id: inf.accountId },
      track: { id: 'S2' },
    });
    expect(await walletBalance(ctx.deps.database, a.user.id)).toBe(800);
    const renewedFrom = await ctx.deps.database.pool.query(
      'select renewed_from_id from express_campaigns where id = $1',
      [again.id],
    );
    expect(renewedFrom.rows).toEqual([{ renewed_from_id: c.id }]);
    // While the renewal is open, the same sound cannot be bought again on the account.
    expect((await renew()).statusCode).toBe(409);
    await approve(inf, again.id);

    const list = await ctx.call('GET', `${BASE.replace('/api/', '/api/admin/')}/campaigns`, {
      token: staffToken,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((r: { id: number }) => r.id)).toEqual(
      expect.arrayContaining([again.id, c.id]),
    );
    // Vidlet's campaigns are not TikTok's.
    expect(
      (await ctx.call('GET', `/api/admin/express-tiktok/campaigns/${again.id}`, { token: staffToken }))
        .statusCode,
    ).toBe(404);

    const ended = await ctx.call('POST', `/api/admin/express/campaigns/${again.id}/force-end`, {
      token: staffToken,
      body: { outcome: 'refunded' },
    });
    expect(ended.statusCode).toBe(200);
    expect(await walletBalance(ctx.deps.database, a.user.id)).toBe(1000);
    const staffView = await ctx.call('GET', `/api/admin/express-vidlet/campaigns/${again.id}`, {
      token: staffToken,
    });
    expect(staffView.json().data).toMatchObject({ id: again.id, type: 'vidlet', refunded_coins: 200 });
  });
});
