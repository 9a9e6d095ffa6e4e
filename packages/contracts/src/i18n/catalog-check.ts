/**
 * Catalog parity with plural forms, shared by the catalog tests of the contracts and of the apps
 * ("all five catalogs carry every key"). A message counted with `count` is written as
 * i18next plural keys (`days_one`, `days_other`; Arabic also `_zero`, `_two`, `_few`, `_many`), so
 * "the same keys as English" means: the same plain keys, and for every plural message of English the
 * forms that the language's `Intl.PluralRules` can select.
 */

/** A nested message catalog. */
export type Catalog = { [key: string]: string | Catalog };

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Flattens a catalog into dotted path → value (non-string leaves are kept so they can be reported). */
export function flattenCatalog(
  node: unknown,
  prefix = '',
  out = new Map<string, unknown>(),
): Map<string, unknown> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node))
      flattenCatalog(value, prefix ? `${prefix}.${key}` : key, out);
  } else {
    out.set(prefix, node);
  }
  return out;
}

/**
 * The placeholders of a message, sorted: `{{ coins, coins }}` → `coins, coins` (name and format, so a
 * translation cannot drop the formatting of a value).
 */
export function placeholdersOf(message: string): string[] {
  return [
    ...new Set(
      [...message.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)].map((m) =>
        m[1]!
          .split(',')
          .map((part) => part.trim())
          .join(', '),
      ),
    ),
  ].sort();
}

/** The plural forms a language needs (the categories its Intl.PluralRules can select). */
export function pluralForms(language: string): string[] {
  return [...new Intl.PluralRules(language).resolvedOptions().pluralCategories];
}

/**
 * The base keys of the plural messages of a flattened catalog (those with an `_other` form).
 * `common.days_one` + `common.days_other` → `common.days`.
 */
export function pluralBases(keys: Iterable<string>): Set<string> {
  const all = new Set(keys);
  const bases = new Set<string>();
  for (const key of all) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base !== key && all.has(`${base}_other`)) bases.add(base);
  }
  return bases;
}

/**
 * Differences between a catalog and the English reference, as readable lines (empty when they
 * match): missing and extra keys (plural forms per language, `_zero` always allowed), empty or
 * non-string values, and placeholders that differ from English (`count` may be left out of a plural
 * form, as in Arabic "يومان", two days, but when present it is written as in English).
 */
export function catalogProblems(reference: Catalog, catalog: Catalog, language: string): string[] {
  const en = flattenCatalog(reference);
  const own = flattenCatalog(catalog);
  const bases = pluralBases(en.keys());
  const problems: string[] = [];
  const expected = new Map<string, string>(); // key of this language → English key to compare with
  for (const key of en.keys()) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (base === key || !bases.has(base)) expected.set(key, key);
  }
  for (const base of bases) {
    if (!en.has(`${base}_one`)) problems.push(`en: ${base} has no _one form`);
    for (const form of pluralForms(language)) expected.set(`${base}_${form}`, `${base}_other`);
  }
  for (const key of expected.keys()) if (!own.has(key)) problems.push(`${language}: missing ${key}`);
  for (const key of own.keys()) {
    const base = key.replace(PLURAL_SUFFIX, '');
    if (!expected.has(key) && !(bases.has(base) && key === `${base}_zero`))
      problems.push(`${language}: extra ${key}`);
  }
  for (const [key, value] of own) {
    if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`${language}: ${key} is empty or not text`);
      continue;
    }
    const base = key.replace(PLURAL_SUFFIX, '');
    const plural = base !== key && bases.has(base);
    const englishKey = plural ? `${base}_other` : key;
    const english = en.get(englishKey);
    if (typeof english !== 'string') continue;
    const drop = (list: string[]) => (plural ? list.filter((p) => !/^count(,|$)/.test(p)) : list);
    const mine = drop(placeholdersOf(value));
    const theirs = drop(placeholdersOf(english));
    const counts = placeholdersOf(value).filter((p) => /^count(,|$)/.test(p));
    const englishCounts = placeholdersOf(english).filter((p) => /^count(,|$)/.test(p));
    if (mine.join('|') !== theirs.join('|') || (plural && counts.some((c) => !englishCounts.includes(c))))
      problems.push(
        `${language}: ${key} has placeholders [${placeholdersOf(value)}] instead of [${placeholdersOf(english)}]`,
      );
  }
  return problems;
}
