import path from 'node:path';
import { loadConfig, loadDotEnv } from '../config/env';
import { seedReference } from '../seed/reference';
import { createDatabase } from './client';
import { ensureDatabase } from './ensure';
import { runMigrations } from './migrate';

/** `npm run db:migrate`: apply committed migrations and reference data to DATABASE_URL or the embedded server. */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  let url = config.DATABASE_URL;
  // The embedded server's package is loaded only without DATABASE_URL (the image has no binaries for it).
  const embedded = url
    ? null
    : await (await import('./embedded')).startEmbeddedPostgres(
        path.join(config.dataDir, 'pg'),
        config.EMBEDDED_PG_PORT,
      );
  if (embedded) {
    await ensureDatabase(embedded.url('postgres'), 'liberty');
    url = embedded.url('liberty');
  }
  const database = createDatabase(url!);
  await runMigrations(database);
  await seedReference(database);
  await database.pool.end();
  await embedded?.stop();
  console.log('migrations applied');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
