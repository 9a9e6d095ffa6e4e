import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seedReferenceTranslations } from '../../seed/reference-translations';
import { artistWithCoins } from '../../test/coins';
import type { TestContext } from '../../test/harness';
import { putSetting } from '../settings/settings.service';
import {
  connectedInfluencer,
  createExchangeTestApp,
  FEEDBACK,
  LINK,
  listenFully,
  pendingSpotifyRequest,
} from './express.fixture';

/**
 * Say why: a decline needs a reason of the campaign's platform list and written feedback of at least
 * `min_feedback_words` words; the artist reads both in their language, rates the feedback once, the
 * rating moves the seller's quality score, and staff see sellers whose feedback is rated low.
 */
let ctx: TestContext;
let playlistIds: number[] = [];
let curatorToken: string;
let curatorId: number;
let staffToken: string;
const _seq = 0;

/** 16 Arabic words (as `countWords` and a reader count them). */
const ARABIC_FEEDBACK =
  'الإيقاع جميل لكن الصوت منخفض جدًا مقارنة بالموسيقى، والمقدمة طويلة قليلًا، وأنصح بتقديم اللازمة في وقت أبكر';

beforeAll(async () => {
  const world = await createExchangeTestApp();
  ctx = world.ctx;
  curatorId = world.curator.id;
  playlistIds = world.playlistIds;
  curatorToken = world.curatorToken;
  await seedReferenceTranslations(ctx.deps.database);
  const admin = await ctx.makeAdmin({ permissions: ['trust.flags.show', 'view.main.settings.tab.list'] });
  staffToken = await ctx.loginAdmin(admin.email);
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  await putSetting(ctx.deps.database, 'min_feedback_words', 15);
  ctx.clock.set(new Date());
});

/** A new pending Spotify campaign on the Starter playlist, listened to by the curator. */
async function pendingCampaign(language = 'en') {
  const request = await pendingSpotifyRequest(ctx, playlistIds[0]!, { language });
  await listenFully(ctx.deps, request.id, curatorId);
  return request;
}

const reasons = async (path: string, token: string, lang = 'en') =>
  (await ctx.call('GET', path, { token, headers: { 'accept-language': lang } })).json().data as {
    id: number;
    reason: string;
  }[];
const spotifyReasons = (lang = 'en') => reasons('/api/express/curator/campaign/reasons', curatorToken, lang);

const decline = (id: number, body: Record<string, unknown>, lang = 'en') =>
  ctx.call('POST', '/api/express/curator/decline/campaign', {
    token: curatorToken,
    body: { campaign_id: id, ...body },
    headers: { 'accept-language': lang },
  });

const rate = (id: number, token: string, body: Record<string, unknown> = { helpful: true, stars: 4 }) =>
  ctx.call('POST', `/api/express/campaigns/${id}/feedback-rating`, { token, body });

const status = async (id: number) =>
  (await ctx.deps.database.pool.query('select status_id from express_campaigns where id = $1', [id])).rows[0]
    .status_id as number;

/** A declined campaign (reason of Spotify's list, FEEDBACK) with its artist's token. */
async function declinedCampaign(language = 'en') {
  const c = await pendingCampaign(language);
  const [first] = await spotifyReasons();
  expect((await decline(c.id, { reason_id: first!.id, feedback: FEEDBACK })).statusCode).toBe(200);
  return c;
}

describe('reasons per platform', () => {
  it("answers each platform's own list in the reader's language: playlist reasons for curators, video reasons for creators", async () => {
    const influencer = await connectedInfluencer(ctx, 'tiktok', 'saywhy');
    const spotify = await spotifyReasons();
    const tiktok = await reasons('/api/express-tiktok/influencer/campaign/reasons', influencer.token);
    const instagram = await reasons('/api/express-instagram/influencer/campaign/reasons', influencer.token);
    expect(spotify.map((r) => r.reason)).toContain('Playlist is full for now');
    expect(spotify.map((r) => r.reason)).not.toContain('The sound does not fit my content');
    expect(tiktok.map((r) => r.reason)).toContain('The sound does not fit my content');
    expect(tiktok.map((r) => r.reason)).not.toContain('Playlist is full for now');
    expect(instagram.map((r) => r.id)).toEqual(tiktok.map((r) => r.id));
    // Shape unchanged (id and reason), in the reader's language.
    const arabic = await reasons('/api/express-tiktok/influencer/campaign/reasons', influencer.token, 'ar');
    expect(arabic[0]).toEqual({ id: tiktok[0]!.id, reason: 'الصوت لا يناسب المحتوى الذي أقدمه' });
  });

  it("refuses a reason of another platform's list (422 on reason_id), on Spotify and on TikTok", async () => {
    const influencer = await connectedInfluencer(ctx, 'tiktok', 'saywhy2');
    const creatorReason = (
      await reasons('/api/express-tiktok/influencer/campaign/reasons', influencer.token)
    )[0]!;
    const { id } = await pendingCampaign();
    const refused = await decline(id, { reason_id: creatorReason.id, feedback: FEEDBACK });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.reason_id).toEqual(['Please choose a reason']);
    expect(await status(id)).toBe(S.PENDING_APPROVAL);

    const { token } = await artistWithCoins(ctx, 1000);
    const created = await ctx.call('POST', '/api/express-tiktok/artist/campaign/create', {
      token,
      body: { track_link: LINK.tiktok, account_ids: [influencer.account.id] },
    });
    const tiktokId = created.json().data[0].id as number;
    await listenFully(ctx.deps, tiktokId, influencer.user.id);
    const playlistReason = (await spotifyReasons())[0]!;
    const onTikTok = (reasonId: number) =>
      ctx.call('POST', '/api/express-tiktok/influencer/decline/campaign', {
        token: influencer.token,
        body: { campaign_id: tiktokId, reason_id: reasonId, feedback: FEEDBACK },
      });
    expect((await onTikTok(playlistReason.id)).statusCode).toBe(422);
    expect((await onTikTok(creatorReason.id)).statusCode).toBe(200);
  });

  it('lets staff keep a reason per platform, with a text per language', async () => {
    const created = await ctx.call('POST', '/api/admin/express/reasons', {
      token: await ctx.loginAdmin((await ctx.makeAdmin()).email),
      body: {
        reason: 'The hook comes too late for a reel',
        campaign_type_ids: [3],
        translations: { reason: { ar: 'اللازمة تأتي متأخرة جدًا على الريل' } },
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ campaign_type_ids: [3] });
    const influencer = await connectedInfluencer(ctx, 'instagram', 'saywhy3');
    const ig = await reasons('/api/express-instagram/influencer/campaign/reasons', influencer.token, 'ar');
    expect(ig.map((r) => r.reason)).toContain('اللازمة تأتي متأخرة جدًا على الريل');
    const tt = await reasons('/api/express-tiktok/influencer/campaign/reasons', influencer.token, 'ar');
    expect(tt.map((r) => r.id)).not.toContain(created.json().data.id);
  });
});

describe('written feedback', () => {
  it('refuses feedback shorter than min_feedback_words with a translated message naming the minimum', async () => {
    const { id } = await pendingCampaign();
    const [first] = await spotifyReasons();
    const short = await decline(id, { reason_id: first!.id, feedback: 'Not for this playlist, sorry.' });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.feedback).toEqual(['Write at least 15 words of feedback for the artist']);
    const french = await decline(id, { reason_id: first!.id, feedback: 'Trop court.' }, 'fr');
    expect(french.json().message).toBe('Écrivez au moins 15 mots de retour pour l’artiste');
    const arabic = await decline(id, { reason_id: first!.id, feedback: 'قصير' }, 'ar');
    expect(arabic.json().message).toBe('اكتب 15 كلمةً على الأقل من الملاحظات للفنان');
    // An older client sends only the reason: refused, and told what is missing.
    const reasonOnly = await decline(id, { reason_id: first!.id });
    expect(reasonOnly.statusCode).toBe(422);
    expect(Object.keys(reasonOnly.json().errors)).toEqual(['feedback']);
    expect(await status(id)).toBe(S.PENDING_APPROVAL);
    // 15 Arabic words count as 15 (the apps count the same way).
    expect((await decline(id, { reason_id: first!.id, feedback: ARABIC_FEEDBACK })).statusCode).toBe(200);
  });

  it("takes an older client's words in `reason` as the feedback; the setting moves the minimum", async () => {
    const [first] = await spotifyReasons();
    const old = await pendingCampaign();
    expect((await decline(old.id, { reason_id: first!.id, reason: FEEDBACK })).statusCode).toBe(200);
    const row = (
      await ctx.deps.database.pool.query(
        'select decline_feedback, decline_reason_id from express_campaigns where id = $1',
        [old.id],
      )
    ).rows[0];
    expect(row).toEqual({ decline_feedback: FEEDBACK, decline_reason_id: first!.id });

    await putSetting(ctx.deps.database, 'min_feedback_words', 3);
    const { id } = await pendingCampaign();
    const two = await decline(id, { reason_id: first!.id, feedback: 'Too quiet.' });
    expect(two.json().message).toBe('Write at least 3 words of feedback for the artist');
    expect((await decline(id, { reason_id: first!.id, feedback: 'Too quiet overall.' })).statusCode).toBe(
      200,
    );
  });

  it('staff may set min_feedback_words from 0 to 200; out of range is refused, never clamped', async () => {
    const put = (value: number) =>
      ctx.call('PUT', '/api/admin/settings', { token: staffToken, body: { min_feedback_words: value } });
    expect((await put(201)).statusCode).toBe(422);
    expect((await put(-1)).statusCode).toBe(422);
    expect((await put(0)).statusCode).toBe(200);
    expect((await put(200)).statusCode).toBe(200);
    expect((await ctx.call('GET', '/api/setting/all')).json().data.min_feedback_words).toBe(200);
  });

  it("shows the artist the reason in the artist's language with the feedback: detail, timeline, notification", async () => {
    const { id, artistToken } = await declinedCampaign('ar');
    const detail = await ctx.call('GET', `/api/express/artist/show/campaign/${id}`, {
      token: artistToken,
      headers: { 'accept-language': 'ar' },
    });
    const data = detail.json().data;
    expect(data.decline).toEqual({
      reason_id: expect.any(Number),
      reason: 'لا يناسب النوع الموسيقي لقائمة التشغيل',
      feedback: FEEDBACK,
      rating: null,
    });
    // Older clients read `decline_reason`: the reason in the reader's language, then the feedback.
    expect(data.decline_reason).toBe(`لا يناسب النوع الموسيقي لقائمة التشغيل: ${FEEDBACK}`);
    const declined = data.timeline.find((e: { to_status: number }) => e.to_status === S.DECLINED);
    expect(declined.note).toBe('مرفوض: لا يناسب النوع الموسيقي لقائمة التشغيل');
    const english = await ctx.call('GET', `/api/express/artist/show/campaign/${id}`, { token: artistToken });
    expect(english.json().data.decline.reason).toBe('Does not fit the playlist genre');

    const notes = await ctx.call('GET', '/api/notifications', {
      token: artistToken,
      headers: { 'accept-language': 'ar' },
    });
    const body = notes
      .json()
      .data.map((n: { body: string }) => n.body)
      .join('\n');
    expect(body).toContain('لا يناسب النوع الموسيقي لقائمة التشغيل');
    expect(body).not.toContain('Does not fit the playlist genre');
  });
});

describe("the artist's rating of the feedback", () => {
  it('takes one rating per declined campaign, from its artist only', async () => {
    const { id, artistToken } = await declinedCampaign();
    const stranger = await artistWithCoins(ctx, 10);
    expect((await rate(id, stranger.token)).statusCode).toBe(404);
    expect((await rate(id, curatorToken)).statusCode).toBe(404);
    expect((await rate(id, artistToken, { helpful: true, stars: 6 })).statusCode).toBe(422);
    expect((await rate(id, artistToken, { stars: 3 })).statusCode).toBe(422);

    const first = await rate(id, artistToken, { helpful: false, stars: 2 });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ campaign_id: id, helpful: false, stars: 2 });
    const again = await rate(id, artistToken, { helpful: true, stars: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already rated this feedback');
    const detail = await ctx.call('GET', `/api/express/artist/show/campaign/${id}`, { token: artistToken });
    expect(detail.json().data.decline.rating).toMatchObject({ helpful: false, stars: 2 });
  });

  it('of two ratings sent at once, one is kept (the unique index decides), many times', async () => {
    for (let i = 0; i < 5; i += 1) {
      const { id, artistToken } = await declinedCampaign();
      const answers = await Promise.all([
        rate(id, artistToken, { helpful: true, stars: 5 }),
        rate(id, artistToken, { helpful: false, stars: 1 }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      const { rows } = await ctx.deps.database.pool.query(
        'select count(*)::int as n from express_feedback_ratings where campaign_id = $1',
        [id],
      );
      expect(rows[0].n).toBe(1);
    }
  });

  it('refuses to rate a request that was not declined by its seller (pending, withdrawn)', async () => {
    const pending = await pendingCampaign();
    const refused = await rate(pending.id, pending.artistToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Only the feedback of a request the curator or creator declined can be rated',
    );
    await ctx.call('POST', `/api/express/campaigns/${pending.id}/withdraw`, { token: pending.artistToken });
    expect((await rate(pending.id, pending.artistToken)).statusCode).toBe(409);
  });

  it("moves the seller's quality score: the stars count in its rating part", async () => {
    const rating = async () =>
      (
        await ctx.deps.database.pool.query(
          'select rating, ratings_count, rating_average from trust_scores where playlist_id = $1',
          [playlistIds[0]],
        )
      ).rows[0];
    // Later than the scores the earlier tests' clocks wrote (a score is never overwritten by an older one).
    ctx.clock.advance(3_600_000);
    await ctx.deps.database.pool.query(
      `delete from express_feedback_ratings where campaign_id in
         (select id from express_campaigns where playlist_id = $1)`,
      [playlistIds[0]],
    );
    const low = await declinedCampaign();
    expect((await rate(low.id, low.artistToken, { helpful: false, stars: 1 })).statusCode).toBe(201);
    expect(await rating()).toMatchObject({ rating: 0, ratings_count: 1 });
    const high = await declinedCampaign();
    expect((await rate(high.id, high.artistToken, { helpful: true, stars: 5 })).statusCode).toBe(201);
    const after = await rating();
    expect(after.ratings_count).toBe(2);
    expect(after.rating).toBeGreaterThan(40);
  });
});

describe('staff: sellers whose feedback is rated low', () => {
  it('lists them with their figures, lowest mean first, filtered and paginated, for staff only', async () => {
    const curator2 = await ctx.makeUser({ userTypeId: 2, firstName: 'Low', lastName: 'Rated' });
    await ctx.deps.database.pool.query(
      `insert into express_feedback_ratings (campaign_id, artist_id, seller_id, helpful, stars, created_at)
       select c.id, c.artist_id, $1, false, 1, now() from express_campaigns c
        where c.end_reason = 'declined' and not exists
          (select 1 from express_feedback_ratings f where f.campaign_id = c.id)
        limit 2`,
      [curator2.id],
    );
    const list = await ctx.call(
      'GET',
      '/api/admin/trust/feedback?filter[max_average]=2&filter[min_ratings]=1&limit=10',
      {
        token: staffToken,
      },
    );
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.data[0]).toMatchObject({
      seller: { id: curator2.id, name: 'Low Rated' },
      ratings: 2,
      average_stars: 1,
      helpful_percent: 0,
    });
    expect(body.pagination).toMatchObject({ current_page: 1, limit: 10, total: body.data.length });
    const page2 = await ctx.call('GET', '/api/admin/trust/feedback?filter[max_average]=2&page=2&limit=10', {
      token: staffToken,
    });
    expect(page2.json()).toMatchObject({
      data: [],
      pagination: { current_page: 2, total: body.data.length },
    });
    const strict = await ctx.call(
      'GET',
      '/api/admin/trust/feedback?filter[max_average]=1&filter[min_ratings]=3',
      {
        token: staffToken,
      },
    );
    expect(strict.json().data.map((r: { seller: { id: number } }) => r.seller.id)).not.toContain(curator2.id);
    expect(
      (await ctx.call('GET', '/api/admin/trust/feedback?filter[max_average]=9', { token: staffToken }))
        .statusCode,
    ).toBe(422);
    expect([401, 403]).toContain(
      (await ctx.call('GET', '/api/admin/trust/feedback', { token: curatorToken })).statusCode,
    );
  });
});
