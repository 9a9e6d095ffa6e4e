import { LANGUAGES, type Language, RTL_LANGUAGES } from '@lm/contracts/api';

/** The five languages of spec section 1 with their own names, as the language switch lists them. */
export const LANGUAGE_OPTIONS: readonly { code: Language; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'fr', label: 'Français' },
  { code: 'de', label: 'Deutsch' },
  { code: 'ar', label: 'العربية' },
  { code: 'tr', label: 'Türkçe' },
];

/** True when `value` is one of the supported language codes. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Text direction of a language: `rtl` for Arabic, `ltr` otherwise. */
export function directionOf(language: string): 'ltr' | 'rtl' {
  return (RTL_LANGUAGES as readonly string[]).includes(language) ? 'rtl' : 'ltr';
}

/**
 * Intl locale used to format numbers and dates of a language (Arabic keeps Latin digits); the one
 * definition lives with the shared formatters.
 */
export { intlLocale } from '@lm/contracts/format';
