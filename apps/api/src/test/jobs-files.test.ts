import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A module's background work is found in one place: every queue it defines (name, handler, retries,
 * schedule) lives in `<module>.jobs.ts` beside its index.ts, and `jobs/definitions.ts` gathers one
 * function per such file. A file defines a job when its code (comments aside) writes a job handler
 * (`handler:` or `handler(`, a key only job definitions use in the modules) or starts a pg-boss worker
 * itself (`.work(`).
 */
const JOB_MARKERS = /\bhandler\s*:|\bhandler\(|\.work\(/;

const MODULES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../modules');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The code of a file without its comments, so prose about a handler is not taken for one. */
function code(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
}

describe('job files', () => {
  const files = sourceFiles(MODULES).map((f) => path.relative(MODULES, f));

  it('each module defines its jobs in <module>.jobs.ts and nowhere else', () => {
    const defining = files.filter((f) => JOB_MARKERS.test(code(path.join(MODULES, f))));
    // The modules with background work today, so a marker that stopped matching is noticed.
    expect(defining.length).toBeGreaterThan(10);
    const offenders = defining.filter((f) => {
      const [module] = f.split(path.sep);
      return f !== path.join(module!, `${module}.jobs.ts`);
    });
    expect(offenders).toEqual([]);
  });

  it('names a jobs file after its module', () => {
    const misnamed = files.filter((f) => {
      const [module] = f.split(path.sep);
      return f.endsWith('.jobs.ts') && f !== path.join(module!, `${module}.jobs.ts`);
    });
    expect(misnamed).toEqual([]);
  });
});
