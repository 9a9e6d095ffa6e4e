import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Routes stay thin (house rule): no route file of the API holds
 * SQL. Queries live in the services and the `*.queries.ts` files beside them, so a rule is found in
 * one place and tested without HTTP.
 */
const SQL_MARKERS = /\bdb\.|\.db\s*$|\.pool\.|sql`|from 'drizzle-orm'|withTransaction/gm;

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name.endsWith('.routes.ts') ? [full] : [];
  });
}

describe('route files', () => {
  it('hold no SQL: queries live in the services and queries beside them', () => {
    const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
    const files = routeFiles(root);
    expect(files.length).toBeGreaterThan(30);
    const offenders = files
      .map((f) => ({ file: path.relative(root, f), hits: readFileSync(f, 'utf8').match(SQL_MARKERS) }))
      .filter((o) => o.hits);
    expect(offenders).toEqual([]);
  });
});
