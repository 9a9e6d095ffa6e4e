import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { messageCatalogs } from '@lm/contracts/i18n/index';
import { MOODS, OFFER_SORTS } from '@lm/contracts/offer-terms';
import { describe, expect, it } from 'vitest';
import crmEn from '../../../../apps/admin/src/i18n/crm/crm-en.json';
import backOfficeEn from '../../../../apps/admin/src/i18n/locales/en.json';
import en from './locales/en.json';

type Catalog = { [key: string]: string | Catalog };

/** Top-level groups of the UI catalog; a string literal starting with one of them is a key. */
const GROUPS = [...new Set([...Object.keys(en), ...Object.keys(backOfficeEn), ...Object.keys(crmEn)])];
const KEY = new RegExp(`['"\`]((?:${GROUPS.join('|')})\\.[a-z0-9_]+(?:\\.[a-z0-9_]+)*)['"\`]`, 'g');
/** Keys built at run time (e.g. t(`user_types.${id}`)): every variant must exist. */
const DYNAMIC_KEYS: readonly string[] = [
  ...['1', '2', '3'].flatMap((id) => [
    `user_types.${id}`,
    `dashboard.intro_${id}`,
    `register.user_type_hint_${id}`,
  ]),
  ...['male', 'female', 'other'].map((g) => `genders.${g}`),
  ...['light', 'dark', 'bordered', 'semi-dark'].map((skin) => `ui.skins.${skin}`),
  ...['spotify', 'tiktok', 'instagram'].map((platform) => `ui.auth_panel.${platform}`),
  ...['connect', 'analyse', 'reach'].flatMap((step) => [
    `fan_finder.step_${step}_title`,
    `fan_finder.step_${step}_text`,
  ]),
  ...['super', 'regular', 'mixed', 'low'].map((band) => `fan_finder.rating_${band}`),
  ...['pending', 'analysed', 'failed', 'unavailable'].map((s) => `fan_finder.connection.sync_${s}`),
  ...['previous', 'next'].map((control) => `fan_finder.grid.${control}`),
  ...['coin_price', 'payout_rate'].flatMap((basis) => [
    `wallet.value_basis.${basis}`,
    `wallet.admin.value_basis.${basis}`,
  ]),
  ...MOODS.map((mood) => `offers.moods.${mood}`),
  ...['spotify', 'tiktok', 'instagram'].map((platform) => `offers.platforms.${platform}`),
  ...OFFER_SORTS.map((sort) => `offers.sorts.${sort}`),
  ...['who', 'data', 'purposes', 'sharing', 'retention', 'rights', 'storage'].flatMap((section) => [
    `privacy.${section}_title`,
    `privacy.${section}_text`,
  ]),
];

const root = resolve(import.meta.dirname, '../../../..');
const sources = ['packages/ui/src', 'apps/web/src', 'apps/admin/src'].map((dir) => join(root, dir));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The key is a message, or a plural message (`t(key, { count })` finds `key_one`, `key_other`...). */
function has(catalog: Catalog, key: string): boolean {
  const leaf = (k: string) => {
    let node: string | Catalog | undefined = catalog;
    for (const part of k.split('.')) {
      if (node === undefined || typeof node === 'string') return false;
      node = node[part];
    }
    return typeof node === 'string';
  };
  return leaf(key) || leaf(`${key}_other`);
}

describe('keys used in the code', () => {
  it('exist in the English UI catalog (or the back-office or shared message catalog)', () => {
    const missing: string[] = [];
    for (const file of sources.flatMap(files)) {
      for (const match of readFileSync(file, 'utf8').matchAll(KEY)) {
        const key = match[1]!;
        if (
          !has(en, key) &&
          !has(backOfficeEn, key) &&
          !has(crmEn as Catalog, key) &&
          !has(messageCatalogs.en as Catalog, key)
        )
          missing.push(`${key} (${file.slice(root.length + 1)})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('exist for every variant of the keys built at run time', () => {
    expect(DYNAMIC_KEYS.filter((key) => !has(en, key))).toEqual([]);
  });
});
