import { createHash } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { withTransaction } from '../../db/client';
import { signValue, verifyValue } from '../../platform/signed';
import {
  clampSearchLimit,
  MIN_ARTIST_SEARCH_LENGTH,
  type PlaylistTrackCheck,
  SpotifyApiError,
  type SpotifyArtist,
  type SpotifyPlaylist,
  type SpotifyProvider,
  type SpotifyTokens,
  type SpotifyTrack,
} from './contract';
import { isSpotifyId, parsePlaylistLink, parseTrackLink, spotifyUrl } from './links';
import { sandboxSpotifyPlacements, sandboxSpotifyPlaylistOwners } from './sandbox.schema';

/** Ids starting with this are unknown to the sandbox (to try the "not found" paths). */
export const SANDBOX_MISSING_ID_PREFIX = 'NotFound';

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

/** Filler tracks a sandbox playlist holds before any placement (20-150, from the id). */
function fillerTrackCount(playlistId: string): number {
  return between(digest('playlist', playlistId), 10, 20, 150);
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
  };
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
 * Sandbox Spotify (the default while Spotify is not configured; DESIGN section 2: deterministic
 * data). Any well-formed id is a track and a playlist: names, artists, followers (1k-500k) and
 * durations come from a hash of the id, so the same id always looks the same; ids starting with
 * SANDBOX_MISSING_ID_PREFIX are not found. Covers are SVGs served by this API.
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
  key: string;
  database: Database;
  now?: () => number;
}): SandboxSpotifyProvider {
  const { appUrl, key, database } = options;
  const now = options.now ?? Date.now;
  const { db } = database;
  const placements = sandboxSpotifyPlacements;
  const owners = sandboxSpotifyPlaylistOwners;

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

    async getTrack(id) {
      return known(id) ? sandboxTrack(appUrl, id) : null;
    },

    async getPlaylist(id): Promise<SpotifyPlaylist | null> {
      if (!known(id)) return null;
      const d = digest('playlist', id);
      const [owner, [placed]] = await Promise.all([
        recordedOwner(id),
        db.select({ n: count() }).from(placements).where(eq(placements.playlistId, id)),
      ]);
      return {
        id,
        name: `${pick(ADJECTIVES, d, 0)} ${pick(NOUNS, d, 2)} ${pick(PLAYLIST_SUFFIXES, d, 4)}`,
        imageUrl: sandboxCoverUrl(appUrl, id),
        followers: between(d, 6, 1_000, 500_000),
        ownerId: owner ?? sandboxPlaylistOwnerId(id),
        ownerName: `Sandbox Curator ${id.slice(0, 6)}`,
        externalUrl: spotifyUrl('playlist', id),
        trackCount: fillerTrackCount(id) + (placed?.n ?? 0),
      };
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
