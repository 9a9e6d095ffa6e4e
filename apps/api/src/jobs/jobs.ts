import { PgBoss, type SendOptions, type WorkHandler } from 'pg-boss';
import type { Tx } from '../db/client';

/** A job handler registered by a module: queue name, handler, queue options. */
export interface JobDefinition<T extends object = object> {
  name: string;
  handler: (data: T, meta: { id: string; retryCount: number }) => Promise<void>;
  /** Retries with exponential backoff; a handler must be safe to run twice. */
  retryLimit?: number;
  /** Optional cron schedule (UTC), e.g. '0 3 * * *'. */
  cron?: string;
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
   * Enqueue `data` on queue `name`. With `tx`, the insert runs on the transaction's connection.
   * @returns the job id, or null when a singleton key suppressed it.
   */
  send(name: string, data: object, options?: SendOptions, tx?: Tx): Promise<string | null>;
  /**
   * Cancel jobs of queue `name` by id through pg-boss (`boss.cancel`: jobs not yet completed become
   * `cancelled`); with `tx`, inside that transaction.
   * @returns how many jobs were cancelled
   */
  cancel(name: string, ids: string[], tx?: Tx): Promise<number>;
  stop(): Promise<void>;
  isRunning(): boolean;
}

/** pg-boss's `db` option running its SQL on a transaction's connection. */
function onTx(tx?: Tx) {
  return tx ? { executeSql: (text: string, values?: unknown[]) => tx.client.query(text, values) } : undefined;
}

/** Retries of a queue whose definition names none (with exponential backoff from 5 s). */
export const DEFAULT_RETRY_LIMIT = 5;

/** Create the job system on `connectionString` (schema `pgboss`). */
export function createJobs(connectionString: string): Jobs {
  const boss = new PgBoss({ connectionString, schema: 'pgboss', application_name: 'liberty-jobs', max: 5 });
  let running = false;
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
        });
        if (def.cron) await boss.schedule(def.name, def.cron, {}, { tz: 'UTC' });
        if (work) {
          const handler: WorkHandler<object> = async (jobs) => {
            for (const job of jobs) await def.handler(job.data, { id: job.id, retryCount: job.retryCount });
          };
          await boss.work(def.name, { pollingIntervalSeconds: 1 }, handler);
        }
      }
    },
    send(name, data, options = {}, tx) {
      const db = onTx(tx);
      return boss.send(name, data, { ...options, ...(db ? { db } : {}) });
    },
    async cancel(name, ids, tx) {
      if (ids.length === 0) return 0;
      const db = onTx(tx);
      const result = await boss.cancel(name, ids, db ? { db } : {});
      return (result as { affected?: number }).affected ?? 0;
    },
    async stop() {
      if (!running) return;
      running = false;
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
    isRunning: () => running,
  };
}
