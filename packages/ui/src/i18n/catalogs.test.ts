import { type Catalog, catalogProblems, flattenCatalog } from '@lm/contracts/i18n/catalog-check';
import { messageCatalogs } from '@lm/contracts/i18n/index';
import { describe, expect, it } from 'vitest';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import tr from './locales/tr.json';

const catalogs: Record<string, Catalog> = { en, fr, de, ar, tr };
const reference = flattenCatalog(en);

describe('UI catalogs', () => {
  for (const [language, catalog] of Object.entries(catalogs)) {
    it(`${language} has every key of en (with its language's plural forms), non-empty, same placeholders`, () => {
      expect(catalogProblems(en, catalog, language)).toEqual([]);
    });
  }

  it('does not shadow keys of the shared message catalog', () => {
    const shared = flattenCatalog(messageCatalogs.en as Catalog);
    const clashes = [...reference.keys()].filter((k) => shared.has(k));
    expect(clashes).toEqual([]);
  });

  // One word for coins per language: the product's name "Liberty Coins" aside, the UI uses
  // the same word as the shared catalog's `common.coins`.
  const others: Record<string, RegExp> = {
    en: /\b(jetons?|pièces?)\b/i,
    fr: /\bcoins?\b/i,
    de: /\b(Münzen?|Jetons?)\b/,
    ar: /(coin|Liberty(?! Music))/i,
    tr: /\bcoin\w*/i,
  };
  for (const [language, catalog] of Object.entries(catalogs)) {
    it(`${language} says coins with one word`, () => {
      const offending = [...flattenCatalog(catalog)].filter(
        ([, text]) =>
          typeof text === 'string' &&
          others[language]!.test(text.replace(/Liberty Coins|\{\{[^}]*\}\}/g, '')),
      );
      expect(offending.map(([key]) => key)).toEqual([]);
    });
  }
});
