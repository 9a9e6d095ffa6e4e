import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { describe, expect, it } from 'vitest';
import { walletBalance } from '../wallet/ledger';
import { AUDIO, BASE, FEEDBACK, LINK, listenFully, MUSIC, SUBMIT, socialTestFile } from './express.fixture';

/**
 * The TikTok and Instagram express calls of spec section 7 over HTTP: music-link checks with the spec's
 * messages, accounts to buy, creation with coins, both sides' lists, approve and decline, the recent
 * videos and the submission of one.
 */

const VIDEOS = {
  tiktok: '/api/express-tiktok/tiktok/list/videos',
  instagram: '/api/express-instagram/influencer/instagram/reels',
};

const { ctx, artist, influencer } = socialTestFile('routes');

describe('music link checks', () => {
  it("answer the sound, or 422 'Invalid Music URL' / 'Link Is Wrong'", async () => {
    const { token } = await artist(1);
    for (const path of ['/api/check-tiktok-music', '/api/express-check-tiktok-music']) {
      const ok = await ctx.call('POST', path, { token, body: { sound_link: LINK.tiktok } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toMatchObject({ valid: true, id: MUSIC, name: 'my song' });
      const bad = await ctx.call('POST', path, {
        token,
        body: { sound_link: 'https://www.tiktok.com/@a/video/1' },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.sound_link).toEqual(['Invalid Music URL']);
    }
    const ig = await ctx.call('POST', '/api/check-instagram-music', {
      token,
      body: { sound_link: LINK.instagram },
    });
    expect(ig.json().data).toMatchObject({ valid: true, id: AUDIO });
    const wrong = await ctx.call('POST', '/api/check-instagram-music', {
      token,
      body: { sound_link: 'https://www.instagram.com/stories/x/' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.sound_link).toEqual(['Link Is Wrong']);
  });
});

describe.each(['tiktok', 'instagram'] as const)('%s campaigns over HTTP', (platform) => {
  it('artist buys on an account, the influencer approves, picks a recent video and submits it', async () => {
    const a = await artist(1000);
    const inf = await influencer(platform);

    const accounts = await ctx.call('GET', `${BASE[platform]}/artist/accounts/campaigns`, { token: a.token });
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: inf.account.id, user_name: inf.username })]),
    );
    // An influencer may not buy.
    expect(
      (await ctx.call('GET', `${BASE[platform]}/artist/accounts/campaigns`, { token: inf.token })).statusCode,
    ).toBe(403);

    const created = await ctx.call('POST', `${BASE[platform]}/artist/campaign/create`, {
      token: a.token,
      body: { track_link: LINK[platform], account_ids: [inf.account.id], song_name: 'Summer Song' },
    });
    expect(created.statusCode).toBe(201);
    const campaign = created.json().data[0];
    expect(campaign).toMatchObject({
      type: platform,
      campaign_name: 'Summer Song',
      status: { id: S.PENDING_APPROVAL },
      account: { id: inf.account.id },
      price: inf.price,
    });
    expect(await walletBalance(ctx.deps.database, a.user.id)).toBe(1000 - inf.price);

    const incoming = await ctx.call('GET', `${BASE[platform]}/influencer/campaigns`, { token: inf.token });
    expect(incoming.json().data.map((c: { id: number }) => c.id)).toEqual([campaign.id]);
    const mine = await ctx.call('GET', `${BASE[platform]}/artist/campaigns`, { token: a.token });
    expect(mine.json().pagination.total).toBe(1);
    // The other platform's list does not show it.
    const other = platform === 'tiktok' ? 'instagram' : 'tiktok';
    expect(
      (await ctx.call('GET', `${BASE[other]}/artist/campaigns`, { token: a.token })).json().data,
    ).toEqual([]);

    await listenFully(ctx.deps, campaign.id, inf.user.id);
    const approved = await ctx.call('POST', `${BASE[platform]}/influencer/approve/campaign`, {
      token: inf.token,
      body: { campaign_id: campaign.id },
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status_id).toBe(S.WAITING_SUBMISSION);
    // Approving through the other platform's path is not found.
    expect(
      (
        await ctx.call('POST', `${BASE[other]}/influencer/approve/campaign`, {
          token: inf.token,
          body: { campaign_id: campaign.id },
        })
      ).statusCode,
    ).toBe(404);

    // Only posts since the acceptance are offered: none yet (the sandbox history is older).
    const none = await ctx.call('GET', `${VIDEOS[platform]}?campaign_id=${campaign.id}`, {
      token: inf.token,
    });
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toEqual([]);
    ctx.clock.advance(60_000);
    const posted = await ctx.deps.providers[platform === 'tiktok' ? 'tiktok' : 'instagram'];
    const store = (posted as unknown as { posts: { post(i: object): Promise<{ id: string }> } }).posts;
    const video = await store.post({
      platform,
      accountId: inf.platformUserId,
      username: inf.username,
      musicId: platform === 'tiktok' ? MUSIC : AUDIO,
      caption: 'my campaign video #ad',
      postedAt: ctx.clock.now(),
    });
    const list = await ctx.call('GET', `${VIDEOS[platform]}?campaign_id=${campaign.id}`, {
      token: inf.token,
    });
    expect(list.json().data).toEqual([
      expect.objectContaining({ id: video.id, caption: 'my campaign video #ad' }),
    ]);

    const unknown = await ctx.call('POST', SUBMIT[platform], {
      token: inf.token,
      body: { campaign_id: campaign.id, video_id: '1234' },
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['video_id']);
    const bare = await store.post({
      platform,
      accountId: inf.platformUserId,
      username: inf.username,
      musicId: platform === 'tiktok' ? MUSIC : AUDIO,
      caption: 'my campaign video',
      postedAt: new Date(ctx.clock.now().getTime() - 1000),
    });
    const undisclosed = await ctx.call('POST', SUBMIT[platform], {
      token: inf.token,
      body: { campaign_id: campaign.id, video_id: bare.id },
      headers: { 'accept-language': 'de' },
    });
    expect(undisclosed.statusCode).toBe(200);
    expect(undisclosed.json().data).toEqual({
      found: false,
      id: campaign.id,
      status_id: S.WAITING_SUBMISSION,
      disclosure: 'missing',
      reason: expect.stringContaining('#anzeige'),
    });
    const submitted = await ctx.call('POST', SUBMIT[platform], {
      token: inf.token,
      body: { campaign_id: campaign.id, video_id: video.id },
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().data).toEqual({
      found: true,
      id: campaign.id,
      status_id: S.VERIFYING,
      disclosure: 'caption',
      reason: null,
    });

    const detail = await ctx.call('GET', `${BASE[platform]}/artist/show/campaign/${campaign.id}`, {
      token: a.token,
    });
    expect(detail.json().data).toMatchObject({ video: { id: video.id }, status: { id: S.VERIFYING } });
    expect(detail.json().data.target_views).toBeGreaterThan(0);
  });

  it('the influencer declines with a reason: the artist is refunded in full, then renews', async () => {
    const a = await artist(1000);
    const inf = await influencer(platform);
    const created = await ctx.call('POST', `${BASE[platform]}/artist/campaign/create`, {
      token: a.token,
      body: { track_link: LINK[platform], account_ids: [inf.account.id] },
    });
    const campaign = created.json().data[0];
    const reasons = await ctx.call('GET', `${BASE[platform]}/influencer/campaign/reasons`, {
      token: inf.token,
    });
    expect(reasons.statusCode).toBe(200);
    const reason = reasons.json().data[0];
    await listenFully(ctx.deps, campaign.id, inf.user.id);
    const declined = await ctx.call('POST', `${BASE[platform]}/influencer/decline/campaign`, {
      token: inf.token,
      body: { campaign_id: campaign.id, reason_id: reason.id, feedback: FEEDBACK },
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().data.status_id).toBe(S.DECLINED);
    expect(await walletBalance(ctx.deps.database, a.user.id)).toBe(1000);
    // Declined: the artist may renew it on the same account, at today's tier price.
    const check = await ctx.call('POST', `${BASE[platform]}/artist/campaign/renew/check`, {
      token: a.token,
      body: { campaign_id: campaign.id },
    });
    expect(check.json().data).toEqual({
      renewable: true,
      price: inf.price,
      account: { id: inf.account.id, name: `@${inf.username}` },
      track: { id: campaign.track.id, name: campaign.track.name },
    });
    const renewed = await ctx.call('POST', `${BASE[platform]}/artist/campaign/renew`, {
      token: a.token,
      body: { campaign_id: campaign.id },
    });
    expect(renewed.statusCode).toBe(201);
    const again = renewed.json().data[0];
    expect(again).toMatchObject({ status: { id: S.PENDING_APPROVAL }, account: { id: inf.account.id } });
    expect(await walletBalance(ctx.deps.database, a.user.id)).toBe(1000 - inf.price);
    // An open campaign is not renewable (409), and another artist's is not found.
    const open = await ctx.call('POST', `${BASE[platform]}/artist/campaign/renew`, {
      token: a.token,
      body: { campaign_id: again.id },
    });
    expect(open.statusCode).toBe(409);
    const other = await artist(1);
    expect(
      (
        await ctx.call('POST', `${BASE[platform]}/artist/campaign/renew/check`, {
          token: other.token,
          body: { campaign_id: campaign.id },
        })
      ).statusCode,
    ).toBe(404);
    // Another influencer cannot act on it.
    const stranger = await influencer(platform);
    expect(
      (
        await ctx.call('POST', `${BASE[platform]}/influencer/approve/campaign`, {
          token: stranger.token,
          body: { campaign_id: campaign.id },
        })
      ).statusCode,
    ).toBe(404);
  });
});
