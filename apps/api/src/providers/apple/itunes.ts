import { AppleApiError, type AppleMusicProvider, type AppleTrack, releaseTypeOf } from './contract';

/** Where the iTunes Search API answers (documented at developer.apple.com, "iTunes Search API"). */
export const ITUNES_ENDPOINT = 'https://itunes.apple.com';

interface ItunesResult {
  wrapperType?: string;
  kind?: string;
  trackId?: number;
  trackName?: string;
  artistName?: string;
  collectionName?: string;
  releaseDate?: string;
  primaryGenreName?: string;
  trackViewUrl?: string;
  artworkUrl100?: string;
  trackCount?: number;
}

/** A song of an iTunes answer as the contract's track; null for anything that is not a song. */
export function trackOf(r: ItunesResult): AppleTrack | null {
  if (r.wrapperType !== 'track' || r.kind !== 'song' || !r.trackId || !r.trackName) return null;
  const day = r.releaseDate?.slice(0, 10);
  return {
    trackId: String(r.trackId),
    trackName: r.trackName,
    artistName: r.artistName ?? '',
    collectionName: r.collectionName ?? null,
    releaseDate: day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null,
    genreName: r.primaryGenreName ?? null,
    releaseType: releaseTypeOf(r.collectionName ?? null, r.trackCount ?? null),
    trackUrl: r.trackViewUrl ?? null,
    artworkUrl: r.artworkUrl100 ?? null,
  };
}

/**
 * The real client on the iTunes Search and Lookup API (keyless, JSON). Timeouts after `timeoutMs`
 * (10 s) and non-2xx answers reject with {@link AppleApiError}.
 */
export function createItunesProvider(
  options: { fetchImpl?: typeof fetch; timeoutMs?: number; country?: string } = {},
): AppleMusicProvider {
  const fetchImpl = options.fetchImpl ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const country = options.country ?? 'US';

  async function call(path: string, params: Record<string, string>): Promise<ItunesResult[]> {
    const url = new URL(path, ITUNES_ENDPOINT);
    for (const [k, v] of Object.entries({ ...params, country })) url.searchParams.set(k, v);
    let res: Response;
    try {
      res = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      throw new AppleApiError(`iTunes ${path} failed: ${(err as Error).message}`, 0);
    }
    if (!res.ok) throw new AppleApiError(`iTunes ${path} answered ${res.status}`, res.status);
    const body = (await res.json().catch(() => null)) as { results?: ItunesResult[] } | null;
    return Array.isArray(body?.results) ? body.results : [];
  }

  return {
    name: 'itunes',
    async lookupTrack(trackId) {
      if (!/^\d{1,15}$/.test(trackId)) return null;
      const results = await call('/lookup', { id: trackId, entity: 'song' });
      for (const r of results) {
        const track = trackOf(r);
        if (track && track.trackId === trackId) return track;
      }
      return null;
    },
    async searchTracks(term, limit) {
      const n = Math.min(25, Math.max(1, Math.trunc(limit) || 5));
      const results = await call('/search', {
        term: term.trim(),
        media: 'music',
        entity: 'song',
        limit: String(n),
      });
      return results.map(trackOf).filter((t): t is AppleTrack => t !== null);
    },
  };
}
