import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_ROOT, REPO_ROOT } from '../config/paths';

/** A product process a test started (`main.ts` or `worker.ts` from the sources, through tsx). */
export interface ProductProcess {
  child: ChildProcess;
  /** Its exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Everything it printed so far, stdout and stderr. */
  output(): string;
}

/**
 * Start `apps/api/src/<entry>` as production starts it (its own process, only `env` and PATH/HOME in
 * its environment) and wait until it printed `ready`.
 * @throws when it exits or has not printed `ready` within 120 s (its output in the message)
 */
export async function startProductProcess(
  entry: 'main.ts' | 'worker.ts',
  env: Record<string, string>,
  ready: string,
): Promise<ProductProcess> {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(API_ROOT, 'src', entry)], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (let i = 0; !output.includes(ready); i++) {
    if (child.exitCode !== null || i > 1200) {
      if (child.exitCode === null) child.kill('SIGKILL');
      throw new Error(`${entry} did not start:\n${output}`);
    }
    await sleep(100);
  }
  return { child, exited, output: () => output };
}
