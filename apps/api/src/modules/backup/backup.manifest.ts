import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { REPO_ROOT } from '../../config/env';
import { MIGRATIONS_FOLDER } from '../../db/migrate';

/** What a backup folder holds (issue 33, "Backups that restore"). */
export const MANIFEST_FILE = 'manifest.json';
export const DUMP_FILE = 'database.dump';
export const FILES_DIR = 'files';
export const BACKUP_FORMAT = 'liberty-backup/1';

const checksummed = z.object({
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

/**
 * A storage key as it may stand in a manifest: relative, `/`-separated, no empty, `.` or `..` part, so
 * that `files/<key>` stays inside the backup folder and the key inside the storage.
 */
export const storageKey = z
  .string()
  .min(1)
  .refine((key) => key.split('/').every((part) => part !== '' && part !== '.' && part !== '..'), {
    message: 'a storage key must be a relative path without . or .. parts',
  });

/** manifest.json: when, from which release and schema, and the size and SHA-256 of every file beside it. */
export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  /** ISO 8601 time the database snapshot was taken. */
  createdAt: z.string(),
  /** The release that wrote the backup: package.json's version and the git commit, when known. */
  product: z.object({ version: z.string().nullable(), commit: z.string().nullable() }),
  /** The last migration applied in the dumped snapshot (drizzle's `__drizzle_migrations`). */
  migration: z.object({
    /** The migration's name in the journal of the release that wrote it (null: not in its journal). */
    tag: z.string().nullable(),
    /** The journal's `when` (ms), which drizzle stores as `created_at` and compares to apply migrations. */
    createdAt: z.number().int(),
    hash: z.string(),
  }),
  /** The pg_dump custom-format archive of the whole database. */
  database: checksummed.extend({
    file: z.literal(DUMP_FILE),
    serverVersion: z.string(),
    pgDumpVersion: z.string(),
  }),
  storage: z.object({ driver: z.enum(['local', 's3']) }),
  /** Every stored object, its bytes under `files/<key>`. */
  files: z.array(checksummed.extend({ key: storageKey })),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** One migration of the drizzle journal (apps/api/drizzle/meta/_journal.json). */
export interface JournalEntry {
  idx: number;
  /** ms; drizzle's `created_at` for this migration once applied. */
  when: number;
  tag: string;
}

/** The committed migrations this code knows, in order. */
export function readJournal(folder = MIGRATIONS_FOLDER): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries.map(({ idx, when, tag }) => ({ idx, when, tag }));
}

/** The release running this code: the root package.json's version (if any) and the git commit (if a clone). */
export function productVersion(): Manifest['product'] {
  let version: string | null = null;
  try {
    version =
      (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version?: string })
        .version ?? null;
  } catch {
    version = null;
  }
  let commit: string | null = null;
  try {
    commit = execFileSync('git', ['-C', REPO_ROOT, 'rev-parse', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // An image or an unpacked release has no .git: the version alone then.
  }
  return { version, commit };
}

/** Size (bytes) and SHA-256 (hex) of the file at `file`, read as a stream. */
export async function checksumFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(fs.createReadStream(file), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.length;
      hash.update(chunk);
    }
  });
  return { size, sha256: hash.digest('hex') };
}

/**
 * Write `source` to `file` (folders created), answering its size and SHA-256 as written.
 */
export async function writeChecksummed(
  source: AsyncIterable<Buffer>,
  file: string,
): Promise<{ size: number; sha256: string }> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const hash = createHash('sha256');
  let size = 0;
  await pipeline(
    source,
    async function* (chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        size += chunk.length;
        hash.update(chunk);
        yield chunk;
      }
    },
    fs.createWriteStream(file, { flags: 'wx' }),
  );
  return { size, sha256: hash.digest('hex') };
}
