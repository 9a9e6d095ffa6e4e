import { describe, expect, it } from 'vitest';
import { type RecordedAnswer, replayFetch } from '../../test/replay-fetch';
import { AppleApiError, appleTrackIdOf, releaseTypeOf } from './contract';
import { appleMusicMode } from './index';
import { createItunesProvider, ITUNES_ENDPOINT } from './itunes';
import lookupSong from './recorded/lookup-song.json' with { type: 'json' };
import searchSongs from './recorded/search-songs.json' with { type: 'json' };
import { createSandboxAppleProvider } from './sandbox';

/** Recorded bodies of the documented iTunes endpoints, keyed by path (iTunes answers as JavaScript). */
function replay(answers: Record<string, RecordedAnswer>) {
  const { fetchImpl, requests } = replayFetch(answers, {
    keyOf: (req) => req.url.pathname,
    headers: { 'content-type': 'text/javascript; charset=utf-8' },
  });
  return { fetchImpl, sent: requests };
}

describe('iTunes provider against recorded responses', () => {
  it('looks a song up by its id and maps it (release day, album type, link)', async () => {
    const { fetchImpl, sent } = replay({ '/lookup': { status: 200, body: lookupSong } });
    const track = await createItunesProvider({ fetchImpl }).lookupTrack('1440858075');
    expect(track).toEqual({
      trackId: '1440858075',
      trackName: 'Love On Top',
      artistName: 'Beyoncé',
      collectionName: '4',
      releaseDate: '2011-06-24',
      genreName: 'R&B/Soul',
      releaseType: 'Album',
      trackUrl: lookupSong.results[0]!.trackViewUrl,
      artworkUrl: lookupSong.results[0]!.artworkUrl100,
    });
    expect(`${sent[0]!.url.origin}${sent[0]!.url.pathname}`).toBe(`${ITUNES_ENDPOINT}/lookup`);
    expect(Object.fromEntries(sent[0]!.url.searchParams)).toEqual({
      id: '1440858075',
      entity: 'song',
      country: 'US',
    });
  });

  it('answers null when the lookup finds nothing, without calling for a malformed id', async () => {
    const { fetchImpl, sent } = replay({ '/lookup': { status: 200, body: { resultCount: 0, results: [] } } });
    const apple = createItunesProvider({ fetchImpl });
    expect(await apple.lookupTrack('123')).toBeNull();
    expect(await apple.lookupTrack('12a')).toBeNull();
    expect(sent).toHaveLength(1);
  });

  it('searches songs, leaving out music videos, and reads EPs from the collection name', async () => {
    const { fetchImpl, sent } = replay({ '/search': { status: 200, body: searchSongs } });
    const tracks = await createItunesProvider({ fetchImpl }).searchTracks(' billie ', 99);
    expect(tracks.map((t) => [t.trackId, t.releaseType])).toEqual([
      ['1450695739', 'Album'],
      ['1613543216', 'EP'],
    ]);
    expect(sent[0]!.url.searchParams.get('term')).toBe('billie');
    expect(sent[0]!.url.searchParams.get('limit')).toBe('25');
    expect(sent[0]!.url.searchParams.get('entity')).toBe('song');
  });

  it('turns an error status and a network failure into AppleApiError', async () => {
    const { fetchImpl } = replay({ '/lookup': { status: 503, body: {} } });
    await expect(createItunesProvider({ fetchImpl }).lookupTrack('1')).rejects.toBeInstanceOf(AppleApiError);
    const failing = (async () => {
      throw new TypeError('fetch failed');
    }) as typeof fetch;
    await expect(createItunesProvider({ fetchImpl: failing }).searchTracks('x', 1)).rejects.toMatchObject({
      status: 0,
    });
  });
});

describe('Apple helpers and sandbox', () => {
  it('reads the track id from digits and Apple Music links; a search term is none', () => {
    expect(appleTrackIdOf(' 1440858075 ')).toBe('1440858075');
    expect(appleTrackIdOf('https://music.apple.com/us/album/love-on-top/1440857781?i=1440858075')).toBe(
      '1440858075',
    );
    expect(appleTrackIdOf('https://music.apple.com/us/song/love-on-top/1440858075')).toBe('1440858075');
    expect(appleTrackIdOf('https://evil.example/?i=1440858075')).toBeNull();
    expect(appleTrackIdOf('love on top')).toBeNull();
  });

  it('names singles, EPs and albums', () => {
    expect(releaseTypeOf('Song - Single', 1)).toBe('Single');
    expect(releaseTypeOf('Five Songs - EP', 5)).toBe('EP');
    expect(releaseTypeOf('Lone', 1)).toBe('Single');
    expect(releaseTypeOf('Record', 12)).toBe('Album');
  });

  it('sandbox answers the same song for the same id, and none for ids starting with 9', async () => {
    const apple = createSandboxAppleProvider();
    const a = await apple.lookupTrack('1234567');
    expect(a).toEqual(await apple.lookupTrack('1234567'));
    expect(a?.releaseDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await apple.lookupTrack('9000')).toBeNull();
    expect((await apple.searchTracks('my song', 5)).length).toBeGreaterThan(0);
  });

  it('runs the real client in production, the sandbox by default elsewhere', () => {
    expect(appleMusicMode({ NODE_ENV: 'production', APPLE_MUSIC: 'sandbox' })).toBe('itunes');
    expect(appleMusicMode({ NODE_ENV: 'development', APPLE_MUSIC: undefined })).toBe('sandbox');
    expect(appleMusicMode({ NODE_ENV: 'test', APPLE_MUSIC: 'itunes' })).toBe('itunes');
  });
});
