import ar from './ar.json' with { type: 'json' };
import de from './de.json' with { type: 'json' };
import en from './en.json' with { type: 'json' };
import fr from './fr.json' with { type: 'json' };
import tr from './tr.json' with { type: 'json' };

/** A nested message catalog: leaves are message strings, branches group related keys. */
export type MessageTree = { [k: string]: string | MessageTree };

/** Languages that have a message catalog. */
export type MessageLanguage = 'en' | 'fr' | 'de' | 'ar' | 'tr';

/** Values substituted for `{{name}}` placeholders in a message (converted with `String()`). */
export type MessageParams = Readonly<Record<string, unknown>>;

/**
 * The shared message catalogs (validation, auth, error and mail texts), one per language.
 * English is the reference catalog: every other catalog has exactly its keys.
 */
export const messageCatalogs: Record<MessageLanguage, MessageTree> = { en, fr, de, ar, tr };

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookup(tree: MessageTree | undefined, key: string): string | undefined {
  let node: string | MessageTree | undefined = tree;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translates a dotted message key (e.g. `auth.too_many_attempts`).
 *
 * Looks the key up in the catalog of `lang`, then in the English catalog, and finally
 * returns the key itself when neither has it. Each `{{name}}` placeholder is replaced by
 * `String(params[name])`; placeholders whose parameter is missing or `undefined` are left as
 * they are.
 *
 * @param lang - Language of the message; unknown languages fall back to English.
 * @param key - Dotted path of the message in the catalog.
 * @param params - Values for the message's `{{name}}` placeholders.
 * @returns The translated, interpolated message.
 */
export function translate(lang: MessageLanguage | string, key: string, params?: MessageParams): string {
  const catalog = Object.hasOwn(messageCatalogs, lang) ? messageCatalogs[lang as MessageLanguage] : undefined;
  const message = lookup(catalog, key) ?? lookup(messageCatalogs.en, key) ?? key;
  if (!params) return message;
  return message.replace(PLACEHOLDER, (match, name: string) =>
    Object.hasOwn(params, name) && params[name] !== undefined ? String(params[name]) : match,
  );
}
