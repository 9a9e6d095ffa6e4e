import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import { intlLocale } from './languages';

dayjs.extend(localizedFormat);
dayjs.extend(relativeTime);

/** Formats a number with the separators of the language (Intl). */
export function formatNumber(value: number, language = 'en', options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}

const SHORT_UNITS = [
  { size: 1e9, suffix: 'B' },
  { size: 1e6, suffix: 'M' },
  { size: 1e3, suffix: 'K' },
] as const;

/**
 * Shortens an amount with K, M or B (spec section 9 "Amount formats: K, M, B"):
 * 950 → "950", 1500 → "1.5K", 2000000 → "2M", 3250000000 → "3.3B". At most `fractionDigits`
 * decimals, trailing zeros dropped; the decimal separator follows the language.
 */
export function formatShortAmount(value: number, language = 'en', fractionDigits = 1): string {
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const format = (n: number) => formatNumber(n, language, { maximumFractionDigits: fractionDigits });
  for (let i = 0; i < SHORT_UNITS.length; i++) {
    const unit = SHORT_UNITS[i]!;
    if (abs < unit.size) continue;
    const factor = 10 ** fractionDigits;
    const rounded = Math.round((abs / unit.size) * factor) / factor;
    // 999_950 rounds to "1000K": promote it to the next unit instead.
    const bigger = SHORT_UNITS[i - 1];
    if (rounded >= 1000 && bigger)
      return `${sign}${format(Math.round((abs / bigger.size) * factor) / factor)}${bigger.suffix}`;
    return `${sign}${format(rounded)}${unit.suffix}`;
  }
  return `${sign}${format(abs)}`;
}

/**
 * File size in kb or mb (spec section 9): below one megabyte in kb, otherwise in mb, one decimal
 * at most. 1024 bytes = 1 kb.
 */
export function formatFileSize(bytes: number): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${trimNumber(kb)} kb`;
  return `${trimNumber(kb / 1024)} mb`;
}

function trimNumber(n: number): string {
  return String(Math.round(n * 10) / 10);
}

/** dayjs locale name of a language. */
export function dayjsLocale(language: string): string {
  return ['en', 'fr', 'de', 'ar', 'tr'].includes(language) ? language : 'en';
}

/** Formats a date (ISO string, Date or timestamp) in the language, e.g. "21 nov. 2026" in French. */
export function formatDate(
  value: string | number | Date | null | undefined,
  language = 'en',
  format = 'll',
): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.locale(dayjsLocale(language)).format(format) : '';
}

/** Formats a date and time in the language. */
export function formatDateTime(value: string | number | Date | null | undefined, language = 'en'): string {
  return formatDate(value, language, 'lll');
}

/** "3 minutes ago" in the language. */
export function formatRelative(value: string | number | Date, language = 'en'): string {
  return dayjs(value).locale(dayjsLocale(language)).fromNow();
}

/** `YYYY-MM-DD` of a date (spec section 9 "Filter date format Y-m-d"), in local time. */
export function toIsoDate(value: Date | string): string {
  if (typeof value === 'string') return value.slice(0, 10);
  return dayjs(value).format('YYYY-MM-DD');
}
