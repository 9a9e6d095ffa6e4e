import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, LINK, pendingSpotifyRequest, socialTestFile } from './express.fixture';
import { seedExpressDemo } from './express.seed';

/**
 * Staff's campaign lists (issue 36 "Lists"): typed filters by artist and curator or influencer (name or
 * e-mail), by track, and a validated date range, on the Spotify list and the TikTok/Instagram lists.
 */

const { ctx, artist, influencer } = socialTestFile('lists');
let staff: string;
let spotify: { id: number; artistId: number };
let reel: { id: number; artistId: number; influencerId: number };

const ids = async (path: string, filter: Record<string, string>, lang = 'en') => {
  const query = Object.entries(filter)
    .map(([k, v]) => `filter[${k}]=${encodeURIComponent(v)}`)
    .join('&');
  const res = await ctx.call('GET', `${path}?page=1&limit=100&${query}`, {
    token: staff,
    headers: { 'x-lang': lang },
  });
  return res;
};
const found = async (path: string, filter: Record<string, string>) => {
  const res = await ids(path, filter);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((c) => c.id);
};
const SPOTIFY = '/api/admin/express/campaigns';
const INSTAGRAM = `/api/admin/express-instagram/campaigns`;
const sql = (text: string, values: unknown[]) => ctx.deps.database.pool.query(text, values);

beforeAll(async () => {
  staff = await ctx.loginAdmin((await ctx.makeAdmin({ permissions: ['express.campaigns.show'] })).email);
  await ctx.makeUser({
    userTypeId: 2,
    email: 'curator@demo.test',
    firstName: 'Cyril',
    lastName: 'Playlister',
  });
  await seedExpressDemo(ctx.deps.database);
  const [playlist] = (await sql('select id from express_playlists order by id', [])).rows;
  spotify = await pendingSpotifyRequest(ctx, playlist.id);
  await sql(`update users set first_name = 'Olga', last_name = 'Spotifyartist' where id = $1`, [
    spotify.artistId,
  ]);
  await sql(
    `update express_campaigns set track_name = 'Northern Lights', created_at = '2026-03-10T12:00:00Z' where id = $1`,
    [spotify.id],
  );

  const a = await artist(1000);
  const inf = await influencer('instagram');
  const created = await ctx.call('POST', `${BASE.instagram}/artist/campaign/create`, {
    token: a.token,
    body: { track_link: LINK.instagram, account_ids: [inf.account.id] },
  });
  expect(created.statusCode, created.body).toBe(201);
  reel = { id: created.json().data[0].id, artistId: a.user.id, influencerId: inf.user.id };
  await sql(`update users set first_name = 'Rita', last_name = 'Reelartist' where id = $1`, [a.user.id]);
  await sql(`update users set first_name = 'Ivo', last_name = 'Influencer' where id = $1`, [inf.user.id]);
  await sql(
    `update express_campaigns set track_name = 'Southern Sun', created_at = '2026-04-20T08:00:00Z' where id = $1`,
    [reel.id],
  );
});

describe('staff campaign lists: typed filters', () => {
  it('filter the Spotify list by artist and curator name or e-mail, by track, by created date range', async () => {
    expect(await found(SPOTIFY, { artist: 'spotifyart' })).toEqual([spotify.id]);
    expect(await found(SPOTIFY, { artist: 'OLGA SPOTIFY' })).toEqual([spotify.id]);
    expect(await found(SPOTIFY, { artist: 'reelartist' })).toEqual([]);
    expect(await found(SPOTIFY, { seller: 'cyril play' })).toEqual([spotify.id]);
    expect(await found(SPOTIFY, { seller: 'curator@demo' })).toEqual([spotify.id]);
    expect(await found(SPOTIFY, { seller: 'nobody-like-this' })).toEqual([]);
    expect(await found(SPOTIFY, { track: 'northern' })).toEqual([spotify.id]);
    expect(await found(SPOTIFY, { track: 'north%' })).toEqual([]);
    expect(await found(SPOTIFY, { date_from: '2026-03-10', date_to: '2026-03-10' })).toEqual([spotify.id]);
    expect(await found(SPOTIFY, { date_from: '2026-03-11' })).toEqual([]);
    expect(await found(SPOTIFY, { date_to: '2026-03-09' })).toEqual([]);
    expect(await found(SPOTIFY, { artist: 'olga', track: 'lights', date_from: '2026-03-01' })).toEqual([
      spotify.id,
    ]);
    // The list's total counts what the filters leave.
    const res = await ids(SPOTIFY, { seller: 'cyril' });
    expect(res.json().pagination.total).toBe(1);
  });

  it('filter the Instagram list by artist, influencer, track and dates, the total too', async () => {
    expect(await found(INSTAGRAM, { artist: 'rita' })).toEqual([reel.id]);
    expect(await found(INSTAGRAM, { artist: 'olga' })).toEqual([]);
    expect(await found(INSTAGRAM, { seller: 'ivo influ' })).toEqual([reel.id]);
    expect(await found(INSTAGRAM, { seller: 'cyril' })).toEqual([]);
    expect(await found(INSTAGRAM, { track: 'SOUTHERN' })).toEqual([reel.id]);
    expect(await found(INSTAGRAM, { date_from: '2026-04-20', date_to: '2026-04-21' })).toEqual([reel.id]);
    expect(await found(INSTAGRAM, { date_from: '2026-04-21' })).toEqual([]);
    const res = await ids(INSTAGRAM, { seller: 'ivo' });
    expect(res.json().pagination.total).toBe(1);
  });

  it('refuse a range ending before it starts, or a date that is no day, with a translated 422', async () => {
    for (const path of [SPOTIFY, INSTAGRAM]) {
      const reversed = await ids(path, { date_from: '2026-03-10', date_to: '2026-03-09' });
      expect(reversed.statusCode).toBe(422);
      expect(reversed.json().errors).toEqual({
        'filter[date_to]': ['The end date must not be before the start date'],
      });
      const fr = await ids(path, { date_from: '2026-03-10', date_to: '2026-03-09' }, 'fr');
      expect(fr.json().message).not.toBe(reversed.json().message);
      const bad = await ids(path, { date_from: '2026-02-30' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual({ 'filter[date_from]': ['Please enter a valid date (YYYY-MM-DD)'] });
      expect((await ids(path, { date_to: 'yesterday' })).statusCode).toBe(422);
    }
  });
});
