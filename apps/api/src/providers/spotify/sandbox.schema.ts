import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Tracks placed in playlists of the sandbox Spotify provider (the stand-in for playlist items),
 * added and removed through the sandbox dev routes; `playlistHasTrack` reads them. One row per
 * track and playlist; `position` is zero-based like Spotify's and is not renumbered on removal.
 */
export const sandboxSpotifyPlacements = pgTable(
  'sandbox_spotify_placements',
  {
    playlistId: varchar('playlist_id', { length: 22 }).notNull(),
    trackId: varchar('track_id', { length: 22 }).notNull(),
    position: integer('position').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.trackId] })],
);

/**
 * Owner of a sandbox playlist: the first connected account that asked `ownsPlaylist` about it
 * (first claim wins; the primary key makes the claim atomic).
 */
export const sandboxSpotifyPlaylistOwners = pgTable('sandbox_spotify_playlist_owners', {
  playlistId: varchar('playlist_id', { length: 22 }).primaryKey(),
  spotifyUserId: varchar('spotify_user_id', { length: 100 }).notNull(),
  claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});
