import { SCRAPING_JOB_STATUS as STATUS } from '@lm/contracts/scraping';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { leadSuppressions, leads } from '../../db/schema';
import type { JobMeta } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import {
  MAX_ARTISTS_PER_CALL,
  PLAYLIST_ITEMS_PAGE_SIZE,
  SpotifyApiError,
  type SpotifyArtistProfile,
} from '../../providers/spotify/contract';
import { type LeadWebsite, suppressionHash, upsertArtistLeads, upsertCuratorLead } from '../leads';
import { emailFromText, websiteFromText } from './contacts';
import { recordEvent } from './scraping.events';
import {
  autoScrapingRuns,
  scrapingJobItems,
  scrapingJobLeads,
  scrapingJobs,
  scrapingKeywords,
  scrapingSiteVisits,
} from './scraping.schema';
import { createSpotifyBudget } from './spotify-budget';

/**
 * The scraping job worker ("Politeness and limits"): one pg-boss job per
 * playlist works in steps, each one transaction:
 * 1. read the playlist (its owner becomes a curator lead; its description may give an address);
 * 2. read a page of its items (50 entries) into track rows;
 * 3. take up to 50 unprocessed tracks (FOR UPDATE SKIP LOCKED), read the profiles of their artists
 *    not read lately (GET /artists, 50 ids a call), write the leads, link them to the job and mark the
 *    tracks done, with the job's counters.
 * A step's effects and its `done` marks commit together, so a worker killed mid-step leaves its rows
 * to be claimed again and nothing is counted twice. Spotify calls take from the shared budget first;
 * no budget, or a 429, defers the job (a pg-boss job started later) instead of waiting while holding
 * a transaction. A worker hands over after SLICE_MS so many jobs move together.
 */
export type ScrapingDeps = Pick<AppDeps, 'config' | 'database' | 'jobs' | 'providers' | 'clock'>;

/** pg-boss queues of the scraping tool. */
export const SCRAPING_QUEUES = {
  playlist: 'scraping.playlist',
  auto: 'scraping.auto',
  sites: 'scraping.sites',
  sweep: 'scraping.sweep',
} as const;

/** Attempts of a playlist job after transient failures (5xx, network) before the job fails. */
export const PLAYLIST_RETRY_LIMIT = 8;
/** How long one pg-boss job works on a scraping job before queueing the rest. */
const SLICE_MS = 10_000;
/** Tracks processed per step. */
const TRACK_CHUNK = 50;
/** An artist's profile is read again after this many days. */
const PROFILE_TTL_DAYS = 30;
const KIND_PAGE = 1;
const KIND_TRACK = 2;

type Job = typeof scrapingJobs.$inferSelect;

/** Thrown inside a step when the job must wait (no budget, or Spotify's 429). */
class Deferred extends Error {
  constructor(
    readonly seconds: number,
    readonly reason: 'budget' | 'paused' | 'rate_limited',
  ) {
    super(`deferred ${seconds}s (${reason})`);
  }
}
/** Thrown inside a step whose job stopped meanwhile (cancelled): the step rolls back. */
class Stopped extends Error {}
/** Thrown inside a step when the job cannot go on (the playlist is gone, not readable in this mode). */
class JobFailure extends Error {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

/**
 * Queue the pg-boss job that works on scraping job `jobId` (at most one queued per scraping job: the
 * queue is `stately` with the job's singleton key, so repeated calls are harmless).
 * @param startAfterSeconds delay (a deferral)
 * @param tx enqueue inside this transaction (the job exists exactly when the change commits)
 */
export async function enqueueScrapingJob(
  deps: Pick<AppDeps, 'jobs'>,
  jobId: number,
  options: { startAfterSeconds?: number; tx?: Tx } = {},
): Promise<void> {
  await deps.jobs.send(
    SCRAPING_QUEUES.playlist,
    { jobId },
    {
      singletonKey: `job:${jobId}`,
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    },
    options.tx,
  );
}

/** Queue the website crawler (one queued at most). */
export async function enqueueSiteCrawl(deps: Pick<AppDeps, 'jobs'>, tx?: Tx): Promise<void> {
  await deps.jobs.send(SCRAPING_QUEUES.sites, {}, { singletonKey: 'sites' }, tx);
}

/** A Spotify call (or `calls` of them) taken from the shared budget; a 429 pauses every worker. */
async function spotifyCall<T>(deps: ScrapingDeps, calls: number, fn: () => Promise<T>): Promise<T> {
  const budget = createSpotifyBudget(deps.database, deps.config.SPOTIFY_CALLS_PER_MINUTE, deps.clock);
  const answer = await budget.tryTake(Math.min(calls, budget.perMinute));
  if (!answer.ok) throw new Deferred(answer.waitSeconds, answer.reason);
  try {
    return await fn();
  } catch (err) {
    if (err instanceof SpotifyApiError && err.failure === 'rate_limited') {
      const seconds = Math.max(1, err.retryAfterSeconds ?? 1);
      await budget.pause(seconds);
      throw new Deferred(seconds, 'rate_limited');
    }
    if (err instanceof SpotifyApiError && err.failure === 'not_permitted') {
      throw new JobFailure('scraping.error.not_permitted', { status: err.status });
    }
    throw err;
  }
}

/**
 * Work on scraping job `jobId` until it is finished, deferred or its slice is used (then the rest is
 * queued). Safe to run twice, and by several workers at once: steps claim distinct rows.
 * Transient failures are rethrown for pg-boss to retry with backoff; after PLAYLIST_RETRY_LIMIT
 * attempts the job fails with 'scraping.error.unavailable'.
 */
export async function processScrapingJob(deps: ScrapingDeps, jobId: number, meta?: JobMeta): Promise<void> {
  const started = Date.now();
  try {
    for (;;) {
      const outcome = await runStep(deps, jobId);
      if (outcome !== 'progress') return;
      if (Date.now() - started > SLICE_MS) {
        await enqueueScrapingJob(deps, jobId);
        return;
      }
    }
  } catch (err) {
    if (err instanceof Deferred) {
      await recordEvent(deps.database.db, {
        jobId,
        level: err.reason === 'budget' ? 'info' : 'warning',
        key: err.reason === 'budget' ? 'scraping.event.budget_wait' : 'scraping.event.rate_limited',
        params: { seconds: err.seconds },
      });
      await enqueueScrapingJob(deps, jobId, { startAfterSeconds: err.seconds });
      return;
    }
    if (err instanceof JobFailure) {
      await failScrapingJob(deps, jobId, err.key, err.params);
      return;
    }
    if (err instanceof Stopped) return;
    if ((meta?.retryCount ?? 0) >= PLAYLIST_RETRY_LIMIT) {
      await failScrapingJob(deps, jobId, 'scraping.error.unavailable', {});
      return;
    }
    await recordEvent(deps.database.db, {
      jobId,
      level: 'warning',
      key: 'scraping.event.retrying',
      params: { reason: err instanceof SpotifyApiError ? `Spotify ${err.status}` : describe(err) },
    });
    throw err;
  }
}

const describe = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 200);

async function loadJob(deps: ScrapingDeps, jobId: number, tx?: Tx): Promise<Job | undefined> {
  const [job] = await (tx?.db ?? deps.database.db)
    .select()
    .from(scrapingJobs)
    .where(eq(scrapingJobs.id, jobId));
  return job;
}

/** One step of the job: 'progress' (more to do), 'idle' (others hold the rest) or 'finished'. */
async function runStep(deps: ScrapingDeps, jobId: number): Promise<'progress' | 'idle' | 'finished'> {
  let job = await loadJob(deps, jobId);
  if (!job || (job.statusId !== STATUS.QUEUED && job.statusId !== STATUS.RUNNING)) return 'finished';
  if (job.statusId === STATUS.QUEUED) {
    await withTransaction(deps.database, async (tx) => {
      const [startedJob] = await tx.db
        .update(scrapingJobs)
        .set({ statusId: STATUS.RUNNING, startedAt: deps.clock.now() })
        .where(and(eq(scrapingJobs.id, jobId), eq(scrapingJobs.statusId, STATUS.QUEUED)))
        .returning();
      if (startedJob) await recordEvent(tx.db, { jobId, level: 'info', key: 'scraping.event.started' });
    });
    job = await loadJob(deps, jobId);
    if (!job || job.statusId !== STATUS.RUNNING) return 'finished';
  }
  if (job.playlistName === null) {
    await readPlaylist(deps, job);
    return 'progress';
  }
  const current = job;
  return withTransaction(deps.database, async (tx) => {
    const tracks = await tx.db
      .select()
      .from(scrapingJobItems)
      .where(
        and(
          eq(scrapingJobItems.jobId, jobId),
          eq(scrapingJobItems.kind, KIND_TRACK),
          eq(scrapingJobItems.done, false),
        ),
      )
      .orderBy(scrapingJobItems.position)
      .limit(TRACK_CHUNK)
      .for('update', { skipLocked: true });
    if (tracks.length > 0) {
      await processTracks(deps, tx, current, tracks);
      return 'progress';
    }
    const [page] = await tx.db
      .select()
      .from(scrapingJobItems)
      .where(
        and(
          eq(scrapingJobItems.jobId, jobId),
          eq(scrapingJobItems.kind, KIND_PAGE),
          eq(scrapingJobItems.done, false),
        ),
      )
      .orderBy(scrapingJobItems.position)
      .limit(1)
      .for('update', { skipLocked: true });
    if (page) {
      await processPage(deps, tx, current, page.position);
      return 'progress';
    }
    return (await completeIfDone(deps, tx, jobId)) ? 'finished' : 'idle';
  });
}

/** Step 1: the playlist, its curator, and the first page to read. */
async function readPlaylist(deps: ScrapingDeps, job: Job): Promise<void> {
  const { spotify } = deps.providers;
  const playlist = await spotifyCall(deps, 1, () => spotify.getPlaylist(job.playlistId));
  if (!playlist) throw new JobFailure('scraping.error.playlist_not_found');
  const description = playlist.description ?? '';
  const [email, website] = description
    ? await Promise.all([emailFromText(description), websiteFromText(description)])
    : [null, null];
  const at = deps.clock.now();
  await withTransaction(deps.database, async (tx) => {
    const curator = playlist.ownerId
      ? await upsertCuratorLead(tx, {
          spotifyId: playlist.ownerId,
          name: playlist.ownerName,
          email,
          website,
          playlistUrl: playlist.externalUrl,
          jobId: job.id,
          at,
        })
      : null;
    const [updated] = await tx.db
      .update(scrapingJobs)
      .set({
        playlistName: playlist.name.slice(0, 300),
        playlistImageUrl: playlist.imageUrl,
        playlistFollowers: playlist.followers,
        curatorLeadId: curator?.id ?? null,
        curatorsNew: curator?.inserted ? 1 : 0,
        itemsTotal: playlist.trackCount,
      })
      .where(
        and(
          eq(scrapingJobs.id, job.id),
          eq(scrapingJobs.statusId, STATUS.RUNNING),
          sql`${scrapingJobs.playlistName} is null`,
        ),
      )
      .returning({ id: scrapingJobs.id });
    if (!updated) throw new Stopped();
    if (curator) {
      await tx.db
        .insert(scrapingJobLeads)
        .values({ jobId: job.id, leadId: curator.id, isNew: curator.inserted, tracks: 0 })
        .onConflictDoNothing();
      await queueWebsites(deps, tx, curator.websites);
    }
    await tx.db
      .insert(scrapingJobItems)
      .values({ jobId: job.id, kind: KIND_PAGE, position: 0 })
      .onConflictDoNothing();
    await recordEvent(tx.db, {
      jobId: job.id,
      level: 'info',
      key: 'scraping.event.playlist_read',
      params: {
        name: playlist.name,
        curator: playlist.ownerName ?? playlist.ownerId,
        tracks: playlist.trackCount,
      },
    });
    if (curator === null && playlist.ownerId) {
      await recordEvent(tx.db, {
        jobId: job.id,
        level: 'info',
        key: 'scraping.event.suppressed',
        params: { count: 1 },
      });
    }
  });
}

/** Step 2: a page of the playlist's items into track rows (the first page queues the other pages). */
async function processPage(deps: ScrapingDeps, tx: Tx, job: Job, offset: number): Promise<void> {
  const page = await spotifyCall(deps, 1, () =>
    deps.providers.spotify.getPlaylistItems(job.playlistId, offset),
  );
  if (!page) throw new JobFailure('scraping.error.playlist_not_found');
  if (page.items.length > 0) {
    await tx.db
      .insert(scrapingJobItems)
      .values(
        page.items.map((item) => ({
          jobId: job.id,
          kind: KIND_TRACK,
          position: item.position,
          trackId: item.trackId,
          artistIds: [...new Set(item.artists.map((a) => a.id))],
        })),
      )
      .onConflictDoNothing();
  }
  if (offset === 0 && page.total > PLAYLIST_ITEMS_PAGE_SIZE) {
    const offsets: number[] = [];
    for (let next = PLAYLIST_ITEMS_PAGE_SIZE; next < page.total; next += PLAYLIST_ITEMS_PAGE_SIZE)
      offsets.push(next);
    await tx.db
      .insert(scrapingJobItems)
      .values(offsets.map((position) => ({ jobId: job.id, kind: KIND_PAGE, position })))
      .onConflictDoNothing();
  }
  // Episodes, local files and removed entries count as done: there is nobody to find in them.
  const entries = Math.max(0, Math.min(PLAYLIST_ITEMS_PAGE_SIZE, page.total - offset));
  const skipped = Math.max(0, entries - page.items.length);
  await tx.db
    .update(scrapingJobItems)
    .set({ done: true, doneAt: deps.clock.now() })
    .where(
      and(
        eq(scrapingJobItems.jobId, job.id),
        eq(scrapingJobItems.kind, KIND_PAGE),
        eq(scrapingJobItems.position, offset),
      ),
    );
  const [updated] = await tx.db
    .update(scrapingJobs)
    .set({ itemsTotal: page.total, itemsDone: sql`${scrapingJobs.itemsDone} + ${skipped}` })
    .where(and(eq(scrapingJobs.id, job.id), eq(scrapingJobs.statusId, STATUS.RUNNING)))
    .returning({ id: scrapingJobs.id });
  if (!updated) throw new Stopped();
  await recordEvent(tx.db, {
    jobId: job.id,
    level: 'info',
    key: 'scraping.event.page_read',
    params: { from: Math.min(offset + 1, page.total), to: offset + entries, total: page.total },
  });
}

/** Step 3: the artists of up to 50 tracks, as leads linked to the job; the tracks marked done. */
async function processTracks(
  deps: ScrapingDeps,
  tx: Tx,
  job: Job,
  tracks: (typeof scrapingJobItems.$inferSelect)[],
): Promise<void> {
  const credits = new Map<string, number>();
  for (const track of tracks) for (const id of track.artistIds) credits.set(id, (credits.get(id) ?? 0) + 1);
  const ids = [...credits.keys()];
  const at = deps.clock.now();
  const known =
    ids.length === 0
      ? []
      : await tx.db
          .select({
            id: leads.id,
            spotifyId: sql<string>`${leads.spotifyId}`,
            fetchedAt: leads.profileFetchedAt,
          })
          .from(leads)
          .where(and(eq(leads.kind, 'artist'), inArray(leads.spotifyId, ids)));
  const fresh = new Map<string, number>();
  const staleBefore = at.getTime() - PROFILE_TTL_DAYS * 86_400_000;
  for (const row of known) {
    if (row.fetchedAt && row.fetchedAt.getTime() >= staleBefore) fresh.set(row.spotifyId, row.id);
  }
  const erasedHashes = new Set(
    ids.length === 0
      ? []
      : (
          await tx.db
            .select({ hash: leadSuppressions.valueHash })
            .from(leadSuppressions)
            .where(
              inArray(
                leadSuppressions.valueHash,
                ids.map((id) => suppressionHash('artist', id)),
              ),
            )
        ).map((r) => r.hash),
  );
  const toRead = ids.filter((id) => !fresh.has(id) && !erasedHashes.has(suppressionHash('artist', id)));
  const calls = Math.ceil(toRead.length / MAX_ARTISTS_PER_CALL);
  const profiles =
    calls === 0
      ? []
      : await spotifyCall(deps, calls, async () => {
          const read: SpotifyArtistProfile[] = [];
          for (let i = 0; i < toRead.length; i += MAX_ARTISTS_PER_CALL) {
            read.push(
              ...(await deps.providers.spotify.getArtists(toRead.slice(i, i + MAX_ARTISTS_PER_CALL))),
            );
          }
          return read;
        });
  const written = await upsertArtistLeads(tx, profiles, { jobId: job.id, at });
  const links: { jobId: number; leadId: number; isNew: boolean; tracks: number }[] = [];
  for (const [spotifyId, count] of credits) {
    const upserted = written.leads.get(spotifyId);
    const leadId = upserted?.id ?? fresh.get(spotifyId);
    if (leadId === undefined) continue;
    links.push({ jobId: job.id, leadId, isNew: upserted?.inserted ?? false, tracks: count });
  }
  let linked = 0;
  let added = 0;
  if (links.length > 0) {
    const rows = await tx.db
      .insert(scrapingJobLeads)
      .values(links)
      .onConflictDoUpdate({
        target: [scrapingJobLeads.jobId, scrapingJobLeads.leadId],
        set: { tracks: sql`${scrapingJobLeads.tracks} + excluded.tracks` },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)`, isNew: scrapingJobLeads.isNew });
    linked = rows.filter((r) => r.inserted).length;
    added = rows.filter((r) => r.inserted && r.isNew).length;
  }
  await tx.db
    .update(scrapingJobItems)
    .set({ done: true, doneAt: at })
    .where(
      and(
        eq(scrapingJobItems.jobId, job.id),
        eq(scrapingJobItems.kind, KIND_TRACK),
        inArray(
          scrapingJobItems.position,
          tracks.map((t) => t.position),
        ),
      ),
    );
  const [updated] = await tx.db
    .update(scrapingJobs)
    .set({
      itemsDone: sql`${scrapingJobs.itemsDone} + ${tracks.length}`,
      artistsFound: sql`${scrapingJobs.artistsFound} + ${linked}`,
      artistsNew: sql`${scrapingJobs.artistsNew} + ${added}`,
    })
    .where(and(eq(scrapingJobs.id, job.id), eq(scrapingJobs.statusId, STATUS.RUNNING)))
    .returning({ id: scrapingJobs.id });
  if (!updated) throw new Stopped();
  await queueWebsites(deps, tx, written.websites);
  await recordEvent(tx.db, {
    jobId: job.id,
    level: 'info',
    key: 'scraping.event.artists_read',
    params: { tracks: tracks.length, artists: ids.length, read: profiles.length, new: added },
  });
  const erased =
    written.suppressed + ids.filter((id) => erasedHashes.has(suppressionHash('artist', id))).length;
  if (erased > 0) {
    await recordEvent(tx.db, {
      jobId: job.id,
      level: 'info',
      key: 'scraping.event.suppressed',
      params: { count: erased },
    });
  }
}

/** Queue leads' websites for the contact crawler (each lead and URL once). */
async function queueWebsites(deps: ScrapingDeps, tx: Tx, websites: readonly LeadWebsite[]): Promise<void> {
  if (websites.length === 0) return;
  const queued = await tx.db
    .insert(scrapingSiteVisits)
    .values(websites.map((w) => ({ leadId: w.leadId, url: w.url })))
    .onConflictDoNothing()
    .returning({ id: scrapingSiteVisits.id });
  if (queued.length > 0) await enqueueSiteCrawl(deps, tx);
}

/** Complete the job when every item is done (in `tx`); false while items remain. */
async function completeIfDone(deps: ScrapingDeps, tx: Tx, jobId: number): Promise<boolean> {
  const [completed] = await tx.db
    .update(scrapingJobs)
    .set({
      statusId: STATUS.COMPLETED,
      finishedAt: deps.clock.now(),
      // Entries counted as they were read: a playlist that changed while it was read ends at 100 %.
      itemsTotal: sql`${scrapingJobs.itemsDone}`,
    })
    .where(
      and(
        eq(scrapingJobs.id, jobId),
        eq(scrapingJobs.statusId, STATUS.RUNNING),
        sql`${scrapingJobs.playlistName} is not null`,
        sql`not exists (select 1 from ${scrapingJobItems} where ${scrapingJobItems.jobId} = ${jobId} and not ${scrapingJobItems.done})`,
      ),
    )
    .returning();
  if (!completed) {
    const [row] = await tx.db
      .select({ statusId: scrapingJobs.statusId })
      .from(scrapingJobs)
      .where(eq(scrapingJobs.id, jobId));
    return row?.statusId !== STATUS.RUNNING;
  }
  await recordEvent(tx.db, {
    jobId,
    level: 'info',
    key: 'scraping.event.completed',
    params: { artists: completed.artistsFound, new: completed.artistsNew, curators: completed.curatorsNew },
  });
  await closeRunPart(deps, tx, completed, 'completed');
  return true;
}

/**
 * Fail an open scraping job with a reason (an event carries it to the log). Nothing when the job is
 * no longer open.
 */
export async function failScrapingJob(
  deps: ScrapingDeps,
  jobId: number,
  key: string,
  params: Record<string, string | number>,
): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const [failed] = await tx.db
      .update(scrapingJobs)
      .set({ statusId: STATUS.FAILED, finishedAt: deps.clock.now(), errorKey: key, errorParams: params })
      .where(and(eq(scrapingJobs.id, jobId), inArray(scrapingJobs.statusId, [STATUS.QUEUED, STATUS.RUNNING])))
      .returning();
    if (!failed) return;
    await recordEvent(tx.db, { jobId, level: 'error', key, params });
    await closeRunPart(deps, tx, failed, 'failed');
  });
}

/**
 * A job of an auto-scraping run has finished: its keyword is processed (unless it was cancelled, so
 * the next run takes it again), the run counts what it added, and the run completes with its last job.
 */
export async function closeRunPart(
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  job: Job,
  outcome: 'completed' | 'failed' | 'cancelled',
): Promise<void> {
  if (job.keywordId && outcome !== 'cancelled') {
    await tx.db
      .update(scrapingKeywords)
      .set({ processed: true, processedAt: deps.clock.now() })
      .where(eq(scrapingKeywords.id, job.keywordId));
  }
  if (!job.autoRunId) return;
  await tx.db
    .update(autoScrapingRuns)
    .set({
      artistsNew: sql`${autoScrapingRuns.artistsNew} + ${job.artistsNew}`,
      curatorsNew: sql`${autoScrapingRuns.curatorsNew} + ${job.curatorsNew}`,
    })
    .where(eq(autoScrapingRuns.id, job.autoRunId));
  await completeRunIfDone(deps, tx, job.autoRunId);
}

/** Complete a run whose search is done and whose jobs are all finished (in `tx`, run row locked). */
export async function completeRunIfDone(
  deps: Pick<AppDeps, 'clock'>,
  tx: Tx,
  runId: number,
): Promise<boolean> {
  const [run] = await tx.db
    .select()
    .from(autoScrapingRuns)
    .where(eq(autoScrapingRuns.id, runId))
    .for('update');
  if (!run || run.statusId !== STATUS.RUNNING || !run.searchedAt) return false;
  const [open] = await tx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(scrapingJobs)
    .where(
      and(eq(scrapingJobs.autoRunId, runId), inArray(scrapingJobs.statusId, [STATUS.QUEUED, STATUS.RUNNING])),
    );
  if ((open?.n ?? 0) > 0) return false;
  await tx.db
    .update(autoScrapingRuns)
    .set({ statusId: STATUS.COMPLETED, finishedAt: deps.clock.now() })
    .where(eq(autoScrapingRuns.id, runId));
  await recordEvent(tx.db, {
    autoScrapingJobId: run.autoScrapingJobId,
    runId,
    level: 'info',
    key: 'scraping.event.run_completed',
    params: { artists: run.artistsNew, curators: run.curatorsNew },
  });
  return true;
}
