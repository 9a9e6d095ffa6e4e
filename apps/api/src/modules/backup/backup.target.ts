import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config/env';
import { ensureDatabase } from '../../db/ensure';
import { BackupError } from './backup.errors';

/** The product's database for a backup or restore command, and how to let go of it. */
export interface DatabaseTarget {
  url: string;
  /** Where it is, for the operator (never the password). */
  description: string;
  close(): Promise<void>;
}

/** The embedded database's name (boot.ts). */
const EMBEDDED_DATABASE = 'liberty';
const embeddedUrl = (port: number, database: string) =>
  `postgres://postgres:postgres@127.0.0.1:${port}/${database}`;

/**
 * The port of the PostgreSQL server running on data directory `dir` (the product's, started by
 * `npm start`), read from its `postmaster.pid` (line 4), or null when none runs there.
 */
export function runningEmbeddedPort(dir: string): number | null {
  let lines: string[];
  try {
    lines = fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!(pid > 0 && port > 0)) return null;
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as { code?: string }).code !== 'EPERM') return null;
  }
  return port;
}

/**
 * The database `npm run backup` / `npm run restore` work on (issue 33):
 * - with DATABASE_URL, that server (the operator's; it must be running);
 * - else the embedded server of `$DATA_DIR/pg`: when the product runs, its server (read from the
 *   data directory's `postmaster.pid`); otherwise the command starts it for its own use and stops it
 *   at the end. The product must not be started while a command holds it (its start would stop the
 *   server). A restore into a new DATA_DIR initialises the server and creates the database.
 * @throws BackupError 'target' when a backup finds no embedded database
 */
export async function openDatabaseTarget(
  config: Config,
  purpose: 'backup' | 'restore',
): Promise<DatabaseTarget> {
  if (config.DATABASE_URL) {
    const u = new URL(config.DATABASE_URL);
    return { url: config.DATABASE_URL, description: `${u.host}${u.pathname}`, close: async () => undefined };
  }
  const dir = path.join(config.dataDir, 'pg');
  const running = runningEmbeddedPort(dir);
  if (running) {
    if (purpose === 'restore') await ensureDatabase(embeddedUrl(running, 'postgres'), EMBEDDED_DATABASE);
    return {
      url: embeddedUrl(running, EMBEDDED_DATABASE),
      description: `the running embedded PostgreSQL (${dir}, port ${running})`,
      close: async () => undefined,
    };
  }
  if (purpose === 'backup' && !fs.existsSync(path.join(dir, 'PG_VERSION')))
    throw new BackupError(
      'target',
      `There is no embedded database in ${dir} (DATA_DIR=${config.DATA_DIR}) and DATABASE_URL is not set: nothing to back up.`,
    );
  // Loaded only here: the image has no embedded PostgreSQL binaries, and the package looks for them
  // as soon as it is imported.
  const { startEmbeddedPostgres } = await import('../../db/embedded');
  const server = await startEmbeddedPostgres(dir, config.EMBEDDED_PG_PORT);
  try {
    await ensureDatabase(server.url('postgres'), EMBEDDED_DATABASE);
  } catch (err) {
    await server.stop();
    throw err;
  }
  return {
    url: server.url(EMBEDDED_DATABASE),
    description: `the embedded PostgreSQL of ${dir} (started for this command)`,
    close: () => server.stop(),
  };
}
