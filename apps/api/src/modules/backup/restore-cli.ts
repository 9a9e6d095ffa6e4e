import path from 'node:path';
import { loadConfig, loadDotEnv } from '../../config/env';
import { createStorage } from '../files';
import { BackupError } from './backup.errors';
import { checkBackup, restoreBackup } from './backup.restore';
import { openDatabaseTarget } from './backup.target';

/**
 * `npm run restore <folder>` (issue 33; docs/operations.md, "Backups and restore"): restore a backup
 * folder into the product's database (DATABASE_URL or the embedded one of DATA_DIR) and storage, both
 * of which must be empty. Exits 1 with the reason when refused or failed (a refusal changes nothing).
 */
async function main() {
  loadDotEnv();
  const given = process.argv[2];
  if (!given) {
    console.error('usage: npm run restore <backup folder>');
    process.exit(2);
  }
  // npm runs scripts from the repository root; a relative folder is the caller's.
  const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  const config = loadConfig();
  const log = (line: string) => console.log(line);
  // A damaged or too new backup is refused before a server is started or a folder made.
  const manifest = await checkBackup(from, log);
  const target = await openDatabaseTarget(config, 'restore');
  try {
    console.log(`restoring ${from} into ${target.description}`);
    await restoreBackup(
      { databaseUrl: target.url, storage: createStorage(config), pgBin: config.PG_BIN, log },
      from,
      manifest,
    );
  } finally {
    await target.close();
  }
}

main().catch((err) => {
  // A refusal changed nothing; a failure says itself what it left (pg_restore rolls back).
  const refused = err instanceof BackupError && !['target', 'pg_dump', 'pg_restore'].includes(err.reason);
  console.error(
    err instanceof BackupError ? `restore ${refused ? 'refused' : 'failed'}: ${err.message}` : err,
  );
  process.exit(1);
});
