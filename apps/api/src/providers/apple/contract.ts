/**
 * Apple Music catalogue reads for the playlist form's autofill (spec section 7
 * `apple_autofill/{x}`), through the public iTunes Search and Lookup API (no key needed). Real client
 * in production and with APPLE_MUSIC=itunes; a deterministic sandbox otherwise.
 */

/** A song as the form's Extra Info and Song Details steps use it. */
export interface AppleTrack {
  /** Apple's track id (the form's `apple_track_id`). */
  trackId: string;
  trackName: string;
  artistName: string;
  /** Album, single or EP name ("Name - Single", "Name - EP" as Apple writes them). */
  collectionName: string | null;
  /** Release day, YYYY-MM-DD (UTC), null when Apple does not say. */
  releaseDate: string | null;
  /** Apple's primary genre name. */
  genreName: string | null;
  /** Single, EP or Album, read from the collection (see {@link releaseTypeOf}). */
  releaseType: 'Single' | 'EP' | 'Album';
  /** Link on Apple Music. */
  trackUrl: string | null;
  artworkUrl: string | null;
}

/** A failed iTunes call (HTTP status, 0 for a network failure or timeout). */
export class AppleApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'AppleApiError';
  }
}

/** The Apple Music reads the product makes. */
export interface AppleMusicProvider {
  readonly name: 'itunes' | 'sandbox';
  /**
   * The song with this Apple track id (iTunes Lookup), null when Apple knows none.
   * @throws AppleApiError on failures
   */
  lookupTrack(trackId: string): Promise<AppleTrack | null>;
  /**
   * Songs matching `term` (iTunes Search, entity song), best first, at most `limit` (1..25).
   * @throws AppleApiError on failures
   */
  searchTracks(term: string, limit: number): Promise<AppleTrack[]>;
}

/**
 * Release type from the collection Apple files the song under: one track or a name ending " - Single"
 * is a Single, a name ending " - EP" an EP, anything else an Album (Apple has no type field for songs).
 */
export function releaseTypeOf(
  collectionName: string | null,
  trackCount: number | null,
): AppleTrack['releaseType'] {
  const name = (collectionName ?? '').trim();
  if (/ - EP$/i.test(name)) return 'EP';
  if (/ - Single$/i.test(name) || trackCount === 1) return 'Single';
  return 'Album';
}

/**
 * The track id named by an autofill query: the digits themselves, or the `i` parameter of an Apple
 * Music song link (`https://music.apple.com/us/album/name/123?i=456`) or a `/song/.../456` link; null
 * when the query is neither (it is then a search term).
 */
export function appleTrackIdOf(query: string): string | null {
  const q = query.trim();
  if (/^\d{1,15}$/.test(q)) return q;
  let url: URL;
  try {
    url = new URL(q);
  } catch {
    return null;
  }
  if (!/(^|\.)(music|itunes)\.apple\.com$/i.test(url.hostname)) return null;
  const i = url.searchParams.get('i');
  if (i && /^\d{1,15}$/.test(i)) return i;
  const song = url.pathname.match(/\/song\/(?:[^/]+\/)?(\d{1,15})\/?$/);
  return song?.[1] ?? null;
}
