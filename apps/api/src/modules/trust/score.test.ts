import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { NEUTRAL_SCORE, NEW_SELLER_MIN_CAMPAIGNS, SCORE_WEIGHTS } from '@lm/contracts/score';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditCoins } from '../../test/coins';
import { testAppForFile } from '../../test/harness';
import { declineSaying, listenFully } from '../express/express.fixture';
import { approve, decline } from '../express/express.machine';
import { seedExpressDemo } from '../express/express.seed';
import {
  computeScore,
  improvePart,
  RESPONSE_BEST_MINUTES,
  type ScoreStats,
  weightedTotal,
} from './score.compute';
import { SCORE_NIGHTLY_QUEUE } from './score.service';
import { scoreJobs } from './trust.jobs';

const perfect: ScoreStats = {
  ended: 10,
  decided: 10,
  accepted: 10,
  medianResponseMinutes: RESPONSE_BEST_MINUTES,
  deliveryDue: 10,
  delivered: 10,
  keepDue: 10,
  kept: 10,
  ratingsCount: 4,
  ratingAverage: 5,
  viewsRatio: 1,
};
const failing: ScoreStats = {
  ended: 10,
  decided: 10,
  accepted: 0,
  medianResponseMinutes: 10_000,
  deliveryDue: 10,
  delivered: 0,
  keepDue: 10,
  kept: 0,
  ratingsCount: 4,
  ratingAverage: 1,
  viewsRatio: 0,
};

describe('the score at its edges (pure)', () => {
  it('all parts perfect give 100, for videos and for playlists', () => {
    expect(computeScore(perfect, true)).toMatchObject({ score: 100, isNew: false, improve: null });
    expect(computeScore(perfect, false).score).toBe(100);
    expect(computeScore(perfect, false).parts.views).toBeNull();
  });

  it('all parts failing give 0, and the part to improve is the heaviest (delivery)', () => {
    const c = computeScore(failing, true);
    expect(c.score).toBe(0);
    expect(Object.values(c.parts)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(c.improve).toBe('delivery');
  });

  it('a missing part spreads its weight over the others (no reviews: mean of the rest)', () => {
    const c = computeScore({ ...perfect, ratingsCount: 0, ratingAverage: null, kept: 0 }, false);
    expect(c.parts.rating).toBeNull();
    // acceptance 15, response 10, delivery 25 at 100; keep 20 at 0; rating missing; views not for playlists.
    expect(c.score).toBe(Math.round((100 * (15 + 10 + 25)) / (15 + 10 + 25 + 20)));
  });

  it('weights: one failing part costs exactly its share of the total', () => {
    const total = Object.values(SCORE_WEIGHTS).reduce((a, b) => a + b, 0);
    expect(total).toBe(100);
    for (const [part, w] of Object.entries(SCORE_WEIGHTS)) {
      const parts = { acceptance: 100, response: 100, delivery: 100, keep: 100, rating: 100, views: 100 };
      expect(weightedTotal({ ...parts, [part]: 0 })).toBe(100 - w);
    }
    expect(
      weightedTotal({
        acceptance: null,
        response: null,
        delivery: null,
        keep: null,
        rating: null,
        views: null,
      }),
    ).toBeNull();
    expect(
      improvePart({ acceptance: 90, response: 50, delivery: 100, keep: 100, rating: 100, views: null }),
    ).toBe('response');
  });

  it(`a seller is new (neutral ${NEUTRAL_SCORE}) below ${NEW_SELLER_MIN_CAMPAIGNS} ended campaigns, scored from then on`, () => {
    const below = computeScore({ ...failing, ended: NEW_SELLER_MIN_CAMPAIGNS - 1 }, true);
    expect(below).toMatchObject({ score: NEUTRAL_SCORE, isNew: true });
    expect(below.parts.delivery).toBe(0);
    expect(computeScore({ ...failing, ended: NEW_SELLER_MIN_CAMPAIGNS }, true)).toMatchObject({
      score: 0,
      isNew: false,
    });
  });
});

let curatorId: number;
let playlistIds: number[] = [];
let artistToken: string;
let artistId: number;
const MIN = 60_000;
const DAY = 86_400_000;

const ctx = testAppForFile();
beforeAll(async () => {
  const curator = await ctx.makeUser({ userTypeId: 2, email: 'curator@demo.test' });
  curatorId = curator.id;
  await seedExpressDemo(ctx.deps.database);
  // Four approved playlists of the demo curator (the demo seeds fewer).
  await ctx.deps.database.pool.query(
    `insert into express_playlists (curator_id, spotify_playlist_id, spotify_url, name, tier_id, duration_id, status_id)
     select p.curator_id, 'scoretest' || g, 'https://open.spotify.com/playlist/scoretest' || g, 'Score test ' || g,
            p.tier_id, p.duration_id, 1
       from (select * from express_playlists order by id limit 1) p, generate_series(1, 4) g`,
  );
  const rows = await ctx.deps.database.pool.query('select id from express_playlists order by id');
  playlistIds = rows.rows.map((r) => r.id);
  const artist = await ctx.makeUser({ userTypeId: 1 });
  artistId = artist.id;
  await creditCoins(ctx, artist.id, 100_000);
  artistToken = await ctx.loginUser(artist.email);
});

const scoreRow = async (playlistId: number) =>
  (await ctx.deps.database.pool.query('select * from trust_scores where playlist_id = $1', [playlistId]))
    .rows[0];

async function createOn(playlistId: number, track: string) {
  const res = await ctx.call('POST', '/api/express/artist/campaign/create', {
    token: artistToken,
    body: {
      track_link: `https://open.spotify.com/track/${track}`,
      playlist_ids: [playlistId],
      payment_method: 'coins',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data[0].id as number;
}

/**
 * A finished campaign written straight into the tables (a year of history in one statement): the
 * engine's columns as its transitions leave them, and the first answer on the timeline.
 */
async function pastCampaign(
  playlistId: number,
  n: number,
  shape: { accepted: boolean; delivered?: boolean; kept?: boolean; answerMinutes: number; rating?: number },
) {
  const created = new Date(ctx.clock.now().getTime() - 30 * DAY);
  const answered = new Date(created.getTime() + shape.answerMinutes * MIN);
  const status = !shape.accepted ? S.DECLINED : shape.delivered ? S.COMPLETED : S.FAILED_TO_SUBMIT;
  const { rows } = await ctx.deps.database.pool.query(
    `insert into express_campaigns (artist_id, campaign_type_id, curator_id, playlist_id, tier_id, track_id,
        track_url, track_name, track_artist, status_id, price, fee_percent, playlist_submission_days,
        on_going_days, auditing_days, submission_deadline, on_going_started_at, removed_at, created_at, completed_at,
        paid_coins, refunded_coins)
     select $1, 1, $2, p.id, p.tier_id, $3, 'https://open.spotify.com/track/x', 'Past', 'Artist', $4, 50, 20, 3,
            28, 2, $5, $6, $7, $8, $8::timestamptz + interval '29 days', 0, 50
       from express_playlists p where p.id = $9 returning id`,
    [
      artistId,
      curatorId,
      `past${playlistId}x${n}`,
      status,
      shape.accepted ? new Date(answered.getTime() + 3 * DAY) : null,
      shape.delivered ? new Date(answered.getTime() + DAY) : null,
      shape.delivered && !shape.kept ? new Date(answered.getTime() + 5 * DAY) : null,
      created,
      playlistId,
    ],
  );
  const id = rows[0].id as number;
  await ctx.deps.database.pool.query(
    `insert into express_campaign_events (campaign_id, from_status, to_status, actor_type, created_at)
     values ($1, 1, $2, 'user', $3)`,
    [id, shape.accepted ? S.WAITING_SUBMISSION : S.DECLINED, answered],
  );
  if (shape.rating)
    await ctx.deps.database.pool.query(
      'insert into express_reviews (campaign_id, artist_id, rating, created_at) values ($1, $2, $3, $4)',
      [id, artistId, shape.rating, new Date(created.getTime() + 29 * DAY)],
    );
}

describe('kept current by the engine and the nightly job', () => {
  it('a transition recomputes its playlist score in the same transaction (approve, then decline)', async () => {
    const playlist = playlistIds[0]!;
    const first = await createOn(playlist, '1ScoreTrack00000000001');
    // Creating the campaign is no transition out of Pending: new, nothing answered yet.
    expect((await scoreRow(playlist))?.acceptance ?? null).toBeNull();
    await listenFully(ctx.deps, first, curatorId);
    await approve(ctx.deps, curatorId, first);
    const afterApprove = await scoreRow(playlist);
    expect(afterApprove).toMatchObject({ acceptance: 100, is_new: true, score: NEUTRAL_SCORE });
    expect(afterApprove.response).toBe(100);

    const second = await createOn(playlist, '1ScoreTrack00000000002');
    await listenFully(ctx.deps, second, curatorId);
    await decline(ctx.deps, curatorId, second, await declineSaying(ctx.deps, 1));
    expect(await scoreRow(playlist)).toMatchObject({ acceptance: 50, campaigns: 1 });
  });

  it('the nightly job scores every playlist from its history: a perfect one 100, a failing one low, a new one neutral', async () => {
    const [good, bad, fresh] = [playlistIds[1]!, playlistIds[2]!, playlistIds[3]!];
    for (let i = 0; i < 6; i++) {
      await pastCampaign(good, i, {
        accepted: true,
        delivered: true,
        kept: true,
        answerMinutes: 30,
        rating: 5,
      });
      await pastCampaign(bad, i, {
        accepted: i % 2 === 0,
        delivered: false,
        answerMinutes: 5 * 24 * 60,
        rating: 1,
      });
    }
    // The failing one accepts half, never delivers, answers in five days, rated 1. The fresh one has one campaign.
    await pastCampaign(fresh, 0, { accepted: true, delivered: true, kept: false, answerMinutes: 60 });
    const [job] = scoreJobs(ctx.deps);
    expect(job!.name).toBe(SCORE_NIGHTLY_QUEUE);
    expect(job!.cron).toBe('30 3 * * *');
    await job!.handler({}, { id: 'test', retryCount: 0 });

    expect(await scoreRow(good)).toMatchObject({
      score: 100,
      is_new: false,
      acceptance: 100,
      response: 100,
      delivery: 100,
      keep: 100,
      rating: 100,
      views: null,
      ratings_count: 6,
    });
    const b = await scoreRow(bad);
    expect(b).toMatchObject({
      acceptance: 50,
      response: 0,
      delivery: 0,
      rating: 0,
      keep: null,
      is_new: false,
    });
    // acceptance 50 x 15, response, delivery and rating 0, keep missing (nothing reached On Going): 750 / 70.
    expect(b.score).toBe(Math.round(750 / 70));
    expect(await scoreRow(fresh)).toMatchObject({
      is_new: true,
      score: NEUTRAL_SCORE,
      keep: 0,
      delivery: 100,
    });
    // Every playlist has a row, even one with no campaign at all.
    const n = await ctx.deps.database.pool.query(
      'select count(*)::int n from express_playlists p where not exists (select 1 from trust_scores s where s.playlist_id = p.id)',
    );
    expect(n.rows[0].n).toBe(0);
  });

  it('artists sort and filter playlists by score on the server', async () => {
    const list = async (qs: string) => {
      const res = await ctx.call('GET', `/api/express/artist/playlists?limit=100${qs}`, {
        token: artistToken,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data as { id: number; score: { score: number; is_new: boolean } }[];
    };
    const desc = await list('&sort=score_desc');
    const scores = desc.map((p) => p.score.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(desc[0]!.id).toBe(playlistIds[1]);
    const asc = await list('&sort=score_asc');
    expect(asc[0]!.id).toBe(playlistIds[2]);
    const top = await list('&min_score=90');
    expect(top.map((p) => p.id)).toEqual([playlistIds[1]]);
  });

  it('a bad sort or minimum is refused with a translated 422, never clamped', async () => {
    const bad = await ctx.call('GET', '/api/express/artist/playlists?sort=followers', {
      token: artistToken,
      headers: { 'x-lang': 'fr' },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sort).toEqual(['Valeur invalide']);
    const over = await ctx.call('GET', '/api/express/artist/playlists?min_score=101', { token: artistToken });
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.min_score).toHaveLength(1);
    const social = await ctx.call('GET', '/api/express-tiktok/artist/accounts/campaigns?sort=best', {
      token: artistToken,
    });
    expect(social.statusCode).toBe(422);
    expect(Object.keys(social.json().errors)).toEqual(['sort']);
  });
});
