import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { artistWithCoins } from '../../test/coins';
import type { TestContext } from '../../test/harness';
import { createExchangeTestApp, pendingSpotifyRequest } from '../express/express.fixture';
import { addDays } from './results.compare';

/**
 * A campaign's report (issue "Results"): the figures an artist uploaded compared over the campaign's
 * live days and the 28 days before, its cost per result, the other campaigns of the same track, and
 * who may read it.
 */

let ctx: TestContext;
let playlistIds: number[];
const q = async (sql: string, params: unknown[] = []) =>
  (await ctx.deps.database.pool.query(sql, params)).rows;

/** The campaign made live from `from` (10:00 UTC) for 28 days and completed, `paid` coins paid. */
async function completed(id: number, from: string, paid: number) {
  await q(
    `update express_campaigns set status_id = 6, placement_found_at = $2::date + time '10:00' at time zone 'UTC',
       on_going_started_at = $2::date + time '11:00' at time zone 'UTC',
       on_going_until = ($2::date + 27) + time '11:00' at time zone 'UTC',
       completed_at = ($2::date + 30) + time '11:00' at time zone 'UTC', paid_coins = $3 where id = $1`,
    [id, from, paid],
  );
}

/** Stored daily streams of the campaign's track: `before` a day until `switchDay`, `after` from it. */
async function streams(
  artistId: number,
  trackId: string,
  first: string,
  days: number,
  value: (day: string) => number,
) {
  const [upload] = await q(
    `insert into track_stat_uploads (artist_id, track_id, format, file_name, file_sha256, days, first_day, last_day)
     values ($1, $2, 'song_timeline', 'song-timeline.csv', md5(random()::text) || md5(random()::text), $3, $4, $5) returning id`,
    [artistId, trackId, days, first, addDays(first, days - 1)],
  );
  for (let i = 0; i < days; i += 1) {
    const day = addDays(first, i);
    await q(
      'insert into track_daily_streams (artist_id, track_id, day, streams, upload_id) values ($1, $2, $3, $4, $5)',
      [artistId, trackId, day, value(day), upload.id],
    );
  }
}

let campaign: { id: number; artistToken: string; artistId: number };
let trackId: string;

beforeAll(async () => {
  const world = await createExchangeTestApp();
  ctx = world.ctx;
  playlistIds = world.playlistIds;
  ctx.clock.set(new Date('2026-06-01T12:00:00Z'));
  campaign = await pendingSpotifyRequest(ctx, playlistIds[0]!);
  const [row] = await q('select track_id, price from express_campaigns where id = $1', [campaign.id]);
  trackId = row.track_id;
  await completed(campaign.id, '2026-04-01', 280);
  // 200 streams a day before, 300 a day from the campaign's first live day.
  await streams(campaign.artistId, trackId, '2026-02-01', 100, (day) => (day >= '2026-04-01' ? 300 : 200));
}, 120_000);

afterAll(() => ctx?.close());

describe('campaign report', () => {
  it('compares the live days with the 28 days before and prices the extra streams', async () => {
    const res = await ctx.call('GET', `/api/results/campaigns/${campaign.id}`, {
      token: campaign.artistToken,
    });
    expect(res.statusCode).toBe(200);
    const r = res.json().data;
    expect(r.window).toEqual({ from: '2026-04-01', to: '2026-04-28', days: 28 });
    expect(r.baseline).toEqual({ from: '2026-03-04', to: '2026-03-31' });
    const s = r.metrics.find((m: { metric: string }) => m.metric === 'streams');
    expect(s).toMatchObject({
      scope: 'track',
      enough_data: true,
      difference: 100,
      change_percent: 50,
      extra_total: 2800,
    });
    expect(r.missing).toEqual([]);
    expect(r.coins_spent).toBe(280);
    expect(r.result_unit).toBe('extra_streams');
    expect(r.results).toBe(2800);
    expect(r.cost_per_1000).toBe(100);
    expect(r.overlapping).toEqual([]);
  });

  it('lists the campaigns of the same track that ran at the same time', async () => {
    const [other] = await q(
      `insert into express_campaigns (artist_id, campaign_type_id, curator_id, playlist_id, tier_id, track_id, track_url,
         track_name, track_artist, status_id, price, fee_percent, playlist_submission_days, on_going_days, auditing_days)
       select artist_id, 1, p.curator_id, p.id, p.tier_id, track_id, track_url, track_name, track_artist, 6, 100,
         fee_percent, 3, 28, 3
       from express_campaigns c, express_playlists p where c.id = $1 and p.id = $2 returning id`,
      [campaign.id, playlistIds[1]],
    );
    await completed(other.id, '2026-04-20', 100);
    const r = (
      await ctx.call('GET', `/api/results/campaigns/${campaign.id}`, { token: campaign.artistToken })
    ).json().data;
    expect(r.overlapping).toHaveLength(1);
    expect(r.overlapping[0]).toMatchObject({
      id: other.id,
      type: 'spotify',
      same_track: true,
      from: '2026-04-20',
      to: '2026-05-17',
    });
  });

  it("compares the artist's whole audience when no song timeline was uploaded, and lists every campaign running then", async () => {
    const artist = await pendingSpotifyRequest(ctx, playlistIds[0]!);
    await completed(artist.id, '2026-04-01', 200);
    const [other] = await q(
      `insert into express_campaigns (artist_id, campaign_type_id, curator_id, playlist_id, tier_id, track_id, track_url,
         track_name, track_artist, status_id, price, fee_percent, playlist_submission_days, on_going_days, auditing_days)
       select artist_id, 1, p.curator_id, p.id, p.tier_id, 'AnotherTrack0000000001', track_url, 'Another song',
         track_artist, 6, 100, fee_percent, 3, 28, 3
       from express_campaigns c, express_playlists p where c.id = $1 and p.id = $2 returning id`,
      [artist.id, playlistIds[1]],
    );
    await completed(other.id, '2026-04-10', 100);
    const [upload] = await q(
      `insert into track_stat_uploads (artist_id, format, file_name, file_sha256, days, first_day, last_day)
       values ($1, 'audience_timeline', 'a-audience-timeline.csv', repeat('a', 64), 90, '2026-02-01', '2026-05-01') returning id`,
      [artist.artistId],
    );
    await q(
      `insert into artist_daily_audience (artist_id, day, listeners, streams, saves, upload_id)
       select $1, d::date, case when d >= '2026-04-01' then 150 else 100 end, 400, null, $2
       from generate_series('2026-02-01'::date, '2026-05-01'::date, interval '1 day') d`,
      [artist.artistId, upload.id],
    );
    const r = (
      await ctx.call('GET', `/api/results/campaigns/${artist.id}`, { token: artist.artistToken })
    ).json().data;
    expect(r.metrics.map((m: { metric: string; scope: string }) => `${m.metric}:${m.scope}`)).toEqual([
      'streams:artist',
      'listeners:artist',
    ]);
    expect(r.metrics[1]).toMatchObject({ difference: 50, change_percent: 50, enough_data: true });
    // The artist's streams did not move: no extra streams, no cost per 1,000.
    expect(r.results).toBe(0);
    expect(r.cost_per_1000).toBeNull();
    expect(r.overlapping).toEqual([
      expect.objectContaining({ id: other.id, same_track: false, track_name: 'Another song' }),
    ]);
  });

  it('says which data is missing instead of comparing', async () => {
    const fresh = await pendingSpotifyRequest(ctx, playlistIds[1]!);
    const pending = (
      await ctx.call('GET', `/api/results/campaigns/${fresh.id}`, { token: fresh.artistToken })
    ).json().data;
    expect(pending).toMatchObject({
      window: null,
      missing: ['not_live_yet'],
      results: null,
      cost_per_1000: null,
    });
    expect(pending.coins_spent).toBeGreaterThan(0);

    await completed(fresh.id, '2026-05-01', 100);
    const noUpload = (
      await ctx.call('GET', `/api/results/campaigns/${fresh.id}`, { token: fresh.artistToken })
    ).json().data;
    expect(noUpload.missing).toEqual(['no_upload']);
    expect(noUpload.metrics).toEqual([]);

    const [row] = await q('select track_id from express_campaigns where id = $1', [fresh.id]);
    // Ten days before the campaign only: the baseline is short.
    await streams(fresh.artistId, row.track_id, '2026-04-21', 20, () => 50);
    const short = (
      await ctx.call('GET', `/api/results/campaigns/${fresh.id}`, { token: fresh.artistToken })
    ).json().data;
    expect(short.missing).toEqual(['baseline_short']);
    expect(short.results).toBeNull();
  });

  it('is read by its artist and staff only', async () => {
    const path = `/api/results/campaigns/${campaign.id}`;
    expect((await ctx.call('GET', path)).statusCode).toBe(401);
    const stranger = await artistWithCoins(ctx, 0);
    expect((await ctx.call('GET', path, { token: stranger.token })).statusCode).toBe(404);
    const curator = await ctx.loginUser((await ctx.makeUser({ userTypeId: 2 })).email);
    expect((await ctx.call('GET', path, { token: curator })).statusCode).toBe(403);

    const staff = await ctx.makeAdmin({ permissions: ['express.campaigns.show'] });
    const staffToken = await ctx.loginAdmin(staff.email);
    const read = await ctx.call('GET', `/api/admin/results/campaigns/${campaign.id}`, { token: staffToken });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.results).toBe(2800);
    const clerk = await ctx.makeAdmin({ permissions: [] });
    const clerkToken = await ctx.loginAdmin(clerk.email);
    expect(
      (await ctx.call('GET', `/api/admin/results/campaigns/${campaign.id}`, { token: clerkToken }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.call('GET', '/api/admin/results/campaigns/999999', { token: staffToken })).statusCode,
    ).toBe(404);
  });
});
