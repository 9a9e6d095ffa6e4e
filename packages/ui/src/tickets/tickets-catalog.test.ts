import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Catalog, catalogProblems, flattenCatalog } from '@lm/contracts/i18n/catalog-check';
import { messageCatalogs } from '@lm/contracts/i18n/index';
import { ADMIN_PERMISSIONS } from '@lm/contracts/permissions';
import { describe, expect, it } from 'vitest';
import ar from './locales/tickets-ar.json';
import de from './locales/tickets-de.json';
import en from './locales/tickets-en.json';
import fr from './locales/tickets-fr.json';
import tr from './locales/tickets-tr.json';

const catalogs: Record<string, Catalog> = { en, fr, de, ar, tr };
const root = resolve(import.meta.dirname, '../../../..');
const SOURCES = [
  'packages/ui/src/tickets',
  'apps/web/src/routes/tickets',
  'apps/admin/src/routes/tickets',
  'apps/admin/src/routes/dev-mailbox',
].map((d) => join(root, d));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('ticket screens catalog', () => {
  for (const [language, catalog] of Object.entries(catalogs)) {
    it(`${language} has every key of en, non-empty, with the same placeholders`, () => {
      expect(catalogProblems(en, catalog, language)).toEqual([]);
    });
  }

  it('every tickets.* key the screens use exists (screens namespace or the shared messages)', () => {
    const mine = flattenCatalog(en);
    const shared = flattenCatalog(messageCatalogs.en as Catalog);
    const used = new Set<string>();
    for (const file of SOURCES.flatMap(files)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/['"`](?:tickets:)?(tickets\.[a-z0-9_]+)['"`]/g))
        used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(50);
    // Permission names (tickets.add, tickets.show...) are not texts.
    const permissions = new Set<string>(ADMIN_PERMISSIONS);
    expect([...used].filter((k) => !permissions.has(k) && !mine.has(k) && !shared.has(k))).toEqual([]);
  });
});
