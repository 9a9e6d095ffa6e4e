import { createHash } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Keys } from '../../platform/key-ring';
import { signValue, verifyValue } from '../../platform/signed';
import { sandboxPreviewUrl } from '../sandbox-audio';
import {
  clampSearchLimit,
  MAX_ARTISTS_PER_CALL,
  MIN_ARTIST_SEARCH_LENGTH,
  PLAYLIST_ITEMS_PAGE_SIZE,
  PLAYLIST_SEARCH_PAGE_SIZE,
  type PlaylistTrackCheck,
  SpotifyApiError,
  type SpotifyArtist,
  type SpotifyArtistProfile,
  type SpotifyArtistRef,
  type SpotifyPlaylist,
  type SpotifyPlaylistItem,
  type SpotifyPlaylistSummary,
  type SpotifyProvider,
  type SpotifyTokens,
  type SpotifyTrack,
} from './contract';
import { isSpotifyId, parsePlaylistLink, parseTrackLink, spotifyProfileUrl, spotifyUrl } from './links';
import { sandboxSpotifyPlacements, sandboxSpotifyPlaylistOwners } from './sandbox.schema';

/** Ids starting with this are unknown to the sandbox (to try the "not found" paths). */
export const SANDBOX_MISSING_ID_PREFIX = 'NotFound';
/**
 * A playlist id `Tracks` + three digits + 13 base62 characters (22 in all) holds exactly that many
 * tracks before any placement (at most SANDBOX_MAX_PLAYLIST_TRACKS), so a benchmark or a demo can ask
 * for a size: `Tracks200…` has 200. Its curator is one of SANDBOX_CURATOR_POOL, so curators recur.
 */
export const SANDBOX_SIZED_PREFIX = 'Tracks';
/** Most tracks a sandbox playlist holds before placements (up to 500, to see paging). */
export const SANDBOX_MAX_PLAYLIST_TRACKS = 500;
/** Artists the sandbox's playlist tracks are credited to (so the same artist recurs across playlists). */
export const SANDBOX_ARTIST_POOL = 3000;
/** Curators owning the sized playlists. */
export const SANDBOX_CURATOR_POOL = 40;
/** Distinct tracks the sandbox's playlists draw from. */
const SANDBOX_TRACK_POOL = 20_000;
const SIZED_ID = /^Tracks(\d{3})/;
/**
 * A playlist id starting with this grows in sudden jumps (a bot-fed playlist): 30 % of its
 * base followers in one day, every SANDBOX_JUMP_EVERY_DAYS days (see sandboxPlaylistFollowers).
 */
export const SANDBOX_JUMP_PREFIX = 'Jump';
/** Days between two jumps of a jumping sandbox playlist. */
export const SANDBOX_JUMP_EVERY_DAYS = 13;
/**
 * Playlist ids starting with this and the same next character (`TwinA…`, `TwinA…`) move in lockstep:
 * their day-to-day changes come from one shared series (a curator's playlists fed together).
 */
export const SANDBOX_LOCKSTEP_PREFIX = 'Twin';
const DAY_MS = 86_400_000;
/** The day the sandbox's follower histories start from (followers are the id's base count then). */
const FOLLOWERS_ANCHOR_DAY = Date.UTC(2026, 0, 1) / DAY_MS;

/** A track placed in a sandbox playlist. */
export interface SandboxPlacement {
  playlistId: string;
  trackId: string;
  position: number;
  addedAt: Date;
}

/** What the sandbox consent page hands back (signed into the code). */
export interface SandboxConsent {
  displayName: string;
  email: string;
  redirectUri: string;
}

/** The sandbox provider plus what its dev routes (sandbox.routes.ts) drive. */
export interface SandboxSpotifyProvider extends SpotifyProvider {
  readonly name: 'sandbox';
  /**
   * Put `trackId` at the end of the playlist. Positions continue after the playlist's
   * deterministic filler tracks (the first placement of a playlist with 40 tracks is at 40).
   * @returns the placement and whether it is new (an existing one is answered as it is)
   */
  addPlacement(
    playlistId: string,
    trackId: string,
    addedAt?: Date,
  ): Promise<{ placement: SandboxPlacement; created: boolean }>;
  /** Take the track out of the playlist; the removed placement, or null when it was not there. */
  removePlacement(playlistId: string, trackId: string): Promise<SandboxPlacement | null>;
  /** The playlist's placements by position. */
  listPlacements(playlistId: string): Promise<SandboxPlacement[]>;
  /** The code the consent page redirects back with (signed, 5 minutes). */
  issueCode(consent: SandboxConsent): string;
}

const ADJECTIVES = [
  'Midnight',
  'Golden',
  'Electric',
  'Velvet',
  'Neon',
  'Silent',
  'Wild',
  'Crystal',
  'Paper',
  'Summer',
  'Broken',
  'Lucky',
  'Hollow',
  'Crimson',
  'Faded',
  'Endless',
] as const;
const NOUNS = [
  'Highway',
  'Hearts',
  'Signals',
  'Dreams',
  'Rivers',
  'Lights',
  'Echoes',
  'Skyline',
  'Letters',
  'Waves',
  'Garden',
  'Parade',
  'Static',
  'Horizon',
  'Shadows',
  'Fireflies',
] as const;
// Invented names: the sandbox must not pass off made-up data as a real artist's.
const ARTISTS = [
  'Luna Vale',
  'Nova Reyes',
  'Marlow & June',
  'Ivy Sato',
  'Kid Meridian',
  'Ola Brandt',
  'The Night Drives',
  'Aurelio Cruz',
  'Sunday Tapes',
  'Mira Okafor',
  'Hollow Coast',
  'Tessa Quill',
  'Juno Park',
  'Velvet Static',
  'Rafi Dune',
  'Paper Satellites',
] as const;
const ALBUM_SUFFIXES = ['', ' (Deluxe)', ' EP', ' - Single', ' Vol. 2', ' (Live Sessions)'] as const;
const PLAYLIST_SUFFIXES = ['Mix', 'Vibes', 'Essentials', 'Radio', 'Sessions', 'Picks', 'Daily', 'Rotation'];
const GENRES = [
  'indie pop',
  'alt rock',
  'lo-fi beats',
  'synthwave',
  'afrobeats',
  'deep house',
  'dream pop',
  'neo soul',
  'bedroom pop',
  'uk drill',
] as const;
/** Genres of the playlist artists: the search genres and more, so a dashboard has a spread. */
const ARTIST_GENRES = [
  ...GENRES,
  'hyperpop',
  'jazz fusion',
  'k-pop',
  'latin pop',
  'alt country',
  'hip hop',
  'ambient',
  'techno',
  'indie folk',
  'r&b',
] as const;
// Invented names (never a real artist's): first and last names, and band names.
const FIRST_NAMES = [
  'Ada',
  'Bea',
  'Cato',
  'Dara',
  'Elio',
  'Fen',
  'Gia',
  'Hugo',
  'Iris',
  'Jude',
  'Kaia',
  'Leon',
  'Mina',
  'Nico',
  'Oona',
  'Pax',
  'Quin',
  'Rhea',
  'Sol',
  'Tove',
  'Uma',
  'Vik',
  'Wren',
  'Xavi',
  'Yara',
  'Zed',
  'Ines',
  'Omar',
  'Lale',
  'Emil',
  'Noor',
  'Rosa',
  'Teo',
  'Alba',
  'Kenji',
  'Sami',
  'Lior',
  'Maren',
] as const;
const LAST_NAMES = [
  'Arden',
  'Bloom',
  'Castell',
  'Drift',
  'Ember',
  'Frost',
  'Grove',
  'Hale',
  'Isle',
  'Jansen',
  'Kova',
  'Lark',
  'Moreau',
  'Nilsen',
  'Orr',
  'Pike',
  'Quarry',
  'Rowe',
  'Sable',
  'Thorne',
  'Ulloa',
  'Vance',
  'Wilde',
  'Yilmaz',
  'Zahir',
  'Okoro',
  'Haddad',
  'Brandt',
  'Costa',
  'Marin',
  'Sato',
  'Keller',
] as const;

const ARTIST_TEMPLATES = [
  (q: string) => q,
  (q: string, d: Buffer) => `${q} & The ${pick(NOUNS, d, 2)}`,
  (q: string) => `The ${q} Project`,
  (q: string) => `DJ ${q}`,
  (q: string, d: Buffer) => `${q} ${pick(ADJECTIVES, d, 2)}`,
  (q: string, d: Buffer) => `${pick(ADJECTIVES, d, 2)} ${q}`,
  (q: string) => `${q} Collective`,
  (q: string) => `Lil ${q}`,
  (q: string) => `${q} Trio`,
  (q: string, d: Buffer) => `${q} x ${pick(ARTISTS, d, 4)}`,
] as const;
/** Most artists the sandbox search answers. */
const MAX_SANDBOX_ARTISTS = ARTIST_TEMPLATES.length;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** SHA-256 of `${kind}:${id}`: the seed of everything the sandbox makes up about an id. */
function digest(kind: string, id: string): Buffer {
  return createHash('sha256').update(`${kind}:${id}`).digest();
}
function pick<T>(list: readonly T[], d: Buffer, at: number): T {
  return list[d.readUInt16BE(at) % list.length]!;
}
function between(d: Buffer, at: number, min: number, max: number): number {
  return min + (d.readUInt32BE(at) % (max - min + 1));
}
/** A 22-character base62 id derived from a seed. */
function derivedId(seed: string): string {
  const d = createHash('sha256').update(seed).digest();
  let id = '';
  for (let i = 0; i < 22; i += 1) id += BASE62[d[i]! % 62];
  return id;
}
const known = (id: string) => isSpotifyId(id) && !id.startsWith(SANDBOX_MISSING_ID_PREFIX);

/** The Spotify user id the sandbox gives an account: `sandbox-user-` and 16 hex of SHA-256(email). */
export function sandboxSpotifyUserId(email: string): string {
  return `sandbox-user-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 16)}`;
}

/** Owner id of a sandbox playlist nobody has claimed yet. */
export function sandboxPlaylistOwnerId(playlistId: string): string {
  return `sandbox-owner-${playlistId.slice(0, 6)}`;
}

/**
 * Filler tracks a sandbox playlist holds before any placement: the number in a sized id
 * (SANDBOX_SIZED_PREFIX, at most SANDBOX_MAX_PLAYLIST_TRACKS), otherwise 20-500 from the id.
 */
function fillerTrackCount(playlistId: string): number {
  const sized = SIZED_ID.exec(playlistId);
  if (sized?.[1]) return Math.min(SANDBOX_MAX_PLAYLIST_TRACKS, Number.parseInt(sized[1], 10));
  return between(digest('playlist', playlistId), 10, 20, SANDBOX_MAX_PLAYLIST_TRACKS);
}

/**
 * Followers of a sandbox playlist on a UTC day (days since 1970-01-01): deterministic, so the daily
 * snapshot job sees a history. From the id's base count (1k-500k) on 2026-01-01 it grows by
 * 0-30 % a year, with a day-to-day wobble of ±0.2 % of the base drawn per playlist and day; ids with
 * SANDBOX_JUMP_PREFIX add 30 % of the base every SANDBOX_JUMP_EVERY_DAYS days, each kept 84 days; ids with
 * SANDBOX_LOCKSTEP_PREFIX draw a ±2 % wobble per group and day instead, so a group moves together.
 */
export function sandboxPlaylistFollowers(playlistId: string, epochDay: number): number {
  const d = digest('playlist', playlistId);
  const base = between(d, 6, 1_000, 500_000);
  const yearly = between(d, 18, 0, 300) / 1000;
  const days = Math.max(0, epochDay - FOLLOWERS_ANCHOR_DAY);
  const twin = playlistId.startsWith(SANDBOX_LOCKSTEP_PREFIX) ? playlistId.slice(0, 5) : null;
  const wobbleSeed = twin ? `lockstep:${twin}:${epochDay}` : `${playlistId}:${epochDay}`;
  const wobble =
    ((digest('followers', wobbleSeed).readUInt32BE(0) / 0xffffffff) * 2 - 1) * (twin ? 0.02 : 0.002);
  let followers = base * (1 + (yearly * days) / 365 + wobble);
  if (playlistId.startsWith(SANDBOX_JUMP_PREFIX)) {
    // Jumps of the last 84 days count: bought followers stay about twelve weeks, then Spotify's
    // clean-up takes them away again (a drop, which the detectors do not flag). 84 is not a multiple
    // of 13, so a clean-up never falls on the day before a jump (which would read as a one-day dip).
    const phase = d.readUInt16BE(22) % SANDBOX_JUMP_EVERY_DAYS;
    const jumpsUpTo = (x: number) => Math.floor((x + phase) / SANDBOX_JUMP_EVERY_DAYS);
    followers += 0.3 * base * (jumpsUpTo(days) - jumpsUpTo(Math.max(-1, days - 84)));
  }
  return Math.max(0, Math.round(followers));
}

/** The id of the sandbox artist number `index` of the pool. */
function poolArtistId(index: number): string {
  return derivedId(`sandbox-artist:${index}`);
}

/** The artists a sandbox track is credited to: one from the pool, and a featured one in four. */
function sandboxTrackArtists(trackId: string): SpotifyArtistRef[] {
  const d = digest('track-artists', trackId);
  const main = poolArtistId(d.readUInt32BE(0) % SANDBOX_ARTIST_POOL);
  const ids = [main];
  const featured = poolArtistId(d.readUInt32BE(4) % SANDBOX_ARTIST_POOL);
  if (d[8]! % 4 === 0 && featured !== main) ids.push(featured);
  return ids.map((id) => ({ id, name: sandboxArtistName(id) }));
}

/** An invented artist name from the id: a person in two, a band otherwise. */
function sandboxArtistName(artistId: string): string {
  const d = digest('artist-name', artistId);
  switch (d[0]! % 4) {
    case 0:
    case 1:
      return `${pick(FIRST_NAMES, d, 1)} ${pick(LAST_NAMES, d, 3)}`;
    case 2:
      return `The ${pick(ADJECTIVES, d, 5)} ${pick(NOUNS, d, 7)}`;
    default:
      return `${pick(FIRST_NAMES, d, 9)} & the ${pick(NOUNS, d, 11)}`;
  }
}

/**
 * The sandbox profile of any well-formed artist id: followers 50 to 2,000,000 (spread evenly over
 * the orders of magnitude), popularity from them, one to three genres, the generated cover, and public
 * links: an Instagram link for one artist in two, and for one in five a website served by the sandbox
 * (`/api/sandbox/scraping/sites/<id>`, see sandbox-sites.ts) for the contact crawler.
 */
export function sandboxArtistProfile(appUrl: string, artistId: string): SpotifyArtistProfile {
  const d = digest('artist-profile', artistId);
  const magnitude = d.readUInt16BE(0) / 65_535;
  const followers = Math.round(10 ** (1.7 + magnitude * 4.6));
  const genres = [pick(ARTIST_GENRES, d, 2)];
  for (const at of [4, 6]) {
    const genre = pick(ARTIST_GENRES, d, at);
    if (d[at + 10]! % 2 === 0 && !genres.includes(genre)) genres.push(genre);
  }
  const links: Record<string, string> = {};
  if (d[20]! % 2 === 0) links.instagram = `https://www.instagram.com/${sandboxArtistSlug(artistId)}`;
  if (d[21]! % 5 === 0) links.website = sandboxSiteUrl(appUrl, artistId);
  return {
    id: artistId,
    name: sandboxArtistName(artistId),
    imageUrl: sandboxCoverUrl(appUrl, artistId),
    followers,
    popularity: Math.min(100, Math.round(magnitude * 90 + (d[22]! % 11))),
    genres,
    externalUrl: spotifyProfileUrl('artist', artistId),
    links,
  };
}

/** A handle made from the artist's name and id (lower case, no spaces). */
export function sandboxArtistSlug(artistId: string): string {
  const base = sandboxArtistName(artistId)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  return `${base}${artistId.slice(0, 4).toLowerCase()}`;
}

/** The sandbox website of an artist (served by this API outside production). */
export function sandboxSiteUrl(appUrl: string, artistId: string): string {
  return `${appUrl}/api/sandbox/scraping/sites/${artistId}`;
}

/** Whether a sandbox artist's website shows a booking address on its contact page (two in three). */
export function sandboxSiteHasEmail(artistId: string): boolean {
  return digest('artist-site', artistId)[0]! % 3 !== 2;
}

/** The booking address a sandbox artist's website shows (on the reserved `.example` domain). */
export function sandboxSiteEmail(artistId: string): string {
  return `booking+${sandboxArtistSlug(artistId)}@artists.example`;
}

/** Owner of a sandbox playlist: see sandboxPlaylistOwnerId; a sized playlist's comes from the pool. */
function sandboxOwner(playlistId: string): { id: string; name: string } {
  if (SIZED_ID.test(playlistId)) {
    const n = digest('playlist-owner', playlistId).readUInt16BE(0) % SANDBOX_CURATOR_POOL;
    return { id: `sandbox-owner-pool-${n}`, name: `Sandbox Curator ${n + 1}` };
  }
  return { id: sandboxPlaylistOwnerId(playlistId), name: `Sandbox Curator ${playlistId.slice(0, 6)}` };
}

/** Openings of sandbox descriptions, as curators write them ({genre}, {mood} filled in). */
const DESCRIPTION_OPENINGS = [
  'The best new {genre}, hand-picked every Friday.',
  '{Mood} {genre} for late nights and early mornings.',
  'Fresh {genre} from independent artists. Updated weekly.',
  'Your daily dose of {mood} {genre}: no skips, no fillers.',
  'Underground {genre} we keep on repeat. New finds every Monday.',
  'A home for {mood} {genre} and the artists behind it.',
];
const DESCRIPTION_MOODS = ['chill', 'dreamy', 'upbeat', 'moody', 'feel-good', 'late-night'];

/**
 * The description of a sandbox playlist, deterministic and shaped like real ones: an opening naming
 * the playlist's genre and a mood; half of them end with the curator's submission address (the
 * scraping tool reads it).
 */
function sandboxDescription(playlistId: string, ownerId: string): string {
  const d = digest('playlist-description', playlistId);
  const genre = pick(GENRES, d, 1);
  const mood = pick(DESCRIPTION_MOODS, d, 3);
  const opening = pick(DESCRIPTION_OPENINGS, d, 5)
    .replace('{genre}', genre)
    .replace('{mood}', mood)
    .replace('{Mood}', mood.charAt(0).toUpperCase() + mood.slice(1));
  if (d[0]! % 2 === 0) {
    const handle = ownerId.replace(/^sandbox-owner-/, '').toLowerCase();
    return `${opening} Submissions: submit+${handle}@curators.example`;
  }
  return opening;
}

/** The name of a sandbox playlist (three words from its id). */
function sandboxPlaylistName(playlistId: string): string {
  const d = digest('playlist', playlistId);
  return `${pick(ADJECTIVES, d, 0)} ${pick(NOUNS, d, 2)} ${pick(PLAYLIST_SUFFIXES, d, 4)}`;
}

/** The playlists a sandbox search finds for `q`: 8 to 24 of 30 to 90 tracks, the same for the same words. */
function sandboxSearchResults(q: string): string[] {
  const key = q.trim().toLowerCase().replace(/\s+/g, ' ');
  const total = between(digest('search', key), 0, 8, 24);
  return Array.from({ length: total }, (_, i) => {
    const d = digest('search-result', `${key}:${i}`);
    const size = String(between(d, 0, 30, 90)).padStart(3, '0');
    return `${SANDBOX_SIZED_PREFIX}${size}${derivedId(`search:${key}:${i}`).slice(0, 13)}`;
  });
}

/** Deterministic track of a well-formed id (no database). */
export function sandboxTrack(appUrl: string, id: string): SpotifyTrack {
  const d = digest('track', id);
  const main = pick(ARTISTS, d, 4);
  const featured = pick(ARTISTS, d, 6);
  return {
    id,
    name: `${pick(ADJECTIVES, d, 0)} ${pick(NOUNS, d, 2)}`,
    artists: d[8]! % 4 === 0 && featured !== main ? [main, featured] : [main],
    album: `${pick(NOUNS, d, 9)}${pick(ALBUM_SUFFIXES, d, 11)}`,
    coverUrl: sandboxCoverUrl(appUrl, id),
    durationMs: between(d, 13, 120, 300) * 1000 + (d[17]! % 10) * 100,
    previewUrl: null,
    externalUrl: spotifyUrl('track', id),
    popularity: sandboxTrackPopularity(id, 0),
  };
}

/**
 * The sandbox popularity of a track on a day (days since the epoch): a level of 10 to 70 from the id,
 * drifting a few points up and down over weeks, as a real track's popularity moves with its plays.
 */
export function sandboxTrackPopularity(id: string, day: number): number {
  const d = digest('track-popularity', id);
  const level = between(d, 0, 10, 70);
  const drift = Math.round(Math.sin((day + (d[4]! % 30)) / 6) * 4);
  return Math.max(0, Math.min(100, level + drift));
}

/** The generated cover image of an id, served by the sandbox routes. */
export function sandboxCoverUrl(appUrl: string, id: string): string {
  return `${appUrl}/api/sandbox/spotify/cover/${id}.svg`;
}

/**
 * A small generated SVG cover for an id (two colours from its hash, a record, a SANDBOX label).
 * `id` must be a well-formed Spotify id (it is written into the image unescaped).
 */
export function sandboxCoverSvg(id: string): string {
  const d = digest('cover', id);
  const hue = d.readUInt16BE(0) % 360;
  const hue2 = (hue + 40 + (d[2]! % 120)) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,55%)"/><stop offset="1" stop-color="hsl(${hue2},65%,30%)"/></linearGradient></defs>
<rect width="300" height="300" fill="url(#g)"/>
<circle cx="150" cy="140" r="80" fill="#111" fill-opacity=".85"/><circle cx="150" cy="140" r="24" fill="hsl(${hue2},70%,60%)"/><circle cx="150" cy="140" r="4" fill="#111"/>
<text x="150" y="262" text-anchor="middle" font-family="sans-serif" font-size="20" font-weight="700" fill="#fff" letter-spacing="3">SANDBOX</text>
<text x="150" y="284" text-anchor="middle" font-family="monospace" font-size="11" fill="#fff" fill-opacity=".8">${id}</text>
</svg>`;
}

/**
 * Sandbox Spotify (the default while Spotify is not configured; deterministic data). Any well-formed
 * id is a track, a playlist and an artist: names, artists, followers (1k-500k)
 * and durations come from a hash of the id, so the same id always looks the same; ids starting with
 * SANDBOX_MISSING_ID_PREFIX are not found. Covers are SVGs served by this API.
 *
 * For scraping: a playlist's items are 20-500 generated tracks (a sized id, see
 * SANDBOX_SIZED_PREFIX, chooses the number) followed by its placements; tracks are credited to a pool
 * of SANDBOX_ARTIST_POOL artists, so artists recur across playlists; `getArtists` answers any id's
 * profile (sandboxArtistProfile); a keyword search answers 8-24 sized playlists of 30-90 tracks,
 * the same ones for the same words; half the playlists' descriptions give a submission address.
 *
 * State in PostgreSQL: placements (`sandbox_spotify_placements`, set through the dev routes) are
 * what `playlistHasTrack` finds; playlist owners (`sandbox_spotify_playlist_owners`) decide
 * `ownsPlaylist` with "first claim wins": a playlist nobody owns yet becomes the asking
 * account's, and from then on only that account owns it (`getPlaylist` then reports it as owner;
 * before, `sandbox-owner-<first 6 chars of the id>`).
 *
 * OAuth: the consent page is `${appUrl}/api/sandbox/spotify/authorize`; its code is the consent
 * signed with `key` (5 minutes, not single-use), checked against the redirect URI on exchange.
 * The account id is `sandbox-user-<hash of the email>`; access tokens (1 hour) and refresh tokens
 * are signed values too.
 * @param now clock in ms (signatures, default placement time), for tests
 */
export function createSandboxSpotifyProvider(options: {
  appUrl: string;
  key: Keys;
  database: Database;
  now?: () => number;
}): SandboxSpotifyProvider {
  const { appUrl, key, database } = options;
  const now = options.now ?? Date.now;
  const { db } = database;
  const placements = sandboxSpotifyPlacements;
  const owners = sandboxSpotifyPlaylistOwners;

  async function placedCount(playlistId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(placements)
      .where(eq(placements.playlistId, playlistId));
    return row?.n ?? 0;
  }

  async function recordedOwner(playlistId: string): Promise<string | null> {
    const [row] = await db
      .select({ id: owners.spotifyUserId })
      .from(owners)
      .where(eq(owners.playlistId, playlistId));
    return row?.id ?? null;
  }

  function tokensFor(userId: string): SpotifyTokens {
    return {
      accessToken: signValue(key, { kind: 'sandbox-spotify-access', sub: userId }, 3600, now()),
      refreshToken: signValue(
        key,
        { kind: 'sandbox-spotify-refresh', sub: userId },
        10 * 365 * 86_400,
        now(),
      ),
      expiresIn: 3600,
    };
  }

  return {
    name: 'sandbox',
    parseTrackLink,
    parsePlaylistLink,
    soundPreviewUrl: (trackId, seconds) => sandboxPreviewUrl(appUrl, 'spotify', trackId, seconds),

    async getTrack(id) {
      if (!known(id)) return null;
      return {
        ...sandboxTrack(appUrl, id),
        popularity: sandboxTrackPopularity(id, Math.floor(now() / DAY_MS)),
      };
    },

    async getPlaylist(id): Promise<SpotifyPlaylist | null> {
      if (!known(id)) return null;
      const [owner, placed] = await Promise.all([recordedOwner(id), placedCount(id)]);
      const generated = sandboxOwner(id);
      const ownerId = owner ?? generated.id;
      return {
        id,
        name: sandboxPlaylistName(id),
        imageUrl: sandboxCoverUrl(appUrl, id),
        followers: sandboxPlaylistFollowers(id, Math.floor(now() / DAY_MS)),
        ownerId,
        ownerName: generated.name,
        externalUrl: spotifyUrl('playlist', id),
        trackCount: fillerTrackCount(id) + placed,
        description: sandboxDescription(id, ownerId),
      };
    },

    async getPlaylistItems(playlistId, offset) {
      if (!known(playlistId)) return null;
      const start = Math.max(0, Math.trunc(offset));
      const filler = fillerTrackCount(playlistId);
      const total = filler + (await placedCount(playlistId));
      const end = Math.min(total, start + PLAYLIST_ITEMS_PAGE_SIZE);
      const items: SpotifyPlaylistItem[] = [];
      for (let position = start; position < Math.min(end, filler); position += 1) {
        const trackId = derivedId(
          `sandbox-track:${digest('playlist-item', `${playlistId}:${position}`).readUInt32BE(0) % SANDBOX_TRACK_POOL}`,
        );
        items.push({
          position,
          trackId,
          trackName: sandboxTrack(appUrl, trackId).name,
          artists: sandboxTrackArtists(trackId),
          addedAt: null,
        });
      }
      if (end > filler) {
        const placedRows = await db
          .select()
          .from(placements)
          .where(eq(placements.playlistId, playlistId))
          .orderBy(asc(placements.position), asc(placements.trackId))
          .offset(Math.max(0, start - filler))
          .limit(end - Math.max(start, filler));
        for (const [i, row] of placedRows.entries()) {
          items.push({
            position: Math.max(start, filler) + i,
            trackId: row.trackId,
            trackName: sandboxTrack(appUrl, row.trackId).name,
            artists: sandboxTrackArtists(row.trackId),
            addedAt: row.addedAt.toISOString(),
          });
        }
      }
      return { items, total, nextOffset: end < total ? end : null };
    },

    async artistTracks(artist) {
      if (!isSpotifyId(artist.id) || !known(artist.id)) return [];
      const d = digest('artist-tracks', artist.id);
      return Array.from({ length: 3 + (d[0]! % 6) }, (_, i) => ({
        ...sandboxTrack(appUrl, derivedId(`artist-track:${artist.id}:${i}`)),
        artists: [artist.name],
      }));
    },

    async getArtists(ids) {
      if (ids.length > MAX_ARTISTS_PER_CALL) {
        throw new RangeError(`at most ${MAX_ARTISTS_PER_CALL} artists per call (${ids.length} asked)`);
      }
      return ids.filter(known).map((id) => sandboxArtistProfile(appUrl, id));
    },

    async searchPlaylists(q, offset) {
      const ids = sandboxSearchResults(q);
      const start = Math.max(0, Math.trunc(offset));
      const items: SpotifyPlaylistSummary[] = ids
        .slice(start, start + PLAYLIST_SEARCH_PAGE_SIZE)
        .map((id) => {
          const owner = sandboxOwner(id);
          return {
            id,
            name: sandboxPlaylistName(id),
            ownerId: owner.id,
            ownerName: owner.name,
            externalUrl: spotifyUrl('playlist', id),
            imageUrl: sandboxCoverUrl(appUrl, id),
            trackCount: fillerTrackCount(id),
          };
        });
      return { items, total: ids.length };
    },

    async playlistHasTrack(playlistId, trackId): Promise<PlaylistTrackCheck> {
      if (!known(playlistId) || !isSpotifyId(trackId)) return { found: false, position: null, addedAt: null };
      const [row] = await db
        .select()
        .from(placements)
        .where(and(eq(placements.playlistId, playlistId), eq(placements.trackId, trackId)));
      return row
        ? { found: true, position: row.position, addedAt: row.addedAt.toISOString() }
        : { found: false, position: null, addedAt: null };
    },

    authorizationUrl(state, redirectUri) {
      const params = new URLSearchParams({ state, redirect_uri: redirectUri });
      return `${appUrl}/api/sandbox/spotify/authorize?${params}`;
    },

    issueCode(consent) {
      return signValue(key, { kind: 'sandbox-spotify-code', ...consent }, 300, now());
    },

    async exchangeCode(code, redirectUri) {
      const consent = verifyValue<SandboxConsent & { kind: string }>(key, code, now());
      if (consent?.kind !== 'sandbox-spotify-code' || consent.redirectUri !== redirectUri) {
        throw new SpotifyApiError('spotify authorization code exchange failed: 400 invalid_grant', 400);
      }
      const spotifyUserId = sandboxSpotifyUserId(consent.email);
      return {
        ...tokensFor(spotifyUserId),
        spotifyUserId,
        displayName: consent.displayName,
        email: consent.email.trim().toLowerCase(),
      };
    },

    async refreshAccessToken(refreshToken) {
      const payload = verifyValue<{ kind: string; sub: string }>(key, refreshToken, now());
      if (payload?.kind !== 'sandbox-spotify-refresh') {
        throw new SpotifyApiError('spotify token refresh failed: 400 invalid_grant', 400);
      }
      return { ...tokensFor(payload.sub), refreshToken };
    },

    async ownsPlaylist(playlistId, spotifyUserId) {
      if (!known(playlistId) || !spotifyUserId) return false;
      await db.insert(owners).values({ playlistId, spotifyUserId }).onConflictDoNothing();
      return (await recordedOwner(playlistId)) === spotifyUserId;
    },

    async searchArtists(q, limit): Promise<SpotifyArtist[]> {
      const query = q.trim().replace(/\s+/g, ' ');
      if (query.length < MIN_ARTIST_SEARCH_LENGTH) return [];
      const name = query
        .slice(0, 60)
        .split(' ')
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase())
        .join(' ');
      const n = Math.min(clampSearchLimit(limit), MAX_SANDBOX_ARTISTS);
      return ARTIST_TEMPLATES.slice(0, n).map((template, i) => {
        const seed = `artist:${query.toLowerCase()}:${i}`;
        const id = derivedId(seed);
        const d = digest('artist', id);
        const genres = [pick(GENRES, d, 8)];
        const second = pick(GENRES, d, 10);
        if (d[12]! % 2 === 0 && second !== genres[0]) genres.push(second);
        return {
          id,
          name: template(name, d),
          imageUrl: sandboxCoverUrl(appUrl, id),
          // Best match first: the exact name is the most followed.
          followers: Math.round(between(d, 14, 100, 2_000_000) / (i + 1)),
          genres,
        };
      });
    },

    async addPlacement(playlistId, trackId, addedAt = new Date(now())) {
      return withTransaction(database, async (tx) => {
        // One writer per playlist at a time, so two adds never take the same position.
        await tx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`sandbox-spotify:${playlistId}`}))`);
        const [created] = await tx.db
          .insert(placements)
          .values({
            playlistId,
            trackId,
            position: sql`(select coalesce(max(${placements.position}) + 1, ${fillerTrackCount(playlistId)}) from ${placements} where ${placements.playlistId} = ${playlistId})`,
            addedAt,
          })
          .onConflictDoNothing()
          .returning();
        if (created) return { placement: created, created: true };
        const [existing] = await tx.db
          .select()
          .from(placements)
          .where(and(eq(placements.playlistId, playlistId), eq(placements.trackId, trackId)));
        if (!existing) throw new Error('sandbox placement vanished after a conflicting insert');
        return { placement: existing, created: false };
      });
    },

    async removePlacement(playlistId, trackId) {
      const [removed] = await db
        .delete(placements)
        .where(and(eq(placements.playlistId, playlistId), eq(placements.trackId, trackId)))
        .returning();
      return removed ?? null;
    },

    async listPlacements(playlistId) {
      return db
        .select()
        .from(placements)
        .where(eq(placements.playlistId, playlistId))
        .orderBy(asc(placements.position), asc(placements.trackId));
    },
  };
}
