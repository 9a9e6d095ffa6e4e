import path from 'node:path';
import { loadConfig, loadDotEnv } from '../../config/env';
import { createStorage } from '../files';
import { createBackup } from './backup.create';
import { BackupError } from './backup.errors';
import { openDatabaseTarget } from './backup.target';

/** The default folder of a backup: `BACKUP_DIR/liberty-<UTC time>` (sorts by time). */
const defaultFolder = (backupDir: string) =>
  path.join(backupDir, `liberty-${new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, 'Z')}`);

/**
 * `npm run backup [folder]` (issue 33; docs/operations.md, "Backups and restore"): back up the
 * product's database (DATABASE_URL or the embedded one) and its stored files (local or S3) to `folder`
 * (default `BACKUP_DIR/liberty-<time>`). Exits 1 with the reason on failure.
 */
async function main() {
  loadDotEnv();
  const config = loadConfig();
  const given = process.argv[2];
  // npm runs scripts from the repository root; a relative folder is the caller's.
  const out = given
    ? path.resolve(process.env.INIT_CWD ?? process.cwd(), given)
    : defaultFolder(path.resolve(config.repoRoot, config.BACKUP_DIR));
  const target = await openDatabaseTarget(config, 'backup');
  try {
    console.log(`backing up ${target.description}`);
    await createBackup(
      {
        databaseUrl: target.url,
        storage: createStorage(config),
        pgBin: config.PG_BIN,
        log: (l) => console.log(l),
      },
      out,
    );
  } finally {
    await target.close();
  }
}

main().catch((err) => {
  console.error(err instanceof BackupError ? `backup failed: ${err.message}` : err);
  process.exit(1);
});
