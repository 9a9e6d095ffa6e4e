import {
  type ConstructorOptions,
  PgBoss,
  type QueuePolicy,
  type SendOptions,
  type WorkHandler,
} from 'pg-boss';
import { type Tx, writeLaterStatement } from '../db/client';
import type { Metrics } from '../platform/metrics';
import { runJobInSpan, withJobTraceContext } from '../platform/tracing';

/** A job handler registered by a module: queue name, handler, queue options. */
export interface JobDefinition<T extends object = object> {
  name: string;
  handler: (data: T, meta: JobMeta) => Promise<void>;
  /** Retries with exponential backoff; a handler must be safe to run twice. */
  retryLimit?: number;
  /** Optional cron schedule (UTC), e.g. '0 3 * * *'. */
  cron?: string;
  /**
   * Queue options beyond retries: the policy (e.g. `stately` with singleton keys), how long a job may
   * stay active, and a heartbeat (a worker that dies stops beating and its job is retried at once
   * rather than after `expireInSeconds`).
   */
  queue?: { policy?: QueuePolicy; expireInSeconds?: number; heartbeatSeconds?: number };
  /** Jobs of this queue one process runs at the same time (default 1). */
  concurrency?: number;
  /**
   * Seconds a worker waits between fetches (default 1, pg-boss's minimum 0.5): a worker that finished a
   * job sooner waits the rest before the next fetch, which sets the pace of many short jobs.
   */
  pollingIntervalSeconds?: number;
}

/** What a handler knows about the job it runs. */
export interface JobMeta {
  id: string;
  retryCount: number;
  /** When pg-boss created the job (a cron occurrence's job is created in its minute). */
  createdOn?: Date;
}

/**
 * The job system: pg-boss on the application database (schema `pgboss`). `send` with a transaction
 * enqueues inside it, so a job exists exactly when the business change committed.
 */
export interface Jobs {
  boss: PgBoss;
  start(): Promise<void>;
  /** Register every module's queues; workers run only when `work` is true. */
  register(definitions: JobDefinition[], work: boolean): Promise<void>;
  /**
   * Enqueue `data` on queue `name`. With `tx`, the insert runs on the transaction's connection. With
   * tracing on, the sender's trace context rides in the data (`_trace`, removed before the handler
   * runs) and the job's run is a span in that trace (platform/tracing).
   * @returns the job id, or null when a singleton key suppressed it.
   */
  send(name: string, data: object, options?: SendOptions, tx?: Tx): Promise<string | null>;
  /**
   * Enqueue `jobs` on queue `name` with the transaction's other queued writes (`writeLaterStatement`:
   * pg-boss's own insert, prepared once per connection, one statement for all of them, sent with the
   * next flush or the COMMIT): they exist exactly when the transaction commits, as with
   * {@link Jobs.send}, without a round trip of their own. Their ids are not known; a singleton key
   * that suppresses one suppresses it silently. Not for jobs that later statements of the same
   * transaction read (`cancelPendingJobs`).
   * @param jobs each job's data, seconds from now (`startAfter`) and singleton key
   */
  sendLater(
    tx: Tx,
    name: string,
    jobs: readonly { data: object; startAfter: number; singletonKey: string }[],
  ): Promise<void>;
  /**
   * Cancel jobs of queue `name` by id through pg-boss (`boss.cancel`: jobs not yet completed become
   * `cancelled`); with `tx`, inside that transaction.
   * @returns how many jobs were cancelled
   */
  cancel(name: string, ids: string[], tx?: Tx): Promise<number>;
  /**
   * Stop fetching jobs (graceful shutdown, issue 33): this process's workers take no new job; the
   * promise resolves once the jobs they are running have finished. Sending jobs still works.
   */
  stopWorking(): Promise<void>;
  /** Stop pg-boss: let running jobs finish (up to 10 s), then close its pool. */
  stop(): Promise<void>;
  isRunning(): boolean;
}

/** pg-boss's `db` option running its SQL on a transaction's connection. */
function onTx(tx?: Tx) {
  return tx ? { executeSql: (text: string, values?: unknown[]) => tx.client.query(text, values) } : undefined;
}

/** Retries of a queue whose definition names none (with exponential backoff from 5 s). */
export const DEFAULT_RETRY_LIMIT = 5;

/**
 * Create the job system on `connectionString` (schema `pgboss`).
 * @param options pg-boss timings (tests shorten the cron pass intervals)
 * @param metrics counts each job this process runs, by queue and outcome, with its run time (issue 33)
 */
export function createJobs(
  connectionString: string,
  options: Pick<ConstructorOptions, 'cronMonitorIntervalSeconds' | 'cronWorkerIntervalSeconds'> = {},
  metrics?: Pick<Metrics, 'observeJob'>,
): Jobs {
  const boss = new PgBoss({
    connectionString,
    schema: 'pgboss',
    application_name: 'liberty-jobs',
    max: 5,
    ...options,
  });
  let running = false;
  /** Queues this process works on (`register` with `work`). */
  const worked: string[] = [];
  boss.on('error', (err) => {
    if ((err as { code?: string }).code === '57P01') return; // server shutting down
    console.error('pg-boss error', err instanceof Error ? err.message : err);
  });
  return {
    boss,
    async start() {
      await boss.start();
      running = true;
    },
    async register(definitions, work) {
      for (const def of definitions) {
        await boss.createQueue(def.name, {
          retryLimit: def.retryLimit ?? DEFAULT_RETRY_LIMIT,
          retryBackoff: true,
          retryDelay: 5,
          ...def.queue,
        });
        if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
        if (work) {
          worked.push(def.name);
          const handler: WorkHandler<object> = async (jobs) => {
            for (const job of jobs) {
              const { createdOn } = job as { createdOn?: Date };
              const meta = { id: job.id, retryCount: job.retryCount, createdOn };
              const traced = { queue: def.name, id: job.id, retryCount: job.retryCount, data: job.data };
              const run = (data: object) => def.handler(data, meta);
              if (!metrics) {
                await runJobInSpan(traced, run);
                continue;
              }
              const started = performance.now();
              try {
                await runJobInSpan(traced, run);
                metrics.observeJob(def.name, 'completed', performance.now() - started);
              } catch (err) {
                metrics.observeJob(def.name, 'failed', performance.now() - started);
                throw err;
              }
            }
          };
          await boss.work(
            def.name,
            {
              pollingIntervalSeconds: def.pollingIntervalSeconds ?? 1,
              includeMetadata: true,
              localConcurrency: def.concurrency ?? 1,
            },
            handler,
          );
        }
      }
    },
    send(name, data, options = {}, tx) {
      const db = onTx(tx);
      return boss.send(name, withJobTraceContext(data), { ...options, ...(db ? { db } : {}) });
    },
    async sendLater(tx, name, jobs) {
      if (jobs.length === 0) return;
      // pg-boss builds its insert for the queue (table, policy, defaults) and hands it to this `db`,
      // which queues it; the job rows are pg-boss's, as `send` writes them.
      const db = {
        executeSql: (text: string, values?: unknown[]) => {
          writeLaterStatement(tx, text, values ?? []);
          return Promise.resolve({ rows: [] });
        },
      };
      await boss.insert(
        name,
        jobs.map((job) => ({
          data: withJobTraceContext(job.data),
          startAfter: String(job.startAfter),
          singletonKey: job.singletonKey,
        })),
        { db },
      );
    },
    async cancel(name, ids, tx) {
      if (ids.length === 0) return 0;
      const db = onTx(tx);
      const result = await boss.cancel(name, ids, db ? { db } : {});
      return (result as { affected?: number }).affected ?? 0;
    },
    async stopWorking() {
      await Promise.all(worked.map((name) => boss.offWork(name, { wait: true })));
    },
    async stop() {
      if (!running) return;
      running = false;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
    isRunning: () => running,
  };
}
