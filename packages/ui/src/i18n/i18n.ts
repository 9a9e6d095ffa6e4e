import { DEFAULT_LANGUAGE, type Language } from '@lm/contracts/api';
import { isolateLinks, registerFormatters } from '@lm/contracts/format';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadOncePer } from '../lib/load-once';
import { readPreference, STORAGE_KEYS, writePreference } from '../session/storage-keys';
import { directionOf, isLanguage } from './languages';

/** A nested catalog of one namespace. */
export type I18nCatalog = { [key: string]: string | I18nCatalog };

/** A catalog module as a dynamic import answers it. */
type CatalogModule = Promise<{ default: I18nCatalog }>;

/**
 * A namespace's catalog for one language, in two halves (packages/ui/src/build/client-messages.ts):
 * `boot`, what the sign-in screens read, and `screens`, the rest, fetched when a signed-in or other
 * screen first renders (`ScreenAssets` in ability/), so the login route never downloads it.
 */
export interface CatalogLoaders {
  boot: () => CatalogModule;
  screens: () => CatalogModule;
}

/** UI catalogs (the screens' texts), per language and half. */
const uiLoaders: Record<Language, CatalogLoaders> = {
  en: {
    boot: () => import('./locales/en.json?part=boot'),
    screens: () => import('./locales/en.json?part=screens'),
  },
  fr: {
    boot: () => import('./locales/fr.json?part=boot'),
    screens: () => import('./locales/fr.json?part=screens'),
  },
  de: {
    boot: () => import('./locales/de.json?part=boot'),
    screens: () => import('./locales/de.json?part=screens'),
  },
  ar: {
    boot: () => import('./locales/ar.json?part=boot'),
    screens: () => import('./locales/ar.json?part=screens'),
  },
  tr: {
    boot: () => import('./locales/tr.json?part=boot'),
    screens: () => import('./locales/tr.json?part=screens'),
  },
};

/**
 * The shared contracts catalogs (validation, auth and error messages), likewise one language at a
 * time: all five together outweighed the login screen.
 */
const messageLoaders: Record<Language, CatalogLoaders> = {
  en: {
    boot: () => import('@lm/contracts/i18n/en.json?part=boot'),
    screens: () => import('@lm/contracts/i18n/en.json?part=screens'),
  },
  fr: {
    boot: () => import('@lm/contracts/i18n/fr.json?part=boot'),
    screens: () => import('@lm/contracts/i18n/fr.json?part=screens'),
  },
  de: {
    boot: () => import('@lm/contracts/i18n/de.json?part=boot'),
    screens: () => import('@lm/contracts/i18n/de.json?part=screens'),
  },
  ar: {
    boot: () => import('@lm/contracts/i18n/ar.json?part=boot'),
    screens: () => import('@lm/contracts/i18n/ar.json?part=screens'),
  },
  tr: {
    boot: () => import('@lm/contracts/i18n/tr.json?part=boot'),
    screens: () => import('@lm/contracts/i18n/tr.json?part=screens'),
  },
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

/**
 * i18next post-processor that isolates the links inside every translated sentence in Arabic
 * (`isolateLinks`, "…/https://open.spotify.com/track"), whether the link comes from
 * the catalog or from a parameter.
 */
export const isolateLinksPostProcessor = {
  type: 'postProcessor' as const,
  name: 'isolateLinks',
  process: (value: string, _key: unknown, _options: unknown, translator: { language?: string }) =>
    typeof value === 'string' ? isolateLinks(value, translator.language) : value,
};

/** The i18next namespaces: `ui` (screens) first, then `messages` (contracts: validation, auth, errors). */
export const I18N_NAMESPACES = { ui: 'ui', messages: 'messages' } as const;

/**
 * A catalog only one app needs (the back-office's labels of audit actions and permissions), loaded per
 * language like the others but kept out of the other app's bundle. Its keys are found after `ui`'s.
 */
export interface ExtraNamespace {
  name: string;
  loaders: Record<Language, CatalogLoaders>;
}

let extra: ExtraNamespace | undefined;

/** Whether the screens halves are wanted: once a screen other than sign-in has rendered. */
let screensWanted = false;
/** The language stored under APP_LANG, else English (spec section 1). */
export function storedLanguage(): Language {
  const stored = readPreference(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** Adds one half of one namespace's catalog, once. */
async function addCatalog(language: Language, ns: string, load: () => CatalogModule): Promise<void> {
  const catalog = await load();
  i18next.addResourceBundle(language, ns, catalog.default, true, true);
}

/** Every namespace with its loaders. */
function namespaces(): [string, Record<Language, CatalogLoaders>][] {
  return [
    [I18N_NAMESPACES.ui, uiLoaders],
    [I18N_NAMESPACES.messages, messageLoaders],
    ...(extra ? [[extra.name, extra.loaders] as [string, Record<Language, CatalogLoaders>]] : []),
  ];
}

/**
 * The screens halves of `language`, fetched once (side by side) and marked fulfilled: React's `use`
 * reads the promise, so a screen after a language change renders without suspending.
 */
const loadScreens = loadOncePer((language: Language) =>
  Promise.all(namespaces().map(([ns, loaders]) => addCatalog(language, ns, loaders[language].screens))),
);

const bootLoaded = new Set<Language>();

async function loadLanguage(language: Language): Promise<void> {
  // Fetched side by side: the first screen waits for the slowest, not for the sum.
  await Promise.all([
    dayjsLocales[language](),
    bootLoaded.has(language)
      ? undefined
      : Promise.all(
          namespaces().map(([ns, loaders]) => addCatalog(language, ns, loaders[language].boot)),
        ).then(() => {
          bootLoaded.add(language);
        }),
    screensWanted ? loadScreens(language) : undefined,
  ]);
}

/**
 * The screens halves of the current language's catalogs (everything the sign-in screens do not
 * read), fetched on the first call and kept; from then on a language change loads both halves.
 * `ScreenAssets` suspends on it. Rejects when the catalog chunk cannot be fetched.
 */
export function loadScreenCatalogs(language: Language = currentLanguage()): Promise<void> {
  screensWanted = true;
  return loadScreens(language);
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
 * app's own namespace. With `deferScreens` (the apps' entry points) only the boot halves are awaited,
 * and the screens halves wait for {@link loadScreenCatalogs}. Call once before rendering the app.
 */
export async function initI18n(
  language: Language = storedLanguage(),
  app?: ExtraNamespace,
  options: { deferScreens?: boolean } = {},
): Promise<typeof i18next> {
  extra = app;
  if (!options.deferScreens) screensWanted = true;
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .use(isolateLinksPostProcessor)
      .init({
        lng: language,
        postProcess: [isolateLinksPostProcessor.name],
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
  // Before i18next has started (a request sent while the app boots), the stored language is the one
  // it is about to start with.
  return isLanguage(i18next.language) ? i18next.language : storedLanguage();
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
  return isolateLinks(message, i18next.language);
}

export { i18next };
