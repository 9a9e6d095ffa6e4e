import { boot } from './boot';
import { loadConfig, loadDotEnv } from './config/env';
import { describeStartupFailure } from './platform/startup';

/** `npm run worker`: a process that only runs jobs (needs DATABASE_URL or the embedded server of `npm start`). */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  if (!config.DATABASE_URL) {
    throw new Error(
      'npm run worker needs DATABASE_URL (the embedded PostgreSQL belongs to the npm start process)',
    );
  }
  const runtime = await boot(config, { work: true, migrate: true });
  console.log('worker running');
  const shutdown = async () => {
    await runtime.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((err: unknown) => {
  console.error(`The worker could not start.\n${describeStartupFailure(err)}`);
  process.exit(1);
});
