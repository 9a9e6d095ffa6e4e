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
  /** The stderr lines only. */
  errLines: string[];
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
  const errLines: string[] = [];
  let done = false;
  const onData = (stream: 'out' | 'err') => {
    let rest = '';
    return (chunk: Buffer) => {
      rest += chunk.toString('utf8');
      const parts = rest.split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        lines.push(line);
        if (stream === 'err') errLines.push(line);
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
  return { name, child, lines, errLines, exited, hasExited: () => done };
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
      throw new Error(
        `${managed.name} exited before ${url} answered:\n${managed.lines.slice(-30).join('\n')}`,
      );
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
 * Stop a managed process gracefully, the way a terminal's Ctrl-C does: signal its whole process group
 * with SIGTERM (npx, the shell, tsx, the product and its embedded PostgreSQL), then wait until every
 * process of the group has exited. Signalling only the `npx` process is not enough: npm exec kills
 * its shell and exits, leaving tsx and the product orphaned and running. When the group is not gone
 * within `graceMs`, it is killed with SIGKILL.
 * @returns the exit code or signal of the spawned process, how long the group took to exit, and
 * whether it had to be killed
 */
export async function stopManaged(
  managed: Managed,
  graceMs = 20_000,
): Promise<{ exit: number | string; ms: number; forced: boolean }> {
  const started = performance.now();
  killGroup(managed, 'SIGTERM');
  let forced = false;
  if (!(await groupGone(managed, graceMs))) {
    forced = true;
    killGroup(managed, 'SIGKILL');
    await groupGone(managed, 5_000);
  }
  return { exit: await managed.exited, ms: performance.now() - started, forced };
}

/** Poll until no process of the group of `managed` is left (true) or `timeoutMs` passes (false). */
async function groupGone(managed: Managed, timeoutMs: number): Promise<boolean> {
  const pid = managed.child.pid;
  if (!pid) return true;
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    try {
      process.kill(-pid, 0);
    } catch {
      return true;
    }
    await sleep(50);
  }
  return false;
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
