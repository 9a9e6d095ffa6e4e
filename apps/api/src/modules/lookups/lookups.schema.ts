import type { Translations } from '@lm/contracts/translations';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';

/** Music genres (Spotify's genre names), referenced by users, playlists and campaigns. */
export const genres = pgTable(
  'genres',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('genres_name_unique').on(t.name)],
);

export const userGenres = pgTable(
  'user_genres',
  {
    userId: integer('user_id').notNull(),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genres.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('user_genres_unique').on(t.userId, t.genreId)],
);

export const interests = pgTable(
  'interests',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('interests_name_unique').on(t.name)],
);

/** ISO 639-1 languages. */
export const languages = pgTable(
  'languages',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 2 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('languages_code_unique').on(t.code)],
);

/** ISO 3166-1 countries. */
export const countries = pgTable('countries', {
  code: varchar('code', { length: 2 }).primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
});

/** User tiers (user modal: tier required unless user type 1). */
export const tiers = pgTable(
  'tiers',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    description: text('description'),
    /** Name and description in other languages; the columns are English. */
    translations: jsonb('translations').$type<Translations<'name' | 'description'>>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [uniqueIndex('tiers_name_unique').on(t.name)],
);

/** Dictionary statuses (spec section 4: active, invite, disabled, closed, pending). */
export const statuses = pgTable(
  'statuses',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 50 }).notNull(),
  },
  (t) => [uniqueIndex('statuses_name_unique').on(t.name)],
);

export const userTypes = pgTable('user_types', {
  id: integer('id').primaryKey(),
  name: varchar('name', { length: 50 }).notNull(),
});

/**
 * Controlled vocabularies of the pitch forms (Spotify record types, cultures, moods, instruments,
 * languages, song styles; Apple moods and genres), one table keyed by `kind`.
 */
export const catalogTerms = pgTable(
  'catalog_terms',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 40 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    uniqueIndex('catalog_terms_kind_name_unique').on(t.kind, t.name),
    index('catalog_terms_kind_idx').on(t.kind),
  ],
);

/**
 * Home-screen sliders of the user app (`GET user/slider`): an image (storage key of an uploaded
 * image), an optional title and link, shown by `position` while active.
 */
export const sliders = pgTable('sliders', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 150 }),
  image: varchar('image', { length: 300 }).notNull(),
  link: varchar('link', { length: 500 }),
  position: integer('position').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps(),
});
