import {
  ALL_PERMISSIONS,
  AUDIT_ACTIONS,
  AUDIT_TARGETS,
  PERMISSION_GROUPS,
  permissionSlug,
} from '@lm/contracts';
import { registerFormatters } from '@lm/contracts/format';
import messagesAr from '@lm/contracts/i18n/ar.json';
import messagesEn from '@lm/contracts/i18n/en.json';
import uiAr from '@lm/ui/i18n/locales/ar.json';
import uiEn from '@lm/ui/i18n/locales/en.json';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  auditTargetText,
  DEFAULT_ROLE_KEYS,
  permissionDescription,
  permissionLabel,
  roleLabel,
  SETTING_LABEL_KEYS,
} from './labels';
import ar from './locales/ar.json';
import en from './locales/en.json';

/** An i18next instance set up like the back-office's: ui, then its own catalog, then shared messages. */
const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  ns: ['ui', 'backoffice', 'messages'],
  defaultNS: 'ui',
  fallbackNS: ['backoffice', 'messages'],
  resources: {
    en: { ui: uiEn, backoffice: en, messages: messagesEn },
    ar: { ui: uiAr, backoffice: ar, messages: messagesAr },
  },
  interpolation: { escapeValue: false },
});
registerFormatters(i18n);
const t = i18n.t;
const tAr = i18n.getFixedT('ar');
const has = (key: string) => i18n.exists(key, { lng: 'en' });

describe('human words for stored codes in the back-office', () => {
  it('every audit action and target kind has a label', () => {
    expect(AUDIT_ACTIONS.filter((a) => !has(`staff.logs.actions.${a}`))).toEqual([]);
    expect(AUDIT_TARGETS.filter((k) => !has(`staff.logs.targets.${k}`))).toEqual([]);
    expect(Object.values(SETTING_LABEL_KEYS).filter((k) => !has(k))).toEqual([]);
  });

  it('every permission and every screen of the role editor has a label', () => {
    expect(ALL_PERMISSIONS.filter((p) => !has(`staff.permissions.${permissionSlug(p)}`))).toEqual([]);
    expect(
      [...PERMISSION_GROUPS.map((g) => g.group), 'other'].filter((g) => !has(`staff.permission_groups.${g}`)),
    ).toEqual([]);
    expect(new Set(ALL_PERMISSIONS.map(permissionSlug)).size).toBe(ALL_PERMISSIONS.length);
    expect(Object.values(DEFAULT_ROLE_KEYS).filter((k) => !has(k))).toEqual([]);
  });

  it('every permission has a name and a description in the five languages', async () => {
    const catalogs = {
      en,
      ar,
      fr: (await import('./locales/fr.json')).default,
      de: (await import('./locales/de.json')).default,
      tr: (await import('./locales/tr.json')).default,
    };
    for (const [lang, catalog] of Object.entries(catalogs)) {
      const staff = catalog.staff as {
        permissions: Record<string, string>;
        permission_descriptions: Record<string, string>;
      };
      const lacking = ALL_PERMISSIONS.filter((p) => {
        const slug = permissionSlug(p);
        return !staff.permissions[slug]?.trim() || !staff.permission_descriptions[slug]?.trim();
      });
      expect({ lang, lacking }).toEqual({ lang, lacking: [] });
      if (lang !== 'en') {
        const copied = ALL_PERMISSIONS.filter((p) => {
          const slug = permissionSlug(p);
          return staff.permission_descriptions[slug] === en.staff.permission_descriptions[slug as never];
        });
        expect({ lang, copied }).toEqual({ lang, copied: [] });
      }
    }
    expect(permissionDescription('CHANGE_STATUS', t)).toBe(
      'Moves a playlist form to another status, for example Completed.',
    );
  });

  it('writes codes as words, in Arabic too, and falls back to the code', () => {
    expect(auditActionLabel('auth.2fa_disabled', t)).toBe('Two-step sign-in turned off');
    expect(auditActionLabel('legacy.thing', t)).toBe('legacy.thing');
    expect(auditTargetText('setting', 'platform_fee_percent', t)).toBe('Setting: Platform fee');
    expect(auditTargetText('user', '12', t)).toBe('User #12');
    expect(auditTargetText(null, null, t)).toBe('—');
    expect(permissionLabel('view.main.queue.horizon.tab.list', t)).toMatch(/^Open the Queue monitor/);
    expect(permissionLabel('ROLES_VIEW_LIST', t)).toBe('See the list of roles');
    expect(permissionLabel('made.up', t)).toBe('made.up');
    expect(roleLabel('Super Admin', t)).toBe('Super Admin');
    expect(roleLabel('Night shift', t)).toBe('Night shift');
    expect(roleLabel('Curator', tAr)).toBe('منسّق');
    expect(auditActionLabel('auth.2fa_disabled', tAr)).toBe('إيقاف تسجيل الدخول بخطوتين');
    expect(auditTargetText('setting', 'platform_fee_percent', tAr)).toBe('إعداد: عمولة المنصة');
  });

  it('counts permissions with the Arabic plural forms', () => {
    expect([1, 2, 3, 11, 100].map((count) => tAr('staff.roles.permission_count', { count }))).toEqual([
      'صلاحية واحدة',
      'صلاحيتان',
      '3 صلاحيات',
      '11 صلاحيةً',
      '100 صلاحية',
    ]);
  });
});
