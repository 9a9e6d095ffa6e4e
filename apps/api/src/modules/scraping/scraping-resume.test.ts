import { spawn } from 'node:child_process';
import path from 'node:path';
import { SCRAPING_JOB_STATUS as STATUS } from '@lm/contracts/scraping';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminTestApp } from '../../test/admin-app';
import type { TestContext } from '../../test/harness';
import { leads } from '../leads/leads.schema';
import { scrapingJobItems, scrapingJobLeads, scrapingJobs } from './scraping.schema';
import { creditsOf, playlistLink, runJobToEnd, sizedPlaylistId } from './scraping.test-helpers';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp({ env: { SPOTIFY_CALLS_PER_MINUTE: '100000' } }));
});
afterAll(() => ctx.close());

/** Run the child worker on `jobId` and SIGKILL it once it is inside its `steps`-th artists step. */
function killMidStep(jobId: number, steps: number): Promise<void> {
  // Node itself with tsx's loader (not the tsx launcher, whose child process would outlive the kill).
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'scraping-kill.child.ts'),
      ctx.deps.config.DATABASE_URL!,
      String(jobId),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let seen = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      seen += chunk
        .toString()
        .split('\n')
        .filter((l) => l === 'IN_STEP').length;
      if (seen >= steps && child.exitCode === null) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`the worker ended by itself (${signal})`)),
    );
  });
}

describe('resumption after a kill', () => {
  it('goes on after a worker is killed mid-step: every track processed once, nothing lost or counted twice', async () => {
    const playlistId = sizedPlaylistId(300);
    const res = await ctx.call('POST', '/api/admin/scraping/jobs', {
      token,
      body: { links: [playlistLink(playlistId)] },
    });
    const jobId = res.json().data.created[0].id as number;
    await killMidStep(jobId, 3);
    const killed = (
      await ctx.deps.database.db.select().from(scrapingJobs).where(eq(scrapingJobs.id, jobId))
    )[0]!;
    expect(killed.statusId).toBe(STATUS.RUNNING);
    // Two artists steps committed before the kill; the third, in flight, rolled back with the process.
    expect(killed.itemsDone).toBeGreaterThan(0);
    expect(killed.itemsDone).toBeLessThan(300);

    const job = await runJobToEnd(ctx.deps, jobId);
    expect(job).toMatchObject({ statusId: STATUS.COMPLETED, itemsTotal: 300, itemsDone: 300 });
    const [undone] = await ctx.deps.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(scrapingJobItems)
      .where(and(eq(scrapingJobItems.jobId, jobId), eq(scrapingJobItems.done, false)));
    expect(undone!.n).toBe(0);
    // Every artist credited once per track, as the playlist says: a step done twice would double them.
    const credits = await creditsOf(ctx.deps.providers.spotify, playlistId);
    const links = await ctx.deps.database.db
      .select({ spotifyId: leads.spotifyId, tracks: scrapingJobLeads.tracks, isNew: scrapingJobLeads.isNew })
      .from(scrapingJobLeads)
      .innerJoin(leads, eq(leads.id, scrapingJobLeads.leadId))
      .where(and(eq(scrapingJobLeads.jobId, jobId), eq(leads.kind, 'artist')));
    expect(new Map(links.map((l) => [l.spotifyId, l.tracks]))).toEqual(credits);
    expect(job.artistsFound).toBe(credits.size);
    expect(job.artistsNew).toBe(links.filter((l) => l.isNew).length);
  });
});
