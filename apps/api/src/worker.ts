import { boot } from './boot';
import { loadConfig, loadDotEnv } from './config/env';
import { describeStartupFailure, onStopSignals } from './platform/startup';
import { shutdownTracing, tracingNotStartedWarning } from './platform/tracing';

/** `npm run worker`: a process that only runs jobs (needs DATABASE_URL or the embedded server of `npm start`). */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new Error(
      'npm run worker needs DATABASE_URL (the embedded PostgreSQL belongs to the npm start process)',
    );
  }
  const untraced = tracingNotStartedWarning('node --import ./dist/instrumentation.js dist/worker.js');
  if (untraced) console.warn(untraced);
  const runtime = await boot(config, { work: true, migrate: true });
  console.log('worker running');
  let stopping = false;
  // Graceful: pg-boss lets the jobs running finish (up to 10 s), then the pools close.
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping the jobs`);
    const timer = setTimeout(() => process.exit(1), 20_000);
    timer.unref();
    try {
      await runtime.stop();
      await shutdownTracing();
      console.log('worker stopped');
      process.exit(0);
    } catch (err) {
      console.error(err);
      await shutdownTracing();
      process.exit(1);
    }
  };
  onStopSignals((signal) => void shutdown(signal));
}

main().catch((err: unknown) => {
  console.error(`The worker could not start.\n${describeStartupFailure(err)}`);
  process.exit(1);
});
