import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** Root of the monorepo (bench/ -> ..). */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..');

/** Ask the kernel for a free TCP port on 127.0.0.1 (released again before returning). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** A child process started by the bench, with its captured output. */
export interface Managed {
  /** Short name used to prefix forwarded output. */
  name: string;
  child: ChildProcess;
  /** Every stdout/stderr line so far. */
  lines: string[];
  /** Resolves with the exit code (or signal name) once the process has exited. */
  exited: Promise<number | string>;
  /** Whether the process has exited. */
  hasExited(): boolean;
}

/**
 * Spawn `command args` from the repository root in its own process group, capturing its output
 * line by line. Lines matching `echo` are forwarded to the console, prefixed with `[name]`.
 */
export function startManaged(
  name: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  echo: RegExp,
): Managed {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const lines: string[] = [];
  let done = false;
  const onData = (stream: 'out' | 'err') => {
    let rest = '';
    return (chunk: Buffer) => {
      rest += chunk.toString('utf8');
      const parts = rest.split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (stream === 'err' || echo.test(line)) console.log(`  [${name}] ${line}`);
      }
    };
  };
  child.stdout?.on('data', onData('out'));
  child.stderr?.on('data', onData('err'));
  const exited = new Promise<number | string>((resolve) => {
    child.on('exit', (code, signal) => {
      done = true;
      resolve(code ?? signal ?? 'unknown');
    });
    child.on('error', (err) => {
      done = true;
      lines.push(String(err));
      resolve('spawn-error');
    });
  });
  return { name, child, lines, exited, hasExited: () => done };
}

/**
 * Poll `url` until it answers HTTP 200.
 * @returns milliseconds since `since` (a `performance.now()` value) when the first 200 arrived
 * @throws Error when the process exits first or `timeoutMs` passes
 */
export async function waitFor200(
  managed: Managed,
  url: string,
  since: number,
  timeoutMs: number,
): Promise<number> {
  const deadline = since + timeoutMs;
  while (performance.now() < deadline) {
    if (managed.hasExited()) {
      throw new Error(`${managed.name} exited before ${url} answered:\n${managed.lines.slice(-30).join('\n')}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // Not listening yet.
    }
    await sleep(25);
  }
  throw new Error(`${managed.name}: ${url} did not answer 200 within ${timeoutMs} ms`);
}

/**
 * Stop a managed process gracefully: SIGTERM to the process itself (npx and tsx forward it to the
 * product, which closes Fastify, pg-boss, the pool and the embedded PostgreSQL), then wait for the exit.
 * When it does not exit within `graceMs`, the whole process group is killed with SIGKILL.
 * @returns the exit code or signal, and whether the group had to be killed
 */
export async function stopManaged(
  managed: Managed,
  graceMs = 20_000,
): Promise<{ exit: number | string; forced: boolean }> {
  if (managed.hasExited()) return { exit: await managed.exited, forced: false };
  managed.child.kill('SIGTERM');
  const timer = sleep(graceMs).then(() => 'timeout' as const);
  const first = await Promise.race([managed.exited, timer]);
  if (first !== 'timeout') return { exit: first, forced: false };
  killGroup(managed, 'SIGKILL');
  return { exit: await managed.exited, forced: true };
}

/** Send `signal` to the process group of `managed` (ignored when it is already gone). */
export function killGroup(managed: Managed, signal: NodeJS.Signals): void {
  const pid = managed.child.pid;
  if (!pid) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Group already gone.
  }
}

/**
 * Wait until the embedded PostgreSQL of `pgDir` has stopped: its `postmaster.pid` is gone
 * (PostgreSQL removes it on a clean shutdown) and nothing listens on `port`.
 * @returns whether it stopped within `timeoutMs`
 */
export async function waitPostgresStopped(pgDir: string, port: number, timeoutMs = 15_000): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (!fs.existsSync(path.join(pgDir, 'postmaster.pid')) && !(await isListening(port))) return true;
    await sleep(100);
  }
  return false;
}

/** Whether something accepts TCP connections on 127.0.0.1:`port`. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}
