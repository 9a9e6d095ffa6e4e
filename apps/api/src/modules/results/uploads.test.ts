import { S4A_UPLOAD_MAX_BYTES } from '@lm/contracts/results';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/harness';
import { createSpotifyTestApp, pendingSpotifyRequest } from '../express/express.fixture';

let ctx: TestContext;
let playlistId: number;

beforeAll(async () => {
  const world = await createSpotifyTestApp();
  ctx = world.ctx;
  playlistId = world.playlistIds[0]!;
});
afterAll(async () => {
  await ctx?.close();
});

/** An artist with one Spotify campaign: their token, id and the promoted track's id. */
async function artistWithTrack() {
  const { id, artistToken, artistId } = await pendingSpotifyRequest(ctx, playlistId);
  const { rows } = await ctx.deps.database.pool.query<{ track_id: string }>(
    'select track_id from express_campaigns where id = $1',
    [id],
  );
  return { token: artistToken, artistId, trackId: rows[0]!.track_id };
}

/** A multipart body with `fields` and the CSV `text` (or bytes) as the part `file` named `name`. */
function form(file: string | Buffer, fields: Record<string, string> = {}, name = 'song-timeline.csv') {
  const boundary = '----lmresults';
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    typeof file === 'string' ? Buffer.from(file, 'utf8') : file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(token: string | undefined, body: ReturnType<typeof form>, lang = 'en') {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/results/uploads',
    headers: { ...body.headers, 'x-lang': lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.payload,
  });
}

/** A song timeline of `n` days from `from`, streams `base + i`. */
function songTimeline(from: string, n: number, base = 100): string {
  const start = Date.parse(`${from}T00:00:00Z`);
  const rows = Array.from({ length: n }, (_, i) => {
    const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
    return `${day},${base + i}`;
  });
  return `\uFEFFdate,streams\n${rows.join('\n')}\n`;
}

async function storedStreams(artistId: number) {
  const { rows } = await ctx.deps.database.pool.query<{ day: string; streams: number; upload_id: number }>(
    `select day::text, streams, upload_id from track_daily_streams where artist_id = $1 order by day`,
    [artistId],
  );
  return rows;
}

async function uploadCount(artistId: number): Promise<number> {
  const { rows } = await ctx.deps.database.pool.query<{ n: number }>(
    'select count(*)::int as n from track_stat_uploads where artist_id = $1',
    [artistId],
  );
  return rows[0]!.n;
}

describe('uploading a song timeline', () => {
  it('stores the daily series and lists the upload with its track', async () => {
    const { token, artistId, trackId } = await artistWithTrack();
    const res = await upload(
      token,
      form(songTimeline('2025-01-01', 3), { track_id: trackId }, 'My Song-timeline.csv'),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.created).toBe(true);
    expect(body.data).toMatchObject({
      format: 'song_timeline',
      track_id: trackId,
      file_name: 'My Song-timeline.csv',
      days: 3,
      first_day: '2025-01-01',
      last_day: '2025-01-03',
    });
    expect(body.data.track_name).toEqual(expect.any(String));
    expect(await storedStreams(artistId)).toEqual([
      { day: '2025-01-01', streams: 100, upload_id: body.data.id },
      { day: '2025-01-02', streams: 101, upload_id: body.data.id },
      { day: '2025-01-03', streams: 102, upload_id: body.data.id },
    ]);

    const list = await ctx.call('GET', '/api/results/uploads', { token });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([body.data]);
    expect(list.json().pagination.total).toBe(1);

    const tracks = await ctx.call('GET', '/api/results/tracks', { token });
    expect(tracks.statusCode).toBe(200);
    expect(tracks.json().data).toEqual([
      { track_id: trackId, name: body.data.track_name, campaigns: 1, days: 3, last_day: '2025-01-03' },
    ]);
  });

  it('names each upload by its own track when the artist promoted several', async () => {
    const { token, trackId } = await artistWithTrack();
    const second = await ctx.call('POST', '/api/express/artist/campaign/create', {
      token,
      body: {
        track_link: 'https://open.spotify.com/track/5xSecondTrack000000001',
        playlist_ids: [playlistId],
        payment_method: 'coins',
      },
    });
    expect(second.statusCode).toBe(201);
    const { rows } = await ctx.deps.database.pool.query<{ track_id: string; track_name: string }>(
      'select track_id, track_name from express_campaigns where id = $1',
      [second.json().data[0].id],
    );
    const other = rows[0]!;
    await upload(token, form(songTimeline('2025-01-01', 2), { track_id: trackId }));
    await upload(token, form(songTimeline('2025-01-01', 3), { track_id: other.track_id }));
    const list = (await ctx.call('GET', '/api/results/uploads', { token })).json().data;
    const tracks = (await ctx.call('GET', '/api/results/tracks', { token })).json().data;
    const nameOf = (id: string) => tracks.find((t: { track_id: string }) => t.track_id === id).name;
    expect(list.map((u: { track_id: string; track_name: string }) => [u.track_id, u.track_name])).toEqual([
      [other.track_id, other.track_name],
      [trackId, nameOf(trackId)],
    ]);
    expect(tracks.map((t: { days: number }) => t.days)).toEqual([3, 2]);
  });

  it('changes nothing when the same file comes again (created false, the same upload)', async () => {
    const { token, artistId, trackId } = await artistWithTrack();
    const file = songTimeline('2025-02-01', 5);
    const first = await upload(token, form(file, { track_id: trackId }));
    expect(first.statusCode).toBe(201);
    const before = await storedStreams(artistId);
    const again = await upload(token, form(file, { track_id: trackId }, 'renamed.csv'));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ data: first.json().data, created: false });
    expect(await storedStreams(artistId)).toEqual(before);
    expect(await uploadCount(artistId)).toBe(1);
  });

  it('makes one upload of the same file sent eight times at once, without an error', async () => {
    const { token, artistId, trackId } = await artistWithTrack();
    const file = songTimeline('2025-03-01', 30);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => upload(token, form(file, { track_id: trackId }))),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.json().data.id)).size).toBe(1);
    expect(answers.filter((a) => a.json().created)).toHaveLength(1);
    expect(await uploadCount(artistId)).toBe(1);
    expect(await storedStreams(artistId)).toHaveLength(30);
  });

  it('stores nothing from a bad file, and names the line and column in the caller’s language', async () => {
    const { token, artistId, trackId } = await artistWithTrack();
    const bad = 'date,streams\n2025-01-01,5\n2025-01-02,=1+1\n';
    const res = await upload(token, form(bad, { track_id: trackId }));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Line 3, column 2 (streams): “=1+1” is not a whole number');
    expect(res.json().errors.file).toEqual([res.json().message]);
    const fr = await upload(
      token,
      form('date,streams\n2025-01-01,5\n2025-13-02,6\n', { track_id: trackId }),
      'fr',
    );
    expect(fr.statusCode).toBe(422);
    expect(fr.json().message).toContain('Ligne 3, colonne 1 (date)');
    expect(await uploadCount(artistId)).toBe(0);
    expect(await storedStreams(artistId)).toEqual([]);
  });

  it('asks for the track, and refuses a track of another artist or not promoted on Spotify', async () => {
    const mine = await artistWithTrack();
    const other = await artistWithTrack();
    const file = songTimeline('2025-01-01', 2);
    const none = await upload(mine.token, form(file));
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['track_id']);
    const theirs = await upload(mine.token, form(file, { track_id: other.trackId }));
    expect(theirs.statusCode).toBe(422);
    expect(theirs.json().errors.track_id).toEqual([
      'Choose one of the songs you promoted in a Spotify campaign',
    ]);
    expect(await uploadCount(mine.artistId)).toBe(0);
  });

  it('refuses a file over the size limit early and translated (never 413 or 500)', async () => {
    const { token, trackId } = await artistWithTrack();
    // Just over the limit: the declared length passes, the stream limit stops it.
    const over = await upload(
      token,
      form(Buffer.alloc(S4A_UPLOAD_MAX_BYTES + 1, 'a'), { track_id: trackId }),
    );
    expect(over.statusCode).toBe(422);
    expect(over.json().errors.file).toEqual([
      'The file is larger than 1024 KB: a Spotify for Artists export is much smaller',
    ]);
    // Far over: refused by its declared length before the body is read.
    const huge = await upload(token, form(Buffer.alloc(3 * S4A_UPLOAD_MAX_BYTES, 'a')), 'de');
    expect(huge.statusCode).toBe(422);
    expect(huge.json().message).toContain('1024 KB');
  });

  it('asks for the file when the request has none', async () => {
    const { token } = await artistWithTrack();
    const json = await ctx.call('POST', '/api/results/uploads', { token, body: { track_id: 'x' } });
    expect(json.statusCode).toBe(422);
    expect(json.json().errors.file).toEqual(['Choose the CSV file to upload']);
  });
});

describe('the audience timeline', () => {
  it('is stored for the artist without a track, saves and playlist adds included', async () => {
    const { token, artistId } = await artistWithTrack();
    const file =
      'date,listeners,monthly listeners,monthly active listeners,super listeners,streams,playlist adds,saves,followers\r\n' +
      '2025-05-01,140,2300,900,12,420,6,31,512\r\n2025-05-02,150,2310,905,13,460,4,28,515\r\n';
    const res = await upload(token, form(file, {}, 'Artist-audience-timeline.csv'));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      format: 'audience_timeline',
      track_id: null,
      track_name: null,
      days: 2,
    });
    const { rows } = await ctx.deps.database.pool.query(
      `select day::text, listeners, streams, followers, saves, playlist_adds from artist_daily_audience
        where artist_id = $1 order by day`,
      [artistId],
    );
    expect(rows).toEqual([
      { day: '2025-05-01', listeners: 140, streams: 420, followers: 512, saves: 31, playlist_adds: 6 },
      { day: '2025-05-02', listeners: 150, streams: 460, followers: 515, saves: 28, playlist_adds: 4 },
    ]);
  });
});

describe('a later upload and deleting', () => {
  it('replaces the days it covers; deleting an upload removes only the days still its own', async () => {
    const { token, artistId, trackId } = await artistWithTrack();
    const early = (
      await upload(token, form(songTimeline('2025-01-01', 4, 100), { track_id: trackId }))
    ).json().data.id as number;
    const late = (await upload(token, form(songTimeline('2025-01-03', 3, 500), { track_id: trackId }))).json()
      .data.id as number;
    expect(await storedStreams(artistId)).toEqual([
      { day: '2025-01-01', streams: 100, upload_id: early },
      { day: '2025-01-02', streams: 101, upload_id: early },
      { day: '2025-01-03', streams: 500, upload_id: late },
      { day: '2025-01-04', streams: 501, upload_id: late },
      { day: '2025-01-05', streams: 502, upload_id: late },
    ]);
    const list = (await ctx.call('GET', '/api/results/uploads', { token })).json().data;
    expect(list.map((u: { id: number }) => u.id)).toEqual([late, early]);

    const del = await ctx.call('DELETE', `/api/results/uploads/${early}`, { token });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe('The upload and its days were deleted');
    expect((await storedStreams(artistId)).map((r) => r.day)).toEqual([
      '2025-01-03',
      '2025-01-04',
      '2025-01-05',
    ]);
    expect((await ctx.call('DELETE', `/api/results/uploads/${early}`, { token })).statusCode).toBe(404);
  });

  it('lets nobody else delete or see an artist’s upload', async () => {
    const mine = await artistWithTrack();
    const other = await artistWithTrack();
    const id = (
      await upload(mine.token, form(songTimeline('2025-01-01', 2), { track_id: mine.trackId }))
    ).json().data.id as number;
    expect((await ctx.call('DELETE', `/api/results/uploads/${id}`, { token: other.token })).statusCode).toBe(
      404,
    );
    expect((await ctx.call('GET', '/api/results/uploads', { token: other.token })).json().data).toEqual([]);
    expect(await uploadCount(mine.artistId)).toBe(1);
  });
});

describe('access', () => {
  it('is for artists: a curator gets 403, nobody signed in 401', async () => {
    const curator = await ctx.makeUser({ userTypeId: 2 });
    const curatorToken = await ctx.loginUser(curator.email);
    for (const [method, url] of [
      ['GET', '/api/results/uploads'],
      ['GET', '/api/results/tracks'],
      ['DELETE', '/api/results/uploads/1'],
    ] as const) {
      expect((await ctx.call(method, url, { token: curatorToken })).statusCode, url).toBe(403);
      expect((await ctx.call(method, url)).statusCode, url).toBe(401);
    }
    expect((await upload(curatorToken, form(songTimeline('2025-01-01', 2)))).statusCode).toBe(403);
    expect((await upload(undefined, form(songTimeline('2025-01-01', 2)))).statusCode).toBe(401);
  });
});
