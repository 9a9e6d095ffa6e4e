/**
 * `npm start` / `npm run build`: build a target (the two apps, the compiled API) only when its inputs
 * changed ("npm start, warm"). The inputs' content hash is kept in the target's output folder
 * (`dist/.inputs-hash`); a missing folder, a missing hash or a different hash rebuilds. Plain Node (24
 * strips the types): no transpiler starts before the product.
 *
 *   node scripts/build-if-changed.ts web admin api
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';
import { globSync } from 'tinyglobby';

/** A buildable part of the repository and the files its build reads. */
export interface Target {
  /** Globs of the build's inputs, relative to the repository root. */
  inputs: string[];
  /** Output folder (relative to the root): emptied by the build, holds the hash afterwards. */
  out: string;
  /** The build command, run from the root. */
  command: string[];
}

/** File inside a target's output folder holding the hash of the inputs it was built from. */
export const HASH_FILE = '.inputs-hash';

/** Root of the repository (scripts/ -> ..). */
const ROOT = path.resolve(import.meta.dirname, '..');

/** What both apps' Vite builds read besides their own folder. */
const SHARED_APP_INPUTS = ['packages/ui/src/**', 'packages/contracts/src/**', 'package-lock.json'];

const app = (name: 'web' | 'admin'): Target => ({
  inputs: [
    `apps/${name}/src/**`,
    `apps/${name}/{index.html,vite.config.ts,tsconfig.json,package.json}`,
    ...SHARED_APP_INPUTS,
  ],
  out: `apps/${name}/dist`,
  command: ['npm', 'run', 'build', '-w', `apps/${name}`],
});

/** The targets by name. */
export const TARGETS: Record<string, Target> = {
  web: app('web'),
  admin: app('admin'),
  api: {
    inputs: [
      'apps/api/src/**',
      'apps/api/scripts/build.ts',
      'apps/api/package.json',
      'packages/contracts/src/**',
      'package-lock.json',
    ],
    out: 'apps/api/dist',
    command: ['npm', 'run', 'build', '-w', 'apps/api'],
  },
};

/**
 * SHA-256 over the sorted relative paths and contents of every file matching `inputs` under `root`
 * (tests excluded: they are not part of a build). A renamed, added, removed or edited file changes it.
 * @returns the hex digest
 */
export function inputsHash(root: string, inputs: string[]): string {
  const files = globSync(inputs, {
    cwd: root,
    ignore: ['**/*.test.ts', '**/*.test.tsx', '**/node_modules/**'],
    dot: true,
  }).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/**
 * Build `target` unless its output folder holds the hash of the current inputs; after a successful
 * build, store that hash there. A failed build stores nothing, so the next run tries again.
 * Concurrent runs (two `npm start` at once, a test runner next to a terminal) take a lock on the output
 * folder (`<out>.lock`, proper-lockfile: refreshed while held, taken over when its holder died), and
 * check the hash again once they hold it: the second one finds the first one's build and builds nothing.
 * @param build runs the build (default: the target's command; tests pass their own)
 * @returns whether it built
 * @throws Error when the build fails, or when the lock is not free within `waitMs` (default 10 min)
 */
export async function buildIfChanged(
  root: string,
  target: Target,
  build: (target: Target) => void | Promise<void> = runCommand,
  waitMs = 600_000,
): Promise<boolean> {
  const hash = inputsHash(root, target.inputs);
  const hashFile = path.join(root, target.out, HASH_FILE);
  const builtHash = () => (fs.existsSync(hashFile) ? fs.readFileSync(hashFile, 'utf8').trim() : null);
  if (builtHash() === hash) return false;
  const outDir = path.join(root, target.out);
  fs.mkdirSync(path.dirname(outDir), { recursive: true });
  const release = await lockfile.lock(outDir, {
    realpath: false,
    lockfilePath: `${outDir}.lock`,
    retries: { retries: Math.ceil(waitMs / 500), factor: 1, minTimeout: 500, maxTimeout: 500 },
  });
  try {
    if (builtHash() === hash) return false;
    await build(target);
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(hashFile, `${hash}\n`);
    return true;
  } finally {
    await release();
  }
}

/**
 * Run the target's command from the repository root, its output on this terminal. Always a production
 * build: Vite follows NODE_ENV, so a build started from a test runner (NODE_ENV=test) or a development
 * shell would otherwise ship React's development bundle, and the stored hash would keep it. Asynchronous,
 * so the build lock keeps being refreshed while it runs.
 */
function runCommand(target: Target): Promise<void> {
  const [command, ...args] = target.command;
  return new Promise((resolve, reject) => {
    const child = spawn(command!, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${target.command.join(' ')} failed (${code ?? signal})`));
    });
  });
}

if (import.meta.main) {
  const names = process.argv.slice(2);
  for (const name of names) {
    const target = TARGETS[name];
    if (!target) {
      console.error(`Unknown build target ${name} (known: ${Object.keys(TARGETS).join(', ')})`);
      process.exit(2);
    }
    try {
      if (!(await buildIfChanged(ROOT, target))) console.log(`${target.out} is up to date`);
    } catch (err) {
      console.error((err as Error).message);
      process.exit(1);
    }
  }
}
