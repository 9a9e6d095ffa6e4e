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
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  auditActionLabel,
  auditTargetText,
  DEFAULT_ROLE_KEYS,
  permissionLabel,
  roleLabel,
  SETTING_LABEL_KEYS,
  WISE_STATES,
  wiseStateLabel,
} from './labels';
import ar from './locales/ar.json';
import en from './locales/en.json';

/** An i18next instance set up like the apps' (ui namespace first, shared messages behind it). */
const i18n = i18next.createInstance();
await i18n.init({
  lng: 'en',
  ns: ['ui', 'messages'],
  defaultNS: 'ui',
  fallbackNS: 'messages',
  resources: { en: { ui: en, messages: messagesEn }, ar: { ui: ar, messages: messagesAr } },
  interpolation: { escapeValue: false },
});
registerFormatters(i18n);
const t = i18n.t;
const has = (key: string) => i18n.exists(key, { lng: 'en', ns: 'ui' });

describe('human words for stored codes (issue 20)', () => {
  it('every audit action and target kind has a label', () => {
    expect(AUDIT_ACTIONS.filter((a) => !has(`staff.logs.actions.${a}`))).toEqual([]);
    expect(AUDIT_TARGETS.filter((k) => !has(`staff.logs.targets.${k}`))).toEqual([]);
    expect(Object.values(SETTING_LABEL_KEYS).filter((k) => !has(k))).toEqual([]);
  });

  it('every permission and every screen group of the role editor has a label', () => {
    expect(ALL_PERMISSIONS.filter((p) => !has(`staff.permissions.${permissionSlug(p)}`))).toEqual([]);
    expect(
      [...PERMISSION_GROUPS.map((g) => g.group), 'other'].filter((g) => !has(`staff.permission_groups.${g}`)),
    ).toEqual([]);
    expect(new Set(ALL_PERMISSIONS.map(permissionSlug)).size).toBe(ALL_PERMISSIONS.length);
  });

  it('every Wise state and default role has a label', () => {
    expect(WISE_STATES.filter((s) => !has(`payouts.wise_states.${s}`))).toEqual([]);
    expect(Object.values(DEFAULT_ROLE_KEYS).filter((k) => !has(k))).toEqual([]);
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
    expect(wiseStateLabel('incoming_payment_waiting', t)).toBe('Waiting for our payment to Wise');
    expect(wiseStateLabel('new_wise_state', t)).toBe('Other state (new_wise_state)');
    expect(wiseStateLabel(null, t)).toBe('—');
    expect(roleLabel('Super Admin', t)).toBe('Super Admin');
    expect(roleLabel('Night shift', t)).toBe('Night shift');
    const tAr = i18n.getFixedT('ar');
    expect(roleLabel('Curator', tAr)).toBe('منسّق');
    expect(auditActionLabel('auth.2fa_disabled', tAr)).toBe('إيقاف تسجيل الدخول بخطوتين');
    expect(wiseStateLabel('outgoing_payment_sent', tAr)).toBe('أُرسل إلى البنك');
  });

  it('counts with the Arabic plural forms through the shared catalog', () => {
    const tAr = i18n.getFixedT('ar');
    expect([1, 2, 3, 11, 100].map((count) => tAr('staff.roles.permission_count', { count }))).toEqual([
      'صلاحية واحدة',
      'صلاحيتان',
      '3 صلاحيات',
      '11 صلاحيةً',
      '100 صلاحية',
    ]);
    expect(tAr('common.days', { count: 7 })).toBe('7 أيام');
    expect(tAr('express.create.selected', { count: 2, total: 600 })).toBe(
      'تم اختيار قائمتَي تشغيل · 600 عملة',
    );
    expect(t('express.create.selected', { count: 1, total: 1 })).toBe('1 playlist selected · 1 coin');
  });
});
