import { SHARE_LINK_MAX_DAYS } from '@lm/contracts/results';
import { sharedResultsAnswer } from '@lm/contracts/results-share';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signValue } from '../../platform/signed';
import { artistWithCoins } from '../../test/coins';
import type { TestContext } from '../../test/harness';
import { createExchangeTestApp, pendingSpotifyRequest } from '../express/express.fixture';
import { addDays } from './results.compare';

/**
 * Read-only share links (issue "Results"): a link reads only the report it was made for, without
 * signing in, and stops working when revoked or expired; only its artist lists and revokes it.
 */

let ctx: TestContext;
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

/** `days` days of uploaded streams of the track from `first`, `value` a day. */
async function streams(artistId: number, trackId: string, first: string, days: number, value: number) {
  const [upload] = await q(
    `insert into track_stat_uploads (artist_id, track_id, format, file_name, file_sha256, days, first_day, last_day)
     values ($1, $2, 'song_timeline', 'song-timeline.csv', md5(random()::text) || md5(random()::text), $3, $4, $5) returning id`,
    [artistId, trackId, days, first, addDays(first, days - 1)],
  );
  await q(
    `insert into track_daily_streams (artist_id, track_id, day, streams, upload_id)
     select $1, $2, d::date, $3, $4 from generate_series($5::date, $6::date, interval '1 day') d`,
    [artistId, trackId, value, upload.id, first, addDays(first, days - 1)],
  );
}

let artist: { id: number; token: string; email: string };
let campaignId: number;
let otherCampaignId: number;
let playlistIds: number[];

const create = (body: object, token = artist.token) =>
  ctx.call('POST', '/api/results/share-links', { token, body });
const open = (token: string, headers: Record<string, string> = {}) =>
  ctx.call('GET', `/api/public/results/${token}`, { headers });
const tokenOf = (url: string) => url.split('/shared/results/')[1]!;

beforeAll(async () => {
  const world = await createExchangeTestApp();
  ctx = world.ctx;
  playlistIds = world.playlistIds;
  ctx.clock.set(new Date('2026-06-01T12:00:00Z'));
  const campaign = await pendingSpotifyRequest(ctx, playlistIds[0]!);
  campaignId = campaign.id;
  const [user] = await q(
    `update users set artist_name = 'Nova Lights', last_name = 'Privatename' where id = $1 returning email`,
    [campaign.artistId],
  );
  artist = { id: campaign.artistId, token: campaign.artistToken, email: user.email };
  const [row] = await q('select track_id from express_campaigns where id = $1', [campaignId]);
  await completed(campaignId, '2026-04-01', 280);
  await streams(artist.id, row.track_id, '2026-02-01', 100, 200);
  // Another campaign of the same artist, for another track, earlier.
  const [other] = await q(
    `insert into express_campaigns (artist_id, campaign_type_id, curator_id, playlist_id, tier_id, track_id, track_url,
       track_name, track_artist, status_id, price, fee_percent, playlist_submission_days, on_going_days, auditing_days)
     select artist_id, 1, p.curator_id, p.id, p.tier_id, '5xOtherTrack0000000001', track_url, 'Hidden Song',
       track_artist, 6, 100, fee_percent, 3, 28, 3
     from express_campaigns c, express_playlists p where c.id = $1 and p.id = $2 returning id`,
    [campaignId, playlistIds[1]],
  );
  otherCampaignId = other.id;
  await completed(otherCampaignId, '2026-01-10', 100);
}, 120_000);

afterAll(() => ctx?.close());

describe('share links', () => {
  it('a campaign link shows that report only, without signing in, and counts the opens', async () => {
    const res = await create({ campaign_id: campaignId, label: 'My manager', days: 30 });
    expect(res.statusCode).toBe(201);
    const link = res.json().data;
    expect(link).toMatchObject({
      campaign_id: campaignId,
      label: 'My manager',
      expires_at: '2026-07-01T12:00:00.000Z',
      revoked_at: null,
      opens: 0,
    });
    expect(link.url).toMatch(new RegExp(`^${ctx.deps.config.appUrl}/shared/results/[^/]+$`));

    const read = await open(tokenOf(link.url));
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    const data = sharedResultsAnswer.parse(read.json()).data;
    expect(data.kind).toBe('campaign');
    if (data.kind !== 'campaign') return;
    expect(data.artist_name).toBe('Nova Lights');
    expect(data.expires_at).toBe(link.expires_at);
    expect(data.report.campaign_id).toBe(campaignId);
    expect(data.report.coins_spent).toBe(280);
    // Nothing of the other campaign, nothing personal beyond the artist's name.
    const text = read.body;
    expect(text).not.toContain('Hidden Song');
    expect(text).not.toContain(`"campaign_id":${otherCampaignId}`);
    expect(text).not.toContain(artist.email);
    expect(text).not.toContain('Privatename');
    expect(text).not.toMatch(/email|balance|wallet|phone|birth/i);

    const [row] = await q('select opens, last_opened_at from result_share_links where id = $1', [link.id]);
    expect(row.opens).toBe(1);
    expect(row.last_opened_at.toISOString()).toBe('2026-06-01T12:00:00.000Z');
    const listed = (await ctx.call('GET', '/api/results/share-links', { token: artist.token })).json().data;
    expect(listed.find((l: { id: string }) => l.id === link.id)).toMatchObject({ opens: 1, url: link.url });
  });

  it('a summary link shows the reports of all the artist’s campaigns', async () => {
    const link = (await create({})).json().data;
    expect(link).toMatchObject({ campaign_id: null, label: null, expires_at: '2026-07-01T12:00:00.000Z' });
    const data = sharedResultsAnswer.parse((await open(tokenOf(link.url))).json()).data;
    expect(data.kind).toBe('summary');
    if (data.kind !== 'summary') return;
    expect(data.artist_name).toBe('Nova Lights');
    expect(data.reports.map((r) => r.campaign_id)).toEqual([otherCampaignId, campaignId]);
  });

  it('a tampered or forged token reads nothing', async () => {
    const campaignLink = (await create({ campaign_id: campaignId })).json().data;
    const summaryLink = (await create({})).json().data;
    const [body, mac] = tokenOf(campaignLink.url).split('.');
    const payload = JSON.parse(Buffer.from(body!, 'base64url').toString());
    // The campaign link's signature over the summary link's id (which would show every campaign).
    const swapped = Buffer.from(JSON.stringify({ ...payload, id: summaryLink.id })).toString('base64url');
    const tampered = await open(`${swapped}.${mac}`);
    expect(tampered.statusCode).toBe(404);
    // Signed with another key, and a value of the right key but another kind.
    const now = ctx.clock.now().getTime();
    const forged = signValue('not-the-app-key', { kind: 'result-share', id: campaignLink.id }, 3600, now);
    expect((await open(forged)).statusCode).toBe(404);
    const otherKind = signValue(
      ctx.deps.config.APP_KEY,
      { kind: 'social-connect', id: campaignLink.id },
      3600,
      now,
    );
    expect((await open(otherKind)).statusCode).toBe(404);
    expect((await open('garbage')).statusCode).toBe(404);
    // Every failure says the same translated thing.
    const fr = await open(`${swapped}.${mac}`, { 'accept-language': 'fr' });
    expect(fr.json().message).toBe(
      'Ce lien ne fonctionne plus. Il a peut-être expiré ou été révoqué ; demandez-en un nouveau à l’artiste',
    );
    expect((await open(forged, { 'accept-language': 'fr' })).json().message).toBe(fr.json().message);
  });

  it('a revoked link stops working; revoking twice is fine; only its artist revokes or lists it', async () => {
    const link = (await create({ campaign_id: campaignId })).json().data;
    const stranger = await artistWithCoins(ctx, 0);
    const path = `/api/results/share-links/${link.id}/revoke`;
    expect((await ctx.call('POST', path, { token: stranger.token })).statusCode).toBe(404);
    expect((await ctx.call('POST', path)).statusCode).toBe(401);
    const strangerList = (
      await ctx.call('GET', '/api/results/share-links', { token: stranger.token })
    ).json();
    expect(strangerList.data).toEqual([]);
    expect((await open(tokenOf(link.url))).statusCode).toBe(200);

    const first = await ctx.call('POST', path, { token: artist.token });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.revoked_at).toBe('2026-06-01T12:00:00.000Z');
    ctx.clock.advance(60_000);
    const again = await ctx.call('POST', path, { token: artist.token });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.revoked_at).toBe('2026-06-01T12:00:00.000Z');
    expect((await open(tokenOf(link.url))).statusCode).toBe(404);
    expect(
      (await ctx.call('POST', '/api/results/share-links/not-a-uuid/revoke', { token: artist.token }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses another artist’s campaign and a life over the longest', async () => {
    const stranger = await artistWithCoins(ctx, 0);
    const theirs = await create({ campaign_id: campaignId }, stranger.token);
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors.campaign_id).toEqual(['Choose one of your own campaigns']);
    const missing = await create({ campaign_id: 999_999 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().message).toBe(theirs.json().message);

    const long = await ctx.call('POST', '/api/results/share-links', {
      token: artist.token,
      body: { days: SHARE_LINK_MAX_DAYS + 1 },
      headers: { 'accept-language': 'de' },
    });
    expect(long.statusCode).toBe(422);
    expect(long.json().message).toContain(String(SHARE_LINK_MAX_DAYS));
    expect(long.json().message).not.toMatch(/too_big|Too big/);
  });

  it('stops working once the artist is no longer active', async () => {
    const link = (await create({})).json().data;
    await q(`update users set status = 'disabled' where id = $1`, [artist.id]);
    expect((await open(tokenOf(link.url))).statusCode).toBe(404);
    await q(`update users set status = 'approved' where id = $1`, [artist.id]);
    expect((await open(tokenOf(link.url))).statusCode).toBe(200);
  });

  it('an expired link stops working, by its row as by its signature', async () => {
    const link = (await create({ campaign_id: campaignId, days: 7 })).json().data;
    const token = tokenOf(link.url);
    expect((await open(token)).statusCode).toBe(200);
    // The row's expiry alone (the signature would still hold).
    await q(`update result_share_links set expires_at = created_at + interval '1 minute' where id = $1`, [
      link.id,
    ]);
    ctx.clock.advance(120_000);
    expect((await open(token)).statusCode).toBe(404);
    await q(`update result_share_links set expires_at = created_at + interval '7 days' where id = $1`, [
      link.id,
    ]);
    expect((await open(token)).statusCode).toBe(200);
    // Past the seven days: both say no.
    ctx.clock.advance(7 * 86_400_000);
    const gone = await open(token);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toContain('ask the artist');
    const [row] = await q('select opens from result_share_links where id = $1', [link.id]);
    expect(row.opens).toBe(2);
  });
});
