/**
 * Public surface of the backup module (issue 33, "Backups that restore"): `npm run backup` and
 * `npm run restore` (backup-cli.ts, restore-cli.ts) and the restore drill use these.
 */

export { type BackupDeps, createBackup } from './backup.create';
export { BackupError, type BackupErrorReason } from './backup.errors';
export {
  BACKUP_FORMAT,
  DUMP_FILE,
  FILES_DIR,
  MANIFEST_FILE,
  type Manifest,
  readJournal,
} from './backup.manifest';
export { findPgTools, pgClientCacheDir } from './backup.pg-tools';
export { assertKnownSchema, checkBackup, readManifest, restoreBackup } from './backup.restore';
export { type DatabaseTarget, openDatabaseTarget, runningEmbeddedPort } from './backup.target';
