import { describe, expect, it } from 'vitest';
import { bankFormatMessage, normalizeBankValue } from './bank-formats';

const field = (key: string, pattern: string | null, example: string | null = null) => ({
  key,
  pattern,
  example,
  minLength: null,
  maxLength: null,
});

describe('bank detail formats', () => {
  it('names the expected format of each kind of field', () => {
    expect(bankFormatMessage(field('IBAN', '^[A-Z]{2}.*$')).key).toBe('payouts.format.iban');
    expect(bankFormatMessage(field('sortCode', '^[0-9]{2}-?[0-9]{2}-?[0-9]{2}$'))).toEqual({
      key: 'payouts.format.sort_code',
      params: { example: '40-47-84' },
    });
    expect(bankFormatMessage(field('bic', null)).key).toBe('payouts.format.swift');
    expect(bankFormatMessage(field('accountNumber', '^[0-9]{8}$', '12345678'))).toEqual({
      key: 'payouts.format.digits',
      params: { count: 8, example: '12345678' },
    });
    expect(bankFormatMessage(field('accountNumber', '^[0-9]{4,17}$', '1234'))).toEqual({
      key: 'payouts.format.digits_range',
      params: { min: 4, max: 17, example: '1234' },
    });
    expect(bankFormatMessage(field('city', '^.{2,}$', 'London')).key).toBe('payouts.format.example');
    expect(bankFormatMessage(field('city', '^.{2,}$')).key).toBe('payouts.field_invalid');
  });

  it('reads IBANs and numbers typed in groups', () => {
    expect(normalizeBankValue('IBAN', ' gb29 nwbk 6016 1331 9268 19 ')).toBe('GB29NWBK60161331926819');
    expect(normalizeBankValue('accountNumber', '1234 5678')).toBe('12345678');
    expect(normalizeBankValue('accountHolderName', ' Casey  Curator ')).toBe('Casey  Curator');
  });
});
