import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { describe, expect, it } from 'vitest';
import { t } from '../../platform/i18n';
import { files } from '../files/files.schema';
import { newUploadKey } from '../files/files.service';
import { walletBalance } from '../wallet/ledger';
import { AUDIO, BASE, HOUR, LINK, listenFully, SUBMIT, socialTestFile } from './express.fixture';
import { advance } from './express.machine';
import { INSTAGRAM_CONFIRM_HOURS } from './platforms/instagram.adapter';

/**
 * The artist's side of TikTok and Instagram campaigns added for the artist screens: unreleased songs
 * with their files, the detail's timeline, and the Instagram artist's confirmation or dispute of the
 * reel's sound within 72 hours.
 */

const { ctx, artist, influencer } = socialTestFile('artist');

/** A stored upload of `userId` with the given type (what `file/upload` records). */
async function upload(userId: number, mime: string, ext: string): Promise<string> {
  const key = newUploadKey(new Date(), ext);
  await ctx.deps.database.db
    .insert(files)
    .values({ path: key, originalName: `f.${ext}`, mime, sizeBytes: 1000, driver: 'local', userId });
  return key;
}

describe.each(['tiktok', 'instagram'] as const)('%s unreleased songs', (platform) => {
  it('need their file (and on TikTok a cover), uploaded by the artist, of the right type', async () => {
    const a = await artist(1000);
    const inf = await influencer(platform);
    const create = (extra: object) =>
      ctx.call('POST', `${BASE[platform]}/artist/campaign/create`, {
        token: a.token,
        body: { track_link: LINK[platform], account_ids: [inf.account.id], is_released: false, ...extra },
      });

    const missing = await create({});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      media_link: ['Please upload the song file (mp3 or mp4, up to 50 MB)'],
      ...(platform === 'tiktok'
        ? { tiktok_img: ['Please upload a cover image for the unreleased song'] }
        : {}),
    });

    const other = await artist(1);
    const media = await upload(a.user.id, 'audio/mpeg', 'mp3');
    const cover = await upload(a.user.id, 'image/png', 'png');
    const cases: [object, string, string][] = [
      [
        { media_link: 'https://evil.example/song.mp3', tiktok_img: cover },
        'media_link',
        'validation.upload_key',
      ],
      [
        { media_link: await upload(other.user.id, 'audio/mpeg', 'mp3'), tiktok_img: cover },
        'media_link',
        'not_yours',
      ],
      [
        { media_link: await upload(a.user.id, 'image/png', 'png'), tiktok_img: cover },
        'media_link',
        'mp3 or mp4',
      ],
    ];
    if (platform === 'tiktok')
      cases.push([
        { media_link: media, tiktok_img: await upload(a.user.id, 'audio/mpeg', 'mp3') },
        'tiktok_img',
        'png',
      ]);
    for (const [extra, field, fragment] of cases) {
      const r = await create(extra);
      expect(r.statusCode, JSON.stringify(extra)).toBe(422);
      expect(Object.keys(r.json().errors)).toEqual([field]);
      if (!fragment.includes('.'))
        expect(r.json().errors[field][0]).toContain(
          fragment === 'not_yours' ? 'among your uploads' : fragment,
        );
    }
    // Nothing was held by the refused requests.
    expect(await walletBalance(ctx.deps.database, a.user.id)).toBe(1000);

    const ok = await create({ media_link: media, tiktok_img: cover });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data[0]).toMatchObject({ is_released: false });
    const row = (
      await ctx.deps.database.pool.query(
        'select media_link, tiktok_img from express_campaigns where id = $1',
        [ok.json().data[0].id],
      )
    ).rows[0];
    expect(row).toEqual({ media_link: media, tiktok_img: platform === 'tiktok' ? cover : null });
    expect(await walletBalance(ctx.deps.database, a.user.id)).toBe(1000 - inf.price);
  });

  it('a released song ignores file fields and the detail carries the timeline', async () => {
    const a = await artist(1000);
    const inf = await influencer(platform);
    const r = await ctx.call('POST', `${BASE[platform]}/artist/campaign/create`, {
      token: a.token,
      body: { track_link: LINK[platform], account_ids: [inf.account.id], media_link: 'junk' },
    });
    expect(r.statusCode).toBe(201);
    const id = r.json().data[0].id;
    const detail = await ctx.call('GET', `${BASE[platform]}/artist/show/campaign/${id}`, {
      token: a.token,
      headers: { 'accept-language': 'fr' },
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data).toMatchObject({
      is_released: true,
      review: null,
      timeline: [
        expect.objectContaining({ from_status: null, to_status: S.PENDING_APPROVAL, actor_type: 'user' }),
      ],
    });
  });
});

/** An Instagram campaign whose reel was just submitted and proven: Verifying. */
async function verifyingReel() {
  const a = await artist(1000);
  const inf = await influencer('instagram');
  const created = await ctx.call('POST', `${BASE.instagram}/artist/campaign/create`, {
    token: a.token,
    body: { track_link: LINK.instagram, account_ids: [inf.account.id] },
  });
  const id = created.json().data[0].id as number;
  await listenFully(ctx.deps, id, inf.user.id);
  await ctx.call('POST', `${BASE.instagram}/influencer/approve/campaign`, {
    token: inf.token,
    body: { campaign_id: id },
  });
  ctx.clock.advance(60_000);
  const provider = ctx.deps.providers.instagram as unknown as {
    posts: { post(i: object): Promise<{ id: string }> };
  };
  const reel = await provider.posts.post({
    platform: 'instagram',
    accountId: inf.platformUserId,
    username: inf.username,
    musicId: AUDIO,
    caption: 'reel #ad',
    postedAt: ctx.clock.now(),
  });
  const submitted = await ctx.call('POST', SUBMIT.instagram, {
    token: inf.token,
    body: { campaign_id: id, video_id: reel.id },
  });
  expect(submitted.json().data.status_id).toBe(S.VERIFYING);
  return { a, inf, id };
}

const status = async (id: number) =>
  (await ctx.deps.database.pool.query('select status_id from express_campaigns where id = $1', [id])).rows[0]
    .status_id as number;

describe('Instagram: the artist confirms or disputes the reel within 72 hours', () => {
  it('confirming puts the campaign On Going at once; a second word is refused', async () => {
    const { a, id } = await verifyingReel();
    const detail = await ctx.call('GET', `${BASE.instagram}/artist/show/campaign/${id}`, { token: a.token });
    const until = new Date(detail.json().data.confirm_until).getTime();
    expect(until - ctx.clock.now().getTime()).toBe(INSTAGRAM_CONFIRM_HOURS * HOUR);

    const ok = await ctx.call('POST', `${BASE.instagram}/artist/campaign/confirm`, {
      token: a.token,
      body: { campaign_id: id },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      data: { id, status_id: S.ON_GOING },
      message: 'Thank you: the reel is confirmed',
    });
    const after = await ctx.call('GET', `${BASE.instagram}/artist/show/campaign/${id}`, { token: a.token });
    expect(after.json().data.confirmed_at).not.toBeNull();
    for (const path of ['confirm', 'dispute']) {
      const again = await ctx.call('POST', `${BASE.instagram}/artist/campaign/${path}`, {
        token: a.token,
        body: { campaign_id: id, reason: 'x' },
      });
      expect(again.statusCode).toBe(409);
    }
  });

  it('a dispute keeps the campaign Verifying past the window until staff decide', async () => {
    const { a, inf, id } = await verifyingReel();
    // Staff who may decide disputes (the campaigns' permission) and staff who may not.
    const judge = await ctx.makeAdmin({ permissions: ['express.campaigns.show'] });
    const bystander = await ctx.makeAdmin({ permissions: ['view.main.logs.tab.list'] });
    const empty = await ctx.call('POST', `${BASE.instagram}/artist/campaign/dispute`, {
      token: a.token,
      body: { campaign_id: id, reason: '  ' },
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.reason).toEqual(['Please say what is wrong with the reel']);
    // The influencer and another artist cannot dispute it.
    for (const token of [inf.token, (await artist(1)).token]) {
      const r = await ctx.call('POST', `${BASE.instagram}/artist/campaign/dispute`, {
        token,
        body: { campaign_id: id, reason: 'not my sound' },
      });
      expect([403, 404]).toContain(r.statusCode);
    }
    const disputed = await ctx.call('POST', `${BASE.instagram}/artist/campaign/dispute`, {
      token: a.token,
      body: { campaign_id: id, reason: 'The reel uses another song' },
    });
    expect(disputed.statusCode).toBe(200);
    expect(disputed.json().data.status_id).toBe(S.VERIFYING);
    const disputedAt = ctx.clock.now();

    ctx.clock.advance((INSTAGRAM_CONFIRM_HOURS + 1) * HOUR);
    await advance(ctx.deps, id);
    expect(await status(id)).toBe(S.VERIFYING);
    const detail = await ctx.call('GET', `${BASE.instagram}/artist/show/campaign/${id}`, { token: a.token });
    // One representation of the dispute: the nested object, no flat copies beside it.
    expect(detail.json().data.dispute).toEqual({
      opened_at: disputedAt.toISOString(),
      reason: 'The reel uses another song',
      decision: null,
      decided_at: null,
    });
    expect(detail.json().data).not.toHaveProperty('disputed_at');
    expect(detail.json().data).not.toHaveProperty('dispute_reason');
    expect(detail.json().data.confirmed_at).toBeNull();
    expect(detail.json().data.timeline.at(-1)).toMatchObject({
      from_status: S.VERIFYING,
      to_status: S.VERIFYING,
      note: 'The reel uses another song',
    });

    // The staff who decide disputes were told once, as a key rendered when read (in any language).
    const notes = async (adminId: number) =>
      (
        await ctx.deps.database.pool.query(
          `select type, message_key, params, link, data from notifications where admin_id = $1 and type like 'todos.%'`,
          [adminId],
        )
      ).rows;
    const told = await notes(judge.id);
    expect(told).toEqual([
      {
        type: 'todos.express_disputes',
        message_key: 'todos.notify.express_disputes',
        params: { id, track: AUDIO },
        link: `/express-instagram-campaigns/${id}`,
        data: { campaign_id: id },
      },
    ]);
    for (const lang of ['en', 'fr', 'de', 'ar', 'tr'] as const) {
      const title = t(lang, 'todos.notify.express_disputes.title', told[0].params);
      const body = t(lang, 'todos.notify.express_disputes.body', told[0].params);
      expect(title).not.toContain('todos.notify');
      expect(body).toContain(String(id));
      expect(body).toContain(AUDIO);
    }
    expect(t('en', 'todos.notify.express_disputes.body', told[0].params)).toBe(
      `The artist disputed the reel of campaign #${id} (“${AUDIO}”). Open it to uphold or reject the dispute.`,
    );
    expect(await notes(bystander.id)).toEqual([]);
    // ...and it is on their to-do list until decided.
    const judgeToken = await ctx.loginAdmin(judge.email);
    const todos = (await ctx.call('GET', '/api/admin/dashboard/todos', { token: judgeToken })).json().data;
    expect(todos).toContainEqual({
      kind: 'express_disputes',
      count: expect.any(Number),
      link: '/express/instagram/campaigns/list?filter[disputed]=1',
    });
    expect(todos.find((x: { kind: string }) => x.kind === 'express_disputes').count).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('silence: after the window the artist can no longer act and the reel goes On Going', async () => {
    const { a, id } = await verifyingReel();
    ctx.clock.advance(INSTAGRAM_CONFIRM_HOURS * HOUR + 60_000);
    const late = await ctx.call('POST', `${BASE.instagram}/artist/campaign/dispute`, {
      token: a.token,
      body: { campaign_id: id, reason: 'too late' },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The 72 hours to confirm or dispute this reel are over');
    await advance(ctx.deps, id);
    expect(await status(id)).toBe(S.ON_GOING);
  });

  it('confirm and dispute fired together: exactly one wins', async () => {
    const { a, id } = await verifyingReel();
    const calls = Array.from({ length: 8 }, (_, i) =>
      ctx.call('POST', `${BASE.instagram}/artist/campaign/${i % 2 ? 'confirm' : 'dispute'}`, {
        token: a.token,
        body: { campaign_id: id, reason: 'wrong sound' },
      }),
    );
    const codes = (await Promise.all(calls)).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const row = (
      await ctx.deps.database.pool.query(
        'select artist_confirmed_at, disputed_at from express_campaigns where id = $1',
        [id],
      )
    ).rows[0];
    expect([row.artist_confirmed_at, row.disputed_at].filter(Boolean)).toHaveLength(1);
  });

  it('TikTok has no such call', async () => {
    const a = await artist(1);
    const r = await ctx.call('POST', `${BASE.tiktok}/artist/campaign/confirm`, {
      token: a.token,
      body: { campaign_id: 1 },
    });
    expect(r.statusCode).toBe(404);
  });
});

describe.each(['tiktok', 'instagram'] as const)('%s campaigns paid by card', (platform) => {
  it('are created once from the paid card session however often it is confirmed, with the song name', async () => {
    const a = await artist(0);
    const inf = await influencer(platform);
    const start = await ctx.call('POST', `${BASE[platform]}/artist/campaign/checkout`, {
      token: a.token,
      body: {
        track_link: LINK[platform],
        account_ids: [inf.account.id],
        song_name: 'Card Song',
        pitch: 'hi',
      },
    });
    expect(start.statusCode).toBe(200);
    const { session_id, coins } = start.json().data;
    expect(coins).toBe(inf.price);
    const early = await ctx.call('POST', `${BASE[platform]}/artist/campaign/checkout/check/pay`, {
      token: a.token,
      body: { session_id },
    });
    expect(early.json().data).toMatchObject({ campaigns: [], not_created: false });
    // The other platform's confirmation does not know this payment.
    const other = platform === 'tiktok' ? 'instagram' : 'tiktok';
    expect(
      (
        await ctx.call('POST', `${BASE[other]}/artist/campaign/checkout/check/pay`, {
          token: a.token,
          body: { session_id },
        })
      ).statusCode,
    ).toBe(404);

    await ctx.call('POST', `/api/sandbox/checkout/${session_id}/complete`, { body: {} });
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.call('POST', `${BASE[platform]}/artist/campaign/checkout/check/pay`, {
          token: a.token,
          body: { session_id },
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const ids = new Set(results.map((r) => r.json().data.campaigns[0]?.id));
    expect(ids.size).toBe(1);
    expect(results[0]!.json().data.campaigns[0]).toMatchObject({
      campaign_name: 'Card Song',
      pitch: 'hi',
      type: platform,
      account: { id: inf.account.id },
      status: { id: S.PENDING_APPROVAL },
    });
    const rows = await ctx.deps.database.pool.query(
      'select payment_method from express_campaigns where artist_id = $1',
      [a.user.id],
    );
    expect(rows.rows).toEqual([{ payment_method: 'card' }]);
    // The coins bought are held for the campaign: nothing left in the wallet.
    expect(await walletBalance(ctx.deps.database, a.user.id)).toBe(0);
    // Another artist cannot claim the session.
    const stranger = await artist(0);
    expect(
      (
        await ctx.call('POST', `${BASE[platform]}/artist/campaign/checkout/check/pay`, {
          token: stranger.token,
          body: { session_id },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a wrong link or an unknown account before the card page', async () => {
    const a = await artist(0);
    const inf = await influencer(platform);
    const bad = await ctx.call('POST', `${BASE[platform]}/artist/campaign/checkout`, {
      token: a.token,
      body: { track_link: 'https://example.com/x', account_ids: [inf.account.id] },
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['track_link']);
    const gone = await ctx.call('POST', `${BASE[platform]}/artist/campaign/checkout`, {
      token: a.token,
      body: { track_link: LINK[platform], account_ids: [999_999] },
    });
    expect(gone.statusCode).toBe(422);
    expect(Object.keys(gone.json().errors)).toEqual(['account_ids']);
  });
});
