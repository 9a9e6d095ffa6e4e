import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { expressCampaigns } from './express.schema';

/**
 * What the engine's checks of one campaign read, one row per UTC day (issue "Results"): the latest
 * check of a day replaces the earlier ones (upsert on campaign and day), so the table is the
 * campaign's daily history instead of one latest value.
 *
 * - Spotify placements: `position` (zero-based, null when the track was not found that day), the
 *   playlist's `playlist_followers` and the track's `track_popularity` (Spotify's 0..100).
 * - TikTok and Instagram videos: `views`, `likes`, `comments`, `shares` as the platform counted them
 *   (cumulative since posting); null where the platform gives no figure.
 */
export const campaignChecks = pg.pgTable(
  'campaign_checks',
  {
    campaignId: pg
      .integer('campaign_id')
      .notNull()
      .references(() => expressCampaigns.id, { onDelete: 'cascade' }),
    /** The UTC calendar day of the check. */
    day: pg.date('day', { mode: 'string' }).notNull(),
    /** When the day's latest check ran. */
    checkedAt: pg.timestamp('checked_at', { withTimezone: true }).notNull(),
    /** Whether the placement or video was there at that check. */
    present: pg.boolean('present').notNull(),
    position: pg.integer('position'),
    playlistFollowers: pg.integer('playlist_followers'),
    trackPopularity: pg.smallint('track_popularity'),
    views: pg.bigint('views', { mode: 'number' }),
    likes: pg.bigint('likes', { mode: 'number' }),
    comments: pg.bigint('comments', { mode: 'number' }),
    shares: pg.bigint('shares', { mode: 'number' }),
  },
  (t) => [
    pg.primaryKey({ columns: [t.campaignId, t.day] }),
    pg.check(
      'campaign_checks_counts_check',
      sql`coalesce(${t.position}, 0) >= 0 and coalesce(${t.playlistFollowers}, 0) >= 0
        and coalesce(${t.trackPopularity}, 0) between 0 and 100
        and coalesce(${t.views}, 0) >= 0 and coalesce(${t.likes}, 0) >= 0
        and coalesce(${t.comments}, 0) >= 0 and coalesce(${t.shares}, 0) >= 0`,
    ),
  ],
);
