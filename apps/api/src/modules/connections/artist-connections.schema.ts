import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';

/** Name of the index that lets one user at a time hold a Spotify artist profile. */
export const ARTIST_PROFILE_ONE_OWNER = 'artist_spotify_profiles_one_owner';

/**
 * An artist's connected Spotify artist profile: the artist names their
 * profile by its link; the product reads its public data and its tracks. `is_active` 1 connected,
 * 2 disconnected (the row stays for history). One live connection of a profile across all users.
 */
export const artistSpotifyProfiles = pg.pgTable(
  'artist_spotify_profiles',
  {
    id: pg.serial('id').primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    spotifyArtistId: pg.varchar('spotify_artist_id', { length: 22 }).notNull(),
    name: pg.varchar('name', { length: 200 }).notNull(),
    imageUrl: pg.varchar('image_url', { length: 500 }),
    followers: pg.integer('followers'),
    isActive: pg.smallint('is_active').notNull().default(1),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('artist_spotify_profiles_user_artist_unique').on(t.userId, t.spotifyArtistId),
    pg.uniqueIndex(ARTIST_PROFILE_ONE_OWNER).on(t.spotifyArtistId).where(sql`${t.isActive} = 1`),
    pg.check('artist_spotify_profiles_active_check', sql`${t.isActive} in (1, 2)`),
  ],
);
