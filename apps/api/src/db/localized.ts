import type { Language } from '@lm/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * SQL for a reference record's text in the reader's language: `translations -> field ->> lang`, the
 * English column when that text is missing or empty. For searching and ordering by
 * what the reader sees; rows read whole use `localized` of @lm/contracts/translations instead.
 * @param english the record's English column
 * @param translations the record's `translations` jsonb column
 * @param field the field's key inside `translations`
 * @param lang the reader's language (English reads the column as is)
 */
export function localizedSql(
  english: PgColumn,
  translations: PgColumn,
  field: string,
  lang: Language,
): SQL<string> {
  if (lang === 'en') return sql<string>`${english}`;
  return sql<string>`coalesce(nullif(${translations} -> ${field} ->> ${lang}::text, ''), ${english})`;
}
