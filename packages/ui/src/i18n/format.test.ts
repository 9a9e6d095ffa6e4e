import 'dayjs/locale/ar';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/tr';
import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatFileSize,
  formatNumber,
  formatRelative,
  formatShortAmount,
  toIsoDate,
} from './format';

describe('formatShortAmount (K, M, B)', () => {
  it.each([
    [0, '0'],
    [950, '950'],
    [1000, '1K'],
    [1500, '1.5K'],
    [12_345, '12.3K'],
    [999_949, '999.9K'],
    [999_999, '1M'],
    [2_000_000, '2M'],
    [2_560_000, '2.6M'],
    [3_250_000_000, '3.3B'],
    [-1500, '-1.5K'],
  ])('%d → %s', (value, expected) => {
    expect(formatShortAmount(value)).toBe(expected);
  });

  it('uses the decimal separator of the language', () => {
    expect(formatShortAmount(1500, 'fr')).toBe('1,5K');
    expect(formatShortAmount(1500, 'de')).toBe('1,5K');
    expect(formatShortAmount(1500, 'ar')).toBe('1.5K');
  });
});

describe('formatFileSize (kb below a megabyte, else mb), in the language', () => {
  it.each([
    [0, 'en', '0 kB'],
    [512, 'en', '0.5 kB'],
    [1024, 'en', '1 kB'],
    [150 * 1024, 'en', '150 kB'],
    [1024 * 1024, 'en', '1 MB'],
    [1.5 * 1024 * 1024, 'en', '1.5 MB'],
    [50 * 1024 * 1024, 'en', '50 MB'],
    [5 * 1024 * 1024, 'fr', '5 Mo'],
  ])('%d bytes in %s → %s', (bytes, lang, expected) => {
    expect(formatFileSize(bytes, lang).replace(/[\u00a0\u202f]/g, ' ')).toBe(expected);
  });
});

describe('formatRelative (Intl.RelativeTimeFormat)', () => {
  it('writes the Arabic plural forms', () => {
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    expect(formatRelative(ago(13), 'ar')).toBe('قبل 13 دقيقة');
    expect(formatRelative(ago(3), 'ar')).toBe('قبل 3 دقائق');
    expect(formatRelative(ago(13), 'fr')).toBe('il y a 13 minutes');
  });
});

describe('formatNumber and formatDate per language', () => {
  it('groups digits per language', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234567, 'de')).toBe('1.234.567');
    expect(formatNumber(1234.5, 'fr')).toMatch(/^1\s234,5$/);
  });

  it('names months in the language', () => {
    expect(formatDate('2026-03-05', 'en', 'D MMMM YYYY')).toBe('5 March 2026');
    expect(formatDate('2026-03-05', 'fr', 'D MMMM YYYY')).toBe('5 mars 2026');
    expect(formatDate('2026-03-05', 'de', 'D MMMM YYYY')).toBe('5 März 2026');
    expect(formatDate('2026-03-05', 'tr', 'D MMMM YYYY')).toBe('5 Mart 2026');
    expect(formatDate(null)).toBe('');
  });

  it('writes filter dates as YYYY-MM-DD', () => {
    expect(toIsoDate(new Date(2026, 0, 9))).toBe('2026-01-09');
    expect(toIsoDate('2026-01-09T10:00:00Z')).toBe('2026-01-09');
  });
});
