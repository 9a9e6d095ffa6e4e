import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { updatedAt } from '../../db/columns';
import { admins } from '../admins/admins.schema';

/** System settings, one row per key (maintenance_mode, platform_fee_percent, coin_price_pence, ...). */
export const settings = pg.pgTable('settings', {
  key: pg.varchar('key', { length: 100 }).primaryKey(),
  value: pg.jsonb('value').notNull(),
  updatedAt: updatedAt(),
});

/**
 * The platform's own Spotify account (back-office /spotify/callback/{accessToken}): at most
 * one row (id 1, a CHECK), replaced when staff connect another account. The refresh token stays
 * server-side; no response carries it.
 */
export const platformSpotifyAccount = pg.pgTable(
  'platform_spotify_account',
  {
    id: pg.smallint('id').primaryKey().default(1),
    spotifyUserId: pg.varchar('spotify_user_id', { length: 100 }).notNull(),
    displayName: pg.varchar('display_name', { length: 200 }).notNull(),
    email: pg.varchar('email', { length: 190 }),
    refreshToken: pg.text('refresh_token').notNull(),
    connectedByAdminId: pg.integer('connected_by_admin_id').references(() => admins.id, {
      onDelete: 'set null',
    }),
    connectedAt: pg.timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.check('platform_spotify_account_single', sql`${t.id} = 1`)],
);
