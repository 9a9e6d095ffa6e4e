import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { deletedAt } from '../db/columns';

/**
 * Posts of the sandbox TikTok and Instagram accounts beyond their deterministic history: videos and reels
 * posted through the dev controls (with the sound they use), deleted or given views there. One row per
 * post; `deleted_at` hides it from the account's lists and queries like a deleted video.
 */
export const sandboxSocialPosts = pgTable(
  'sandbox_social_posts',
  {
    id: varchar('id', { length: 40 }).primaryKey(),
    platform: varchar('platform', { length: 16 }).notNull(),
    accountId: varchar('account_id', { length: 100 }).notNull(),
    username: varchar('username', { length: 100 }).notNull(),
    musicId: varchar('music_id', { length: 100 }),
    caption: text('caption').notNull().default(''),
    views: integer('views').notNull().default(0),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    deletedAt: deletedAt(),
  },
  (t) => [
    index('sandbox_social_posts_account_idx').on(t.platform, t.accountId, t.postedAt),
    check('sandbox_social_posts_platform_check', sql`${t.platform} in ('tiktok', 'instagram')`),
    check('sandbox_social_posts_views_check', sql`${t.views} >= 0`),
  ],
);
