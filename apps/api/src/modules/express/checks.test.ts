import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import type { CampaignChecks } from '@lm/contracts/campaign-checks';
import { afterEach, describe, expect, it } from 'vitest';
import { isSandboxSocial } from '../../providers/sandbox-social';
import { artistWithCoins } from '../../test/coins';
import { testAppForFile } from '../../test/harness';
import { createCampaignsFor } from './express.creation';
import { connectedAccount, createExchangeTestApp, LINK, listenFully, MUSIC } from './express.fixture';
import { advance, approve, submit } from './express.machine';
import { SPOTIFY_TIMING } from './platforms/spotify.adapter';
import { tiktokAdapter } from './platforms/tiktok.adapter';

/**
 * A campaign's daily history (issue "Results"): every check writes the row of its UTC day, a later
 * check the same day replaces it, the next day adds one, a check finding the placement gone writes
 * `present` false; the artist, the seller and staff read it, nobody else; `campaign/tiktok/performance`
 * answers a TikTok campaign's series and refuses any other.
 */

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let world: Awaited<ReturnType<typeof createExchangeTestApp>>;
const ctx = testAppForFile(async () => {
  world = await createExchangeTestApp();
  return world.ctx;
});
afterEach(() => ctx.clock.set(new Date()));

/** 08:00 UTC of tomorrow: far enough from midnight for a morning of checks on one day. */
function tomorrowMorning(): Date {
  return new Date(Math.floor(Date.now() / DAY) * DAY + DAY + 8 * HOUR);
}

async function rowsOf(campaignId: number) {
  const { rows } = await ctx.deps.database.pool.query(
    `select day::text, checked_at, present, position, playlist_followers, track_popularity, views, likes,
            comments, shares
       from campaign_checks where campaign_id = $1 order by day`,
    [campaignId],
  );
  return rows;
}

let trackSeq = 0;

/** A Spotify campaign of a new artist on the second demo playlist, placed and submitted: Verifying. */
async function verifyingSpotifyCampaign() {
  const artist = await artistWithCoins(ctx, 1000);
  trackSeq += 1;
  const track = `7hHistory${String(trackSeq).padStart(13, '0')}`;
  const created = await ctx.call('POST', '/api/express/artist/campaign/create', {
    token: artist.token,
    body: {
      track_link: `https://open.spotify.com/track/${track}`,
      playlist_ids: [world.playlistIds[1]],
      payment_method: 'coins',
    },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().data[0].id as number;
  await listenFully(ctx.deps, id, world.curator.id);
  await approve(ctx.deps, world.curator.id, id);
  const playlist = world.spotifyPlaylistIds[1]!;
  await ctx.call('POST', `/api/sandbox/spotify/playlists/${playlist}/tracks`, { body: { track_id: track } });
  const found = await submit(ctx.deps, world.curator.id, id);
  expect(found.found).toBe(true);
  return { id, artist, track, playlist };
}

describe('the daily history of a Spotify placement', () => {
  it('one row per UTC day: the day’s later check replaces the first, the next day adds one, gone is present=false', async () => {
    const morning = tomorrowMorning();
    ctx.clock.set(morning);
    const { id, track, playlist } = await verifyingSpotifyCampaign();
    const first = await rowsOf(id);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      day: morning.toISOString().slice(0, 10),
      checked_at: ctx.clock.now(),
      present: true,
      views: null,
      likes: null,
    });
    expect(first[0].position).toBeGreaterThanOrEqual(0);
    expect(first[0].playlist_followers).toBeGreaterThan(0);
    expect(first[0].track_popularity).toBeGreaterThanOrEqual(0);
    expect(first[0].track_popularity).toBeLessThanOrEqual(100);

    // The verification an hour later, the same UTC day: still one row, the second check's.
    ctx.clock.advance((SPOTIFY_TIMING.verifyDelayMinutes + 1) * MIN);
    await advance(ctx.deps, id);
    const second = await rowsOf(id);
    expect(second).toHaveLength(1);
    expect(second[0]).toMatchObject({ present: true, checked_at: ctx.clock.now() });

    // The daily check of the next day adds that day's row.
    ctx.clock.advance(DAY);
    await advance(ctx.deps, id);
    expect(await rowsOf(id)).toHaveLength(2);

    // The curator removes the track: the next check writes the day as not there, without figures.
    await ctx.call('DELETE', `/api/sandbox/spotify/playlists/${playlist}/tracks/${track}`);
    ctx.clock.advance(DAY);
    await advance(ctx.deps, id);
    const last = await rowsOf(id);
    expect(last).toHaveLength(3);
    expect(last[2]).toMatchObject({ present: false, position: null, playlist_followers: null });
    expect(
      (await ctx.deps.database.pool.query('select status_id from express_campaigns where id = $1', [id]))
        .rows[0].status_id,
    ).toBe(S.COMPLETED);
  });

  it('the artist, the curator and staff read it; another artist gets 404, nobody signed in 401', async () => {
    ctx.clock.set(tomorrowMorning());
    const { id, artist } = await verifyingSpotifyCampaign();
    const path = `/api/express/campaigns/${id}/checks`;
    const mine = await ctx.call('GET', path, { token: artist.token });
    expect(mine.statusCode).toBe(200);
    const data = mine.json().data as CampaignChecks;
    expect(data).toMatchObject({ campaign_id: id, platform: 'spotify', promise: 'placement' });
    expect(data.days).toHaveLength(1);
    expect(data.marks.accepted_at).not.toBeNull();
    expect(data.marks.found_at).toBe(ctx.clock.now().toISOString());
    expect(data.marks.on_going_from).toBeNull();

    const curator = await ctx.call('GET', path, { token: await ctx.loginUser(world.curator.email) });
    expect(curator.json().data).toEqual(data);
    const admin = await ctx.makeAdmin({ permissions: ['express.campaigns.show'] });
    const staff = await ctx.call('GET', `/api/admin/express-campaigns/${id}/checks`, {
      token: await ctx.loginAdmin(admin.email),
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.json().data).toEqual(data);

    const other = await artistWithCoins(ctx, 0);
    expect((await ctx.call('GET', path, { token: other.token })).statusCode).toBe(404);
    expect((await ctx.call('GET', path)).statusCode).toBe(401);
    expect(
      (await ctx.call('GET', '/api/express/campaigns/999999/checks', { token: artist.token })).statusCode,
    ).toBe(404);
  });

  it('campaign/tiktok/performance refuses a Spotify campaign with a translated 422', async () => {
    ctx.clock.set(tomorrowMorning());
    const { id, artist } = await verifyingSpotifyCampaign();
    const res = await ctx.call('POST', '/api/campaign/tiktok/performance', {
      token: artist.token,
      body: { campaign_id: id },
      headers: { 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Cet appel ne concerne que les campagnes TikTok');
  });
});

describe('the daily history of a TikTok video', () => {
  it('records views, likes, comments and shares; campaign/tiktok/performance answers the series', async () => {
    const morning = tomorrowMorning();
    ctx.clock.set(morning);
    const artist = await artistWithCoins(ctx, 2000);
    const seller = await connectedAccount(ctx, 'tiktok', 'history', { followers: 300_000 });
    const [c] = await createCampaignsFor(ctx.deps, tiktokAdapter, artist.user.id, {
      soundLink: LINK.tiktok,
      targetIds: [seller.account.id],
      errorField: 'account_ids',
    });
    await listenFully(ctx.deps, c!.id, seller.user.id);
    await approve(ctx.deps, seller.user.id, c!.id);
    const sandbox = ctx.deps.providers.tiktok;
    if (!isSandboxSocial(sandbox)) throw new Error('sandbox expected');
    const posts = (sandbox as never as { posts: SandboxPosts }).posts;
    ctx.clock.advance(5 * MIN);
    const video = await posts.post({
      platform: 'tiktok',
      accountId: seller.platformUserId,
      username: seller.username,
      musicId: MUSIC,
      caption: 'new video #ad',
      postedAt: ctx.clock.now(),
    });
    await posts.addViews('tiktok', video.id, 1200);
    const url = `https://www.tiktok.com/@x/video/${video.id}`;
    expect((await submit(ctx.deps, seller.user.id, c!.id, { id: video.id, url })).found).toBe(true);
    expect(await rowsOf(c!.id)).toMatchObject([
      { present: true, views: 1200, likes: 100, comments: 6, shares: 2 },
    ]);

    // Verified an hour later the same day: the day's row now holds the verification's figures.
    await posts.addViews('tiktok', video.id, 1200);
    ctx.clock.advance(tiktokAdapter.timing.verifyDelayMinutes * MIN + MIN);
    await advance(ctx.deps, c!.id);
    expect(await rowsOf(c!.id)).toMatchObject([
      { present: true, views: 2400, likes: 200, comments: 12, shares: 4 },
    ]);

    const res = await ctx.call('POST', '/api/campaign/tiktok/performance', {
      token: artist.token,
      body: { campaign_id: c!.id },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as CampaignChecks;
    expect(data).toMatchObject({ campaign_id: c!.id, platform: 'tiktok', promise: 'video' });
    expect(data.days).toEqual([
      {
        day: morning.toISOString().slice(0, 10),
        checked_at: ctx.clock.now().toISOString(),
        present: true,
        position: null,
        playlist_followers: null,
        track_popularity: null,
        views: 2400,
        likes: 200,
        comments: 12,
        shares: 4,
      },
    ]);
    expect(data.marks.on_going_from).toBe(ctx.clock.now().toISOString());
    const sellerToken = await ctx.loginUser(seller.user.email);
    expect(
      (
        await ctx.call('POST', '/api/campaign/tiktok/performance', {
          token: sellerToken,
          body: { campaign_id: c!.id },
        })
      ).statusCode,
    ).toBe(200);
    const other = await artistWithCoins(ctx, 0);
    expect(
      (
        await ctx.call('POST', '/api/campaign/tiktok/performance', {
          token: other.token,
          body: { campaign_id: c!.id },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.call('POST', '/api/campaign/tiktok/performance', { body: { campaign_id: c!.id } }))
        .statusCode,
    ).toBe(401);
  });
});

type SandboxPosts = {
  post(input: object): Promise<{ id: string }>;
  addViews(platform: string, id: string, views: number): Promise<unknown>;
};
