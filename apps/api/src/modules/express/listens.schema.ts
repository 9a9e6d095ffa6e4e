import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';
import { expressCampaigns } from './express.schema';

/**
 * What a seller (curator, influencer) has heard of a request before deciding on it:
 * one row per campaign and listener, written only from playback events with the server's
 * time (`express.listen.ts`). `listened_ms` is the credited listening: at most the server time
 * elapsed between two events while playing, and at most the player's position advance. A row names
 * either an express campaign (its seller's approve or decline) or a custom campaign (a curator's
 * opt-in), never both.
 */
export const campaignListens = pg.pgTable(
  'campaign_listens',
  {
    id: pg.serial('id').primaryKey(),
    campaignId: pg.integer('campaign_id').references(() => expressCampaigns.id),
    /**
     * A custom campaign's id. No foreign key: custom campaigns' tables reference the express tables,
     * and module tables reference each other without a circle (boundaries test).
     */
    customCampaignId: pg.integer('custom_campaign_id'),
    listenerId: pg
      .integer('listener_id')
      .notNull()
      .references(() => users.id),
    /** Listening credited so far, milliseconds. */
    listenedMs: pg.integer('listened_ms').notNull().default(0),
    /** Server time of the last event while playing; null while paused or before the first play. */
    playingSince: pg.timestamp('playing_since', { withTimezone: true }),
    /** The player's position at the last event, milliseconds. */
    lastPositionMs: pg.integer('last_position_ms'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg
      .uniqueIndex('campaign_listens_express_unique')
      .on(t.campaignId, t.listenerId)
      .where(sql`${t.campaignId} is not null`),
    pg
      .uniqueIndex('campaign_listens_custom_unique')
      .on(t.customCampaignId, t.listenerId)
      .where(sql`${t.customCampaignId} is not null`),
    pg.check(
      'campaign_listens_one_campaign',
      sql`(${t.campaignId} is null) <> (${t.customCampaignId} is null)`,
    ),
    pg.check('campaign_listens_listened_nonnegative', sql`${t.listenedMs} >= 0`),
  ],
);
