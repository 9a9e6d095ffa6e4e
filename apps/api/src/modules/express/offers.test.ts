import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxBio } from '../../providers/sandbox-social';
import { artistWithCoins } from '../../test/coins';
import type { TestContext } from '../../test/harness';
import { BASE, connectedInfluencer, createExchangeTestApp, pendingSpotifyRequest } from './express.fixture';
import { MATCH_WEIGHTS, matchRank } from './express.matching';

/**
 * Choosing with evidence (issue "Choose with evidence"): the wizards' filters and sorts, the offers'
 * profiles and who may read them, the sellers' profile edits and replies, and "Matched for this track":
 * the ranking function on constructed cases and the hard rules of the suggestions.
 */

let ctx: TestContext;
let curatorToken: string;
let curatorId: number;
let demoPlaylists: number[];
let genre: Record<string, number>;
let lang: Record<string, number>;
const q = async (sql: string, params: unknown[] = []) =>
  (await ctx.deps.database.pool.query(sql, params)).rows;

let seq = 0;
/** An approved playlist of a new curator (or `curator`), with genres, moods, languages, tier and score. */
async function playlist(options: {
  genres: string[];
  moods?: string[];
  languages?: string[];
  tier?: string;
  followers?: number;
  status?: number;
  refusesAi?: boolean;
  acceptsUnreleased?: boolean;
  score?: { score: number; acceptance?: number; median?: number };
  curator?: number;
}) {
  seq += 1;
  const curator = options.curator ?? (await ctx.makeUser({ userTypeId: 2 })).id;
  const [row] = await q(
    `insert into express_playlists (curator_id, spotify_playlist_id, spotify_url, name, followers, tier_id, duration_id,
       status_id, refuses_ai, accepts_unreleased, moods, language_ids)
     values ($1, $2::varchar, 'https://open.spotify.com/playlist/' || $2::varchar, $3, $4,
       (select id from express_tiers where campaign_type_id = 1 and tier_name = $5),
       (select id from express_durations where campaign_type_id = 1 order by duration limit 1),
       $6, $7, $8, $9, $10) returning id`,
    [
      curator,
      `37iOffers${String(seq).padStart(13, '0')}`,
      `Offer ${seq} ${options.genres.join(' ')}`,
      options.followers ?? 5000,
      options.tier ?? 'Starter',
      options.status ?? 1,
      options.refusesAi ?? false,
      options.acceptsUnreleased ?? true,
      options.moods ?? [],
      (options.languages ?? []).map((c) => lang[c]),
    ],
  );
  for (const g of options.genres)
    await q('insert into express_playlist_genres (playlist_id, genre_id) values ($1, $2)', [
      row.id,
      genre[g],
    ]);
  if (options.score)
    await q(
      `insert into trust_scores (playlist_id, score, is_new, campaigns, acceptance, median_response_minutes, computed_at)
       values ($1, $2, false, 10, $3, $4, now())`,
      [row.id, options.score.score, options.score.acceptance ?? null, options.score.median ?? null],
    );
  return row.id as number;
}

const idsOf = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((p) => p.id);

beforeAll(async () => {
  const world = await createExchangeTestApp();
  ctx = world.ctx;
  curatorToken = world.curatorToken;
  curatorId = world.curator.id;
  demoPlaylists = world.playlistIds;
  for (const name of ['indie', 'metal', 'chill-hop', 'jazz'])
    await q(`insert into genres (name) values ($1) on conflict do nothing`, [name]);
  genre = Object.fromEntries((await q('select id, name from genres')).map((r) => [r.name, r.id]));
  lang = Object.fromEntries((await q(`select id, code from languages`)).map((r) => [r.code, r.id]));
});
afterAll(async () => {
  await ctx?.close();
});

describe('matchRank: the documented ranking function', () => {
  const base = {
    trackGenres: 1,
    sharedGenres: 1,
    trackMoods: 0,
    sharedMoods: 0,
    language: null,
    similarDecided: 0,
    similarAccepted: 0,
    score: 50,
    followers: 5000,
    price: 50,
  } as const;

  it('the weights sum to one', () => {
    expect(Object.values(MATCH_WEIGHTS).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
  });

  it('genre fit outweighs a better score and a cheaper audience', () => {
    // An indie track: an indie playlist of a new seller vs a "metal" one sharing nothing, scoring 100
    // and ten times the audience per coin.
    const indie = matchRank({ ...base });
    const metal = matchRank({
      ...base,
      sharedGenres: 0,
      score: 100,
      followers: 50_000,
      similarAccepted: 9,
      similarDecided: 10,
    });
    expect(indie).toBeGreaterThan(metal);
  });

  it('a seller who accepts similar tracks ranks above one who declines them, all else equal', () => {
    expect(matchRank({ ...base, similarDecided: 20, similarAccepted: 15 })).toBeGreaterThan(
      matchRank({ ...base, similarDecided: 20, similarAccepted: 1 }),
    );
  });

  it('a part the track gives nothing for drops out instead of counting zero', () => {
    // No moods given: the same rank whatever the offer's moods; moods given and shared: higher.
    expect(matchRank({ ...base, trackMoods: 0, sharedMoods: 0 })).toBe(matchRank({ ...base }));
    expect(matchRank({ ...base, trackMoods: 2, sharedMoods: 2 })).toBeGreaterThan(
      matchRank({ ...base, trackMoods: 2, sharedMoods: 0 }),
    );
    expect(matchRank({ ...base, language: 'listed' })).toBeGreaterThan(
      matchRank({ ...base, language: 'any' }),
    );
  });
});

describe('Matched for this track', () => {
  it('keeps to the hard rules and ranks the best fit first, each with its reason', async () => {
    const indieGood = await playlist({
      genres: ['indie'],
      moods: ['chill', 'dreamy'],
      score: { score: 85, acceptance: 60, median: 2 * 24 * 60 },
    });
    const indieMeh = await playlist({ genres: ['indie'], score: { score: 40, acceptance: 10 } });
    const metal = await playlist({
      genres: ['metal'],
      score: { score: 99, acceptance: 90 },
      followers: 900_000,
    });
    const hidden = await playlist({ genres: ['indie'], score: { score: 99 } });
    await q(
      `insert into trust_flags (playlist_id, signal, detected_on, evidence, status, reviewed_at)
       values ($1, 'follower_jump', current_date, '{}', 'confirmed', now())`,
      [hidden],
    );
    const disabled = await playlist({ genres: ['indie'], status: 3, score: { score: 99 } });
    const pending = await playlist({ genres: ['indie'], status: 2 });
    const refusesAi = await playlist({ genres: ['indie'], refusesAi: true });
    const releasedOnly = await playlist({ genres: ['indie'], acceptsUnreleased: false });
    const turkishOnly = await playlist({ genres: ['indie'], languages: ['tr'] });
    const french = await playlist({ genres: ['indie'], languages: ['fr'] });

    // Earlier indie artists' requests on the good playlist: 3 answered, 2 accepted.
    const indieArtist = await artistWithCoins(ctx, 5000);
    await q('insert into user_genres (user_id, genre_id) values ($1, $2)', [
      indieArtist.user.id,
      genre.indie,
    ]);
    for (const [status, accepted] of [
      [2, true],
      [6, true],
      [7, false],
    ] as const)
      await q(
        `insert into express_campaigns (campaign_type_id, artist_id, curator_id, playlist_id, tier_id, track_id, track_url,
           track_name, track_artist, status_id, price, fee_percent, playlist_submission_days, on_going_days, auditing_days,
           submission_deadline)
         select 1, $1, curator_id, id, tier_id, left(md5(random()::text), 22), 'https://open.spotify.com/track/x', 'T', 'A',
           $2, 50, 20, 3, 7, 2, $3
         from express_playlists where id = $4`,
        [indieArtist.user.id, status, accepted ? new Date() : null, indieGood],
      );

    const artist = await artistWithCoins(ctx, 1000);
    const url = (extra: string) =>
      `/api/express/artist/playlists/matched?genre_ids=${genre.indie}&moods=chill&moods=happy${extra}`;
    const res = await ctx.call('GET', url(`&language_id=${lang.fr}&made_with_ai=true&is_released=false`), {
      token: artist.token,
    });
    expect(res.statusCode).toBe(200);
    const got = idsOf(res);
    for (const never of [metal, hidden, disabled, pending, refusesAi, releasedOnly, turkishOnly])
      expect(got).not.toContain(never);
    expect(got).toEqual(expect.arrayContaining([indieGood, indieMeh, french]));
    expect(got.indexOf(indieGood)).toBeLessThan(got.indexOf(indieMeh));
    const why = res.json().data.find((p: { id: number }) => p.id === indieGood).why;
    expect(why).toMatchObject({
      shared_genres: [{ id: genre.indie, name: 'indie' }],
      shared_moods: ['chill'],
      language: 'any',
      similar: { decided: 3, accepted: 2 },
      median_response_minutes: 2 * 24 * 60,
    });
    expect(res.json().data.find((p: { id: number }) => p.id === french).why.language).toBe('listed');

    // Without the restrictions, the AI-refusing, released-only and Turkish playlists come back.
    const open = idsOf(await ctx.call('GET', url(''), { token: artist.token }));
    expect(open).toEqual(expect.arrayContaining([refusesAi, releasedOnly, turkishOnly]));
    expect(open).not.toContain(metal);

    // A curator buying is never offered their own playlists.
    const mine = await playlist({ genres: ['indie'], curator: curatorId, score: { score: 100 } });
    const asCurator = idsOf(
      await ctx.call('GET', `/api/express/curator/checkout/playlists/matched?genre_ids=${genre.indie}`, {
        token: curatorToken,
      }),
    );
    expect(asCurator).not.toContain(mine);
    expect(asCurator).toContain(indieGood);
  });

  it("staff ordering for an artist get the artist's matches, from the artist's genres", async () => {
    const indie = await playlist({ genres: ['indie'], score: { score: 60 } });
    const other = await playlist({ genres: ['chill-hop'], score: { score: 99 } });
    const artist = await artistWithCoins(ctx, 10);
    await q('insert into user_genres (user_id, genre_id) values ($1, $2)', [artist.user.id, genre.indie]);
    const admin = await ctx.loginAdmin((await ctx.makeAdmin()).email);
    const res = await ctx.call('GET', `/api/admin/express/playlists/matched?artist_id=${artist.user.id}`, {
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toContain(indie);
    expect(idsOf(res)).not.toContain(other);
    const clerk = await ctx.loginAdmin((await ctx.makeAdmin({ permissions: [] })).email);
    expect(
      (
        await ctx.call('GET', `/api/admin/express/playlists/matched?artist_id=${artist.user.id}`, {
          token: clerk,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('refuses an unknown mood with a translated message', async () => {
    const artist = await artistWithCoins(ctx, 10, { language: 'fr' });
    const res = await ctx.call('GET', '/api/express/artist/playlists/matched?moods=sleepy', {
      token: artist.token,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.moods).toBeDefined();
  });
});

describe('the wizard filters and sorts', () => {
  it('filters by mood, language, price, followers, answer time and acceptance, and sorts', async () => {
    const a = await playlist({
      genres: ['jazz'],
      moods: ['focus'],
      languages: ['de'],
      tier: 'Rising',
      followers: 30_000,
      score: { score: 70, acceptance: 80, median: 60 },
    });
    const b = await playlist({
      genres: ['jazz'],
      moods: ['party'],
      tier: 'Starter',
      followers: 2_000,
      score: { score: 60, acceptance: 20, median: 5 * 24 * 60 },
    });
    const artist = await artistWithCoins(ctx, 10);
    const list = async (query: string) =>
      idsOf(
        await ctx.call('GET', `/api/express/artist/playlists?genre_id=${genre.jazz}&${query}`, {
          token: artist.token,
        }),
      );
    expect(await list('mood=focus')).toEqual([a]);
    // b lists no language: it takes any, so it stays for German.
    expect(await list(`language_id=${lang.de}`)).toEqual(expect.arrayContaining([a, b]));
    expect(await list(`language_id=${lang.fr}`)).toEqual([b]);
    expect(await list('min_price=100')).toEqual([a]);
    expect(await list('max_price=60')).toEqual([b]);
    expect(await list('min_followers=10000&max_followers=40000')).toEqual([a]);
    expect(await list('max_answer_hours=24')).toEqual([a]);
    expect(await list('min_acceptance=50')).toEqual([a]);
    expect(await list('sort=price_asc')).toEqual([b, a]);
    expect(await list('sort=answer_asc')).toEqual([a, b]);
    expect(await list('sort=acceptance_desc')).toEqual([a, b]);

    const cards = (
      await ctx.call('GET', `/api/express/artist/playlists?genre_id=${genre.jazz}&mood=focus`, {
        token: artist.token,
      })
    ).json().data;
    expect(cards[0]).toMatchObject({ moods: ['focus'], language_ids: [lang.de], accepts_unreleased: true });
  });

  it('refuses a maximum below its minimum, in the reader language, and an unknown sort', async () => {
    const artist = await artistWithCoins(ctx, 10, { language: 'de' });
    const res = await ctx.call('GET', '/api/express/artist/playlists?min_price=100&max_price=50', {
      token: artist.token,
      headers: { 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.max_price).toEqual(['Das Maximum darf nicht unter dem Minimum liegen']);
    const sort = await ctx.call('GET', '/api/express/artist/playlists?sort=cheapest', {
      token: artist.token,
    });
    expect(sort.statusCode).toBe(422);
  });
});

describe('playlist profiles', () => {
  it('the curator edits what artists read; artists read it with reviews and replies, nothing private', async () => {
    const [id] = demoPlaylists as [number];
    const edit = await ctx.call('PUT', `/api/express/curator/playlist/edit/${id}`, {
      token: curatorToken,
      body: {
        description: 'Warm hip-hop for late evenings. New picks every Friday.',
        moods: ['chill', 'dreamy'],
        language_ids: [lang.en, lang.fr],
        accepts_unreleased: false,
      },
    });
    expect(edit.statusCode).toBe(200);

    // A finished campaign reviewed, and the curator's reply.
    const request = await pendingSpotifyRequest(ctx, id);
    await q(`update express_campaigns set status_id = 6, submission_deadline = now() where id = $1`, [
      request.id,
    ]);
    await q(
      `insert into express_reviews (campaign_id, artist_id, rating, comment) values ($1, $2, 4, 'Good fit, real listeners')`,
      [request.id, request.artistId],
    );
    const reply = await ctx.call('POST', `/api/express/seller/reviews/${request.id}/reply`, {
      token: curatorToken,
      body: { reply: 'Thank you, glad it worked!' },
    });
    expect(reply.statusCode).toBe(200);
    // Another seller cannot reply to it.
    const other = await ctx.makeUser({ userTypeId: 2 });
    const stranger = await ctx.call('POST', `/api/express/seller/reviews/${request.id}/reply`, {
      token: await ctx.loginUser(other.email),
      body: { reply: 'Not mine' },
    });
    expect(stranger.statusCode).toBe(404);
    await q(
      `insert into trust_follower_snapshots (playlist_id, day, followers) values ($1, current_date - 2, 8000), ($1, current_date - 1, 8100)`,
      [id],
    );

    const artist = await artistWithCoins(ctx, 10);
    const res = await ctx.call('GET', `/api/express/playlists/${id}/profile`, { token: artist.token });
    expect(res.statusCode).toBe(200);
    const profile = res.json().data;
    expect(profile).toMatchObject({
      kind: 'playlist',
      platform: 'spotify',
      description: 'Warm hip-hop for late evenings. New picks every Friday.',
      moods: ['chill', 'dreamy'],
      accepts_unreleased: false,
      campaigns: { taken: 1, completed: 1 },
      reviews: { count: 1, average: 4, items: [{ rating: 4, reply: 'Thank you, glad it worked!' }] },
      answer_days: 7,
      on_sale: true,
    });
    expect(profile.languages.map((l: { code: string }) => l.code).sort()).toEqual(['en', 'fr']);
    expect(profile.follower_history.map((h: { followers: number }) => h.followers)).toEqual([8000, 8100]);
    expect(profile.platform_url).toMatch(/^https:\/\/open\.spotify\.com\/playlist\//);
    const text = res.body;
    expect(text).not.toContain('curator@demo.test');
    expect(text).not.toMatch(/earning|balance|email/i);
  });

  it('refuses a bad edit with the field message and changes nothing', async () => {
    const [id] = demoPlaylists as [number];
    const before = (
      await q('select description, moods, language_ids from express_playlists where id = $1', [id])
    )[0];
    for (const body of [
      { language_ids: [999_999] },
      { moods: ['sleepy'] },
      { description: 'x'.repeat(1001) },
    ]) {
      const res = await ctx.call('PUT', `/api/express/curator/playlist/edit/${id}`, {
        token: curatorToken,
        body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors).map((k) => k.split('.')[0])).toEqual([Object.keys(body)[0]]);
    }
    expect(
      (await q('select description, moods, language_ids from express_playlists where id = $1', [id]))[0],
    ).toEqual(before);
  });

  it('a hidden or unapproved playlist is read by staff and its curator only', async () => {
    const hidden = await playlist({ genres: ['jazz'] });
    await q(
      `insert into trust_flags (playlist_id, signal, detected_on, evidence, status, reviewed_at)
       values ($1, 'bought_followers', current_date, '{}', 'confirmed', now())`,
      [hidden],
    );
    const pending = await playlist({ genres: ['jazz'], status: 2, curator: curatorId });
    const artist = await artistWithCoins(ctx, 10);
    const admin = await ctx.makeAdmin();
    const staff = await ctx.loginAdmin(admin.email);
    const clerk = await ctx.makeAdmin({ permissions: [] });
    for (const id of [hidden, pending]) {
      expect(
        (await ctx.call('GET', `/api/express/playlists/${id}/profile`, { token: artist.token })).statusCode,
      ).toBe(404);
      const seen = await ctx.call('GET', `/api/express/playlists/${id}/profile`, { token: staff });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data.on_sale).toBe(false);
      expect(
        (
          await ctx.call('GET', `/api/express/playlists/${id}/profile`, {
            token: await ctx.loginAdmin(clerk.email),
          })
        ).statusCode,
      ).toBe(403);
    }
    const own = await ctx.call('GET', `/api/express/playlists/${pending}/profile`, { token: curatorToken });
    expect(own.statusCode).toBe(200);
  });
});

describe('creator profiles', () => {
  it('the creator edits genres and profile; artists find, match and read the account', async () => {
    const creator = await connectedInfluencer(ctx, 'tiktok', 'offers');
    // The platform's bio starts the profile; the sandbox gives a bio and an avatar like real ones.
    const first = await ctx.call('GET', `${BASE.tiktok}/accounts/${creator.account.id}/profile`, {
      token: creator.token,
    });
    expect(first.json().data).toMatchObject({
      description: sandboxBio('tiktok', creator.username),
      image_url: expect.stringContaining('/api/sandbox/spotify/cover/'),
    });
    const edit = await ctx.call('PUT', `${BASE.tiktok}/influencer/accounts/${creator.account.id}/profile`, {
      token: creator.token,
      body: {
        description: 'Dance covers, 3 a week.',
        genre_ids: [genre.indie],
        moods: ['energetic'],
        language_ids: [lang.tr],
      },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({
      kind: 'account',
      platform: 'tiktok',
      genres: [{ name: 'indie' }],
      platform_url: `https://www.tiktok.com/@${encodeURIComponent(creator.username)}`,
    });
    const artist = await artistWithCoins(ctx, 10);
    const listed = await ctx.call(
      'GET',
      `${BASE.tiktok}/artist/accounts/campaigns?genre_id=${genre.indie}&mood=energetic`,
      {
        token: artist.token,
      },
    );
    expect(idsOf(listed)).toEqual([creator.account.id]);
    expect(listed.json().data[0]).toMatchObject({ genres: [{ name: 'indie' }], moods: ['energetic'] });
    const matched = await ctx.call(
      'GET',
      `${BASE.tiktok}/artist/accounts/matched?genre_ids=${genre.indie}&language_id=${lang.tr}`,
      { token: artist.token },
    );
    expect(matched.json().data.map((a: { id: number }) => a.id)).toContain(creator.account.id);
    expect(matched.json().data[0].why).toMatchObject({
      language: 'listed',
      shared_genres: [{ name: 'indie' }],
    });
    // A French track is not matched to a Turkish-only account.
    const french = await ctx.call(
      'GET',
      `${BASE.tiktok}/artist/accounts/matched?genre_ids=${genre.indie}&language_id=${lang.fr}`,
      {
        token: artist.token,
      },
    );
    expect(french.json().data.map((a: { id: number }) => a.id)).not.toContain(creator.account.id);
    const profile = await ctx.call('GET', `${BASE.tiktok}/accounts/${creator.account.id}/profile`, {
      token: artist.token,
    });
    expect(profile.json().data).toMatchObject({
      description: 'Dance covers, 3 a week.',
      user_name: creator.username,
    });
    expect(profile.body).not.toContain(creator.user.email);
    // Another creator may not edit it; the Instagram path does not know it.
    const other = await connectedInfluencer(ctx, 'tiktok', 'offers-other');
    const stranger = await ctx.call(
      'PUT',
      `${BASE.tiktok}/influencer/accounts/${creator.account.id}/profile`,
      {
        token: other.token,
        body: { description: 'mine now' },
      },
    );
    expect(stranger.statusCode).toBe(404);
    expect(
      (
        await ctx.call('GET', `${BASE.instagram}/accounts/${creator.account.id}/profile`, {
          token: artist.token,
        })
      ).statusCode,
    ).toBe(404);
  });
});
