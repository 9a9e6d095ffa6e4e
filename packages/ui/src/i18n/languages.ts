import { DEFAULT_LANGUAGE, type Language, LANGUAGES, RTL_LANGUAGES } from '@lm/contracts';

/** The five languages of spec section 1 with their own names, as the language switch lists them. */
export const LANGUAGE_OPTIONS: readonly { code: Language; label: string; flag: string }[] = [
  { code: 'en', label: 'English', flag: '🇬🇧' },
  { code: 'fr', label: 'Français', flag: '🇫🇷' },
  { code: 'de', label: 'Deutsch', flag: '🇩🇪' },
  { code: 'ar', label: 'العربية', flag: '🇸🇦' },
  { code: 'tr', label: 'Türkçe', flag: '🇹🇷' },
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
 * Intl locale used to format numbers and dates of a language. Arabic keeps Latin digits so that
 * amounts, coins and codes read the same as in e-mails and on the payment pages.
 */
export function intlLocale(language: string): string {
  return language === 'ar' ? 'ar-u-nu-latn' : isLanguage(language) ? language : DEFAULT_LANGUAGE;
}
