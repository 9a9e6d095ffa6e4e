import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, LINK, pendingSpotifyRequest, socialTestFile } from './express.fixture';
import { seedExpressDemo } from './express.seed';

/**
 * CSV exports of staff's campaign lists (issue 36 "Lists"): the Spotify, TikTok and Instagram lists'
 * own filters (same rows as the list), behind the lists' permission, audited `export.express_campaigns`
 * / `export.social_campaigns`, statuses as stable codes, formulas neutralised, headers translated.
 */

const { ctx, artist, influencer } = socialTestFile('exports');
let staff: string;
let staffId: number;
let nobody: string;
let spotify: { id: number; artistId: number };
let reel: { id: number; artistId: number; influencerId: number; username: string };

const SPOTIFY = '/api/admin/express/campaigns';
const INSTAGRAM = '/api/admin/express-instagram/campaigns';
const TIKTOK = '/api/admin/express-tiktok/campaigns';
const sql = (text: string, values: unknown[] = []) => ctx.deps.database.pool.query(text, values);

const query = (filter: Record<string, string>) =>
  Object.entries(filter)
    .map(([k, v]) => `filter[${k}]=${encodeURIComponent(v)}`)
    .join('&');
const exportOf = (path: string, filter: Record<string, string>, token = staff, lang = 'en') =>
  ctx.call('GET', `${path}/export.csv?${query(filter)}`, { token, headers: { 'x-lang': lang } });
/** The CSV's rows as objects keyed by the headers (BOM removed). */
function rowsOf(body: string): Record<string, string>[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  return parse(body.slice(1), { columns: true }) as Record<string, string>[];
}
const listed = async (path: string, filter: Record<string, string>) => {
  const res = await ctx.call('GET', `${path}?page=1&limit=100&${query(filter)}`, { token: staff });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { id: number }[]).map((c) => String(c.id));
};
const audited = async (action: string) =>
  (await sql('select actor_id, meta from audit_logs where action = $1 order by id', [action])).rows as {
    actor_id: number;
    meta: { filter: Record<string, unknown>; file: string };
  }[];

beforeAll(async () => {
  const admin = await ctx.makeAdmin({ permissions: ['express.campaigns.show'] });
  staffId = admin.id;
  staff = await ctx.loginAdmin(admin.email);
  nobody = await ctx.loginAdmin(
    (await ctx.makeAdmin({ permissions: ['view.main.tickets.tab.list', 'view.main.users.tab.list'] })).email,
  );
  await ctx.makeUser({
    userTypeId: 2,
    email: 'curator@demo.test',
    firstName: 'Cyril',
    lastName: 'Playlister',
  });
  await seedExpressDemo(ctx.deps.database);
  const [playlist] = (await sql('select id from express_playlists order by id')).rows;
  spotify = await pendingSpotifyRequest(ctx, playlist.id);
  const other = await pendingSpotifyRequest(ctx, playlist.id);
  await sql(`update users set first_name = 'Olga', last_name = 'Spotifyartist' where id = $1`, [
    spotify.artistId,
  ]);
  await sql(
    `update express_campaigns set track_name = '=HYPERLINK("http://evil.test")', created_at = '2026-03-10T12:00:00Z' where id = $1`,
    [spotify.id],
  );
  await sql(`update express_campaigns set created_at = '2026-05-01T12:00:00Z' where id = $1`, [other.id]);

  const a = await artist(1000);
  const inf = await influencer('instagram');
  const created = await ctx.call('POST', `${BASE.instagram}/artist/campaign/create`, {
    token: a.token,
    body: { track_link: LINK.instagram, account_ids: [inf.account.id] },
  });
  expect(created.statusCode, created.body).toBe(201);
  const [account] = (await sql('select username from social_accounts where id = $1', [inf.account.id])).rows;
  reel = {
    id: created.json().data[0].id,
    artistId: a.user.id,
    influencerId: inf.user.id,
    username: account.username,
  };
  await sql(`update users set first_name = 'Rita', last_name = 'Reelartist' where id = $1`, [a.user.id]);
  await sql(`update users set first_name = 'Ivo', last_name = 'Influencer' where id = $1`, [inf.user.id]);
  await sql(`update express_campaigns set track_name = 'Southern Sun' where id = $1`, [reel.id]);
});

describe('Spotify campaigns export', () => {
  it('has the rows of the list’s filters, the status as a code, formulas neutralised, audited with the filter', async () => {
    const filter = { artist: 'olga', date_from: '2026-03-10', date_to: '2026-03-10' };
    const res = await exportOf(SPOTIFY, filter);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = rowsOf(res.body);
    expect(rows.map((r) => r['No.'])).toEqual(await listed(SPOTIFY, filter));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      'No.': String(spotify.id),
      'Ordered (UTC)': '2026-03-10T12:00:00Z',
      'Status (code)': 'pending_for_approval',
      'Artist ID': String(spotify.artistId),
      Artist: 'Olga Spotifyartist',
      Track: `'=HYPERLINK("http://evil.test")`,
    });
    expect(Number(rows[0]!['Price (coins)'])).toBeGreaterThan(0);
    // Another campaign of the same playlist is outside the dates: in the unfiltered export, not here.
    const all = rowsOf((await exportOf(SPOTIFY, {})).body).map((r) => r['No.']);
    expect(all).toEqual(await listed(SPOTIFY, {}));
    expect(all.length).toBeGreaterThan(1);
    expect((await audited('export.express_campaigns')).at(-2)).toMatchObject({
      actor_id: staffId,
      meta: { filter: { filter } },
    });
  });

  it('writes the headers in the reader’s language and refuses a filter the list refuses', async () => {
    const fr = await exportOf(SPOTIFY, { artist: 'olga' }, staff, 'fr');
    expect(fr.statusCode).toBe(200);
    expect(Object.keys(rowsOf(fr.body)[0]!)).toContain('Statut (code)');
    const before = (await audited('export.express_campaigns')).length;
    const bad = await exportOf(SPOTIFY, { date_from: '2026-03-10', date_to: '2026-03-09' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({
      'filter[date_to]': ['The end date must not be before the start date'],
    });
    expect((await audited('export.express_campaigns')).length).toBe(before);
  });
});

describe('TikTok and Instagram campaigns export', () => {
  it('has the platform’s campaigns of the list’s filters, the account as target, audited with the platform', async () => {
    const res = await exportOf(INSTAGRAM, { seller: 'ivo', track: 'southern' });
    expect(res.statusCode, res.body).toBe(200);
    const rows = rowsOf(res.body);
    expect(rows.map((r) => r['No.'])).toEqual([String(reel.id)]);
    expect(rows[0]).toMatchObject({
      'Status (code)': 'pending_for_approval',
      Artist: 'Rita Reelartist',
      'Seller ID': String(reel.influencerId),
      'Curator or influencer': 'Ivo Influencer',
      'Playlist or account': reel.username,
    });
    expect(rowsOf((await exportOf(INSTAGRAM, { seller: 'cyril' })).body)).toEqual([]);
    expect(rowsOf((await exportOf(TIKTOK, {})).body).map((r) => r['No.'])).not.toContain(String(reel.id));
    const entries = await audited('export.social_campaigns');
    expect(entries.at(-3)).toMatchObject({
      actor_id: staffId,
      meta: { filter: { filter: { seller: 'ivo', track: 'southern' }, platform: 'instagram' } },
    });
    expect(entries.at(-1)!.meta.filter.platform).toBe('tiktok');
    expect(entries.at(-1)!.meta.file).toMatch(/^tiktok-campaigns-\d{4}-\d{2}-\d{2}\.csv$/);
  });
});

describe('campaign exports: who may export', () => {
  it('needs express.campaigns.show, like the lists, and audits nothing when refused', async () => {
    const before =
      (await audited('export.express_campaigns')).length + (await audited('export.social_campaigns')).length;
    for (const path of [SPOTIFY, INSTAGRAM, TIKTOK]) {
      expect((await exportOf(path, {}, nobody)).statusCode).toBe(403);
    }
    const after =
      (await audited('export.express_campaigns')).length + (await audited('export.social_campaigns')).length;
    expect(after).toBe(before);
  });
});
