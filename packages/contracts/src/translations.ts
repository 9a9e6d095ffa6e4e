import { z } from 'zod';
import { DEFAULT_LANGUAGE, type Language } from './api';

/**
 * Languages a reference record is translated into. English is the record's own column (the text old
 * clients and the back-office lists key on) and every other language falls back to it.
 */
export const TRANSLATED_LANGUAGES = ['fr', 'de', 'ar', 'tr'] as const;
export type TranslatedLanguage = (typeof TRANSLATED_LANGUAGES)[number];

/**
 * Texts of a reference record per field and language (docs/decisions.md "Reference
 * data has a text per language"): `{ name: { fr: 'Pack Starter', ar: '…' }, description: { … } }`.
 * Stored as the record's `translations` jsonb column; a missing language shows the English column.
 */
export type Translations<F extends string = string> = Partial<
  Record<F, Partial<Record<TranslatedLanguage, string>>>
>;

/**
 * Zod schema of a record's translations input for the given fields, each text trimmed, at most `max`
 * characters (the English column's limit); an empty text is dropped (that language falls back to
 * English). Unknown fields or languages are refused (`validation.translations_unknown`), too long texts
 * answer `validation.too_long` under `translations.<field>.<lang>`.
 * @param fields the record's translated fields and each one's maximum length in characters
 */
export function translationsSchema<F extends string>(fields: Record<F, number>) {
  const shape = Object.fromEntries(
    Object.entries<number>(fields).map(([field, max]) => [
      field,
      z
        .strictObject(
          Object.fromEntries(
            TRANSLATED_LANGUAGES.map((lang) => [
              lang,
              z.string('validation.invalid').trim().max(max, 'validation.too_long').optional(),
            ]),
          ),
          { error: () => 'validation.translations_unknown' },
        )
        .optional(),
    ]),
  );
  return z
    .strictObject(shape, { error: () => 'validation.translations_unknown' })
    .transform((value) => compactTranslations(value as Translations<F>));
}

/**
 * The translations without empty texts or empty fields (what is stored).
 * @param value texts per field and language, possibly with blanks
 */
export function compactTranslations<F extends string>(value: Translations<F>): Translations<F> {
  const out: Translations<F> = {};
  for (const [field, texts] of Object.entries(value) as [F, Partial<Record<TranslatedLanguage, string>>][]) {
    const kept = Object.fromEntries(
      Object.entries(texts ?? {}).filter(([, text]) => typeof text === 'string' && text.trim() !== ''),
    );
    if (Object.keys(kept).length > 0) out[field] = kept;
  }
  return out;
}

/**
 * A record's text in the reader's language, English (the record's own column) when that language has
 * none.
 * @param english the record's English column
 * @param translations the record's `translations` column (null or `{}` for none)
 * @param field which field of the record
 * @param lang the reader's language
 */
export function localized<F extends string>(
  english: string,
  translations: Translations<F> | null | undefined,
  field: F,
  lang: Language,
): string;
export function localized<F extends string>(
  english: string | null,
  translations: Translations<F> | null | undefined,
  field: F,
  lang: Language,
): string | null;
export function localized<F extends string>(
  english: string | null,
  translations: Translations<F> | null | undefined,
  field: F,
  lang: Language,
): string | null {
  if (lang === DEFAULT_LANGUAGE) return english;
  const text = translations?.[field]?.[lang as TranslatedLanguage];
  return text && text.trim() !== '' ? text : english;
}

/** One field's texts per language, as answered. */
const languageTexts = z.object(
  Object.fromEntries(TRANSLATED_LANGUAGES.map((lang) => [lang, z.string().optional()])) as Record<
    TranslatedLanguage,
    z.ZodOptional<z.ZodString>
  >,
);

/**
 * The `translations` of a record as the back-office reads them: for each of
 * `fields`, its texts per language (a language without text is absent).
 * @param fields the record's translated fields
 */
export function translationsResponseSchema<F extends string>(...fields: F[]) {
  return z.object(
    Object.fromEntries(fields.map((field) => [field, languageTexts.optional()])) as Record<
      F,
      z.ZodOptional<typeof languageTexts>
    >,
  );
}
