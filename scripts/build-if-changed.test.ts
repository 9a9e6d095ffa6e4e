import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged, HASH_FILE, TARGETS, type Target } from './build-if-changed.ts';

/** A miniature repository: one app and a shared package, built by a fake build that counts its runs. */
let root: string;
let builds: number;
const target: Target = {
  inputs: ['apps/web/src/**', 'apps/web/index.html', 'packages/ui/src/**', 'package-lock.json'],
  out: 'apps/web/dist',
  command: ['unused'],
};
/** Like `vite build`: empties the output folder and writes the app into it. */
const fakeBuild = () => {
  builds += 1;
  const out = path.join(root, target.out);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, 'index.html'), `<html>build ${builds}</html>`);
};
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'lm-build-if-changed-'));
  builds = 0;
  write('apps/web/src/main.tsx', 'export const a = 1;');
  write('apps/web/src/screens/home.tsx', 'export const b = 2;');
  write('apps/web/index.html', '<div id="root"></div>');
  write('packages/ui/src/index.ts', 'export const ui = 1;');
  write('package-lock.json', '{}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

describe('buildIfChanged: build an app only when its inputs changed (npm start warm)', () => {
  it('builds when the output folder is missing, then skips while nothing changed', async () => {
    expect(await buildIfChanged(root, target, fakeBuild)).toBe(true);
    expect(fs.existsSync(path.join(root, target.out, HASH_FILE))).toBe(true);
    expect(await buildIfChanged(root, target, fakeBuild)).toBe(false);
    expect(await buildIfChanged(root, target, fakeBuild)).toBe(false);
    expect(builds).toBe(1);
  });

  it('rebuilds when one input file changes, in the app or in a shared package', async () => {
    await buildIfChanged(root, target, fakeBuild);
    write('apps/web/src/screens/home.tsx', 'export const b = 3;');
    expect(await buildIfChanged(root, target, fakeBuild)).toBe(true);
    expect(await buildIfChanged(root, target, fakeBuild)).toBe(false);
    write('packages/ui/src/index.ts', 'export const ui = 2;');
    expect(await buildIfChanged(root, target, fakeBuild)).toBe(true);
    write('package-lock.json', '{"lockfileVersion":3}');
    expect(await buildIfChanged(root, target, fakeBuild)).toBe(true);
    expect(builds).toBe(4);
  });

  it('rebuilds when a file is added or renamed, not when only a test file changes', async () => {
    await buildIfChanged(root, target, fakeBuild);
    fs.renameSync(path.join(root, 'apps/web/src/main.tsx'), path.join(root, 'apps/web/src/entry.tsx'));
    expect(await buildIfChanged(root, target, fakeBuild)).toBe(true);
    write('apps/web/src/new.tsx', '');
    expect(await buildIfChanged(root, target, fakeBuild)).toBe(true);
    write('apps/web/src/screens/home.test.tsx', 'it("x", () => {});');
    expect(await buildIfChanged(root, target, fakeBuild)).toBe(false);
    expect(builds).toBe(3);
  });

  it('rebuilds when the output folder was removed, and after a failed build', async () => {
    await buildIfChanged(root, target, fakeBuild);
    fs.rmSync(path.join(root, target.out), { recursive: true });
    expect(await buildIfChanged(root, target, fakeBuild)).toBe(true);
    write('apps/web/src/main.tsx', 'syntax error(');
    const failing = () => {
      fakeBuild();
      fs.rmSync(path.join(root, target.out), { recursive: true });
      throw new Error('vite build failed');
    };
    await expect(buildIfChanged(root, target, failing)).rejects.toThrow('vite build failed');
    // No hash was stored for the failed inputs: the same inputs are built again.
    expect(await buildIfChanged(root, target, fakeBuild)).toBe(true);
    expect(builds).toBe(4);
  });

  it('builds once when several starts ask at once: the others wait for the lock and find the build', async () => {
    const slowBuild = async () => {
      await new Promise((r) => setTimeout(r, 300));
      fakeBuild();
    };
    const results = await Promise.all([1, 2, 3, 4].map(() => buildIfChanged(root, target, slowBuild)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(builds).toBe(1);
    expect(fs.existsSync(path.join(root, `${target.out}.lock`))).toBe(false);
  });

  it('releases the lock after a failed build, so the next start builds', async () => {
    const failing = async () => {
      throw new Error('vite build failed');
    };
    await expect(buildIfChanged(root, target, failing)).rejects.toThrow('vite build failed');
    expect(await buildIfChanged(root, target, fakeBuild)).toBe(true);
  });

  it('covers every input of the real apps: their sources, Vite config, shared packages and the lockfile', () => {
    for (const name of ['web', 'admin'] as const) {
      const inputs = TARGETS[name]!.inputs;
      expect(inputs).toEqual(
        expect.arrayContaining([
          `apps/${name}/src/**`,
          'packages/ui/src/**',
          'packages/contracts/src/**',
          'package-lock.json',
        ]),
      );
      expect(inputs.some((g) => g.includes('vite.config.ts') && g.includes('index.html'))).toBe(true);
    }
  });
});
