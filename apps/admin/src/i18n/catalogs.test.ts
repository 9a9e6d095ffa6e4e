import {
  CAMPAIGN_STATUS_MAP,
  CONSENT_STATUSES,
  DNS_CHECK_STATUSES,
  SENDER_DOMAIN_STATUSES,
  SENDER_STATUSES,
} from '@lm/contracts/crm';
import { type Catalog, catalogProblems, flattenCatalog } from '@lm/contracts/i18n/catalog-check';
import { messageCatalogs } from '@lm/contracts/i18n/index';
import { statusLabelKey } from '@lm/ui';
import uiEn from '@lm/ui/i18n/locales/en.json';
import { describe, expect, it } from 'vitest';
import crmAr from './crm/crm-ar.json';
import crmDe from './crm/crm-de.json';
import crmEn from './crm/crm-en.json';
import crmFr from './crm/crm-fr.json';
import crmTr from './crm/crm-tr.json';
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

/** The CRM screens' catalog, loaded with those screens into the same namespace. */
const crmCatalogs: Record<string, Catalog> = { en: crmEn, fr: crmFr, de: crmDe, ar: crmAr, tr: crmTr };

describe('CRM catalogs', () => {
  for (const [language, catalog] of Object.entries(crmCatalogs)) {
    it(`${language} has every key of en, non-empty, with the same placeholders`, () => {
      expect(catalogProblems(crmEn, catalog, language)).toEqual([]);
    });
  }

  it('labels every CRM status (the badges find them in this catalog)', () => {
    const keys = flattenCatalog(crmEn);
    const labels = [
      CONSENT_STATUSES,
      SENDER_STATUSES,
      SENDER_DOMAIN_STATUSES,
      DNS_CHECK_STATUSES,
      CAMPAIGN_STATUS_MAP,
    ]
      .flat()
      .map((s) => statusLabelKey(s.label));
    const ui = flattenCatalog(uiEn);
    expect(labels.filter((k) => !keys.has(k) && !ui.has(k))).toEqual([]);
  });

  it('does not shadow keys of the back-office, apps or shared catalogs', () => {
    const mine = [...flattenCatalog(crmEn).keys()];
    const others = [flattenCatalog(en), flattenCatalog(uiEn), flattenCatalog(messageCatalogs.en as Catalog)];
    expect(mine.filter((k) => others.some((o) => o.has(k)))).toEqual([]);
  });
});
