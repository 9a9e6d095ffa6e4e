import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { admins } from '../admins/admins.schema';
import { genres } from '../lookups/lookups.schema';

/**
 * Playlist forms (spec section 3 "Playlist form"): what an approved artist tells the team
 * about a track to pitch it. Status 1 Pending on creation, 2 Completed once staff handled it, 3 Needs
 * information (the artist edits and resubmits), 4 Rejected (final); each change is kept in
 * `playlist_form_status_changes`. Files
 * are storage keys of `file/upload` (type checked by content).
 */
export const playlistForms = pg.pgTable(
  'playlist_forms',
  {
    id: pg.serial('id').primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    formType: pg.smallint('form_type').notNull().default(1),
    statusId: pg.smallint('status_id').notNull().default(1),
    assignedTo: pg.integer('assigned_to').references(() => admins.id),
    createdBy: pg.integer('created_by').references(() => users.id),
    createdByAdmin: pg.integer('created_by_admin').references(() => admins.id),
    updatedBy: pg.integer('updated_by').references(() => users.id),
    updatedByAdmin: pg.integer('updated_by_admin').references(() => admins.id),
    phoneNumber: pg.varchar('phone_number', { length: 20 }).notNull(),
    locationTimezone: pg.varchar('location_timezone', { length: 20 }).notNull(),
    trackUrl: pg.varchar('track_url', { length: 500 }).notNull(),
    facebookLink: pg.varchar('facebook_link', { length: 500 }),
    instagramLink: pg.varchar('instagram_link', { length: 500 }),
    twitterLink: pg.varchar('twitter_link', { length: 500 }),
    tiktokLink: pg.varchar('tiktok_link', { length: 500 }),
    type: pg.varchar('type', { length: 10 }).notNull(),
    releaseDate: pg.date('release_date', { mode: 'string' }).notNull(),
    trackFile: pg.varchar('track_file', { length: 255 }).notNull(),
    coverImage: pg.varchar('cover_image', { length: 255 }).notNull(),
    genreId: pg
      .integer('genre_id')
      .notNull()
      .references(() => genres.id),
    trackMood: pg.varchar('track_mood', { length: 100 }).notNull(),
    trackBio: pg.text('track_bio').notNull(),
    promotion: pg.text('promotion').notNull(),
    previousAchievements: pg.text('previous_achievements').notNull(),
    distributor: pg.varchar('distributor', { length: 200 }).notNull(),
    upcCode: pg.varchar('upc_code', { length: 14 }).notNull(),
    isrcCode: pg.varchar('isrc_code', { length: 12 }),
    label: pg.varchar('label', { length: 200 }),
    appleTrackId: pg.varchar('apple_track_id', { length: 15 }).notNull(),
    soundcloudLink: pg.varchar('soundcloud_link', { length: 500 }),
    extraInfo: pg.text('extra_info'),
    ...timestamps(),
  },
  (t) => [
    pg.index('playlist_forms_user_idx').on(t.userId, t.id),
    pg.index('playlist_forms_status_idx').on(t.statusId),
    pg.check('playlist_forms_status_check', sql`${t.statusId} in (1, 2, 3, 4)`),
    pg.check('playlist_forms_form_type_check', sql`${t.formType} = 1`),
    pg.check('playlist_forms_type_check', sql`${t.type} in ('Single', 'Album', 'EP')`),
    pg.check('playlist_forms_location_check', sql`${t.locationTimezone} in ('europe', 'us', 'india')`),
    pg.check('playlist_forms_one_author', sql`num_nonnulls(${t.createdBy}, ${t.createdByAdmin}) = 1`),
  ],
);

/**
 * References of a form (spec: list of {id, reference, form_id}), at most 5: `position` 1..5 is unique
 * per form, so the database itself refuses a sixth.
 */
export const playlistFormReferences = pg.pgTable(
  'playlist_form_references',
  {
    id: pg.serial('id').primaryKey(),
    formId: pg
      .integer('form_id')
      .notNull()
      .references(() => playlistForms.id, { onDelete: 'cascade' }),
    position: pg.smallint('position').notNull(),
    reference: pg.varchar('reference', { length: 500 }).notNull(),
  },
  (t) => [
    pg.uniqueIndex('playlist_form_references_position_unique').on(t.formId, t.position),
    pg.check('playlist_form_references_position_check', sql`${t.position} between 1 and 5`),
  ],
);

/**
 * The history of a form's status changes (issue 36): who (staff, or the artist resubmitting a form
 * that needed information), from and to which status, staff's message to the artist as written
 * (required by the database for Needs information and Rejected, at most 2000 characters) and when.
 * Deleted with its form.
 */
export const playlistFormStatusChanges = pg.pgTable(
  'playlist_form_status_changes',
  {
    id: pg.serial('id').primaryKey(),
    formId: pg
      .integer('form_id')
      .notNull()
      .references(() => playlistForms.id, { onDelete: 'cascade' }),
    fromStatus: pg.smallint('from_status').notNull(),
    toStatus: pg.smallint('to_status').notNull(),
    message: pg.text('message'),
    adminId: pg.integer('admin_id').references(() => admins.id),
    userId: pg.integer('user_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index('playlist_form_status_changes_form_idx').on(t.formId, t.id),
    pg.check('playlist_form_status_changes_to_check', sql`${t.toStatus} in (1, 2, 3, 4)`),
    pg.check('playlist_form_status_changes_changed', sql`${t.fromStatus} <> ${t.toStatus}`),
    pg.check('playlist_form_status_changes_one_actor', sql`num_nonnulls(${t.adminId}, ${t.userId}) = 1`),
    pg.check(
      'playlist_form_status_changes_message_check',
      sql`(${t.message} is null or char_length(${t.message}) between 1 and 2000) and (${t.toStatus} not in (3, 4) or ${t.message} is not null)`,
    ),
  ],
);
