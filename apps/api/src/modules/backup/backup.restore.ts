import fs from 'node:fs';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import pg from 'pg';
import type { BackupDeps } from './backup.create';
import { BackupError } from './backup.errors';
import {
  checksumFile,
  DUMP_FILE,
  FILES_DIR,
  MANIFEST_FILE,
  type Manifest,
  manifestSchema,
  readJournal,
} from './backup.manifest';
import { connectionArgs, findPgTools, runPgProgram } from './backup.pg-tools';

/** Names listed in a message before "and N more". */
const LISTED = 5;
const listed = (names: string[]) =>
  names.length > LISTED
    ? `${names.slice(0, LISTED).join(', ')} and ${names.length - LISTED} more`
    : names.join(', ');

/**
 * Read and validate `dir`'s manifest.json.
 * @throws BackupError 'not_a_backup'
 */
export function readManifest(dir: string): Manifest {
  const file = path.join(dir, MANIFEST_FILE);
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new BackupError(
      'not_a_backup',
      `${dir} is not a backup: ${file} cannot be read (${(err as Error).message}).`,
    );
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw new BackupError(
      'not_a_backup',
      `${file} is not a manifest this release reads: ${parsed.error.issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.')}: ${i.message}`)
        .join('; ')}.`,
    );
  return parsed.data;
}

/**
 * Check every file the manifest lists (the dump and each stored file) against its size and SHA-256.
 * @throws BackupError 'checksum' naming the files that differ or are missing
 */
async function verifyChecksums(dir: string, manifest: Manifest): Promise<void> {
  const expected = [
    {
      name: DUMP_FILE,
      file: path.join(dir, DUMP_FILE),
      size: manifest.database.size,
      sha256: manifest.database.sha256,
    },
    ...manifest.files.map((f) => ({
      name: `${FILES_DIR}/${f.key}`,
      file: path.join(dir, FILES_DIR, ...f.key.split('/')),
      size: f.size,
      sha256: f.sha256,
    })),
  ];
  const bad: string[] = [];
  for (const entry of expected) {
    const actual = await checksumFile(entry.file).catch(() => null);
    if (!actual) bad.push(`${entry.name} (missing)`);
    else if (actual.size !== entry.size || actual.sha256 !== entry.sha256)
      bad.push(`${entry.name} (checksum differs)`);
  }
  if (bad.length > 0)
    throw new BackupError(
      'checksum',
      `The backup in ${dir} is damaged: ${listed(bad)}. Nothing was restored; use another copy of the backup.`,
    );
}

/**
 * Refuse a backup whose schema this code does not know: its last migration must be in this code's
 * journal (apps/api/drizzle/meta/_journal.json). A later one means a newer release wrote it; restore
 * it with that release (then upgrade or not), never with this one, which would run against a schema it
 * does not know.
 * @throws BackupError 'newer_schema'
 */
export function assertKnownSchema(manifest: Manifest, journal = readJournal()): void {
  if (journal.some((m) => m.when === manifest.migration.createdAt)) return;
  const last = journal.at(-1);
  const name = manifest.migration.tag ?? `applied at ${manifest.migration.createdAt}`;
  throw new BackupError(
    'newer_schema',
    last && manifest.migration.createdAt > last.when
      ? `The backup's schema is newer than this release: its last migration (${name}) comes after this release's last (${last.tag}). Restore it with the release that wrote it${manifest.product.commit ? ` (commit ${manifest.product.commit})` : ''}.`
      : `The backup's last migration (${name}) is not one of this release's migrations. Restore it with the release that wrote it.`,
  );
}

/**
 * Refuse a target database holding anything of its own: any table, view or sequence outside the
 * system schemas, or any schema besides `public` (the product's `drizzle` and `pgboss` ones included).
 * @throws BackupError 'database_not_empty'
 */
async function assertEmptyDatabase(client: pg.Client): Promise<void> {
  const relations = await client.query<{ name: string }>(
    `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1`,
  );
  const schemas = await client.query<{ name: string }>(
    `select nspname as name from pg_namespace
      where nspname not in ('public', 'information_schema') and nspname not like 'pg\\_%' order by 1`,
  );
  if (relations.rows.length === 0 && schemas.rows.length === 0) return;
  const db = (await client.query<{ db: string }>('select current_database() as db')).rows[0]!.db;
  const holds = [
    ...(relations.rows.length > 0
      ? [`${relations.rows.length} tables, views or sequences (${listed(relations.rows.map((r) => r.name))})`]
      : []),
    ...(schemas.rows.length > 0 ? [`the schemas ${listed(schemas.rows.map((r) => r.name))}`] : []),
  ];
  throw new BackupError(
    'database_not_empty',
    `The target database ${db} is not empty: it holds ${holds.join(' and ')}. Restore only into a new, empty database (createdb, or a new DATA_DIR for the embedded one); nothing was changed.`,
  );
}

/**
 * Refuse a storage that holds any object.
 * @throws BackupError 'storage_not_empty'
 */
async function assertEmptyStorage(storage: BackupDeps['storage']): Promise<void> {
  const found: string[] = [];
  for await (const key of storage.list()) {
    found.push(key);
    if (found.length > LISTED) break;
  }
  if (found.length === 0) return;
  const where = storage.localRoot ?? 'the S3 bucket (S3_BUCKET)';
  throw new BackupError(
    'storage_not_empty',
    `The target storage ${where} is not empty (${listed(found)}). Restore only into an empty folder or bucket; nothing was changed.`,
  );
}

/**
 * The checks of a backup folder that need no target: its manifest, every file's size and SHA-256, its
 * schema against this code's journal. `npm run restore` runs them before it starts or touches a server.
 * @returns the manifest
 * @throws BackupError 'not_a_backup', 'checksum', 'newer_schema'
 */
export async function checkBackup(
  dir: string,
  log: (line: string) => void = () => undefined,
): Promise<Manifest> {
  const manifest = readManifest(dir);
  log(`checking ${manifest.files.length + 1} files of the backup of ${manifest.createdAt}`);
  await verifyChecksums(dir, manifest);
  assertKnownSchema(manifest);
  return manifest;
}

/**
 * `npm run restore <backup>` (issue 33): restore the backup folder `dir` into an empty database and an
 * empty storage. Everything is checked before anything is written: the manifest, every file's size and
 * SHA-256, the schema version against this code's journal, the pg_restore version, that the database
 * and the storage are empty. Then pg_restore in one transaction (`--single-transaction
 * --exit-on-error`, `--no-owner --no-acl --no-comments`: the connecting role owns what it restores), an
 * ANALYZE, and the files are written through the storage.
 * @param checked the manifest {@link checkBackup} answered for `dir` just before (the checks are then
 *   not repeated)
 * @returns the backup's manifest
 * @throws BackupError 'not_a_backup', 'checksum', 'newer_schema', 'pg_tools', 'database_not_empty',
 *   'storage_not_empty' (refused: nothing written), 'pg_restore' (the transaction rolled back: nothing
 *   written), or the storage's own error while writing the files (the database is then restored)
 */
export async function restoreBackup(
  deps: BackupDeps,
  dirInput: string,
  checked?: Manifest,
): Promise<Manifest> {
  const log = deps.log ?? (() => undefined);
  const dir = path.resolve(dirInput);
  const manifest = checked ?? (await checkBackup(dir, log));

  const client = new pg.Client({ connectionString: deps.databaseUrl });
  await client.connect().catch((err: Error) => {
    throw new BackupError('target', `The target database cannot be reached: ${err.message}`);
  });
  let tools: Awaited<ReturnType<typeof findPgTools>>;
  try {
    const num = (await client.query<{ num: string }>("select current_setting('server_version_num') as num"))
      .rows[0]!.num;
    const dumpMajor = Number(manifest.database.pgDumpVersion.split('.')[0]);
    tools = await findPgTools(Math.max(Math.floor(Number(num) / 10_000), dumpMajor), deps.pgBin);
    await assertEmptyDatabase(client);
    await assertEmptyStorage(deps.storage);

    log(`restoring the database (pg_restore ${tools.version})`);
    const target = connectionArgs(deps.databaseUrl);
    await runPgProgram(
      tools.pgRestore,
      [
        '--single-transaction',
        '--exit-on-error',
        '--no-owner',
        '--no-acl',
        '--no-comments',
        ...target.args,
        path.join(dir, DUMP_FILE),
      ],
      target.env,
      'pg_restore',
    );
    await client.query('analyze');
  } finally {
    await client.end();
  }

  log(`writing ${manifest.files.length} files to the storage (${deps.storage.driver})`);
  for (const f of manifest.files) {
    const bytes = await fs.promises.readFile(path.join(dir, FILES_DIR, ...f.key.split('/')));
    const type = await fileTypeFromBuffer(bytes);
    await deps.storage.put(f.key, bytes, type?.mime ?? 'application/octet-stream');
  }
  log('restored');
  return manifest;
}
