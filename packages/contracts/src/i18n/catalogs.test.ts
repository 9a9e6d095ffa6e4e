import { describe, expect, it } from 'vitest';
import ar from './ar.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import { messageCatalogs, translate } from './index';
import tr from './tr.json' with { type: 'json' };

/** The raw JSON catalogs, loaded independently of the index module's typing. */
const files: Record<'en' | 'fr' | 'de' | 'ar' | 'tr', unknown> = { en, fr, de, ar, tr };
const LANGUAGES = ['en', 'fr', 'de', 'ar', 'tr'] as const;

/** Flattens a catalog into dotted-path → value, keeping non-string leaves so they can be reported. */
function flatten(node: unknown, prefix = '', out = new Map<string, unknown>()): Map<string, unknown> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) flatten(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, node);
  }
  return out;
}

/** The distinct `{{...}}` placeholders of a message, sorted. */
function placeholders(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)].map((m) => m[1]!))].sort();
}

const english = flatten(files.en);

describe('message catalogs', () => {
  it('messageCatalogs has exactly the five languages', () => {
    expect(Object.keys(messageCatalogs).sort()).toEqual([...LANGUAGES].sort());
  });

  it('the English catalog is not empty', () => {
    expect(english.size).toBeGreaterThan(0);
  });

  describe.each(LANGUAGES)('%s', (lang) => {
    const catalog = flatten(files[lang]);

    it('has exactly the keys of the English catalog', () => {
      expect([...catalog.keys()].sort()).toEqual([...english.keys()].sort());
    });

    it('has only non-empty string values', () => {
      for (const [key, value] of catalog) {
        expect(typeof value, key).toBe('string');
        expect((value as string).trim(), key).not.toBe('');
      }
    });

    it('keeps the placeholders of the English messages', () => {
      for (const [key, value] of english) {
        const translated = catalog.get(key);
        if (typeof value !== 'string' || typeof translated !== 'string') continue;
        expect(placeholders(translated), key).toEqual(placeholders(value));
      }
    });

    it('is the catalog exported by messageCatalogs', () => {
      expect(messageCatalogs[lang]).toBe(files[lang]);
    });
  });
});

describe('translate', () => {
  it('resolves a dotted key in the requested language', () => {
    expect(translate('fr', 'common.saved')).toBe('Enregistré');
    expect(translate('en', 'validation.required')).toBe('Field is required');
  });

  it('replaces placeholders from params', () => {
    expect(translate('en', 'auth.too_many_attempts', { minutes: 15 })).toBe(
      'Too many attempts. Please try again in 15 minutes',
    );
    expect(translate('de', 'validation.file_too_large', { max: '50 MB' })).toBe(
      'Die Datei ist zu groß (max. 50 MB)',
    );
  });

  it('leaves placeholders without a parameter untouched', () => {
    expect(translate('en', 'validation.min_value')).toBe('{{value}} is min value');
    expect(translate('en', 'validation.min_value', {})).toBe('{{value}} is min value');
  });

  it('falls back to English, then to the key', () => {
    expect(translate('xx', 'common.deleted')).toBe('Deleted');
    expect(translate('tr', 'common.missing_key')).toBe('common.missing_key');
    expect(translate('en', 'common')).toBe('common');
    expect(translate('en', 'common.saved.deeper')).toBe('common.saved.deeper');
  });
});
