/**
 * Spotify behind a small contract (STYLE: providers/<vendor>/{contract,real,sandbox}): catalogue
 * reads for express campaigns (track, playlist, placement checks, artist search) and the curator's
 * account connection (OAuth authorization code flow). Spec section 7 "Spotify express".
 */

/** A track as campaigns show it. */
export interface SpotifyTrack {
  id: string;
  name: string;
  /** Artist names in Spotify's order (main artist first). */
  artists: string[];
  /** Album name. */
  album: string;
  /** Widest album image, null when the album has none. */
  coverUrl: string | null;
  durationMs: number;
  /** 30-second preview; Spotify answers null for most tracks since late 2024. */
  previewUrl: string | null;
  /** https://open.spotify.com/track/<id> */
  externalUrl: string;
}

/** A playlist as curators list it. */
export interface SpotifyPlaylist {
  id: string;
  name: string;
  imageUrl: string | null;
  followers: number;
  /** Spotify user id of the owner. */
  ownerId: string;
  ownerName: string | null;
  externalUrl: string;
  /** Number of items in the playlist. */
  trackCount: number;
}

/** Whether a track is in a playlist, and where. */
export interface PlaylistTrackCheck {
  found: boolean;
  /** Zero-based index of the first occurrence (Spotify's `position`), null when not found. */
  position: number | null;
  /** ISO 8601 time the track was added, null when not found (or unknown). */
  addedAt: string | null;
}

/** Tokens of a connected Spotify account (user tokens; keep them server-side). */
export interface SpotifyTokens {
  accessToken: string;
  /** Long-lived; Spotify may rotate it on refresh (the answer then carries the new one). */
  refreshToken: string;
  /** Lifetime of the access token in seconds. */
  expiresIn: number;
}

/** What connecting an account proves: its tokens and its profile. */
export interface SpotifyAccount extends SpotifyTokens {
  spotifyUserId: string;
  /** Spotify's display name; the account id when the account has none (as Spotify's apps show it). */
  displayName: string;
  /** Needs the user-read-email scope; Spotify leaves it out for some apps (null then). */
  email: string | null;
}

/** An artist found by search. */
export interface SpotifyArtist {
  id: string;
  name: string;
  imageUrl: string | null;
  followers: number;
  genres: string[];
}

/** Scopes asked of curators: read their (private and collaborative) playlists and their email. */
export const SPOTIFY_CURATOR_SCOPES = 'playlist-read-private playlist-read-collaborative user-read-email';

/**
 * Spec section 5: artist search needs at least 3 characters. Callers validate the query (422)
 * before calling `searchArtists`; providers answer [] below it without calling Spotify.
 */
export const MIN_ARTIST_SEARCH_LENGTH = 3;

/** A search limit within what Spotify accepts (1..50; 10 when not a number). */
export function clampSearchLimit(limit: number): number {
  return Number.isFinite(limit) ? Math.min(50, Math.max(1, Math.trunc(limit))) : 10;
}

/** A failed Spotify call, with the HTTP status Spotify answered. */
export class SpotifyApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    /** Seconds Spotify asked to wait (429 only). */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = 'SpotifyApiError';
  }
}

/** Spotify Web API (real) or the deterministic sandbox (default). */
export interface SpotifyProvider {
  readonly name: 'spotify' | 'sandbox';
  /** Track id of a track URL or `spotify:track:` URI (see links.ts); null otherwise. */
  parseTrackLink(link: string): string | null;
  /** Playlist id of a playlist URL or `spotify:playlist:` URI; null otherwise. */
  parsePlaylistLink(link: string): string | null;
  /**
   * The track, or null when Spotify does not know it (or `id` is not a well-formed id).
   * @throws SpotifyApiError on other failures (429 after one wait, 5xx, ...)
   */
  getTrack(id: string): Promise<SpotifyTrack | null>;
  /**
   * The playlist, or null when not found (private playlists are not found with the app token).
   * @throws SpotifyApiError on other failures
   */
  getPlaylist(id: string): Promise<SpotifyPlaylist | null>;
  /**
   * Whether `trackId` is in the playlist, reading its items 100 per page until found. A missing
   * playlist answers not found.
   * @throws SpotifyApiError on other failures
   */
  playlistHasTrack(playlistId: string, trackId: string): Promise<PlaylistTrackCheck>;
  /** Consent page URL for a curator connecting an account (scopes SPOTIFY_CURATOR_SCOPES). */
  authorizationUrl(state: string, redirectUri: string): string;
  /**
   * Exchange the authorization code (with the same redirect URI) for tokens and the profile.
   * @throws SpotifyApiError when the code is invalid, used or expired (400 invalid_grant)
   */
  exchangeCode(code: string, redirectUri: string): Promise<SpotifyAccount>;
  /**
   * A fresh access token for a connected account.
   * @throws SpotifyApiError when the refresh token is revoked or invalid (400 invalid_grant)
   */
  refreshAccessToken(refreshToken: string): Promise<SpotifyTokens>;
  /**
   * Whether the connected account `spotifyUserId` may submit `playlistId`: the real provider
   * checks the playlist's owner id; the sandbox applies "first claim wins" (see sandbox.ts).
   */
  ownsPlaylist(playlistId: string, spotifyUserId: string): Promise<boolean>;
  /**
   * Artists matching `q`, best first, at most `limit` (clamped to 1..50). [] when `q` has fewer
   * than MIN_ARTIST_SEARCH_LENGTH characters.
   * @throws SpotifyApiError on failures
   */
  searchArtists(q: string, limit: number): Promise<SpotifyArtist[]>;
}
