import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { deletedAt } from '../db/columns';

/**
 * Posts of the sandbox TikTok and Instagram accounts beyond their deterministic history: videos and reels
 * posted through the dev controls (with the sound they use), deleted or given views there. One row per
 * post; `deleted_at` hides it from the account's lists and queries like a deleted video.
 */
export const sandboxSocialPosts = pg.pgTable(
  'sandbox_social_posts',
  {
    id: pg.varchar('id', { length: 40 }).primaryKey(),
    platform: pg.varchar('platform', { length: 16 }).notNull(),
    accountId: pg.varchar('account_id', { length: 100 }).notNull(),
    username: pg.varchar('username', { length: 100 }).notNull(),
    musicId: pg.varchar('music_id', { length: 100 }),
    caption: pg.text('caption').notNull().default(''),
    views: pg.integer('views').notNull().default(0),
    postedAt: pg.timestamp('posted_at', { withTimezone: true }).notNull(),
    deletedAt: deletedAt(),
  },
  (t) => [
    pg.index('sandbox_social_posts_account_idx').on(t.platform, t.accountId, t.postedAt),
    pg.check('sandbox_social_posts_platform_check', sql`${t.platform} in ('tiktok', 'instagram')`),
    pg.check('sandbox_social_posts_views_check', sql`${t.views} >= 0`),
  ],
);
