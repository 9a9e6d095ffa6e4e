import type { Translations } from '@lm/contracts/translations';
import * as pg from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/** Music genres (Spotify's genre names), referenced by users, playlists and campaigns. */
export const genres = pg.pgTable(
  'genres',
  {
    id: pg.serial('id').primaryKey(),
    name: pg.varchar('name', { length: 100 }).notNull(),
    isActive: pg.boolean('is_active').notNull().default(true),
  },
  (t) => [pg.uniqueIndex('genres_name_unique').on(t.name)],
);

export const userGenres = pg.pgTable(
  'user_genres',
  {
    userId: pg.integer('user_id').notNull(),
    genreId: pg
      .integer('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
  },
  (t) => [pg.uniqueIndex('user_genres_unique').on(t.userId, t.genreId)],
);

export const interests = pg.pgTable(
  'interests',
  {
    id: pg.serial('id').primaryKey(),
    name: pg.varchar('name', { length: 100 }).notNull(),
    isActive: pg.boolean('is_active').notNull().default(true),
  },
  (t) => [pg.uniqueIndex('interests_name_unique').on(t.name)],
);

/** ISO 639-1 languages. */
export const languages = pg.pgTable(
  'languages',
  {
    id: pg.serial('id').primaryKey(),
    code: pg.varchar('code', { length: 2 }).notNull(),
    name: pg.varchar('name', { length: 100 }).notNull(),
  },
  (t) => [pg.uniqueIndex('languages_code_unique').on(t.code)],
);

/** ISO 3166-1 countries. */
export const countries = pg.pgTable('countries', {
  code: pg.varchar('code', { length: 2 }).primaryKey(),
  name: pg.varchar('name', { length: 100 }).notNull(),
});

/** User tiers (user modal: tier required unless user type 1). */
export const tiers = pg.pgTable(
  'tiers',
  {
    id: pg.serial('id').primaryKey(),
    name: pg.varchar('name', { length: 100 }).notNull(),
    description: pg.text('description'),
    /** Name and description in other languages; the columns are English. */
    translations: pg
      .jsonb('translations')
      .$type<Translations<'name' | 'description'>>()
      .notNull()
      .default({}),
    isActive: pg.boolean('is_active').notNull().default(true),
  },
  (t) => [pg.uniqueIndex('tiers_name_unique').on(t.name)],
);

/** Dictionary statuses (spec section 4: active, invite, disabled, closed, pending). */
export const statuses = pg.pgTable(
  'statuses',
  {
    id: pg.serial('id').primaryKey(),
    name: pg.varchar('name', { length: 50 }).notNull(),
  },
  (t) => [pg.uniqueIndex('statuses_name_unique').on(t.name)],
);

export const userTypes = pg.pgTable('user_types', {
  id: pg.integer('id').primaryKey(),
  name: pg.varchar('name', { length: 50 }).notNull(),
});

/**
 * Controlled vocabularies of the pitch forms (Spotify record types, cultures, moods, instruments,
 * languages, song styles; Apple moods and genres), one table keyed by `kind`.
 */
export const catalogTerms = pg.pgTable(
  'catalog_terms',
  {
    id: pg.serial('id').primaryKey(),
    kind: pg.varchar('kind', { length: 40 }).notNull(),
    name: pg.varchar('name', { length: 100 }).notNull(),
    position: pg.integer('position').notNull().default(0),
  },
  (t) => [
    pg.uniqueIndex('catalog_terms_kind_name_unique').on(t.kind, t.name),
    pg.index('catalog_terms_kind_idx').on(t.kind),
  ],
);

/**
 * Home-screen sliders of the user app (`GET user/slider`): an image (storage key of an uploaded
 * image), an optional title and link, shown by `position` while active.
 */
export const sliders = pg.pgTable('sliders', {
  id: pg.serial('id').primaryKey(),
  title: pg.varchar('title', { length: 150 }),
  image: pg.varchar('image', { length: 300 }).notNull(),
  link: pg.varchar('link', { length: 500 }),
  position: pg.integer('position').notNull().default(0),
  isActive: pg.boolean('is_active').notNull().default(true),
  ...timestamps(),
});
