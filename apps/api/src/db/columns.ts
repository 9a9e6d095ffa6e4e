import { MOODS, MOODS_MAX, OFFER_DESCRIPTION_MAX, OFFER_LANGUAGES_MAX } from '@lm/contracts/offer-terms';
import { type SQL, sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { timestamp } from 'drizzle-orm/pg-core';

// The columns most tables carry, built in one place so every table writes them the same way (the
// SQL they make is the one the migrations already hold). Each call answers a new builder: drizzle
// binds a builder to the table it is put in.

/** `created_at timestamptz not null default now()`: when the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** `updated_at timestamptz not null default now()`: the service sets it on each change. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** `deleted_at timestamptz` (null while the row is live): soft delete, the row stays for history. */
export const deletedAt = () => timestamp('deleted_at', { withTimezone: true });

/** `created_at` and `updated_at` together, to spread into a table's columns: `...timestamps()`. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });

/**
 * What a seller tells artists on an offer's profile (express playlists and creator accounts, issue
 * "Choose with evidence"), the same columns on both tables so the search and the matching read them
 * alike: `description` (plain text), `moods` (`MOODS`), `language_ids` (`languages` ids, empty: any
 * language), `accepts_unreleased` (false: matching leaves the offer out for unreleased tracks).
 */
export const offerProfileColumns = () => ({
  description: pg.text('description'),
  moods: pg.varchar('moods', { length: 20 }).array().notNull().default(sql`'{}'::varchar[]`),
  languageIds: pg.integer('language_ids').array().notNull().default(sql`'{}'::integer[]`),
  acceptsUnreleased: pg.boolean('accepts_unreleased').notNull().default(true),
});

const moodList = sql.raw(`array[${MOODS.map((m) => `'${m}'`).join(', ')}]::varchar[]`);

/**
 * The checks of {@link offerProfileColumns}: moods from `MOODS`, at most `MOODS_MAX`; at most
 * `OFFER_LANGUAGES_MAX` languages; a description of at most `OFFER_DESCRIPTION_MAX` characters.
 */
export function offerProfileChecks(
  table: string,
  t: { moods: pg.AnyPgColumn; languageIds: pg.AnyPgColumn; description: pg.AnyPgColumn },
) {
  const check = (name: string, cond: SQL) => pg.check(`${table}_${name}`, cond);
  const n = (v: number) => sql.raw(String(v));
  return [
    check('moods_known', sql`${t.moods} <@ ${moodList} and cardinality(${t.moods}) <= ${n(MOODS_MAX)}`),
    check('languages_max', sql`cardinality(${t.languageIds}) <= ${n(OFFER_LANGUAGES_MAX)}`),
    check(
      'description_length',
      sql`${t.description} is null or char_length(${t.description}) <= ${n(OFFER_DESCRIPTION_MAX)}`,
    ),
  ];
}
