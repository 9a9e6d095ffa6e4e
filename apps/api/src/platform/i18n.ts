import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@lm/contracts';
import { translate } from '@lm/contracts/i18n/index';

/**
 * Language of a request: `X-Lang` first, then the first supported tag of `Accept-Language`, else en.
 */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const explicit = String(headers['x-lang'] ?? '')
    .trim()
    .toLowerCase();
  if ((LANGUAGES as readonly string[]).includes(explicit)) return explicit as Language;
  const accept = String(headers['accept-language'] ?? '');
  for (const part of accept.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2) ?? '';
    if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The language the client names explicitly with `X-Lang` (the apps send their current language on
 * every call), or null. Only this, not `Accept-Language`, updates the account's stored language.
 */
export function explicitLanguage(headers: Record<string, string | string[] | undefined>): Language | null {
  const explicit = String(headers['x-lang'] ?? '')
    .trim()
    .toLowerCase();
  return (LANGUAGES as readonly string[]).includes(explicit) ? (explicit as Language) : null;
}

/** Translate a message key of the shared catalog into `lang` (falls back to en, then the key). */
export function t(lang: Language, key: string, params?: Record<string, unknown>): string {
  return translate(lang, key, params);
}

/** True when `key` exists in the English catalog (used to tell keys from free text). */
export function isMessageKey(key: string): boolean {
  return translate('en', key) !== key;
}
