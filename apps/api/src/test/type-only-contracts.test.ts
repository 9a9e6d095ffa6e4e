import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The answer shapes of the wallet, payout, back-office user, staff, Fan Finder, connection, notification,
 * ticket, session, playlist form and web vitals calls are zod schemas the API runs; the apps need only their types. A value
 * import of one of these files would put zod and every schema of the file into the app's bundle (the
 * login route has a size budget), so the apps import them with `import type` / `export type` only.
 */
const SHAPE_FILES = [
  'wallet',
  'payouts',
  'admin-users',
  'fan-finder-api',
  'pagination',
  'staff',
  'connections',
  'notifications',
  'tickets-api',
  'sessions',
  'forms-api',
  'results',
  'results-share',
  'campaign-checks',
  'web-vitals',
];
const IMPORT = new RegExp(
  String.raw`\b(import|export)(\s+type)?\s*\{[^}]*\}\s*from\s*'@lm/contracts/(${SHAPE_FILES.join('|')})'`,
  'g',
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

describe('apps and shared UI', () => {
  it('import the calls’ answer shapes as types only', () => {
    const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');
    const files = ['apps/web/src', 'apps/admin/src', 'packages/ui/src'].flatMap((d) =>
      sources(path.join(root, d)),
    );
    expect(files.length).toBeGreaterThan(100);
    const imports = files.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(IMPORT)].map((m) => ({
        file: path.relative(root, f),
        typeOnly: m[2] !== undefined,
        from: m[3],
      })),
    );
    // The apps do read these shapes (so the rule is not vacuous)...
    expect(imports.length).toBeGreaterThan(3);
    // ...and only as types.
    expect(imports.filter((i) => !i.typeOnly)).toEqual([]);
  });
});
