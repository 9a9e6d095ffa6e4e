import * as pg from 'drizzle-orm/pg-core';

/**
 * Tracks placed in playlists of the sandbox Spotify provider (the stand-in for playlist items),
 * added and removed through the sandbox dev routes; `playlistHasTrack` reads them. One row per
 * track and playlist; `position` is zero-based like Spotify's and is not renumbered on removal.
 */
export const sandboxSpotifyPlacements = pg.pgTable(
  'sandbox_spotify_placements',
  {
    playlistId: pg.varchar('playlist_id', { length: 22 }).notNull(),
    trackId: pg.varchar('track_id', { length: 22 }).notNull(),
    position: pg.integer('position').notNull(),
    addedAt: pg.timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.primaryKey({ columns: [t.playlistId, t.trackId] })],
);

/**
 * Owner of a sandbox playlist: the first connected account that asked `ownsPlaylist` about it
 * (first claim wins; the primary key makes the claim atomic).
 */
export const sandboxSpotifyPlaylistOwners = pg.pgTable('sandbox_spotify_playlist_owners', {
  playlistId: pg.varchar('playlist_id', { length: 22 }).primaryKey(),
  spotifyUserId: pg.varchar('spotify_user_id', { length: 100 }).notNull(),
  claimedAt: pg.timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
});
