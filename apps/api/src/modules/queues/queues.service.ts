import { JOB_STATES, type JobState } from '@lm/contracts/statuses';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import { ConflictError, NotFoundError } from '../../platform/errors';
import { type AuditActor, audit } from '../audit';

/** The monitor's state of a pg-boss row: created jobs not yet due are `scheduled`. */
const MONITOR_STATE = sql`case when state = 'created' and start_after > now() then 'scheduled' else state::text end`;

/** Rows of pg-boss's table in a monitor state. */
function inState(state: JobState) {
  if (state === 'scheduled') return sql`state = 'created' and start_after > now()`;
  if (state === 'created') return sql`state = 'created' and start_after <= now()`;
  return sql`state = ${state}::pgboss.job_state`;
}

/** A queue as the monitor shows it: pg-boss's queue settings and live counts by state. */
export interface QueueView {
  name: string;
  policy: string;
  retry_limit: number;
  counts: Record<JobState, number>;
  /** Jobs of the queue that are due or running (created + retry + active); scheduled ones are not a backlog. */
  backlog: number;
}

/**
 * Every queue pg-boss knows (`getQueues`), with counts by state read from the job table in one
 * grouped query (pg-boss's own counts are a cache refreshed by its monitor, up to an hour old).
 */
export async function listQueues(database: Database, jobs: Jobs): Promise<QueueView[]> {
  const queues = await jobs.boss.getQueues();
  const counts = await database.db.execute<{ name: string; state: JobState; count: number }>(
    sql`select name, ${MONITOR_STATE} as state, count(*)::int as count from pgboss.job group by 1, 2`,
  );
  return queues
    .map((q) => {
      const byState = Object.fromEntries(JOB_STATES.map((s) => [s, 0])) as Record<JobState, number>;
      for (const row of counts.rows) if (row.name === q.name) byState[row.state] = row.count;
      return {
        name: q.name,
        policy: q.policy ?? 'standard',
        retry_limit: q.retryLimit ?? 0,
        counts: byState,
        backlog: byState.created + byState.retry + byState.active,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** One bucket of the throughput series: jobs that completed and jobs that failed in it, all queues. */
export interface ThroughputPoint {
  at: string;
  completed: number;
  failed: number;
}

/** Windows of the throughput chart: the span and its bucket width. */
export const THROUGHPUT_WINDOWS = {
  '1h': { spanMinutes: 60, bucket: 'minute' },
  '24h': { spanMinutes: 24 * 60, bucket: 'hour' },
  '7d': { spanMinutes: 7 * 24 * 60, bucket: 'hour' },
} as const;
export type ThroughputWindow = keyof typeof THROUGHPUT_WINDOWS;

/**
 * Jobs finished per minute (window 1h) or per hour (24h, 7d) up to now, every bucket present (zero
 * when idle), counted in SQL from `completed_on` of completed and failed jobs still retained by
 * pg-boss. `queue` limits it to one queue. Times are the database's, as pg-boss stamps them (never
 * the sandbox's travelled clock).
 * @returns the series oldest first and its totals
 */
export async function throughput(
  database: Database,
  window: ThroughputWindow,
  queue?: string,
): Promise<{ bucket: 'minute' | 'hour'; points: ThroughputPoint[]; completed: number; failed: number }> {
  const { spanMinutes, bucket } = THROUGHPUT_WINDOWS[window];
  const step = bucket === 'minute' ? sql`interval '1 minute'` : sql`interval '1 hour'`;
  const unit = bucket === 'minute' ? sql.raw(`'minute'`) : sql.raw(`'hour'`);
  const count = bucket === 'minute' ? spanMinutes : spanMinutes / 60;
  const first = sql`date_trunc(${unit}, now()) - ${count - 1} * ${step}`;
  const rows = await database.db.execute<{ at: Date; completed: number; failed: number }>(sql`
    with buckets as (
      select generate_series(${first}, date_trunc(${unit}, now()), ${step}) as at
    ), done as (
      select date_trunc(${unit}, completed_on) as at,
             count(*) filter (where state = 'completed')::int as completed,
             count(*) filter (where state = 'failed')::int as failed
        from pgboss.job
       where completed_on >= ${first}
         and completed_on <= now()
         and state in ('completed', 'failed')
         ${queue ? sql`and name = ${queue}` : sql``}
       group by 1
    )
    select b.at, coalesce(d.completed, 0) as completed, coalesce(d.failed, 0) as failed
      from buckets b left join done d on d.at = b.at
     order by b.at`);
  const points = rows.rows.map((r) => ({
    at: new Date(r.at).toISOString(),
    completed: r.completed,
    failed: r.failed,
  }));
  return {
    bucket,
    points,
    completed: points.reduce((sum, p) => sum + p.completed, 0),
    failed: points.reduce((sum, p) => sum + p.failed, 0),
  };
}

/** A job as the monitor lists it: payload (`data`) and, for a failed job, pg-boss's `output` (the error). */
export interface JobView {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  output: unknown;
  error: string | null;
  retry_count: number;
  retry_limit: number;
  created_on: string;
  /** When the job becomes due (pg-boss `start_after`): in the future for a scheduled job. */
  start_after: string;
  started_on: string | null;
  completed_on: string | null;
}

const errorText = (output: unknown): string | null => {
  if (output === null || output === undefined) return null;
  if (typeof output === 'string') return output;
  const message = (output as { message?: unknown }).message;
  return typeof message === 'string' ? message : JSON.stringify(output);
};

/**
 * A page of one queue's jobs in one state, the most recently finished (or created) first.
 * @throws NotFoundError 404 when pg-boss has no queue `name`
 */
export async function listJobs(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  name: string,
  state: JobState,
  page: number,
  limit: number,
): Promise<{ rows: JobView[]; total: number }> {
  await assertQueue(deps.jobs, name);
  const where = sql`name = ${name} and ${inState(state)}`;
  const [rows, total] = await Promise.all([
    deps.database.db.execute<{
      id: string;
      name: string;
      state: JobState;
      data: unknown;
      output: unknown;
      retry_count: number;
      retry_limit: number;
      created_on: Date;
      start_after: Date;
      started_on: Date | null;
      completed_on: Date | null;
    }>(sql`select id::text, name, ${MONITOR_STATE} as state, data, output, retry_count, retry_limit,
        created_on, start_after, started_on, completed_on
      from pgboss.job where ${where}
      order by ${state === 'scheduled' ? sql`start_after asc` : sql`coalesce(completed_on, created_on) desc`}, id
      limit ${limit} offset ${(page - 1) * limit}`),
    deps.database.db.execute<{ total: number }>(
      sql`select count(*)::int as total from pgboss.job where ${where}`,
    ),
  ]);
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    rows: rows.rows.map((r) => ({
      ...r,
      error: r.state === 'failed' ? errorText(r.output) : null,
      created_on: new Date(r.created_on).toISOString(),
      start_after: new Date(r.start_after).toISOString(),
      started_on: iso(r.started_on),
      completed_on: iso(r.completed_on),
    })),
    total: total.rows[0]?.total ?? 0,
  };
}

/** pg-boss's own rule for queue names; a name outside it cannot be a queue (pg-boss would throw). */
const QUEUE_NAME = /^[\w.\-/]+$/;

/** @throws NotFoundError 404 `queues.unknown` when pg-boss has no queue `name` (or it cannot be one) */
async function assertQueue(jobs: Jobs, name: string): Promise<void> {
  if (!QUEUE_NAME.test(name) || !(await jobs.boss.getQueue(name))) throw new NotFoundError('queues.unknown');
}

async function jobState(database: Database, name: string, id: string): Promise<JobState | null> {
  const rows = await database.db.execute<{ state: JobState }>(
    sql`select ${MONITOR_STATE} as state from pgboss.job where name = ${name} and id = ${id}::uuid`,
  );
  return rows.rows[0]?.state ?? null;
}

const affected = (response: unknown) => (response as { affected?: number }).affected ?? 0;

/**
 * Retry a failed job through pg-boss (`boss.retry`: back to `retry`, one more attempt allowed),
 * audited as `queues.retry`.
 * @throws NotFoundError 404 when the queue or the job does not exist
 * @throws ConflictError 409 `queues.not_failed` when the job is not failed (only failed jobs retry)
 */
export async function retryJob(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  actor: AuditActor,
  name: string,
  id: string,
): Promise<void> {
  await assertQueue(deps.jobs, name);
  const state = await jobState(deps.database, name, id);
  if (!state) throw new NotFoundError();
  if (state !== 'failed') throw new ConflictError('queues.not_failed');
  // pg-boss's update is guarded by `state = 'failed'`: of two concurrent retries one affects the row.
  if (affected(await deps.jobs.boss.retry(name, id)) === 0) throw new ConflictError('queues.not_failed');
  await audit(deps.database, actor, {
    action: 'queues.retry',
    targetType: 'job',
    targetId: id,
    meta: { queue: name },
  });
}

/**
 * Delete a job that is not running through pg-boss (`boss.deleteJob`), audited as `queues.delete`
 * with its state and payload.
 * @throws NotFoundError 404 when the queue or the job does not exist
 * @throws ConflictError 409 `queues.job_active` while a worker holds it
 */
export async function deleteJob(
  deps: Pick<AppDeps, 'database' | 'jobs'>,
  actor: AuditActor,
  name: string,
  id: string,
): Promise<void> {
  await assertQueue(deps.jobs, name);
  const rows = await deps.database.db.execute<{ state: JobState; data: unknown }>(
    sql`select ${MONITOR_STATE} as state, data from pgboss.job where name = ${name} and id = ${id}::uuid`,
  );
  const job = rows.rows[0];
  if (!job) throw new NotFoundError();
  if (job.state === 'active') throw new ConflictError('queues.job_active');
  if (affected(await deps.jobs.boss.deleteJob(name, id)) === 0) throw new NotFoundError();
  await audit(deps.database, actor, {
    action: 'queues.delete',
    targetType: 'job',
    targetId: id,
    meta: { queue: name, state: job.state, data: job.data },
  });
}

/**
 * Queue of the sandbox probe job (outside production only): a job that fails its first `fail_times`
 * attempts with a fixed error, so the monitor's failed list and its Retry can be shown and tested
 * without breaking a real queue.
 */
export const PROBE_QUEUE = 'dev.probe';

/** The probe's handler rule: attempt `retryCount` (from 0) fails while it is below `fail_times`. */
export function probeHandler(data: { fail_times?: number }, meta: { retryCount: number }): Promise<void> {
  if (meta.retryCount < (data.fail_times ?? 0))
    return Promise.reject(new Error(`Probe attempt ${meta.retryCount + 1} failed as asked`));
  return Promise.resolve();
}

/** A queue's waiting work: jobs due and not taken, and how long the oldest has been due. */
export interface QueueWait {
  queue: string;
  /** Jobs in state `created` or `retry` whose start time has passed (not blocked by a parent job). */
  waiting: number;
  /** Seconds since the oldest of them became due (`start_after`); 0 when none waits. */
  oldestSeconds: number;
}

/**
 * Every queue pg-boss knows, with its jobs waiting (created or retry, due, not blocked) and the
 * oldest one's wait, read from pg-boss 12's tables (`pgboss.queue`, `pgboss.job`, partitioned by
 * queue; the count runs on its `job_i11` partial index of not-yet-active jobs). A job scheduled for
 * later does not wait yet (issue 33, metrics `liberty_jobs_waiting`).
 * @param db drizzle over the pool or a transaction (the metrics read runs in one with a timeout)
 */
export async function waitingJobs(db: Db): Promise<QueueWait[]> {
  const { rows } = await db.execute<{ queue: string; waiting: number; oldest_seconds: number }>(sql`
    select q.name as queue, count(j.id)::int as waiting,
           coalesce(extract(epoch from now() - min(j.start_after)), 0)::float8 as oldest_seconds
      from pgboss.queue q
      left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry')
                            and j.start_after <= now() and not j.blocked
     group by q.name
     order by q.name`);
  return rows.map((r) => ({ queue: r.queue, waiting: r.waiting, oldestSeconds: r.oldest_seconds }));
}
