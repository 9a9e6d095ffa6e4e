import { createHash } from 'node:crypto';
import type { AppleMusicProvider, AppleTrack } from './contract';

/** Track ids starting with 9 are unknown to the sandbox (to try the "not found" path). */
export const SANDBOX_APPLE_MISSING_PREFIX = '9';

const TYPES: AppleTrack['releaseType'][] = ['Single', 'EP', 'Album'];
const GENRES = ['Pop', 'Hip-Hop/Rap', 'Electronic', 'Rock', 'R&B/Soul', 'Dance'];

/** The sandbox's song for a track id: every field derived from the id, so the same id answers the same. */
export function sandboxAppleTrack(trackId: string, term?: string): AppleTrack {
  const h = createHash('sha256').update(trackId).digest();
  const type = TYPES[h[0]! % TYPES.length]!;
  const day = new Date(Date.UTC(2019, 0, 1) + (h.readUInt32BE(1) % 2_500) * 86_400_000);
  const name = term ? term.trim().slice(0, 60) : `Sandbox Song ${trackId.slice(-4)}`;
  const collection = type === 'Album' ? `Sandbox Album ${h[5]! % 50}` : `${name} - ${type}`;
  return {
    trackId,
    trackName: name,
    artistName: `Sandbox Artist ${h[6]! % 100}`,
    collectionName: collection,
    releaseDate: day.toISOString().slice(0, 10),
    genreName: GENRES[h[7]! % GENRES.length]!,
    releaseType: type,
    trackUrl: `https://music.apple.com/us/song/${trackId}`,
    artworkUrl: null,
  };
}

/** Deterministic Apple Music without the network (dev and tests; never production). */
export function createSandboxAppleProvider(): AppleMusicProvider {
  return {
    name: 'sandbox',
    async lookupTrack(trackId) {
      if (!/^\d{1,15}$/.test(trackId) || trackId.startsWith(SANDBOX_APPLE_MISSING_PREFIX)) return null;
      return sandboxAppleTrack(trackId);
    },
    async searchTracks(term, limit) {
      const n = Math.min(25, Math.max(1, Math.trunc(limit) || 5));
      const base = Number.parseInt(
        createHash('sha256').update(term.toLowerCase()).digest('hex').slice(0, 8),
        16,
      );
      return Array.from({ length: Math.min(n, 3) }, (_, i) =>
        sandboxAppleTrack(String(1_000_000_000 + ((base + i) % 800_000_000)), term),
      );
    },
  };
}
