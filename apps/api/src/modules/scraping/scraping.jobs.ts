import { SCRAPING_JOB_STATUS as STATUS } from '@lm/contracts/scraping';
import { eq, inArray, sql } from 'drizzle-orm';
import { withTransaction } from '../../db/client';
import type { JobDefinition } from '../../jobs/jobs';
import { recordLeadEmail } from '../leads';
import { processAutoRun, resumeStalledRuns, syncAutoSchedules } from './auto-scraping.service';
import { markDomainRequest, politenessDomain, readWebsites, waitForDomainSlot } from './contacts';
import { recordEvent } from './scraping.events';
import { scrapingJobs, scrapingSiteVisits } from './scraping.schema';
import {
  enqueueScrapingJob,
  enqueueSiteCrawl,
  PLAYLIST_RETRY_LIMIT,
  processScrapingJob,
  SCRAPING_QUEUES,
  type ScrapingDeps,
} from './scraping.worker';
import { createSpotifyBudget } from './spotify-budget';

/** Websites read per crawler batch. */
const SITES_PER_BATCH = 20;
/** Attempts at a website before it is given up (`failed`). */
const SITE_ATTEMPTS = 3;
/** How long a crawler holds the visits it took (after which another may take them). */
const SITE_LEASE_MINUTES = 10;

/**
 * Queues of the scraping tool:
 * - `scraping.playlist`: one job per scraping job (stately: one queued at most per scraping job;
 *   a heartbeat, so a killed worker's job is retried within a minute);
 * - `scraping.auto`: schedule occurrences and runs of auto-scraping jobs;
 * - `scraping.sites`: the website crawler (stately with one key: one queued, one running);
 * - `scraping.sweep` (every minute): queues again open jobs and runs whose pg-boss job was lost,
 *   keeps the schedules in line with the table, wakes the crawler, prunes the budget.
 */
export function scrapingJobDefinitions(deps: ScrapingDeps): JobDefinition[] {
  return [
    {
      name: SCRAPING_QUEUES.playlist,
      retryLimit: PLAYLIST_RETRY_LIMIT,
      concurrency: deps.config.SCRAPING_CONCURRENCY,
      // A playlist of a few hundred tracks is a second's work: the next one is fetched without a full
      // second's wait (pg-boss's shortest interval).
      pollingIntervalSeconds: 0.5,
      queue: { policy: 'stately', heartbeatSeconds: 30, expireInSeconds: 900 },
      handler: async (data, meta) => processScrapingJob(deps, (data as { jobId: number }).jobId, meta),
    },
    {
      name: SCRAPING_QUEUES.auto,
      retryLimit: 5,
      queue: { heartbeatSeconds: 30 },
      handler: async (data, meta) =>
        processAutoRun(deps, data as { autoJobId: number; runId?: number }, meta),
    },
    {
      name: SCRAPING_QUEUES.sites,
      retryLimit: 3,
      queue: { policy: 'stately', heartbeatSeconds: 30, expireInSeconds: 900 },
      handler: async () => crawlPendingSites(deps),
    },
    {
      name: SCRAPING_QUEUES.sweep,
      cron: '* * * * *',
      retryLimit: 1,
      handler: async () => sweepScraping(deps),
    },
  ];
}

/**
 * One crawler batch: take up to SITES_PER_BATCH pending website visits (a lease, so two crawlers never
 * read the same site), read them (contacts.ts), record each address found with its page and time
 * (unless erased), and settle the visits; queue the next batch while visits remain.
 */
export async function crawlPendingSites(deps: ScrapingDeps): Promise<void> {
  const leaseUntil = new Date(Date.now() + SITE_LEASE_MINUTES * 60_000);
  const taken = await deps.database.db.execute<{
    id: number;
    lead_id: number;
    url: string;
    attempts: number;
  }>(sql`
    update ${scrapingSiteVisits} set attempts = attempts + 1, leased_until = ${leaseUntil.toISOString()}
    where id in (
      select id from ${scrapingSiteVisits}
      where status = 'pending' and (leased_until is null or leased_until < now())
      order by id limit ${SITES_PER_BATCH} for update skip locked)
    returning id, lead_id, url, attempts`);
  const visits = taken.rows.map((r) => ({ ...r, id: Number(r.id), lead_id: Number(r.lead_id) }));
  if (visits.length === 0) return;
  const results = await readWebsites(
    visits.map((v) => ({ visitId: v.id, url: v.url })),
    {
      pace: (url) => waitForDomainSlot(deps.database, politenessDomain(url)),
      done: (url) => markDomainRequest(deps.database, politenessDomain(url)),
      publicOnly: deps.config.NODE_ENV === 'production',
    },
  );
  const byId = new Map(visits.map((v) => [v.id, v]));
  for (const result of results) {
    const visit = byId.get(result.visitId);
    if (!visit) continue;
    await withTransaction(deps.database, async (tx) => {
      const at = deps.clock.now();
      const recorded =
        result.email && result.emailSource
          ? await recordLeadEmail(tx, visit.lead_id, result.email, { source: result.emailSource, at })
          : false;
      const status = result.status === 'failed' && visit.attempts < SITE_ATTEMPTS ? 'pending' : result.status;
      await tx.db
        .update(scrapingSiteVisits)
        .set({
          status,
          emailFound: result.email !== null,
          pagesRead: result.pagesRead,
          visitedAt: at,
          leasedUntil: status === 'pending' ? new Date(Date.now() + SITE_LEASE_MINUTES * 60_000) : null,
        })
        .where(eq(scrapingSiteVisits.id, visit.id));
      if (status === 'pending') return;
      await recordEvent(tx.db, {
        level: status === 'done' ? 'info' : 'warning',
        key:
          status === 'blocked'
            ? 'scraping.event.website_blocked'
            : status === 'failed'
              ? 'scraping.event.website_failed'
              : recorded
                ? 'scraping.event.website_email'
                : 'scraping.event.website_read',
        params: { url: visit.url.slice(0, 300) },
      });
    });
  }
  const [more] = await deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(scrapingSiteVisits)
    .where(
      sql`${scrapingSiteVisits.status} = 'pending' and (${scrapingSiteVisits.leasedUntil} is null or ${scrapingSiteVisits.leasedUntil} < now())`,
    );
  if ((more?.n ?? 0) > 0) await enqueueSiteCrawl(deps);
}

/** The every-minute safety net of the scraping tool (see scrapingJobDefinitions). */
export async function sweepScraping(deps: ScrapingDeps): Promise<void> {
  const open = await deps.database.db
    .select({ id: scrapingJobs.id })
    .from(scrapingJobs)
    .where(inArray(scrapingJobs.statusId, [STATUS.QUEUED, STATUS.RUNNING]));
  for (const job of open) await enqueueScrapingJob(deps, job.id);
  await resumeStalledRuns(deps);
  const [pending] = await deps.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(scrapingSiteVisits)
    .where(eq(scrapingSiteVisits.status, 'pending'));
  if ((pending?.n ?? 0) > 0) await enqueueSiteCrawl(deps);
  await syncAutoSchedules(deps);
  await createSpotifyBudget(deps.database, deps.config.SPOTIFY_CALLS_PER_MINUTE, deps.clock).prune();
}
