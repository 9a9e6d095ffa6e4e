/**
 * Spotify links and ids (spec section 5: "Spotify track link starts with the {host}/track/ prefix,
 * else result code 2 (valid is 1). Playlist link starts with {host}/playlist/.").
 * Pure functions, shared by the real and the sandbox providers and by request validation.
 */

/** Web player host of Spotify links (`{host}` of spec section 5). */
export const SPOTIFY_OPEN_HOST = 'https://open.spotify.com';

/** A Spotify id: 22 characters of base62. */
export const SPOTIFY_ID_PATTERN = /^[0-9A-Za-z]{22}$/;

/** What a link points at. */
export type SpotifyLinkKind = 'track' | 'playlist';

/** A recognised link: its id and whether it was a web URL or a `spotify:` URI. */
export interface SpotifyLink {
  kind: SpotifyLinkKind;
  id: string;
  form: 'url' | 'uri';
}

/** Longest link we look at; anything longer is not a link someone pasted. */
const MAX_LINK_LENGTH = 1000;

const URL_PATTERNS: Record<SpotifyLinkKind, RegExp> = {
  // Optional `intl-xx/` locale segment; optional trailing slash, query (`?si=...`) and fragment.
  track: /^https:\/\/open\.spotify\.com\/(?:intl-[a-z]{2}\/)?track\/([0-9A-Za-z]{22})\/?(?:[?#].*)?$/,
  playlist: /^https:\/\/open\.spotify\.com\/(?:intl-[a-z]{2}\/)?playlist\/([0-9A-Za-z]{22})\/?(?:[?#].*)?$/,
};
const URI_PATTERNS: Record<SpotifyLinkKind, RegExp> = {
  track: /^spotify:track:([0-9A-Za-z]{22})$/,
  playlist: /^spotify:playlist:([0-9A-Za-z]{22})$/,
};

/** Whether `value` is a well-formed Spotify id (22 base62 characters). */
export function isSpotifyId(value: string): boolean {
  return SPOTIFY_ID_PATTERN.test(value);
}

/**
 * Recognise a Spotify link of `kind`: `https://open.spotify.com/[intl-xx/]<kind>/<id>[/][?query][#fragment]`
 * or the URI `spotify:<kind>:<id>`. Surrounding whitespace is ignored. Not accepted: `http://`,
 * other hosts (including `spotify.link` short links, which need a network call to resolve),
 * embed and legacy `/user/<name>/playlist/` paths, and another kind (an album link is no track).
 * @returns the id and the form, or null
 */
export function parseSpotifyLink(link: string, kind: SpotifyLinkKind): SpotifyLink | null {
  if (typeof link !== 'string' || link.length > MAX_LINK_LENGTH) return null;
  const value = link.trim();
  const url = URL_PATTERNS[kind].exec(value);
  if (url?.[1]) return { kind, id: url[1], form: 'url' };
  const uri = URI_PATTERNS[kind].exec(value);
  if (uri?.[1]) return { kind, id: uri[1], form: 'uri' };
  return null;
}

/** The track id of a track URL or `spotify:track:` URI; null when it is neither. */
export function parseTrackLink(link: string): string | null {
  return parseSpotifyLink(link, 'track')?.id ?? null;
}

/** The playlist id of a playlist URL or `spotify:playlist:` URI; null when it is neither. */
export function parsePlaylistLink(link: string): string | null {
  return parseSpotifyLink(link, 'playlist')?.id ?? null;
}

/**
 * Result code of the spec's track link rule (section 5): 1 when `link` is a track URL on
 * {host}/track/ (locale segment and query allowed), else 2. The rule is about the web URL, so a
 * `spotify:track:` URI answers 2 here; the campaign song step checks URIs of unreleased songs
 * with `parseSpotifyLink(link, 'track')?.form === 'uri'` ('Not a valid Uri').
 */
export function trackLinkResultCode(link: string): 1 | 2 {
  return parseSpotifyLink(link, 'track')?.form === 'url' ? 1 : 2;
}

/** The public web link of a track or playlist id. */
export function spotifyUrl(kind: SpotifyLinkKind, id: string): string {
  return `${SPOTIFY_OPEN_HOST}/${kind}/${id}`;
}

/**
 * The public web link of an artist or a user profile (a playlist's owner: the curator). User ids are
 * free-form (old accounts have their chosen name), hence the encoding.
 */
export function spotifyProfileUrl(kind: 'artist' | 'user', id: string): string {
  return `${SPOTIFY_OPEN_HOST}/${kind}/${encodeURIComponent(id)}`;
}
