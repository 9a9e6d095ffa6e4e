import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decimalToMinor, formatMinor, minorToDecimal } from './money';

describe('minor units <-> decimal strings', () => {
  it('follows each currency’s decimal places', () => {
    expect(minorToDecimal(1250, 'GBP')).toBe('12.50');
    expect(minorToDecimal(5, 'GBP')).toBe('0.05');
    expect(minorToDecimal(0, 'gbp')).toBe('0.00');
    expect(minorToDecimal(500, 'JPY')).toBe('500');
    expect(minorToDecimal(1234, 'BHD')).toBe('1.234');
    expect(decimalToMinor('12.5', 'GBP')).toBe(1250);
    expect(decimalToMinor('12', 'GBP')).toBe(1200);
    expect(decimalToMinor('500', 'JPY')).toBe(500);
  });

  it('refuses what is not an amount', () => {
    expect(() => minorToDecimal(12.5, 'GBP')).toThrow();
    expect(() => minorToDecimal(-1, 'GBP')).toThrow();
    expect(() => decimalToMinor('1.234', 'GBP')).toThrow();
    expect(() => decimalToMinor('1e3', 'GBP')).toThrow();
    expect(() => decimalToMinor('-1.00', 'GBP')).toThrow();
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10 ** 12 }),
        fc.constantFrom('GBP', 'EUR', 'JPY', 'BHD'),
        (minor, currency) => {
          expect(decimalToMinor(minorToDecimal(minor, currency), currency)).toBe(minor);
        },
      ),
    );
  });

  it('shows pounds with the pound sign and two decimals', () => {
    expect(formatMinor(1250, 'GBP')).toBe('£12.50');
    expect(formatMinor(100000, 'GBP')).toBe('£1,000.00');
  });
});
