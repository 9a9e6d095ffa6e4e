/**
 * Why a backup or a restore stopped. The restore refusals (checked before anything is written):
 * - `not_a_backup`: no readable manifest.json of this format in the folder;
 * - `checksum`: a file's size or SHA-256 differs from the manifest, or it is missing;
 * - `newer_schema`: the backup's last migration is not in this code's journal (a newer release wrote it);
 * - `database_not_empty`, `storage_not_empty`: the target already holds data;
 * - `pg_tools`: no pg_dump/pg_restore of the server's version.
 * The others (`target`, `pg_dump`, `pg_restore`) say which step failed.
 */
export type BackupErrorReason =
  | 'not_a_backup'
  | 'checksum'
  | 'newer_schema'
  | 'database_not_empty'
  | 'storage_not_empty'
  | 'pg_tools'
  | 'target'
  | 'pg_dump'
  | 'pg_restore';

/** A backup or restore that stopped, with a message meant for the operator (issue 33). */
export class BackupError extends Error {
  constructor(
    readonly reason: BackupErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}
