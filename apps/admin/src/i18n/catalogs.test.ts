import { type Catalog, catalogProblems, flattenCatalog } from '@lm/contracts/i18n/catalog-check';
import { messageCatalogs } from '@lm/contracts/i18n/index';
import uiEn from '@lm/ui/i18n/locales/en.json';
import { describe, expect, it } from 'vitest';
import ar from './locales/ar.json';
import de from './locales/de.json';
import en from './locales/en.json';
import fr from './locales/fr.json';
import tr from './locales/tr.json';

const catalogs: Record<string, Catalog> = { en, fr, de, ar, tr };

describe('back-office catalogs', () => {
  for (const [language, catalog] of Object.entries(catalogs)) {
    it(`${language} has every key of en, non-empty, with the same placeholders`, () => {
      expect(catalogProblems(en, catalog, language)).toEqual([]);
    });
  }

  it('does not shadow keys of the apps catalog or of the shared messages', () => {
    const mine = [...flattenCatalog(en).keys()];
    const ui = flattenCatalog(uiEn);
    const shared = flattenCatalog(messageCatalogs.en as Catalog);
    expect(mine.filter((k) => ui.has(k) || shared.has(k))).toEqual([]);
  });
});
