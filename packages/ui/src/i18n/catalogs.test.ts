import { messageCatalogs } from '@lm/contracts/i18n/index';
import { describe, expect, it } from 'vitest';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import tr from './locales/tr.json';

type Catalog = { [key: string]: string | Catalog };

function leaves(catalog: Catalog, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalog)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
}

const catalogs: Record<string, Catalog> = { en, fr, de, ar, tr };
const reference = leaves(en);

describe('UI catalogs', () => {
  for (const [language, catalog] of Object.entries(catalogs)) {
    if (language === 'en') continue;
    const keys = leaves(catalog);

    it(`${language} has every key of en and no other`, () => {
      const missing = [...reference.keys()].filter((k) => !keys.has(k));
      const extra = [...keys.keys()].filter((k) => !reference.has(k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it(`${language} keeps the placeholders of every message and leaves none empty`, () => {
      for (const [key, text] of reference) {
        const translated = keys.get(key) ?? '';
        expect(translated.trim(), `${language}:${key} is empty`).not.toBe('');
        expect(placeholders(translated), `${language}:${key}`).toEqual(placeholders(text));
      }
    });
  }

  it('does not shadow keys of the shared message catalog', () => {
    const shared = leaves(messageCatalogs.en as Catalog);
    const clashes = [...reference.keys()].filter((k) => shared.has(k));
    expect(clashes).toEqual([]);
  });
});
