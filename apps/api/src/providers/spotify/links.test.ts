import { describe, expect, it } from 'vitest';
import {
  isSpotifyId,
  parsePlaylistLink,
  parseSpotifyLink,
  parseTrackLink,
  spotifyUrl,
  trackLinkResultCode,
} from './links';

const TRACK = '4iV5W9uYEdYUVa79Axb7Rh';
const PLAYLIST = '37i9dQZF1DXcBWIGoYBM5M';

describe('Spotify links (spec section 5)', () => {
  it.each([
    [`https://open.spotify.com/track/${TRACK}`],
    [`https://open.spotify.com/track/${TRACK}/`],
    [`https://open.spotify.com/track/${TRACK}?si=1a2b3c4d5e6f4a7b`],
    [`https://open.spotify.com/track/${TRACK}?si=abc&context=spotify%3Aplaylist%3A${PLAYLIST}`],
    [`https://open.spotify.com/track/${TRACK}#0:42`],
    [`https://open.spotify.com/intl-de/track/${TRACK}`],
    [`https://open.spotify.com/intl-pt/track/${TRACK}?si=x`],
    [`  https://open.spotify.com/track/${TRACK}\n`],
  ])('accepts the track URL %j (result code 1)', (link) => {
    expect(parseTrackLink(link)).toBe(TRACK);
    expect(parseSpotifyLink(link, 'track')).toEqual({ kind: 'track', id: TRACK, form: 'url' });
    expect(trackLinkResultCode(link)).toBe(1);
  });

  it('accepts a spotify:track: URI, which the URL rule still answers 2 for', () => {
    expect(parseTrackLink(`spotify:track:${TRACK}`)).toBe(TRACK);
    expect(parseSpotifyLink(`spotify:track:${TRACK}`, 'track')?.form).toBe('uri');
    expect(trackLinkResultCode(`spotify:track:${TRACK}`)).toBe(2);
  });

  it.each([
    ['an album link', `https://open.spotify.com/album/${TRACK}`],
    ['an artist link', `https://open.spotify.com/artist/${TRACK}`],
    ['a playlist link', `https://open.spotify.com/playlist/${PLAYLIST}`],
    ['http', `http://open.spotify.com/track/${TRACK}`],
    ['no scheme', `open.spotify.com/track/${TRACK}`],
    ['another host', `https://play.spotify.com/track/${TRACK}`],
    ['a look-alike host', `https://open.spotify.com.evil.test/track/${TRACK}`],
    ['a look-alike prefix', `https://evil.test/https://open.spotify.com/track/${TRACK}`],
    ['a short link', 'https://spotify.link/AbCdEfGhIjK'],
    ['an embed link', `https://open.spotify.com/embed/track/${TRACK}`],
    ['a 21-character id', `https://open.spotify.com/track/${TRACK.slice(1)}`],
    ['a 23-character id', `https://open.spotify.com/track/${TRACK}X`],
    ['a non-base62 id', `https://open.spotify.com/track/${TRACK.slice(1)}-`],
    ['a path after the id', `https://open.spotify.com/track/${TRACK}/extra`],
    ['a bad locale segment', `https://open.spotify.com/intl-deu/track/${TRACK}`],
    ['an upper-case path', `https://open.spotify.com/TRACK/${TRACK}`],
    ['an album URI', `spotify:album:${TRACK}`],
    ['a URI with a query', `spotify:track:${TRACK}?si=1`],
    ['a bare id', TRACK],
    ['an empty string', ''],
    ['a very long string', `https://open.spotify.com/track/${TRACK}?${'a'.repeat(2000)}`],
  ])('refuses %s as a track (result code 2)', (_what, link) => {
    expect(parseTrackLink(link)).toBeNull();
    expect(trackLinkResultCode(link)).toBe(2);
  });

  it('reads playlist URLs and URIs, not tracks or legacy user paths', () => {
    expect(parsePlaylistLink(`https://open.spotify.com/playlist/${PLAYLIST}?si=f00`)).toBe(PLAYLIST);
    expect(parsePlaylistLink(`https://open.spotify.com/intl-fr/playlist/${PLAYLIST}`)).toBe(PLAYLIST);
    expect(parsePlaylistLink(`spotify:playlist:${PLAYLIST}`)).toBe(PLAYLIST);
    expect(parsePlaylistLink(`https://open.spotify.com/track/${TRACK}`)).toBeNull();
    expect(parsePlaylistLink(`https://open.spotify.com/user/someone/playlist/${PLAYLIST}`)).toBeNull();
    expect(parsePlaylistLink(`http://open.spotify.com/playlist/${PLAYLIST}`)).toBeNull();
    expect(parsePlaylistLink(`spotify:track:${TRACK}`)).toBeNull();
  });

  it('knows ids and builds web links', () => {
    expect(isSpotifyId(TRACK)).toBe(true);
    expect(isSpotifyId(`${TRACK} `)).toBe(false);
    expect(isSpotifyId('')).toBe(false);
    expect(spotifyUrl('track', TRACK)).toBe(`https://open.spotify.com/track/${TRACK}`);
    expect(parseTrackLink(spotifyUrl('track', TRACK))).toBe(TRACK);
  });
});
