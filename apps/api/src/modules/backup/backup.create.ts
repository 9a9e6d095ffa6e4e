import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Storage } from '../files';
import { BackupError } from './backup.errors';
import {
  BACKUP_FORMAT,
  checksumFile,
  DUMP_FILE,
  FILES_DIR,
  MANIFEST_FILE,
  type Manifest,
  manifestSchema,
  productVersion,
  readJournal,
  storageKey,
  writeChecksummed,
} from './backup.manifest';
import { connectionArgs, findPgTools, runPgProgram } from './backup.pg-tools';

/** What a backup or a restore works on. */
export interface BackupDeps {
  /** The product's database (a superuser or its owner). */
  databaseUrl: string;
  /** The product's file storage (`createStorage(config)`): local uploads or the S3 bucket. */
  storage: Storage;
  /** `PG_BIN`: the folder of pg_dump/pg_restore to use (default: {@link findPgTools}'s search). */
  pgBin?: string;
  /** Progress lines for the operator (default: none). */
  log?: (line: string) => void;
}

/** Whether `dir` is missing or an empty folder. */
function isFreeFolder(dir: string): boolean {
  try {
    return fs.readdirSync(dir).length === 0;
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return true;
    throw err;
  }
}

/**
 * `npm run backup` (issue 33): write a backup of the database and the stored files to the folder
 * `outDir` (missing or empty), as `database.dump` (pg_dump custom format), `files/<key>` and
 * `manifest.json` (time, release, last migration, size and SHA-256 of each file). It is written to
 * `<outDir>.partial` and renamed at the end, so a folder under its final name is always complete.
 *
 * Consistency: the dump is one snapshot, exported from a repeatable-read transaction
 * (`pg_export_snapshot`) that also reads the migration version, so both describe the same moment. The
 * files are copied after the dump. The product never deletes a stored file, so every file the snapshot
 * refers to is still there; a file uploaded meanwhile is copied too and is an unreferenced extra after a
 * restore (docs/decisions.md, "Backups that restore").
 * @returns the folder written and its manifest
 * @throws BackupError 'target' (outDir not empty, no migrated database), 'pg_tools', 'pg_dump'
 */
export async function createBackup(
  deps: BackupDeps,
  outDir: string,
): Promise<{ dir: string; manifest: Manifest }> {
  const log = deps.log ?? (() => undefined);
  const dir = path.resolve(outDir);
  if (!isFreeFolder(dir))
    throw new BackupError('target', `${dir} is not empty: give a new folder for the backup.`);
  const partial = `${dir}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });

  const client = new pg.Client({ connectionString: deps.databaseUrl });
  await client.connect();
  let migration: Manifest['migration'];
  let serverVersion: string;
  let pgDumpVersion: string;
  let createdAt: string;
  try {
    const versions = await client.query<{ num: string; version: string }>(
      "select current_setting('server_version_num') as num, current_setting('server_version') as version",
    );
    serverVersion = versions.rows[0]!.version.split(' ')[0]!;
    const tools = await findPgTools(Math.floor(Number(versions.rows[0]!.num) / 10_000), deps.pgBin);
    pgDumpVersion = tools.version;

    await client.query('begin isolation level repeatable read read only');
    const snapshot = (
      await client.query<{ id: string; now: Date }>('select pg_export_snapshot() as id, now()')
    ).rows[0]!;
    createdAt = snapshot.now.toISOString();
    const applied = await client
      .query<{ hash: string; created_at: string }>(
        'select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1',
      )
      .catch(() => ({ rows: [] }));
    const last = applied.rows[0];
    if (!last)
      throw new BackupError(
        'target',
        'The database has no migration applied: there is no product database to back up.',
      );
    const when = Number(last.created_at);
    migration = {
      tag: readJournal().find((m) => m.when === when)?.tag ?? null,
      createdAt: when,
      hash: last.hash,
    };

    log(`dumping the database (PostgreSQL ${serverVersion}, pg_dump ${tools.version})`);
    const target = connectionArgs(deps.databaseUrl);
    await runPgProgram(
      tools.pgDump,
      [
        '--format=custom',
        `--snapshot=${snapshot.id}`,
        '--file',
        path.join(partial, DUMP_FILE),
        ...target.args,
      ],
      target.env,
      'pg_dump',
    );
  } finally {
    await client.query('rollback').catch(() => undefined);
    await client.end();
  }

  log(`copying the stored files (${deps.storage.driver})`);
  const files: Manifest['files'] = [];
  for await (const key of deps.storage.list()) {
    // A key the product never writes (a shared bucket, `a/../../x`) must not lead outside the folder.
    if (!storageKey.safeParse(key).success) {
      throw new BackupError(
        'target',
        `The storage holds a file whose key is not a plain path: ${JSON.stringify(key)}.`,
      );
    }
    const stream = await deps.storage.read(key);
    if (!stream) continue; // Listed, then gone: nothing to copy.
    const written = await writeChecksummed(stream, path.join(partial, FILES_DIR, ...key.split('/')));
    files.push({ key, ...written });
  }
  files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

  const manifest = manifestSchema.parse({
    format: BACKUP_FORMAT,
    createdAt,
    product: productVersion(),
    migration,
    database: {
      file: DUMP_FILE,
      ...(await checksumFile(path.join(partial, DUMP_FILE))),
      serverVersion,
      pgDumpVersion,
    },
    storage: { driver: deps.storage.driver },
    files,
  } satisfies Manifest);
  fs.writeFileSync(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.renameSync(partial, dir);
  log(`backup written to ${dir}: database ${manifest.database.size} bytes, ${files.length} files`);
  return { dir, manifest };
}
