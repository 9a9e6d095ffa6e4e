import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import wavefile from 'wavefile';
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
 * Hear it first: a seller decides on a request only after the server counted
 * `min_listen_seconds` of listening from the player's events; 0 turns the rule off. Every platform
 * through the engine: Spotify (curator routes) and TikTok (influencer routes).
 */
let ctx: TestContext;
let playlistIds: number[] = [];
let curatorToken: string;
let curatorId: number;
let seq = 0;

beforeAll(async () => {
  const world = await createExchangeTestApp();
  ctx = world.ctx;
  curatorId = world.curator.id;
  playlistIds = world.playlistIds;
  curatorToken = world.curatorToken;
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  await putSetting(ctx.deps.database, 'min_listen_seconds', 30);
  ctx.clock.set(new Date());
});

/** A new pending Spotify campaign on the Starter playlist, of a new track. */
const pendingCampaign = () => pendingSpotifyRequest(ctx, playlistIds[0]!, { pitch: 'Late drives' });
const listen = (id: number, event: string, position: number, token = curatorToken) =>
  ctx.call('POST', `/api/express/campaigns/${id}/listen`, { token, body: { event, position } });
const approve = (id: number, lang?: string) =>
  ctx.call('POST', '/api/express/curator/approve/campaign', {
    token: curatorToken,
    body: { campaign_id: id },
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });
const status = async (id: number) =>
  (await ctx.deps.database.pool.query('select status_id from express_campaigns where id = $1', [id])).rows[0]
    .status_id as number;

describe('the listening rule at the decision', () => {
  it('refuses an approval before the listening time with a translated 409 naming the seconds left, and takes it after', async () => {
    const { id } = await pendingCampaign();
    const before = await approve(id);
    expect(before.statusCode).toBe(409);
    expect(before.json().message).toBe('Listen to the track first: 30 seconds more before you can decide');
    expect((await approve(id, 'de')).json().message).toBe(
      'Hör dir zuerst den Track an: noch 30 Sekunden, bevor du entscheiden kannst',
    );

    expect((await listen(id, 'play', 0)).json().data).toEqual({
      listened_seconds: 0,
      required_seconds: 30,
      can_decide: false,
    });
    ctx.clock.advance(12_000);
    expect((await listen(id, 'progress', 12)).json().data.listened_seconds).toBe(12);
    const early = await approve(id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('18 seconds');
    ctx.clock.advance(18_500);
    const done = (await listen(id, 'pause', 30.5)).json().data;
    expect(done).toEqual({ listened_seconds: 30, required_seconds: 30, can_decide: true });
    expect(await status(id)).toBe(S.PENDING_APPROVAL);

    const ok = await approve(id);
    expect(ok.statusCode).toBe(200);
    expect(await status(id)).toBe(S.WAITING_SUBMISSION);
  });

  it('refuses a decline before the listening time too; the artist sees on the timeline how long the track was played', async () => {
    const { id, artistToken } = await pendingCampaign();
    const reasons = (
      await ctx.call('GET', '/api/express/curator/campaign/reasons', { token: curatorToken })
    ).json().data;
    const decline = () =>
      ctx.call('POST', '/api/express/curator/decline/campaign', {
        token: curatorToken,
        body: { campaign_id: id, reason_id: reasons[0].id, feedback: FEEDBACK },
      });
    expect((await decline()).statusCode).toBe(409);
    await listenFully(ctx.deps, id, curatorId);
    expect((await decline()).statusCode).toBe(200);
    const detail = await ctx.call('GET', `/api/express/artist/show/campaign/${id}`, { token: artistToken });
    const timeline = detail.json().data.timeline as { to_status: number; listened_seconds: number | null }[];
    expect(timeline.find((e) => e.to_status === S.DECLINED)?.listened_seconds).toBe(30);
    expect(timeline.find((e) => e.to_status === S.PENDING_APPROVAL)?.listened_seconds).toBeNull();
  });

  it('credits no listening to a client that claims it: positions without server time, or time without the position moving', async () => {
    const { id } = await pendingCampaign();
    await listen(id, 'play', 0);
    // 60 s of position at once, no time passed on the server.
    expect((await listen(id, 'progress', 60)).json().data.listened_seconds).toBe(0);
    // A minute passes while the position stays put (paused player, claims "playing").
    ctx.clock.advance(60_000);
    expect((await listen(id, 'progress', 60)).json().data.listened_seconds).toBe(0);
    // A seek back earns nothing; a seek forward no more than the time that passed.
    ctx.clock.advance(5_000);
    expect((await listen(id, 'progress', 10)).json().data.listened_seconds).toBe(0);
    ctx.clock.advance(5_000);
    expect((await listen(id, 'progress', 200)).json().data.listened_seconds).toBe(5);
    // Paused: the time until the next play is not listening.
    await listen(id, 'pause', 200);
    ctx.clock.advance(120_000);
    expect((await listen(id, 'play', 320)).json().data.listened_seconds).toBe(5);
    expect((await approve(id)).statusCode).toBe(409);
  });

  it('setting min_listen_seconds to 0 turns the rule off (the mobile apps of today approve directly)', async () => {
    const { id } = await pendingCampaign();
    await putSetting(ctx.deps.database, 'min_listen_seconds', 0);
    expect((await approve(id)).statusCode).toBe(200);
    const detail = await ctx.call('GET', `/api/express/curator/shows/campaigns/${id}`, {
      token: curatorToken,
    });
    const approved = (detail.json().data.timeline as { to_status: number; listened_seconds: number }[]).find(
      (e) => e.to_status === S.WAITING_SUBMISSION,
    );
    expect(approved?.listened_seconds).toBe(0);
  });

  it('holds an influencer to the same rule on TikTok (one engine for every platform)', async () => {
    const { token } = await artistWithCoins(ctx, 1000);
    const influencer = await connectedInfluencer(ctx, 'tiktok', 'listen');
    const created = await ctx.call('POST', '/api/express-tiktok/artist/campaign/create', {
      token,
      body: { track_link: LINK.tiktok, account_ids: [influencer.account.id] },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data[0].id as number;
    const approveTikTok = () =>
      ctx.call('POST', '/api/express-tiktok/influencer/approve/campaign', {
        token: influencer.token,
        body: { campaign_id: id },
      });
    expect((await approveTikTok()).statusCode).toBe(409);
    const view = (
      await ctx.call('GET', `/api/express/campaigns/${id}/listen`, { token: influencer.token })
    ).json().data;
    expect(view.player).toMatchObject({ kind: 'audio', reports_playback: true });
    expect(view.player.url).toContain('/api/sandbox/audio/tiktok/');
    await listen(id, 'play', 0, influencer.token);
    ctx.clock.advance(31_000);
    expect((await listen(id, 'ended', 31, influencer.token)).json().data.can_decide).toBe(true);
    expect((await approveTikTok()).statusCode).toBe(200);
  });
});

describe('who listens, and what the seller is shown', () => {
  it("answers 404 to anyone but the campaign's seller, the artist included", async () => {
    const { id, artistToken } = await pendingCampaign();
    const stranger = await ctx.makeUser({ userTypeId: 2 });
    const strangerToken = await ctx.loginUser(stranger.email);
    for (const token of [artistToken, strangerToken]) {
      expect((await listen(id, 'play', 0, token)).statusCode).toBe(404);
      expect((await ctx.call('GET', `/api/express/campaigns/${id}/listen`, { token })).statusCode).toBe(404);
    }
    expect((await listen(id, 'rewind', 0)).statusCode).toBe(422);
    expect((await listen(id, 'play', -1)).statusCode).toBe(422);
  });

  it("shows the seller the player, the pitch and the artist's bio, genres and links", async () => {
    const { id } = await pendingCampaign();
    const [{ artist_id: artistId }] = (
      await ctx.deps.database.pool.query('select artist_id from express_campaigns where id = $1', [id])
    ).rows;
    await ctx.deps.database.pool.query(
      `update users set bio = 'Synth pop from Leeds', instagram_link = 'https://instagram.com/leeds.synth' where id = $1`,
      [artistId],
    );
    const view = (
      await ctx.call('GET', `/api/express/campaigns/${id}/listen`, { token: curatorToken })
    ).json().data;
    expect(view).toMatchObject({
      campaign_id: id,
      listened_seconds: 0,
      required_seconds: 30,
      can_decide: false,
      pitch: 'Late drives',
      player: { kind: 'audio', reports_playback: true },
      artist: {
        bio: 'Synth pop from Leeds',
        links: [{ kind: 'instagram', url: 'https://instagram.com/leeds.synth' }],
      },
    });
    expect(view.player.url).toMatch(/\/api\/sandbox\/audio\/spotify\/[A-Za-z0-9]{22}\.wav\?seconds=45$/);
  });

  it("shows the track's language the artist gave (Spotify and TikTok); an unknown language is refused before anything is held", async () => {
    const { token, user } = await artistWithCoins(ctx, 1000);
    const language = (
      await ctx.deps.database.pool.query<{ id: number }>(`select id from languages where code = 'fr'`)
    ).rows[0]!.id;
    const order = (languageId: unknown) =>
      ctx.call('POST', '/api/express/artist/campaign/create', {
        token,
        body: {
          track_link: `https://open.spotify.com/track/4uLU6hMCjMI75M1A2tL${String(++seq).padStart(3, '0')}`,
          playlist_ids: [playlistIds[0]],
          language_id: languageId,
        },
      });
    for (const bad of [999_999, 0, 'fr']) {
      const refused = await order(bad);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors.language_id).toEqual(['Invalid value']);
    }
    const none = await ctx.deps.database.pool.query('select id from express_campaigns where artist_id = $1', [
      user.id,
    ]);
    expect(none.rowCount).toBe(0);

    const created = await order(language);
    expect(created.statusCode).toBe(201);
    const campaign = created.json().data[0];
    expect(campaign.language).toEqual({ id: language, code: 'fr', name: 'French' });
    const view = (
      await ctx.call('GET', `/api/express/campaigns/${campaign.id}/listen`, { token: curatorToken })
    ).json().data;
    expect(view.track.language).toEqual({ id: language, code: 'fr', name: 'French' });
    // Instrumental or not said: null.
    const { id: silent } = await pendingCampaign();
    expect(
      (await ctx.call('GET', `/api/express/campaigns/${silent}/listen`, { token: curatorToken })).json().data
        .track.language,
    ).toBeNull();

    const influencer = await connectedInfluencer(ctx, 'tiktok', 'language');
    const tiktok = await ctx.call('POST', '/api/express-tiktok/artist/campaign/create', {
      token,
      body: { track_link: LINK.tiktok, account_ids: [influencer.account.id], language_id: language },
    });
    expect(tiktok.statusCode).toBe(201);
    expect(tiktok.json().data[0].language).toMatchObject({ code: 'fr' });
  });

  it('serves the sandbox preview as a playable WAV lasting the seconds asked, a melody and not silence', async () => {
    const res = await ctx.call('GET', '/api/sandbox/audio/spotify/4uLU6hMCjMI75M1A2tKUQC.wav?seconds=45');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    const wav = new wavefile.WaveFile(res.rawPayload);
    const fmt = wav.fmt as { sampleRate: number; numChannels: number };
    expect(fmt).toMatchObject({ sampleRate: 8000, numChannels: 1 });
    const samples = wav.getSamples(false, Uint8Array) as unknown as Uint8Array;
    expect(samples.length).toBe(45 * 8000);
    expect(Math.max(...samples.subarray(0, 8000))).toBeGreaterThan(180);
    expect(Math.min(...samples.subarray(0, 8000))).toBeLessThan(76);
    // The same id plays the same melody; another id another one.
    const again = await ctx.call('GET', '/api/sandbox/audio/spotify/4uLU6hMCjMI75M1A2tKUQC.wav?seconds=45');
    expect(Buffer.compare(again.rawPayload, res.rawPayload)).toBe(0);
    const other = await ctx.call('GET', '/api/sandbox/audio/spotify/0therTrack00000000000A.wav?seconds=45');
    expect(Buffer.compare(other.rawPayload, res.rawPayload)).not.toBe(0);
    expect((await ctx.call('GET', '/api/sandbox/audio/spotify/x.wav?seconds=999')).statusCode).toBe(422);
  });

  it('staff may set min_listen_seconds from 0 to 300; out of range is refused, never clamped', async () => {
    const admin = await ctx.makeAdmin();
    const token = await ctx.loginAdmin(admin.email);
    const put = (value: number) =>
      ctx.call('PUT', '/api/admin/settings', { token, body: { min_listen_seconds: value } });
    expect((await put(301)).statusCode).toBe(422);
    expect((await put(-1)).statusCode).toBe(422);
    expect((await put(0)).statusCode).toBe(200);
    expect((await put(300)).statusCode).toBe(200);
    const pub = await ctx.call('GET', '/api/setting/all');
    expect(JSON.stringify(pub.json())).toContain('min_listen_seconds');
  });
});
