import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A domain's hooks are found by name: `apps/<app>/src/hooks/use-<domain>.ts` (and its tests), like the
 * shared hooks of `@lm/ui` (`tickets/use-tickets.ts`, `notifications/use-notifications.ts`).
 */
describe('hook files', () => {
  it('are named use-<domain>.ts', () => {
    const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../..');
    const files = ['apps/web/src/hooks', 'apps/admin/src/hooks'].flatMap((d) =>
      readdirSync(path.join(root, d)).map((f) => `${d}/${f}`),
    );
    expect(files.length).toBeGreaterThan(20);
    expect(files.filter((f) => !/\/use-[a-z0-9]+(?:-[a-z0-9]+)*(?:\.test)?\.tsx?$/.test(f))).toEqual([]);
  });
});
