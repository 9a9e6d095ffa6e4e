import { describe, expect, it } from 'vitest';
import { formatMoney, formatSignedMoney, toMinor } from './money';
import { signedCoins, transactionDescKey } from './wallet-types';

describe('formatMoney', () => {
  it('shows pence as pounds with the pound sign in every language', () => {
    expect(formatMoney(999, 'GBP', 'en')).toBe('£9.99');
    for (const lang of ['fr', 'de', 'ar', 'tr']) expect(formatMoney(4499, 'GBP', lang)).toContain('£');
    expect(formatMoney(4499, 'GBP', 'ar')).toBe('£44.99');
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
