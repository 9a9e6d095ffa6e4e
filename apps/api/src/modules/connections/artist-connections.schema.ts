import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';

/** Name of the index that lets one user at a time hold a Spotify artist profile. */
export const ARTIST_PROFILE_ONE_OWNER = 'artist_spotify_profiles_one_owner';

/**
 * An artist's connected Spotify artist profile: the artist names their
 * profile by its link; the product reads its public data and its tracks. `is_active` 1 connected,
 * 2 disconnected (the row stays for history). One live connection of a profile across all users.
 */
export const artistSpotifyProfiles = pgTable(
  'artist_spotify_profiles',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    spotifyArtistId: varchar('spotify_artist_id', { length: 22 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    imageUrl: varchar('image_url', { length: 500 }),
    followers: integer('followers'),
    isActive: smallint('is_active').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('artist_spotify_profiles_user_artist_unique').on(t.userId, t.spotifyArtistId),
    uniqueIndex(ARTIST_PROFILE_ONE_OWNER).on(t.spotifyArtistId).where(sql`${t.isActive} = 1`),
    check('artist_spotify_profiles_active_check', sql`${t.isActive} in (1, 2)`),
  ],
);
