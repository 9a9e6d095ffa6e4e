import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { admins } from '../admins/admins.schema';
import { genres } from '../lookups/lookups.schema';

/**
 * Playlist forms (spec section 3 "Playlist form"): what an approved artist tells the team
 * about a track to pitch it. Status 1 Pending on creation, 2 Completed once staff handled it. Files
 * are storage keys of `file/upload` (type checked by content).
 */
export const playlistForms = pgTable(
  'playlist_forms',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    formType: smallint('form_type').notNull().default(1),
    statusId: smallint('status_id').notNull().default(1),
    assignedTo: integer('assigned_to').references(() => admins.id),
    createdBy: integer('created_by').references(() => users.id),
    createdByAdmin: integer('created_by_admin').references(() => admins.id),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedByAdmin: integer('updated_by_admin').references(() => admins.id),
    phoneNumber: varchar('phone_number', { length: 20 }).notNull(),
    locationTimezone: varchar('location_timezone', { length: 20 }).notNull(),
    trackUrl: varchar('track_url', { length: 500 }).notNull(),
    facebookLink: varchar('facebook_link', { length: 500 }),
    instagramLink: varchar('instagram_link', { length: 500 }),
    twitterLink: varchar('twitter_link', { length: 500 }),
    tiktokLink: varchar('tiktok_link', { length: 500 }),
    type: varchar('type', { length: 10 }).notNull(),
    releaseDate: date('release_date', { mode: 'string' }).notNull(),
    trackFile: varchar('track_file', { length: 255 }).notNull(),
    coverImage: varchar('cover_image', { length: 255 }).notNull(),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genres.id),
    trackMood: varchar('track_mood', { length: 100 }).notNull(),
    trackBio: text('track_bio').notNull(),
    promotion: text('promotion').notNull(),
    previousAchievements: text('previous_achievements').notNull(),
    distributor: varchar('distributor', { length: 200 }).notNull(),
    upcCode: varchar('upc_code', { length: 14 }).notNull(),
    isrcCode: varchar('isrc_code', { length: 12 }),
    label: varchar('label', { length: 200 }),
    appleTrackId: varchar('apple_track_id', { length: 15 }).notNull(),
    soundcloudLink: varchar('soundcloud_link', { length: 500 }),
    extraInfo: text('extra_info'),
    ...timestamps(),
  },
  (t) => [
    index('playlist_forms_user_idx').on(t.userId, t.id),
    index('playlist_forms_status_idx').on(t.statusId),
    check('playlist_forms_status_check', sql`${t.statusId} in (1, 2)`),
    check('playlist_forms_form_type_check', sql`${t.formType} = 1`),
    check('playlist_forms_type_check', sql`${t.type} in ('Single', 'Album', 'EP')`),
    check('playlist_forms_location_check', sql`${t.locationTimezone} in ('europe', 'us', 'india')`),
    check('playlist_forms_one_author', sql`num_nonnulls(${t.createdBy}, ${t.createdByAdmin}) = 1`),
  ],
);

/**
 * References of a form (spec: list of {id, reference, form_id}), at most 5: `position` 1..5 is unique
 * per form, so the database itself refuses a sixth.
 */
export const playlistFormReferences = pgTable(
  'playlist_form_references',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => playlistForms.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    reference: varchar('reference', { length: 500 }).notNull(),
  },
  (t) => [
    uniqueIndex('playlist_form_references_position_unique').on(t.formId, t.position),
    check('playlist_form_references_position_check', sql`${t.position} between 1 and 5`),
  ],
);
