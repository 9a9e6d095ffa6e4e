import i18next from 'i18next';
import { registerFormatters } from '../format';
import ar from './ar.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import tr from './tr.json' with { type: 'json' };

/** A nested message catalog: leaves are message strings, branches group related keys. */
export type MessageTree = { [k: string]: string | MessageTree };

/** Languages that have a message catalog. */
export type MessageLanguage = 'en' | 'fr' | 'de' | 'ar' | 'tr';

/** Values substituted for `{{name}}` placeholders in a message (`count` also picks the plural form). */
export type MessageParams = Readonly<Record<string, unknown>>;

/**
 * The shared message catalogs (validation, auth, error, notification and mail texts), one per
 * language. English is the reference catalog: every other catalog has its keys, with the plural
 * forms (`_zero`, `_one`, `_two`, `_few`, `_many`, `_other`) its language needs.
 */
export const messageCatalogs: Record<MessageLanguage, MessageTree> = { en, fr, de, ar, tr };

/**
 * The server's i18next instance over the shared catalogs: the same plural rules (Intl.PluralRules,
 * i18next's `_one`/`_other`... suffixes) and formatters (`{{n, number}}`, `{{n, coins}}`...) as the
 * apps, which load these catalogs into their own instance.
 */
const server = i18next.createInstance();
void server.init({
  resources: Object.fromEntries(
    Object.entries(messageCatalogs).map(([lang, catalog]) => [lang, { translation: catalog }]),
  ),
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: Object.keys(messageCatalogs),
  initAsync: false,
  // Messages are sentences with ':' in them: no namespace prefix in keys.
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  returnEmptyString: false,
  // A branch of the catalog is not a message: answer its key, as for a missing one.
  returnedObjectHandler: (key: string) => key,
});
registerFormatters(server, { fixedCatalogs: true });

/**
 * Translates a dotted message key (e.g. `auth.too_many_attempts`) with i18next.
 *
 * Looks the key up in the catalog of `lang`, then in the English catalog, and finally returns the key
 * itself when neither has it. A numeric `count` parameter picks the language's plural form
 * (`key_one`, `key_few`...). Each `{{name}}` placeholder is replaced by `params[name]`, formatted when
 * the placeholder names a format (`{{coins, coins}}`, `{{count, number}}`, see format.ts);
 * placeholders whose parameter is missing or `undefined` are left as they are.
 *
 * @param lang - Language of the message; unknown languages fall back to English.
 * @param key - Dotted path of the message in the catalog.
 * @param params - Values for the message's placeholders.
 * @returns The translated, interpolated message.
 */
export function translate(lang: MessageLanguage | string, key: string, params?: MessageParams): string {
  const lng = Object.hasOwn(messageCatalogs, lang) ? lang : 'en';
  return server.t(key, { ...params, lng, defaultValue: key }) as string;
}
