import * as pg from 'drizzle-orm/pg-core';
import { socialAccounts } from '../connections/connections.schema';
import { genres } from '../lookups/lookups.schema';

/**
 * The genres a creator account plays (as `express_playlist_genres` for playlists), chosen by the
 * creator on the profile; matching and the genre filter read them.
 */
export const socialAccountGenres = pg.pgTable(
  'social_account_genres',
  {
    accountId: pg
      .integer('account_id')
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    genreId: pg
      .integer('genre_id')
      .notNull()
      .references(() => genres.id),
  },
  (t) => [
    pg.primaryKey({ columns: [t.accountId, t.genreId] }),
    pg.index('social_account_genres_genre_idx').on(t.genreId),
  ],
);
