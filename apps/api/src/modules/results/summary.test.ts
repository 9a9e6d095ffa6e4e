import { inflateSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness';
import { createExchangeTestApp, pendingSpotifyRequest } from '../express/express.fixture';
import { addDays } from './results.compare';
import type { ResultCampaign } from './results.report';
import { groupRows, type ReportedCampaign } from './results.summary';

/**
 * "What worked for me" and the exports (issue "Results"): the artist's campaigns added up by group
 * and cheapest first, the CSV with every cell safe for a spreadsheet, and the PDF report.
 */

let ctx: TestContext;
let playlistIds: number[];
const q = async (sql: string, params: unknown[] = []) =>
  (await ctx.deps.database.pool.query(sql, params)).rows;

const FORMULA = '=HYPERLINK("https://evil.test","click")';
let measured: { id: number; artistToken: string; artistId: number };
let declinedId: number;

beforeAll(async () => {
  const world = await createExchangeTestApp();
  ctx = world.ctx;
  playlistIds = world.playlistIds;
  ctx.clock.set(new Date('2026-06-01T12:00:00Z'));
  measured = await pendingSpotifyRequest(ctx, playlistIds[0]!);
  // Live from 1 April for 28 days, completed and paid 280 coins.
  await q(
    `update express_campaigns set status_id = 6, placement_found_at = '2026-04-01T10:00:00Z',
       on_going_until = '2026-04-28T11:00:00Z', completed_at = '2026-05-01T11:00:00Z', paid_coins = 280
     where id = $1`,
    [measured.id],
  );
  const [row] = await q('select track_id from express_campaigns where id = $1', [measured.id]);
  const [upload] = await q(
    `insert into track_stat_uploads (artist_id, track_id, format, file_name, file_sha256, days, first_day, last_day)
     values ($1, $2, 'song_timeline', 'song.csv', repeat('a', 64), 100, '2026-02-01', $3) returning id`,
    [measured.artistId, row.track_id, addDays('2026-02-01', 99)],
  );
  await q(
    `insert into track_daily_streams (artist_id, track_id, day, streams, upload_id)
     select $1, $2, d::date, case when d >= '2026-04-01' then 300 else 200 end, $3
     from generate_series('2026-02-01'::date, '2026-05-11'::date, interval '1 day') d`,
    [measured.artistId, row.track_id, upload.id],
  );
  // A second request of the same artist, for a track named like a formula, declined: 0 coins.
  const [other] = await q(
    `insert into express_campaigns (artist_id, campaign_type_id, curator_id, playlist_id, tier_id, track_id, track_url,
       track_name, track_artist, status_id, price, fee_percent, playlist_submission_days, on_going_days, auditing_days)
     select artist_id, 1, p.curator_id, p.id, p.tier_id, 'formulatrack00000000', track_url, $3, track_artist, 7, 100,
       fee_percent, 3, 28, 3
     from express_campaigns c, express_playlists p where c.id = $1 and p.id = $2 returning id`,
    [measured.id, playlistIds[1], FORMULA],
  );
  declinedId = other.id;
  // Two genres on the measured campaign's playlist, none on the other.
  await q('delete from express_playlist_genres where playlist_id = any($1)', [playlistIds.slice(0, 2)]);
  await q(
    `insert into express_playlist_genres (playlist_id, genre_id)
     select $1, id from genres order by id limit 2 on conflict do nothing`,
    [playlistIds[0]],
  );
}, 120_000);

afterAll(() => ctx?.close());

const summary = async (group: string, lang = 'en') =>
  ctx.call('GET', `/api/results/summary?group=${group}`, {
    token: measured.artistToken,
    headers: { 'x-lang': lang },
  });

describe('what worked for me', () => {
  it('adds the campaigns up by platform, declined ones at 0 coins, in the reader’s language', async () => {
    const res = await summary('platform', 'ar');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        key: 'spotify',
        label: 'سبوتيفاي',
        campaigns: 2,
        measured: 1,
        coins_spent: 280,
        extra_streams: 2800,
        views: null,
        cost_per_1000_streams: 100,
        cost_per_1000_views: null,
      },
    ]);
  });

  it('groups by playlist (measured first), by tier and by genre', async () => {
    const playlists = (await summary('playlist')).json().data;
    expect(playlists.map((r: { key: string }) => r.key)).toEqual([
      `playlist:${playlistIds[0]}`,
      `playlist:${playlistIds[1]}`,
    ]);
    expect(playlists[1]).toMatchObject({ measured: 0, coins_spent: 0, cost_per_1000_streams: null });

    const tiers = (await summary('tier')).json().data;
    expect(tiers.length).toBeGreaterThan(0);
    expect(tiers[0].key).toMatch(/^spotify:/);
    expect(tiers[0].label).toMatch(/^Spotify · /);

    const genres = (await summary('genre')).json().data;
    expect(genres).toHaveLength(2);
    for (const g of genres) expect(g).toMatchObject({ campaigns: 1, extra_streams: 2800 });

    expect((await summary('creator')).json().data).toEqual([]);
    expect((await summary('nonsense')).statusCode).toBe(422);
  });

  it('is the artist’s own only', async () => {
    expect((await ctx.call('GET', '/api/results/summary')).statusCode).toBe(401);
    const curator = await ctx.loginUser((await ctx.makeUser({ userTypeId: 2 })).email);
    expect((await ctx.call('GET', '/api/results/summary', { token: curator })).statusCode).toBe(403);
  });

  it('puts the unmeasured groups last, whatever they cost', () => {
    const row = (id: number, results: number | null, coins: number): ReportedCampaign => ({
      campaign: { id, type: 'spotify', playlistId: id, targetName: `P${id}` } as ResultCampaign,
      report: {
        coins_spent: coins,
        results,
        result_unit: 'extra_streams',
        metrics: [],
        overlapping: [],
      } as unknown as ReportedCampaign['report'],
      genres: [],
    });
    const rows = groupRows([row(1, null, 10), row(2, 1000, 500), row(3, 2000, 200)], 'playlist', 'en');
    expect(rows.map((r) => [r.key, r.cost_per_1000_streams])).toEqual([
      ['playlist:3', 100],
      ['playlist:2', 500],
      ['playlist:1', null],
    ]);
  });

  it('counts the rise of campaigns running together once, and only where all of them are', () => {
    const overlap = (id: number, sameTrack: boolean) => ({
      id,
      type: 'spotify' as const,
      target_name: `P${id}`,
      track_name: 'Song',
      same_track: sameTrack,
      from: '2026-04-01',
      to: '2026-04-28',
    });
    const row = (id: number, results: number, others: ReturnType<typeof overlap>[]): ReportedCampaign => ({
      campaign: { id, type: 'spotify', playlistId: id, targetName: `P${id}` } as ResultCampaign,
      report: {
        coins_spent: 100,
        results,
        result_unit: 'extra_streams',
        metrics: [{ metric: 'streams', scope: 'track' }],
        overlapping: others,
      } as unknown as ReportedCampaign['report'],
      genres: [],
    });
    // 1 and 2: the same song on two playlists at once (one rise of 3,000); 3 ran alone; 4 ran beside
    // another song's campaign, which does not blur the song's own streams.
    const rows = [
      row(1, 3000, [overlap(2, true)]),
      row(2, 3000, [overlap(1, true)]),
      row(3, 1000, []),
      row(4, 500, [overlap(9, false)]),
    ];
    const platform = groupRows(rows, 'platform', 'en');
    expect(platform).toEqual([
      expect.objectContaining({
        key: 'spotify',
        campaigns: 4,
        measured: 4,
        coins_spent: 400,
        extra_streams: 4500,
      }),
    ]);
    expect(platform[0]!.cost_per_1000_streams).toBe(88.89);
    const byPlaylist = groupRows(rows, 'playlist', 'en');
    expect(byPlaylist.map((r) => [r.key, r.measured, r.extra_streams])).toEqual([
      ['playlist:3', 1, 1000],
      ['playlist:4', 1, 500],
      ['playlist:1', 0, null],
      ['playlist:2', 0, null],
    ]);
  });
});

describe('exports', () => {
  it('writes every campaign as CSV, headers in the reader’s language and formulas neutralised', async () => {
    const res = await ctx.call('GET', '/api/results/export.csv', {
      token: measured.artistToken,
      headers: { 'x-lang': 'fr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('results.csv');
    const rows: string[][] = parse(res.body, { bom: true });
    expect(rows[0]).toContain('Pièces dépensées');
    expect(rows).toHaveLength(3);
    for (const cells of rows) for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@]/);
    const formula = rows.find((r) => r[0] === String(declinedId))!;
    expect(formula).toContain(`'${FORMULA}`);
    const first = rows.find((r) => r[0] === String(measured.id))!;
    expect(first.slice(5, 8)).toEqual(['2026-04-01', '2026-04-28', '280']);
    expect(first).toContain('2800');
    expect(first).toContain('100');
  });

  it('neutralises a negative figure too', async () => {
    await q(`update track_daily_streams set streams = 100 where day >= '2026-04-01' and artist_id = $1`, [
      measured.artistId,
    ]);
    const res = await ctx.call('GET', '/api/results/export.csv', { token: measured.artistToken });
    const rows: string[][] = parse(res.body, { bom: true });
    const first = rows.find((r) => r[0] === String(measured.id))!;
    expect(first[11]).toBe("'-2800");
    await q(`update track_daily_streams set streams = 300 where day >= '2026-04-01' and artist_id = $1`, [
      measured.artistId,
    ]);
  });

  it('writes the PDF report', async () => {
    const res = await ctx.call('GET', '/api/results/report.pdf', { token: measured.artistToken });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const raw = pdf.toString('latin1');
    expect(raw.match(/\/Type \/Page\b/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
    expect(raw).toContain('(Campaign results)');
    // The page's drawing commands (Flate streams) hold text-showing operators.
    const streams = [...raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)].flatMap((m) => {
      try {
        return [inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1')];
      } catch {
        return [];
      }
    });
    expect(streams.some((s) => /\bTJ\b/.test(s))).toBe(true);

    expect((await ctx.call('GET', '/api/results/report.pdf')).statusCode).toBe(401);
  });

  it('writes the PDF in English for an Arabic reader (no right-to-left layout in the PDF)', async () => {
    const res = await ctx.call('GET', '/api/results/report.pdf', {
      token: measured.artistToken,
      headers: { 'x-lang': 'ar' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1')).toContain('(Campaign results)');
  });
});
