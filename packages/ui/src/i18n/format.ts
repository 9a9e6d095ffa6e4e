import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';

dayjs.extend(localizedFormat);

/**
 * The apps' formatting module (one formatter module). Numbers, coins, money, file sizes and
 * relative times come from the shared `@lm/contracts/format` (Intl in the reader's language, the same
 * functions the API writes mails with); calendar dates keep dayjs's locale formats, which the date
 * pickers use too.
 */
export {
  formatFileSize,
  formatLink,
  formatMoney,
  formatNumber,
  formatRelativeTime,
  formatShortAmount,
  formatSignedMoney,
  isolateLtr,
} from '@lm/contracts/format';

import { formatRelativeTime } from '@lm/contracts/format';

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

/**
 * "13 minutes ago" in the language, with its plural forms ("قبل 13 دقيقة", "il y a 13 minutes"):
 * Intl.RelativeTimeFormat through `formatRelativeTime`.
 */
export function formatRelative(value: string | number | Date, language = 'en'): string {
  return formatRelativeTime(value, language);
}

/** `YYYY-MM-DD` of a date (spec section 9 "Filter date format Y-m-d"), in local time. */
export function toIsoDate(value: Date | string): string {
  if (typeof value === 'string') return value.slice(0, 10);
  return dayjs(value).format('YYYY-MM-DD');
}
