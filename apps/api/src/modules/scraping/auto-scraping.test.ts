import { setTimeout as sleep } from 'node:timers/promises';
import { SCRAPING_JOB_STATUS as STATUS } from '@lm/contracts/scraping';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobs, type Jobs } from '../../jobs/jobs';
import { createAdminTestApp } from '../../test/admin-app';
import type { TestContext } from '../../test/harness';
import { processAutoRun } from './auto-scraping.service';
import { scrapingJobDefinitions } from './scraping.jobs';
import { autoScrapingRuns, scrapingEvents, scrapingJobs, scrapingKeywords } from './scraping.schema';
import { runJobToEnd } from './scraping.test-helpers';
import { SCRAPING_QUEUES } from './scraping.worker';

let ctx: TestContext;
let token: string;

beforeAll(async () => {
  ({ ctx, token } = await createAdminTestApp({ env: { SPOTIFY_CALLS_PER_MINUTE: '100000' } }));
});
afterAll(() => ctx.close());

const body = (keyword: string, extra: Record<string, unknown> = {}) => ({
  keyword,
  cron: '0 3 * * *',
  enabled: true,
  max_playlists: 4,
  ...extra,
});

/** Play the auto queue's job for a run, then every scraping job it queued, to the end. */
async function playRun(autoJobId: number, runId: number) {
  await processAutoRun(ctx.deps, { autoJobId, runId });
  const jobs = await ctx.deps.database.db
    .select()
    .from(scrapingJobs)
    .where(eq(scrapingJobs.autoRunId, runId));
  for (const job of jobs) await runJobToEnd(ctx.deps, job.id);
  const [run] = await ctx.deps.database.db
    .select()
    .from(autoScrapingRuns)
    .where(eq(autoScrapingRuns.id, runId));
  return { run: run!, jobs };
}

describe('auto-scraping jobs', () => {
  it('refuses a schedule more often than hourly, an unreadable one and a keyword already searched', async () => {
    const often = await ctx.call('POST', '/api/admin/scraping/auto-jobs', {
      token,
      body: body('lofi study', { cron: '*/10 * * * *' }),
    });
    expect(often.statusCode).toBe(422);
    expect(often.json().errors).toEqual({ cron: ['Runs must be at least 60 minutes apart'] });
    const unreadable = await ctx.call('POST', '/api/admin/scraping/auto-jobs', {
      token,
      body: body('lofi study', { cron: '99 * * * *' }),
    });
    expect(unreadable.json().errors).toEqual({
      cron: ['Not a valid schedule (cron: minute hour day month weekday, UTC)'],
    });
    const created = await ctx.call('POST', '/api/admin/scraping/auto-jobs', {
      token,
      body: body('Lofi Study'),
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ keyword: 'Lofi Study', enabled: true, runs: 0 });
    expect(new Date(created.json().data.next_run_at).getUTCHours()).toBe(3);
    const twice = await ctx.call('POST', '/api/admin/scraping/auto-jobs', {
      token,
      body: body('lofi study'),
    });
    expect(twice.json().errors).toEqual({ keyword: ['An auto-scraping job already searches this keyword'] });
    // The schedule follows the switch.
    const id = created.json().data.id;
    expect(
      (await ctx.deps.jobs.boss.getSchedules(SCRAPING_QUEUES.auto, String(id))).map((s) => s.cron),
    ).toEqual(['0 3 * * *']);
    const off = await ctx.call('PUT', `/api/admin/scraping/auto-jobs/${id}`, {
      token,
      body: body('Lofi Study', { enabled: false }),
    });
    expect(off.json().data).toMatchObject({ enabled: false, next_run_at: null });
    expect(await ctx.deps.jobs.boss.getSchedules(SCRAPING_QUEUES.auto, String(id))).toEqual([]);
  });

  it('stores found playlists as keywords, scrapes the unprocessed ones, and a second run adds nothing new', async () => {
    const created = await ctx.call('POST', '/api/admin/scraping/auto-jobs', {
      token,
      body: body('dream pop nights'),
    });
    const autoJobId = created.json().data.id as number;
    const started = await ctx.call('POST', `/api/admin/scraping/auto-jobs/${autoJobId}/run`, { token });
    expect(started.statusCode, started.body).toBe(200);
    const busy = await ctx.call('POST', `/api/admin/scraping/auto-jobs/${autoJobId}/run`, { token });
    expect(busy.statusCode).toBe(409);
    const first = await playRun(autoJobId, started.json().data.run_id);
    expect(first.jobs).toHaveLength(4);
    expect(first.run).toMatchObject({
      statusId: STATUS.COMPLETED,
      playlistsFound: 4,
      playlistsNew: 4,
      jobsCreated: 4,
    });
    const added =
      first.jobs.length > 0
        ? await Promise.all(
            first.jobs.map(
              async (j) =>
                (await ctx.deps.database.db.select().from(scrapingJobs).where(eq(scrapingJobs.id, j.id)))[0]!,
            ),
          )
        : [];
    expect(first.run.artistsNew).toBe(added.reduce((sum, j) => sum + j.artistsNew, 0));
    expect(first.run.curatorsNew).toBe(added.reduce((sum, j) => sum + j.curatorsNew, 0));
    expect(first.run.artistsNew).toBeGreaterThan(0);
    const keywords = await ctx.deps.database.db
      .select()
      .from(scrapingKeywords)
      .where(eq(scrapingKeywords.autoScrapingJobId, autoJobId));
    expect(keywords.every((k) => k.processed && k.url.startsWith('https://open.spotify.com/playlist/'))).toBe(
      true,
    );
    const leadsOfRun = await ctx.call('GET', `/api/admin/scraping/runs/${first.run.id}/leads?limit=100`, {
      token,
    });
    expect(leadsOfRun.json().pagination.total).toBe(first.run.artistsNew + first.run.curatorsNew);

    const again = await ctx.call('POST', `/api/admin/scraping/auto-jobs/${autoJobId}/run`, { token });
    const second = await playRun(autoJobId, again.json().data.run_id);
    expect(second.jobs).toHaveLength(0);
    expect(second.run).toMatchObject({
      statusId: STATUS.COMPLETED,
      playlistsFound: 4,
      playlistsNew: 0,
      jobsCreated: 0,
      artistsNew: 0,
      curatorsNew: 0,
    });
    const runs = (await ctx.call('GET', `/api/admin/scraping/auto-jobs/${autoJobId}/runs`, { token })).json();
    expect(runs.data.map((r: { id: number }) => r.id)).toEqual([second.run.id, first.run.id]);
    const view = (await ctx.call('GET', `/api/admin/scraping/auto-jobs/${autoJobId}`, { token })).json().data;
    expect(view).toMatchObject({ runs: 2, running: false, playlists_found: 4, playlists_processed: 4 });
  });

  it('runs a schedule slot once with two workers, and a duplicated delivery of the slot does nothing', async () => {
    const created = await ctx.call('POST', '/api/admin/scraping/auto-jobs', {
      token,
      body: body('synthwave drive', { enabled: false }),
    });
    const autoJobId = created.json().data.id as number;
    await ctx.call('PUT', `/api/admin/scraping/auto-jobs/${autoJobId}`, {
      token,
      body: body('synthwave drive'),
    });
    // The same slot delivered twice at once (what two workers would do without pg-boss's singleton slot).
    const createdOn = new Date('2030-05-01T03:00:20Z');
    await Promise.all([
      processAutoRun(ctx.deps, { autoJobId }, { id: 'a', retryCount: 0, createdOn }),
      processAutoRun(ctx.deps, { autoJobId }, { id: 'b', retryCount: 0, createdOn }),
    ]);
    const slotRuns = await ctx.deps.database.db
      .select()
      .from(autoScrapingRuns)
      .where(
        and(
          eq(autoScrapingRuns.autoScrapingJobId, autoJobId),
          eq(autoScrapingRuns.slot, new Date('2030-05-01T03:00:00Z')),
        ),
      );
    expect(slotRuns).toHaveLength(1);
    // A later slot while that run is still running is skipped, and logged.
    await processAutoRun(
      ctx.deps,
      { autoJobId },
      { id: 'c', retryCount: 0, createdOn: new Date('2030-05-01T04:00:05Z') },
    );
    const skipped = await ctx.deps.database.db
      .select()
      .from(scrapingEvents)
      .where(
        and(
          eq(scrapingEvents.autoScrapingJobId, autoJobId),
          eq(scrapingEvents.eventKey, 'scraping.event.slot_skipped'),
        ),
      );
    expect(skipped).toHaveLength(1);

    // Two real workers (pg-boss instances) on the same database, a schedule due every second.
    await ctx.deps.database.db
      .update(autoScrapingRuns)
      .set({ statusId: STATUS.COMPLETED })
      .where(eq(autoScrapingRuns.autoScrapingJobId, autoJobId));
    const url = ctx.deps.config.DATABASE_URL!;
    const workers: Jobs[] = [];
    try {
      for (let i = 0; i < 2; i += 1) {
        const jobs = createJobs(url, { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 });
        await jobs.start();
        const deps = { ...ctx.deps, jobs, clock: { now: () => new Date() } };
        await jobs.register(
          scrapingJobDefinitions(deps).filter((d) => d.name === SCRAPING_QUEUES.auto),
          true,
        );
        workers.push(jobs);
      }
      await workers[0]!.boss.schedule(
        SCRAPING_QUEUES.auto,
        '* * * * * *',
        { autoJobId },
        { key: String(autoJobId), tz: 'UTC' },
      );
      const scheduled = async () =>
        (
          await ctx.deps.database.db
            .select()
            .from(autoScrapingRuns)
            .where(
              and(
                eq(autoScrapingRuns.autoScrapingJobId, autoJobId),
                eq(autoScrapingRuns.trigger, 'schedule'),
              ),
            )
        ).filter((r) => r.slot!.getTime() > Date.now() - 3_600_000);
      for (let i = 0; i < 100 && (await scheduled()).length === 0; i += 1) await sleep(200);
      await sleep(3_000);
      const runs = await scheduled();
      expect(runs.length).toBeGreaterThanOrEqual(1);
      expect(new Set(runs.map((r) => r.slot!.toISOString())).size).toBe(runs.length);
      // pg-boss forwards each due occurrence through its send-it queue, filed under the minute slot it
      // was due in: two workers' passes must file one per slot. (Counting the delivered jobs per minute
      // of creation was wrong: a pass running late sends the missed slot and the current one in the
      // same minute, two slots, as CI on a loaded machine showed.)
      const forwarded = await ctx.deps.database.pool.query<{ slot: Date; n: number }>(
        `select singleton_on as slot, count(*)::int as n from pgboss.job
          where name = '__pgboss__send-it' and data->>'name' = $1 and data->>'key' = $2 group by 1`,
        [SCRAPING_QUEUES.auto, String(autoJobId)],
      );
      expect(forwarded.rows.length).toBeGreaterThanOrEqual(1);
      for (const row of forwarded.rows) expect(row.n).toBe(1);
      const delivered = await ctx.deps.database.pool.query<{ n: number }>(
        `select count(*)::int as n from pgboss.job
          where name = $1 and data->>'autoJobId' = $2 and data->>'runId' is null`,
        [SCRAPING_QUEUES.auto, String(autoJobId)],
      );
      expect(delivered.rows[0]!.n).toBeLessThanOrEqual(forwarded.rows.length);
    } finally {
      await workers[0]?.boss.unschedule(SCRAPING_QUEUES.auto, String(autoJobId));
      for (const jobs of workers) await jobs.stop();
    }
  });
});
