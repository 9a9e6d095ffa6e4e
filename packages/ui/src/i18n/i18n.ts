import { DEFAULT_LANGUAGE, type Language } from '@lm/contracts/api';
import { registerFormatters } from '@lm/contracts/format';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readPreference, STORAGE_KEYS, writePreference } from '../session/storage-keys';
import { directionOf, isLanguage } from './languages';

/** A nested catalog of one namespace. */
export type I18nCatalog = { [key: string]: string | I18nCatalog };

/**
 * UI catalogs are loaded per language on demand, so the login screen only downloads the one it
 * shows.
 */
const uiLoaders: Record<Language, () => Promise<{ default: I18nCatalog }>> = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  de: () => import('./locales/de.json'),
  ar: () => import('./locales/ar.json'),
  tr: () => import('./locales/tr.json'),
};

/**
 * The shared contracts catalogs (validation, auth and error messages), likewise one language at a
 * time: all five together outweighed the login screen.
 */
const messageLoaders: Record<Language, () => Promise<{ default: I18nCatalog }>> = {
  en: () => import('@lm/contracts/i18n/en.json'),
  fr: () => import('@lm/contracts/i18n/fr.json'),
  de: () => import('@lm/contracts/i18n/de.json'),
  ar: () => import('@lm/contracts/i18n/ar.json'),
  tr: () => import('@lm/contracts/i18n/tr.json'),
};

/**
 * dayjs month and day names, registered with the language. Formatting passes the locale on each
 * call (format.ts), so dayjs itself is not needed before the first formatted date.
 */
const dayjsLocales: Record<Language, () => Promise<unknown>> = {
  en: async () => undefined,
  fr: () => import('dayjs/locale/fr'),
  de: () => import('dayjs/locale/de'),
  ar: () => import('dayjs/locale/ar'),
  tr: () => import('dayjs/locale/tr'),
};

/** The i18next namespaces: `ui` (screens) first, then `messages` (contracts: validation, auth, errors). */
export const I18N_NAMESPACES = { ui: 'ui', messages: 'messages' } as const;

/**
 * A catalog only one app needs (the back-office's labels of audit actions and permissions), loaded per
 * language like the others but kept out of the other app's bundle. Its keys are found after `ui`'s.
 */
export interface ExtraNamespace {
  name: string;
  loaders: Record<Language, () => Promise<{ default: I18nCatalog }>>;
}

let extra: ExtraNamespace | undefined;

/** The language stored under APP_LANG, else English (spec section 1). */
export function storedLanguage(): Language {
  const stored = readPreference(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

async function loadLanguage(language: Language): Promise<void> {
  const bundle = async (ns: string, load: () => Promise<{ default: I18nCatalog }>) => {
    if (i18next.hasResourceBundle(language, ns)) return;
    const catalog = await load();
    i18next.addResourceBundle(language, ns, catalog.default, true, true);
  };
  // Fetched side by side: the first screen waits for the slowest, not for the sum.
  await Promise.all([
    dayjsLocales[language](),
    bundle(I18N_NAMESPACES.ui, uiLoaders[language]),
    bundle(I18N_NAMESPACES.messages, messageLoaders[language]),
    ...(extra ? [bundle(extra.name, extra.loaders[language])] : []),
  ]);
}

/** Sets `lang` and `dir` on <html> (Arabic is right-to-left). */
export function applyDocumentLanguage(language: Language): void {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }
}

/**
 * Starts i18next with the stored language (or `language`) and waits for its catalogs; `app` adds the
 * app's own namespace. Call once before rendering the app.
 */
export async function initI18n(
  language: Language = storedLanguage(),
  app?: ExtraNamespace,
): Promise<typeof i18next> {
  extra = app;
  if (!i18next.isInitialized) {
    await i18next.use(initReactI18next).init({
      lng: language,
      ns: [I18N_NAMESPACES.ui, I18N_NAMESPACES.messages, ...(app ? [app.name] : [])],
      defaultNS: I18N_NAMESPACES.ui,
      fallbackNS: [...(app ? [app.name] : []), I18N_NAMESPACES.messages],
      fallbackLng: false,
      resources: {},
      interpolation: { escapeValue: false },
      returnEmptyString: false,
    });
    // `{{n, number}}`, `{{n, coins}}`, `{{n, days}}`...: the shared formatters in the reader's language.
    registerFormatters(i18next);
  }
  await loadLanguage(language);
  await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
  return i18next;
}

/** Switches the language: loads its catalogs, stores it under APP_LANG, updates <html>. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  writePreference(STORAGE_KEYS.language, language);
  await i18next.changeLanguage(language);
  applyDocumentLanguage(language);
}

/** Current UI language. */
export function currentLanguage(): Language {
  return isLanguage(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/**
 * Translates a message that may be an i18n key (zod schemas of the contracts use keys such as
 * `validation.password_min`) or already a sentence (server messages are localised by the API).
 * Sentences are returned untouched: they are never looked up, since ':' or '.' in them would be
 * read as namespace or key separators.
 */
export function translateMessage(message: string | undefined, params?: Record<string, unknown>): string {
  if (!message) return '';
  if (/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/.test(message) && i18next.exists(message)) {
    return i18next.t(message, params ?? {});
  }
  return message;
}

export { i18next };
