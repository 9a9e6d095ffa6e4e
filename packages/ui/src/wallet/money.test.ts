import { describe, expect, it } from 'vitest';
import { formatMoney, formatSignedMoney, toMinor } from './money';
import { describeTransaction, signedCoins, transactionDescKey } from './wallet-types';

describe('formatMoney', () => {
  it('shows pence as pounds with the pound sign in every language', () => {
    expect(formatMoney(999, 'GBP', 'en')).toBe('£9.99');
    for (const lang of ['fr', 'de', 'ar', 'tr']) expect(formatMoney(4499, 'GBP', lang)).toContain('£');
    expect(formatMoney(4499, 'GBP', 'ar')).toBe('\u2066£44.99\u2069');
    expect(formatMoney(399_999, 'GBP', 'de')).toBe('£3.999,99');
  });

  it('adds the sign of credits and debits', () => {
    expect(formatSignedMoney(999)).toBe('+£9.99');
    expect(formatSignedMoney(-999)).toBe('−£9.99');
  });

  it('turns pounds into pence without float noise', () => {
    expect(toMinor(9.99)).toBe(999);
    expect(toMinor(0.5)).toBe(50);
  });
});

describe('transactions', () => {
  it('signs coins by credit or debit', () => {
    expect(signedCoins({ coins: 100, transaction_type: 'credit' })).toBe(100);
    expect(signedCoins({ coins: 100, transaction_type: 'debit' })).toBe(-100);
  });

  it('describes by desc_id, refunds by kind', () => {
    const details = { refund_type: null, campaign_type: null, campaign_id: null };
    expect(transactionDescKey({ desc_id: 1, transaction_details: details })).toBe(
      'wallet.desc.coin_purchase',
    );
    expect(transactionDescKey({ desc_id: 7, transaction_details: details })).toBe('wallet.desc.fan_finder');
    expect(
      transactionDescKey({ desc_id: 3, transaction_details: { ...details, refund_type: 'complete_refund' } }),
    ).toBe('wallet.desc.refund_partial');
    expect(transactionDescKey({ desc_id: 3, transaction_details: details })).toBe('wallet.desc.refund');
    expect(transactionDescKey({ desc_id: 9, transaction_details: details })).toBe('wallet.desc.other');
  });
});

describe('transaction descriptions', () => {
  it("renders the API's key and params in the reader's language, names isolated in Arabic", async () => {
    const { default: i18next } = await import('i18next');
    const { default: en } = await import('../i18n/locales/en.json');
    const { default: ar } = await import('../i18n/locales/ar.json');
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: 'en',
      resources: { en: { translation: en }, ar: { translation: ar } },
      interpolation: { escapeValue: false },
    });
    const tx = {
      desc_id: 2,
      transaction_details: { refund_type: null, campaign_type: 'spotify', campaign_id: '7' },
      description: {
        key: 'wallet.describe.campaign_paid',
        params: { campaign: 7, track: 'Wild Fireflies', playlist: 'Chill Hits' },
      },
    };
    expect(describeTransaction(i18n.t, 'en', tx)).toBe('Campaign #7: “Wild Fireflies” on Chill Hits');
    await i18n.changeLanguage('ar');
    expect(describeTransaction(i18n.t, 'ar', tx)).toBe(
      'الحملة رقم 7: «\u2068Wild Fireflies\u2069» على \u2068Chill Hits\u2069',
    );
    await i18n.changeLanguage('en');
    const bought = {
      ...tx,
      desc_id: 1,
      description: { key: 'wallet.describe.package', params: { package: 'Pro', method: 'card' } },
    };
    expect(describeTransaction(i18n.t, 'en', bought)).toBe('Package “Pro” bought by Card');
    // An answer without a description (an older API) keeps the desc_id's label.
    expect(describeTransaction(i18n.t, 'en', { ...tx, description: undefined })).toBe('Campaign purchase');
  });
});
