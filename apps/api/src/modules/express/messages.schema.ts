import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';
import { expressCampaigns } from './express.schema';

/**
 * The conversation of an express campaign (every platform) between its artist and its seller: plain
 * text, e-mail addresses and phone numbers already replaced by `[contact removed]` (the original is
 * never stored). A thread is read in id order (`campaign_messages_thread_idx`); a sender's messages
 * of the last minute are counted for the rate limit (`campaign_messages_sender_idx`).
 */
export const campaignMessages = pg.pgTable(
  'campaign_messages',
  {
    id: pg.serial('id').primaryKey(),
    campaignId: pg
      .integer('campaign_id')
      .notNull()
      .references(() => expressCampaigns.id),
    senderId: pg
      .integer('sender_id')
      .notNull()
      .references(() => users.id),
    /** The text as stored after masking (up to 2,000 characters typed; a marker may lengthen it). */
    body: pg.text('body').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('campaign_messages_thread_idx').on(t.campaignId, t.id),
    pg.index('campaign_messages_sender_idx').on(t.senderId, t.createdAt),
    pg.check('campaign_messages_body_length', sql`char_length(${t.body}) between 1 and 20000`),
  ],
);

/**
 * How far each participant has read a campaign's thread: the last message id read (0: none). Unread
 * counts are the other side's messages after it.
 */
export const campaignMessageReads = pg.pgTable(
  'campaign_message_reads',
  {
    campaignId: pg
      .integer('campaign_id')
      .notNull()
      .references(() => expressCampaigns.id),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    lastReadId: pg.integer('last_read_id').notNull().default(0),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.primaryKey({ columns: [t.campaignId, t.userId] })],
);
