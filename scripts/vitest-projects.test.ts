import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

/** Calls that replace a module or a global for the rest of the module graph's life. */
const MOCKING_CALL = /\bvi\.(mock|doMock|stubGlobal|stubEnv|spyOn)\(/;

/** The `MOCKING` list of vitest.config.ts (read as text: the config is not a module of this project). */
function mockingList(): string[] {
  const config = fs.readFileSync(path.join(root, 'vitest.config.ts'), 'utf8');
  const list = /export const MOCKING = \[([\s\S]*?)\];/.exec(config)?.[1] ?? '';
  return [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]!).sort();
}

describe('vitest projects', () => {
  it('runs every packages test that mocks a module or stubs a global in the isolated project, and only those', () => {
    const files = fs
      .globSync(
        [
          'packages/*/src/**/*.test.{ts,tsx}',
          'apps/web/src/**/*.test.{ts,tsx}',
          'apps/admin/src/**/*.test.{ts,tsx}',
          'scripts/*.test.ts',
          'bench/**/*.test.ts',
        ],
        { cwd: root },
      )
      .filter((file) => !file.endsWith('vitest-projects.test.ts'))
      .filter((file) => MOCKING_CALL.test(fs.readFileSync(path.join(root, file), 'utf8')))
      .sort();
    expect(files.length).toBeGreaterThan(0);
    expect(mockingList()).toEqual(files);
  });
});
