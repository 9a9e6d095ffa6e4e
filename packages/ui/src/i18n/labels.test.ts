import { registerFormatters } from '@lm/contracts/format';
import messagesAr from '@lm/contracts/i18n/ar.json';
import messagesEn from '@lm/contracts/i18n/en.json';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { WISE_STATES, wiseStateLabel } from './labels';
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
const tAr = i18n.getFixedT('ar');

describe('Wise transfer states in words', () => {
  it('every state has a label; an unknown one shows its code', () => {
    expect(
      WISE_STATES.filter((s) => !i18n.exists(`payouts.wise_states.${s}`, { lng: 'en', ns: 'ui' })),
    ).toEqual([]);
    expect(wiseStateLabel('incoming_payment_waiting', t)).toBe('Waiting for our payment to Wise');
    expect(wiseStateLabel('new_wise_state', t)).toBe('Other state (new_wise_state)');
    expect(wiseStateLabel(null, t)).toBe('—');
    expect(wiseStateLabel('outgoing_payment_sent', tAr)).toBe('أُرسل إلى البنك');
  });
});

describe('counted words in the apps (i18next plural forms)', () => {
  it('Arabic uses its six forms, through the shared catalog too', () => {
    expect([1, 2, 3, 11, 100].map((count) => tAr('express.fields.followers_value', { count }))).toEqual([
      'متابع واحد',
      'متابعان',
      '3 متابعين',
      '11 متابعًا',
      '100 متابع',
    ]);
    expect(tAr('common.days', { count: 7 })).toBe('7 أيام');
    expect(tAr('express.create.selected', { count: 2, total: 600 })).toBe(
      'تم اختيار قائمتَي تشغيل · 600 عملة',
    );
    expect(t('express.create.selected', { count: 1, total: 1 })).toBe('1 playlist selected · 1 coin');
    expect(t('express.create.created', { count: 3 })).toBe('3 campaigns created and sent to the curators');
  });
});
