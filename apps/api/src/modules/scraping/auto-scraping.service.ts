import {
  type AutoScrapingJobInput,
  SCRAPING_LIMITS,
  SCRAPING_JOB_STATUS as STATUS,
} from '@lm/contracts/scraping';
import { and, eq, sql } from 'drizzle-orm';
import { type Tx, withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import type { JobMeta } from '../../jobs/jobs';
import { ConflictError, NotFoundError, ValidationError } from '../../platform/errors';
import { SpotifyApiError } from '../../providers/spotify/contract';
import { type AuditActor, audit } from '../audit';
import { recordEvent } from './scraping.events';
import { autoScrapingJobs, autoScrapingRuns, scrapingJobs, scrapingKeywords } from './scraping.schema';
import { completeRunIfDone, enqueueScrapingJob, SCRAPING_QUEUES, type ScrapingDeps } from './scraping.worker';
import { createSpotifyBudget } from './spotify-budget';

/**
 * Auto-scraping jobs: a keyword on a pg-boss schedule (one schedule per job, key = its id,
 * UTC). Each run searches playlists for the keyword, stores each found playlist as a scraping keyword
 * {url, processed}, queues a scraping job for every unprocessed one, and counts the artists and
 * curators its jobs added (leads never seen before). A schedule slot runs once however many workers
 * there are: pg-boss files one job per occurrence, and the run row is unique per (job, slot).
 */
export type AutoJob = typeof autoScrapingJobs.$inferSelect;

/**
 * The next occurrences of a cron expression (UTC) after `from`, as pg-boss will run them.
 * @throws ValidationError `cron` 'scraping.cron_invalid' when pg-boss cannot read it
 */
export function nextRuns(deps: Pick<ScrapingDeps, 'jobs'>, cron: string, from: Date, count = 3): Date[] {
  try {
    return deps.jobs.boss.previewSchedule(cron, { tz: 'UTC', from, count });
  } catch {
    throw new ValidationError({ cron: ['scraping.cron_invalid'] });
  }
}

/**
 * Check a schedule: readable by pg-boss, and never two runs closer than
 * SCRAPING_LIMITS.autoMinIntervalMinutes (a keyword is searched at most hourly; judged over the next
 * day of occurrences).
 * @throws ValidationError on `cron`
 */
export function assertSchedule(deps: Pick<ScrapingDeps, 'jobs'>, cron: string, from: Date): void {
  const runs = nextRuns(deps, cron, from, 25);
  const minGap = SCRAPING_LIMITS.autoMinIntervalMinutes * 60_000;
  for (let i = 1; i < runs.length; i += 1) {
    if (runs[i]!.getTime() - runs[i - 1]!.getTime() < minGap) {
      throw new ValidationError({
        cron: [
          { key: 'scraping.cron_too_frequent', params: { minutes: SCRAPING_LIMITS.autoMinIntervalMinutes } },
        ],
      });
    }
  }
}

/**
 * Make pg-boss's schedules of the auto-scraping queue match the table: one per enabled job with its
 * cron, none for disabled ones. Called after every change and by the sweeper every minute (a change
 * whose process stopped before it scheduled is caught up).
 */
export async function syncAutoSchedules(deps: Pick<ScrapingDeps, 'database' | 'jobs'>): Promise<void> {
  const boss = deps.jobs.boss;
  const [jobs, schedules] = await Promise.all([
    deps.database.db.select().from(autoScrapingJobs),
    boss.getSchedules(SCRAPING_QUEUES.auto),
  ]);
  const wanted = new Map(jobs.filter((j) => j.enabled).map((j) => [String(j.id), j]));
  for (const schedule of schedules) {
    const job = wanted.get(schedule.key);
    if (!job) await boss.unschedule(SCRAPING_QUEUES.auto, schedule.key);
    else if (schedule.cron === job.cron) wanted.delete(schedule.key);
  }
  for (const [key, job] of wanted) {
    await boss.schedule(SCRAPING_QUEUES.auto, job.cron, { autoJobId: job.id }, { key, tz: 'UTC' });
  }
}

/** The columns an auto-scraping job's form sets. */
const autoJobColumns = (input: AutoScrapingJobInput) => ({
  keyword: input.keyword,
  cron: input.cron,
  enabled: input.enabled,
  maxPlaylists: input.max_playlists,
});

/**
 * Check `cron`, run `write` in a transaction, then bring the schedules in line with the jobs.
 * @throws ValidationError 'scraping.keyword_exists' when another job has the keyword (any case), cron
 *   errors (see assertSchedule); whatever `write` throws
 */
async function saveAutoJob(
  deps: ScrapingDeps,
  cron: string,
  write: (tx: Tx) => Promise<AutoJob>,
): Promise<AutoJob> {
  assertSchedule(deps, cron, deps.clock.now());
  let saved: AutoJob;
  try {
    saved = await withTransaction(deps.database, write);
  } catch (err) {
    if (isUniqueViolation(err, 'auto_scraping_jobs_keyword_unique'))
      throw new ValidationError({ keyword: ['scraping.keyword_exists'] });
    throw err;
  }
  await syncAutoSchedules(deps);
  return saved;
}

/**
 * Create an auto-scraping job (audited `scraping.auto_create`) and its schedule when enabled.
 * @throws ValidationError 'scraping.keyword_exists' (any case), cron errors (see assertSchedule)
 */
export async function createAutoJob(
  deps: ScrapingDeps,
  input: AutoScrapingJobInput,
  actor: AuditActor,
): Promise<AutoJob> {
  return saveAutoJob(deps, input.cron, async (tx) => {
    const [row] = await tx.db
      .insert(autoScrapingJobs)
      .values({ ...autoJobColumns(input), createdBy: actor.id ?? null })
      .returning();
    await audit(
      deps.database,
      actor,
      {
        action: 'scraping.auto_create',
        targetType: 'auto_scraping_job',
        targetId: row!.id,
        meta: { ...input },
      },
      tx,
    );
    return row!;
  });
}

/**
 * Change an auto-scraping job (audited `scraping.auto_update` with what changed); the schedule follows.
 * @throws NotFoundError; ValidationError as createAutoJob
 */
export async function updateAutoJob(
  deps: ScrapingDeps,
  id: number,
  input: AutoScrapingJobInput,
  actor: AuditActor,
): Promise<AutoJob> {
  return saveAutoJob(deps, input.cron, async (tx) => {
    const [before] = await tx.db
      .select()
      .from(autoScrapingJobs)
      .where(eq(autoScrapingJobs.id, id))
      .for('update');
    if (!before) throw new NotFoundError('scraping.auto_not_found');
    const [row] = await tx.db
      .update(autoScrapingJobs)
      .set({ ...autoJobColumns(input), updatedAt: deps.clock.now() })
      .where(eq(autoScrapingJobs.id, id))
      .returning();
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    const pairs: [string, unknown, unknown][] = [
      ['keyword', before.keyword, input.keyword],
      ['cron', before.cron, input.cron],
      ['enabled', before.enabled, input.enabled],
      ['max_playlists', before.maxPlaylists, input.max_playlists],
    ];
    for (const [field, from, to] of pairs) if (from !== to) changes[field] = { from, to };
    await audit(
      deps.database,
      actor,
      { action: 'scraping.auto_update', targetType: 'auto_scraping_job', targetId: id, meta: changes },
      tx,
    );
    return row!;
  });
}

/**
 * Start a run now (the "Run now" button; audited `scraping.auto_run`), whatever the schedule or the
 * switch says.
 * @returns the run's id
 * @throws NotFoundError; ConflictError 'scraping.run_in_progress' while a run of this job is running
 */
export async function startManualRun(
  deps: ScrapingDeps,
  autoJobId: number,
  actor: AuditActor,
): Promise<number> {
  try {
    return await withTransaction(deps.database, async (tx) => {
      const [auto] = await tx.db.select().from(autoScrapingJobs).where(eq(autoScrapingJobs.id, autoJobId));
      if (!auto) throw new NotFoundError('scraping.auto_not_found');
      const [run] = await tx.db
        .insert(autoScrapingRuns)
        .values({
          autoScrapingJobId: autoJobId,
          trigger: 'manual',
          createdBy: actor.id ?? null,
          startedAt: deps.clock.now(),
        })
        .returning({ id: autoScrapingRuns.id });
      await tx.db
        .update(autoScrapingJobs)
        .set({ lastRunAt: deps.clock.now() })
        .where(eq(autoScrapingJobs.id, autoJobId));
      await recordEvent(tx.db, {
        autoScrapingJobId: autoJobId,
        runId: run!.id,
        level: 'info',
        key: 'scraping.event.run_started_manual',
      });
      await audit(
        deps.database,
        actor,
        {
          action: 'scraping.auto_run',
          targetType: 'auto_scraping_job',
          targetId: autoJobId,
          meta: { run_id: run!.id },
        },
        tx,
      );
      await deps.jobs.send(SCRAPING_QUEUES.auto, { autoJobId, runId: run!.id }, {}, tx);
      return run!.id;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'auto_scraping_runs_one_running'))
      throw new ConflictError('scraping.run_in_progress');
    throw err;
  }
}

/**
 * The pg-boss handler of the auto-scraping queue. A schedule's job (`{ autoJobId }`) opens a run for its
 * slot, the minute pg-boss created the occurrence's job in (a second delivery of the slot finds the
 * run and does nothing; a slot while another run is still running is skipped and logged); a disabled
 * or removed job's stale schedule is dropped. A run's job (`{ autoJobId, runId }`) searches and queues
 * the scraping jobs, once (a run resumed after a restart or a deferral goes on where it stopped).
 */
export async function processAutoRun(
  deps: ScrapingDeps,
  data: { autoJobId: number; runId?: number },
  meta?: JobMeta,
): Promise<void> {
  const [auto] = await deps.database.db
    .select()
    .from(autoScrapingJobs)
    .where(eq(autoScrapingJobs.id, data.autoJobId));
  if (!auto) return;
  let runId = data.runId;
  if (runId === undefined) {
    if (!auto.enabled) {
      await syncAutoSchedules(deps);
      return;
    }
    const created = meta?.createdOn ?? deps.clock.now();
    const slot = new Date(Math.floor(created.getTime() / 60_000) * 60_000);
    const opened = await openScheduledRun(deps, auto, slot);
    if (opened === null) return;
    runId = opened;
  }
  await searchAndQueue(deps, auto, runId);
}

/** Open the run of a schedule slot; null when the slot already ran or another run is running. */
async function openScheduledRun(deps: ScrapingDeps, auto: AutoJob, slot: Date): Promise<number | null> {
  return withTransaction(deps.database, async (tx) => {
    const inserted = await tx.db.execute<{ id: number }>(sql`
      insert into ${autoScrapingRuns} (auto_scraping_job_id, trigger, slot, started_at)
      values (${auto.id}, 'schedule', ${slot.toISOString()}, ${deps.clock.now().toISOString()})
      on conflict do nothing returning id`);
    const id = inserted.rows[0]?.id;
    if (id === undefined) {
      const [sameSlot] = await tx.db
        .select({ id: autoScrapingRuns.id })
        .from(autoScrapingRuns)
        .where(and(eq(autoScrapingRuns.autoScrapingJobId, auto.id), eq(autoScrapingRuns.slot, slot)));
      if (!sameSlot) {
        await recordEvent(tx.db, {
          autoScrapingJobId: auto.id,
          level: 'warning',
          key: 'scraping.event.slot_skipped',
          params: { slot: slot.toISOString() },
        });
      }
      return null;
    }
    await tx.db
      .update(autoScrapingJobs)
      .set({ lastRunAt: deps.clock.now() })
      .where(eq(autoScrapingJobs.id, auto.id));
    await recordEvent(tx.db, {
      autoScrapingJobId: auto.id,
      runId: id,
      level: 'info',
      key: 'scraping.event.run_started_schedule',
    });
    return Number(id);
  });
}

/** The run's search (pages of 10 until `max_playlists`), its keywords and its scraping jobs. */
async function searchAndQueue(deps: ScrapingDeps, auto: AutoJob, runId: number): Promise<void> {
  const [run] = await deps.database.db.select().from(autoScrapingRuns).where(eq(autoScrapingRuns.id, runId));
  if (!run || run.statusId !== STATUS.RUNNING || run.searchedAt) return;
  const budget = createSpotifyBudget(deps.database, deps.config.SPOTIFY_CALLS_PER_MINUTE, deps.clock);
  const found = new Map<string, { url: string; name: string }>();
  try {
    for (let offset = 0; found.size < auto.maxPlaylists; ) {
      const answer = await budget.tryTake(1);
      if (!answer.ok) {
        await deferRun(
          deps,
          auto.id,
          runId,
          answer.waitSeconds,
          answer.reason === 'paused' ? 'rate_limited' : 'budget',
        );
        return;
      }
      const page = await deps.providers.spotify.searchPlaylists(auto.keyword, offset);
      for (const playlist of page.items) {
        if (found.size < auto.maxPlaylists)
          found.set(playlist.id, { url: playlist.externalUrl, name: playlist.name });
      }
      offset += 10;
      if (page.items.length === 0 || offset >= page.total) break;
    }
  } catch (err) {
    if (err instanceof SpotifyApiError && err.failure === 'rate_limited') {
      const seconds = Math.max(1, err.retryAfterSeconds ?? 1);
      await budget.pause(seconds);
      await deferRun(deps, auto.id, runId, seconds, 'rate_limited');
      return;
    }
    if (err instanceof SpotifyApiError && err.failure === 'not_permitted') {
      await failRun(deps, auto.id, runId, 'scraping.error.not_permitted');
      return;
    }
    throw err;
  }
  await withTransaction(deps.database, async (tx) => {
    const [locked] = await tx.db
      .select()
      .from(autoScrapingRuns)
      .where(eq(autoScrapingRuns.id, runId))
      .for('update');
    if (!locked || locked.statusId !== STATUS.RUNNING || locked.searchedAt) return;
    const fresh =
      found.size === 0
        ? []
        : await tx.db
            .insert(scrapingKeywords)
            .values(
              [...found].map(([playlistId, p]) => ({
                autoScrapingJobId: auto.id,
                playlistId,
                url: p.url,
                name: p.name.slice(0, 300),
                foundRunId: runId,
              })),
            )
            .onConflictDoNothing()
            .returning({ id: scrapingKeywords.id });
    const unprocessed = await tx.db
      .select()
      .from(scrapingKeywords)
      .where(and(eq(scrapingKeywords.autoScrapingJobId, auto.id), eq(scrapingKeywords.processed, false)))
      .orderBy(scrapingKeywords.id);
    let queued = 0;
    for (const keyword of unprocessed) {
      // A playlist another job is scraping now is left for a later run (its keyword stays unprocessed).
      const created = await tx.db.execute<{ id: number }>(sql`
        insert into ${scrapingJobs} (playlist_id, playlist_url, source, auto_scraping_job_id, auto_run_id, keyword_id, created_at)
        values (${keyword.playlistId}, ${keyword.url}, 'auto', ${auto.id}, ${runId}, ${keyword.id}, ${deps.clock.now().toISOString()})
        on conflict do nothing returning id`);
      const jobId = created.rows[0]?.id;
      if (jobId === undefined) continue;
      queued += 1;
      await recordEvent(tx.db, {
        jobId: Number(jobId),
        level: 'info',
        key: 'scraping.event.queued_auto',
        params: { keyword: auto.keyword },
      });
      await enqueueScrapingJob(deps, Number(jobId), { tx });
    }
    await tx.db
      .update(autoScrapingRuns)
      .set({
        searchedAt: deps.clock.now(),
        playlistsFound: found.size,
        playlistsNew: fresh.length,
        jobsCreated: queued,
      })
      .where(eq(autoScrapingRuns.id, runId));
    await recordEvent(tx.db, {
      autoScrapingJobId: auto.id,
      runId,
      level: 'info',
      key: 'scraping.event.search_done',
      params: { found: found.size, new: fresh.length, queued },
    });
    await completeRunIfDone(deps, tx, runId);
  });
}

async function deferRun(
  deps: ScrapingDeps,
  autoJobId: number,
  runId: number,
  seconds: number,
  reason: 'budget' | 'rate_limited',
): Promise<void> {
  await recordEvent(deps.database.db, {
    autoScrapingJobId: autoJobId,
    runId,
    level: reason === 'rate_limited' ? 'warning' : 'info',
    key: reason === 'rate_limited' ? 'scraping.event.rate_limited' : 'scraping.event.budget_wait',
    params: { seconds },
  });
  await deps.jobs.send(SCRAPING_QUEUES.auto, { autoJobId, runId }, { startAfter: seconds });
}

async function failRun(deps: ScrapingDeps, autoJobId: number, runId: number, key: string): Promise<void> {
  await withTransaction(deps.database, async (tx) => {
    const [failed] = await tx.db
      .update(autoScrapingRuns)
      .set({ statusId: STATUS.FAILED, errorKey: key, finishedAt: deps.clock.now() })
      .where(and(eq(autoScrapingRuns.id, runId), eq(autoScrapingRuns.statusId, STATUS.RUNNING)))
      .returning({ id: autoScrapingRuns.id });
    if (failed) await recordEvent(tx.db, { autoScrapingJobId: autoJobId, runId, level: 'error', key });
  });
}

/** Runs still running whose search has not happened (their job was lost): queued again by the sweeper. */
export async function resumeStalledRuns(deps: ScrapingDeps): Promise<void> {
  const stalled = await deps.database.db
    .select({
      id: autoScrapingRuns.id,
      autoJobId: autoScrapingRuns.autoScrapingJobId,
      searchedAt: autoScrapingRuns.searchedAt,
    })
    .from(autoScrapingRuns)
    .where(
      and(
        eq(autoScrapingRuns.statusId, STATUS.RUNNING),
        sql`${autoScrapingRuns.startedAt} < ${new Date(deps.clock.now().getTime() - 60_000).toISOString()}`,
      ),
    );
  for (const run of stalled) {
    if (!run.searchedAt) {
      await deps.jobs.send(
        SCRAPING_QUEUES.auto,
        { autoJobId: run.autoJobId, runId: run.id },
        { singletonKey: `run:${run.id}`, singletonSeconds: 60 },
      );
    } else {
      await withTransaction(deps.database, (tx) => completeRunIfDone(deps, tx, run.id));
    }
  }
}
