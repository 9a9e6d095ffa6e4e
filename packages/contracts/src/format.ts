/**
 * The one place that writes numbers, coins, money, file sizes, dates and relative times for a
 * reader. Everything goes through `Intl` in the reader's
 * language; the API (mails, notifications rendered at read time) and both apps (packages/ui
 * re-exports these) use the same functions, and `registerFormatters` plugs them into i18next so a
 * catalog message can say `{{coins, coins}}` or `{{count, number}}`.
 *
 * No i18next or catalog import here: the apps load this module on their first screen.
 */

const LANGS = ['en', 'fr', 'de', 'ar', 'tr'] as const;

/**
 * Intl locale of a language. Arabic keeps Latin digits so that amounts, coins and codes read the
 * same as on the payment pages and in e-mails (decisions: "Arabic digits"); unknown languages are en.
 */
export function intlLocale(language: string | undefined): string {
  if (language === 'ar') return 'ar-u-nu-latn';
  return (LANGS as readonly string[]).includes(language ?? '') ? (language as string) : 'en';
}

/**
 * Number formatters by locale and options, built once: building an `Intl.NumberFormat` costs far more
 * than using one (1 % of the API's CPU under purchases, one per coin amount in a mail).
 * The options in use are a handful of literals, so the map stays small.
 */
const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();

/** A number with the grouping and decimal separators of the language: 100000 → "100 000" in fr. */
export function formatNumber(value: number, language = 'en', options?: Intl.NumberFormatOptions): string {
  const locale = intlLocale(language);
  const key = options ? `${locale}|${JSON.stringify(options)}` : locale;
  let format = NUMBER_FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    NUMBER_FORMATS.set(key, format);
  }
  return format.format(value);
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
 * In a right-to-left language, wrap a left-to-right token (an amount, a link, a code) in Unicode
 * isolates (LRI … PDI) so that the text around it cannot reorder it: without them Arabic shows
 * "5.00£" or "…/https://open.spotify.com/track". Other languages: unchanged.
 * @param text the token as written left to right
 * @param language the reader's language
 */
export function isolateLtr(text: string, language = 'en'): string {
  return language === 'ar' && text !== '' ? `\u2066${text}\u2069` : text;
}

/**
 * A link (URL) as text for a reader: isolated left to right in a right-to-left language (isolateLtr).
 * @param url the address as stored
 * @param language the reader's language
 */
export function formatLink(url: string, language = 'en'): string {
  return isolateLtr(url, language);
}

/** A link inside a sentence: http(s) or www, up to a space or closing punctuation. */
const LINK_IN_TEXT = /(?<!\u2066)(?:https?:\/\/|www\.)[^\s()«»"،\u2069]*[^\s()«»"،.,;:!?\u2069]/g;

/**
 * Every link inside a sentence isolated left to right in a right-to-left language (isolateLtr): the
 * Arabic "مثال: https://open.spotify.com/track/…" otherwise shows "…/https://open.spotify.com/track"
 *. The apps run every translated text through it (i18n.ts); mails do not, so a
 * link copied from a plain-text mail carries no invisible characters. Other languages: unchanged.
 * @param text a sentence for a reader
 * @param language the reader's language
 */
export function isolateLinks(text: string, language = 'en'): string {
  return language === 'ar' ? text.replace(LINK_IN_TEXT, (link) => isolateLtr(link, language)) : text;
}

/** The amount without its isolates (formatMoney and formatSignedMoney isolate once, outside). */
function moneyText(minor: number, currency: string, language: string): string {
  const code = currency.toUpperCase();
  if (code === 'GBP') {
    const amount = formatNumber(Math.abs(minor) / 100, language, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    return `${minor < 0 ? '-' : ''}£${amount}`;
  }
  return formatNumber(minor / 100, language, {
    style: 'currency',
    currency: code,
    currencyDisplay: 'narrowSymbol',
  });
}

/**
 * An amount in minor units (hundredths) with its currency, e.g. 999 GBP → "£9.99" in en, "9,99 £" in
 * fr. Pounds always show the plain "£" (Intl would write "UK£" or "£GB" in some languages), other
 * currencies their narrow symbol. In Arabic the amount
 * is isolated left to right (isolateLtr), so it reads "£5.00" inside any sentence.
 */
export function formatMoney(minor: number, currency = 'GBP', language = 'en'): string {
  return isolateLtr(moneyText(minor, currency, language), language);
}

/** Same with a leading + or − (credits and debits of the transaction lists), isolated in Arabic. */
export function formatSignedMoney(minor: number, currency = 'GBP', language = 'en'): string {
  const text = moneyText(Math.abs(minor), currency, language);
  return isolateLtr(`${minor < 0 ? '−' : '+'}${text}`, language);
}

/**
 * A file size in the language's units (spec section 9: kb below one megabyte, else mb; 1024 bytes =
 * 1 kb; one decimal at most): 5 MB → "5 MB" in en, "5 Mo" in fr.
 */
export function formatFileSize(bytes: number, language = 'en'): string {
  const kb = bytes / 1024;
  const [value, unit] = kb < 1024 ? [kb, 'kilobyte'] : [kb / 1024, 'megabyte'];
  return formatNumber(Math.round(value * 10) / 10, language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  });
}

const RELATIVE_STEPS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/**
 * How long ago (or in how long) `value` is from `now`, in the language's words and plural forms:
 * "13 minutes ago", "il y a 13 minutes", "قبل 13 دقيقة", "yesterday". Rounded to the largest whole
 * unit (seconds below a minute, ..., years).
 */
export function formatRelativeTime(
  value: string | number | Date,
  language = 'en',
  now: number | Date = Date.now(),
): string {
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' });
  let amount = (new Date(value).getTime() - new Date(now).getTime()) / 1000;
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(amount) < size || unit === 'year') return format.format(Math.round(amount), unit);
    amount /= size;
  }
  return format.format(Math.round(amount), 'year');
}

/**
 * A calendar day in the language, e.g. "March 5, 2026", "5 mars 2026", "5 مارس 2026" (UTC: the API stores deadlines as
 * instants and does not know the reader's time zone). Accepts `YYYY-MM-DD` or an ISO instant.
 */
export function formatDay(value: string | number | Date, language = 'en'): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * In a right-to-left language, wrap each text parameter (a track or playlist name, a reason: people's
 * words, often Latin) in Unicode isolates (FSI … PDI), so that the names do not drag the numbers and
 * quotes next to them into their own direction ("أمضى «Wild Fireflies» 28 يومًا" rather than the
 * name and 28 swapping), and a name at the start does not make the whole line left-to-right.
 * Only the parameters named in `PEOPLE_WORDS` are wrapped: codes and links stay bare, so that copying
 * them from a plain-text mail copies no invisible characters. Other languages: unchanged.
 */
export function isolateTextParams<T extends Record<string, unknown>>(language: string, params: T): T {
  const resolved = resolveLocalizedParams(language, params);
  if (language !== 'ar') return resolved;
  const out: Record<string, unknown> = { ...resolved };
  for (const key of PEOPLE_WORDS) {
    const value = out[key];
    if (typeof value === 'string' && value !== '') out[key] = `\u2068${value}\u2069`;
  }
  return out as T;
}

/**
 * A message parameter that is itself written in the reader's language when the message is (a decline
 * reason of a staff-edited list, stored with a notification or a timeline event): the English text
 * and the others that exist. Read by {@link isolateTextParams}, English where the language has none.
 */
export interface LocalizedParam {
  localized: { en: string } & Partial<Record<(typeof LANGS)[number], string>>;
}

/** A {@link LocalizedParam} from an English text and its translations (empty ones left out). */
export function localizedParam(english: string, texts: Partial<Record<string, string>> = {}): LocalizedParam {
  const localized: LocalizedParam['localized'] = { en: english };
  for (const lang of LANGS) {
    const text = texts[lang];
    if (lang !== 'en' && text) localized[lang] = text;
  }
  return { localized };
}

const isLocalizedParam = (value: unknown): value is LocalizedParam =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { localized?: { en?: unknown } }).localized?.en === 'string';

/** Parameters with each {@link LocalizedParam} replaced by its text in `language` (English where none). */
export function resolveLocalizedParams<T extends Record<string, unknown>>(language: string, params: T): T {
  if (!Object.values(params).some(isLocalizedParam)) return params;
  const out: Record<string, unknown> = { ...params };
  for (const [key, value] of Object.entries(out))
    if (isLocalizedParam(value))
      out[key] = value.localized[language as (typeof LANGS)[number]] || value.localized.en;
  return out as T;
}

/** Message parameters that carry people's words (names, reasons) rather than codes or links. */
export const PEOPLE_WORDS = ['track', 'playlist', 'reason', 'name'] as const;

/** The part of an i18next instance that `registerFormatters` needs. */
export interface FormatterHost {
  services: {
    formatter?: {
      add(
        name: string,
        fn: (value: unknown, lng: string | undefined, options: Record<string, unknown>) => string,
      ): void;
    };
  };
  t(key: string, options: Record<string, unknown>): string;
}

/** Catalog keys of the counted words that the `coins` and `days` formats write. */
export const COUNTED_WORD_KEYS = {
  coins: 'common.coins',
  days: 'common.days',
  minutes: 'common.minutes',
  seconds: 'common.seconds',
} as const;

/**
 * Plug the formatters into an i18next instance, so that catalog messages format their values in the
 * reader's language:
 * - `{{n, number}}` → formatNumber (replaces i18next's own, which would write Arabic-Indic digits);
 * - `{{n, coins}}` → "1 coin", "7 coins", "7 عملات" (the language's one word for coins, plural forms
 *   of `common.coins`); `{{n, days}}`, `{{n, minutes}}` and `{{n, seconds}}` likewise (`common.days`,
 *   `common.minutes`, `common.seconds`);
 * - `{{m, money}}` with `{ minor, currency }` → formatMoney; `{{d, day}}` → formatDay;
 *   `{{b, filesize}}` → formatFileSize.
 * `fixedCatalogs`: the instance's catalogs never change, so counted words are kept once written.
 */
export function registerFormatters(i18n: FormatterHost, options: { fixedCatalogs?: boolean } = {}): void {
  const formatter = i18n.services.formatter;
  if (!formatter) return;
  const num = (value: unknown) => (typeof value === 'number' ? value : Number(value));
  formatter.add('number', (value, lng) => formatNumber(num(value), lng));
  // With catalogs that never change (the server's), a counted word is kept once written: each one is a
  // plural lookup of its own (`{{coins, coins}}` in a purchase's mail cost more than the rest of it).
  const counted = new Map<string, string>();
  for (const [name, key] of Object.entries(COUNTED_WORD_KEYS))
    formatter.add(name, (value, lng) => {
      if (!options.fixedCatalogs) return i18n.t(key, { count: num(value), lng });
      const memo = `${key}|${lng}|${num(value)}`;
      let text = counted.get(memo);
      if (text === undefined) {
        text = i18n.t(key, { count: num(value), lng });
        if (counted.size >= 10_000) counted.clear();
        counted.set(memo, text);
      }
      return text;
    });
  formatter.add('money', (value, lng) => {
    const m = value as { minor?: unknown; currency?: unknown } | null;
    if (!m || typeof m !== 'object') return String(value);
    return formatMoney(num(m.minor), String(m.currency ?? 'GBP'), lng);
  });
  formatter.add('day', (value, lng) => formatDay(value as string, lng));
  formatter.add('filesize', (value, lng) => formatFileSize(num(value), lng));
}
