import { execFile, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { BackupError } from './backup.errors';

const run = promisify(execFile);

/** pg_dump and pg_restore of one PostgreSQL release, found by {@link findPgTools}. */
export interface PgTools {
  pgDump: string;
  pgRestore: string;
  /** e.g. '18.6' */
  version: string;
  major: number;
}

/**
 * Where `npm run pg-client` (scripts/pg-client.sh) puts the client programs it builds for PostgreSQL
 * `major`: `$XDG_CACHE_HOME` or `~/.cache`, then `liberty-marketplace/postgresql-<major>/bin`.
 */
export function pgClientCacheDir(major: number): string {
  const cache = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
  return path.join(cache, 'liberty-marketplace', `postgresql-${major}`, 'bin');
}

/** The version a PostgreSQL program prints (`pg_dump (PostgreSQL) 18.6`), or null when it does not run. */
async function programVersion(program: string): Promise<{ version: string; major: number } | null> {
  try {
    const { stdout } = await run(program, ['--version']);
    const found = /\)\s+(\d+)(?:\.(\d+))?/.exec(stdout);
    return found ? { version: `${found[1]}.${found[2] ?? '0'}`, major: Number(found[1]) } : null;
  } catch {
    return null;
  }
}

/**
 * Find pg_dump and pg_restore of at least `serverMajor` (pg_dump refuses a newer server, and
 * pg_restore reads only archives of its own release or older): in `pgBin` alone when it is set (the
 * operator's choice, `PG_BIN`), else in {@link pgClientCacheDir} then on PATH.
 * @throws BackupError 'pg_tools' naming what was found and how to get the right ones
 */
export async function findPgTools(serverMajor: number, pgBin?: string): Promise<PgTools> {
  const folders = pgBin ? [pgBin] : [pgClientCacheDir(serverMajor), null];
  const seen: string[] = [];
  for (const folder of folders) {
    const pgDump = folder ? path.join(folder, 'pg_dump') : 'pg_dump';
    const pgRestore = folder ? path.join(folder, 'pg_restore') : 'pg_restore';
    const [dump, restore] = await Promise.all([programVersion(pgDump), programVersion(pgRestore)]);
    const where = folder ?? 'PATH';
    if (!dump || !restore) {
      seen.push(`${where}: no pg_dump/pg_restore`);
      continue;
    }
    if (dump.major >= serverMajor && restore.major >= serverMajor)
      return { pgDump, pgRestore, version: dump.version, major: dump.major };
    seen.push(`${where}: pg_dump ${dump.version}, pg_restore ${restore.version}`);
  }
  throw new BackupError(
    'pg_tools',
    [
      `pg_dump and pg_restore of PostgreSQL ${serverMajor} or newer are needed (the server is ${serverMajor}); found:`,
      ...seen.map((line) => `  ${line}`),
      pgBin
        ? 'Set PG_BIN to the bin folder of a newer PostgreSQL client.'
        : `Run \`npm run pg-client\` (builds them for the embedded server), or set PG_BIN to the bin folder of a PostgreSQL ${serverMajor} client.`,
    ].join('\n'),
  );
}

/**
 * The arguments and environment that point a PostgreSQL program at `url`: the URL without its
 * password as `--dbname`, the password in PGPASSWORD (so it never shows in the process list).
 */
export function connectionArgs(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    args: ['--dbname', u.toString()],
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/**
 * Run a PostgreSQL program to its end.
 * @throws BackupError `reason` with the program's last error lines when it exits non-zero
 */
export function runPgProgram(
  program: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  reason: 'pg_dump' | 'pg_restore',
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8_000);
    });
    child.on('error', (err) => reject(new BackupError(reason, `${program} could not run: ${err.message}`)));
    child.on('close', (code) => {
      if (code === 0) resolve();
      else
        reject(new BackupError(reason, `${path.basename(program)} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}
