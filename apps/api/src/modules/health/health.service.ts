import { databaseAnswers } from '../../db/client';
import { migrationState } from '../../db/migrate';
import type { AppDeps } from '../../platform/app';

/** How long readiness waits for the database before calling it down (ms): a probe must answer. */
const READY_TIMEOUT_MS = 2_000;

/** Readiness of one instance: each check's state, and whether all pass. */
export interface Readiness {
  ready: boolean;
  /** `ok` when `select 1` answers within the timeout. */
  database: 'ok' | 'down';
  /**
   * `ok` when every migration shipped with this code is applied (a newer schema, migrated by a newer
   * release first, is `ok` too), `behind` when one is missing, `unknown` when it could not be read.
   */
  migrations: 'ok' | 'behind' | 'unknown';
  /** `ok` while pg-boss runs in this process. */
  jobs: 'ok' | 'down';
  /** `draining` once a stop signal arrived (graceful shutdown: the load balancer stops routing here). */
  serving: 'ok' | 'draining';
}

/** `promise`'s value, or `fallback` when it fails or takes longer than {@link READY_TIMEOUT_MS}. */
function within<T>(promise: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), READY_TIMEOUT_MS);
  });
  return Promise.race([promise.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance may take traffic (issue 33, `/api/health/ready`): the database answers, the
 * schema is at the version this code expects (db/migrate.ts `migrationState`), the job system runs, and
 * the process is not draining (platform/lifecycle.ts).
 * Each database check gives up after 2 s (a full pool or a hung server reads as down). Never throws.
 */
export async function readiness(deps: Pick<AppDeps, 'database' | 'jobs' | 'lifecycle'>): Promise<Readiness> {
  const [answers, migrations] = await Promise.all([
    within(databaseAnswers(deps.database), false),
    within<Readiness['migrations']>(
      migrationState(deps.database).then((m) => (m.state === 'behind' ? 'behind' : 'ok')),
      'unknown',
    ),
  ]);
  const database = answers ? 'ok' : 'down';
  const jobs = deps.jobs.isRunning() ? 'ok' : 'down';
  const serving = deps.lifecycle.draining ? 'draining' : 'ok';
  return {
    ready: database === 'ok' && migrations === 'ok' && jobs === 'ok' && serving === 'ok',
    database,
    migrations,
    jobs,
    serving,
  };
}
