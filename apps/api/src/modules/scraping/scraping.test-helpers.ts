import { randomBytes } from 'node:crypto';
import { isOpenScrapingStatus } from '@lm/contracts/scraping';
import { eq } from 'drizzle-orm';
import type { SpotifyProvider } from '../../providers/spotify/contract';
import type { TestContext } from '../../test/harness';
import { scrapingJobs } from './scraping.schema';
import { processScrapingJob, type ScrapingDeps } from './scraping.worker';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A sandbox playlist id of exactly `tracks` tracks (SANDBOX_SIZED_PREFIX), new each call. */
export function sizedPlaylistId(tracks: number): string {
  const rest = [...randomBytes(13)].map((b) => BASE62[b % 62]).join('');
  return `Tracks${String(tracks).padStart(3, '0')}${rest}`;
}

/** The web link of a playlist id. */
export const playlistLink = (id: string) => `https://open.spotify.com/playlist/${id}`;

/** The test app's deps with another Spotify provider (a stub wrapping the sandbox). */
export function withSpotify(ctx: TestContext, spotify: SpotifyProvider): ScrapingDeps {
  return { ...ctx.deps, providers: { ...ctx.deps.providers, spotify } };
}

/**
 * Work on a scraping job until it ends, as the queue would (each call is one pg-boss job: it stops
 * after its slice or a deferral and the loop plays the next one).
 * @returns the finished job row
 */
export async function runJobToEnd(deps: ScrapingDeps, jobId: number, maxRounds = 200) {
  for (let round = 0; round < maxRounds; round += 1) {
    await processScrapingJob(deps, jobId);
    const [job] = await deps.database.db.select().from(scrapingJobs).where(eq(scrapingJobs.id, jobId));
    if (!job || !isOpenScrapingStatus(job.statusId)) return job!;
  }
  throw new Error(`scraping job ${jobId} did not end in ${maxRounds} rounds`);
}

/** Every artist credit (artist id -> tracks) of a sandbox playlist, read straight from the provider. */
export async function creditsOf(spotify: SpotifyProvider, playlistId: string): Promise<Map<string, number>> {
  const credits = new Map<string, number>();
  let offset: number | null = 0;
  while (offset !== null) {
    const page = await spotify.getPlaylistItems(playlistId, offset);
    if (!page) break;
    for (const item of page.items) {
      for (const id of new Set(item.artists.map((a) => a.id))) credits.set(id, (credits.get(id) ?? 0) + 1);
    }
    offset = page.nextOffset;
  }
  return credits;
}
