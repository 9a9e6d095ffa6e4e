import type { Translations } from '@lm/contracts/translations';
import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { offerProfileChecks, offerProfileColumns } from '../../db/columns';
import { users } from '../accounts/accounts.schema';

/** The platforms influencers connect (spec section 3: campaign_type_id 2 TikTok, 3 Instagram). */
export const SOCIAL_PLATFORMS = ['tiktok', 'instagram'] as const;
export type SocialPlatformName = (typeof SOCIAL_PLATFORMS)[number];
const platformCheck = (column: unknown) => sql`${column} in ('tiktok', 'instagram')`;

/**
 * Tiers of a platform (spec "Tier": tier_name, price in coins, description, status): what a campaign on
 * an account of this tier costs. `min_followers` is the followers an account needs to take the tier.
 */
export const socialTiers = pg.pgTable(
  'social_tiers',
  {
    id: pg.serial('id').primaryKey(),
    platform: pg.varchar('platform', { length: 16 }).notNull(),
    tierName: pg.varchar('tier_name', { length: 100 }).notNull(),
    price: pg.integer('price').notNull(),
    minFollowers: pg.integer('min_followers').notNull().default(0),
    description: pg.text('description'),
    /** Name and description in other languages; the columns are English. */
    translations: pg
      .jsonb('translations')
      .$type<Translations<'tier_name' | 'description'>>()
      .notNull()
      .default({}),
    status: pg.smallint('status').notNull().default(1),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('social_tiers_name_unique').on(t.platform, sql`lower(${t.tierName})`),
    // Target of the accounts' (tier_id, platform) key: an account only takes a tier of its own platform.
    pg.unique('social_tiers_id_platform_unique').on(t.id, t.platform),
    pg.check('social_tiers_platform_check', platformCheck(t.platform)),
    pg.check('social_tiers_price_positive', sql`${t.price} > 0`),
    pg.check('social_tiers_min_followers_check', sql`${t.minFollowers} >= 0`),
    pg.check('social_tiers_status_check', sql`${t.status} in (0, 1)`),
  ],
);

/** Durations of a platform (spec "Duration": days a video must stay public). */
export const socialDurations = pg.pgTable(
  'social_durations',
  {
    id: pg.serial('id').primaryKey(),
    platform: pg.varchar('platform', { length: 16 }).notNull(),
    duration: pg.integer('duration').notNull(),
    status: pg.smallint('status').notNull().default(1),
  },
  (t) => [
    pg.uniqueIndex('social_durations_unique').on(t.platform, t.duration),
    pg.check('social_durations_platform_check', platformCheck(t.platform)),
    pg.check('social_durations_positive', sql`${t.duration} between 1 and 365`),
    pg.check('social_durations_status_check', sql`${t.status} in (0, 1)`),
  ],
);

/** Name of the partial unique index "an account is held by one user at a time" (mapped to 409). */
export const SOCIAL_ACCOUNT_ONE_OWNER = 'social_accounts_one_owner';

/**
 * An influencer's connected TikTok or Instagram account (spec "Connections": display_name, user_name,
 * connected_status 0/1). Tokens are stored sealed (platform/secret-box.ts). Status: `connected`;
 * `expired` when the platform refused the tokens (the owner reconnects); `revoked` when the owner or
 * staff disconnected it (tokens dropped; the row stays for the campaigns that name it).
 */
export const socialAccounts = pg.pgTable(
  'social_accounts',
  {
    id: pg.serial('id').primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    platform: pg.varchar('platform', { length: 16 }).notNull(),
    platformUserId: pg.varchar('platform_user_id', { length: 100 }).notNull(),
    username: pg.varchar('username', { length: 100 }).notNull(),
    displayName: pg.varchar('display_name', { length: 200 }).notNull(),
    avatarUrl: pg.text('avatar_url'),
    followers: pg.integer('followers'),
    accountType: pg.varchar('account_type', { length: 30 }),
    tierId: pg.integer('tier_id'),
    /** The influencer takes no AI-made music on this account: not offered to tracks declared made with AI. */
    refusesAi: pg.boolean('refuses_ai').notNull().default(false),
    /** Description, moods, languages, unreleased tracks: what the creator tells artists (profile). */
    ...offerProfileColumns(),
    status: pg.varchar('status', { length: 16 }).notNull().default('connected'),
    accessToken: pg.text('access_token'),
    refreshToken: pg.text('refresh_token'),
    accessExpiresAt: pg.timestamp('access_expires_at', { withTimezone: true }),
    refreshExpiresAt: pg.timestamp('refresh_expires_at', { withTimezone: true }),
    tokenIssuedAt: pg.timestamp('token_issued_at', { withTimezone: true }),
    lastRefreshError: pg.varchar('last_refresh_error', { length: 40 }),
    connectedAt: pg.timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: pg.timestamp('revoked_at', { withTimezone: true }),
    syncedAt: pg.timestamp('synced_at', { withTimezone: true }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('social_accounts_user_account_unique').on(t.userId, t.platform, t.platformUserId),
    pg
      .uniqueIndex(SOCIAL_ACCOUNT_ONE_OWNER)
      .on(t.platform, t.platformUserId)
      .where(sql`${t.status} <> 'revoked'`),
    pg.index('social_accounts_user_idx').on(t.userId, t.platform),
    pg.index('social_accounts_refresh_idx').on(t.accessExpiresAt).where(sql`${t.status} = 'connected'`),
    pg.foreignKey({
      name: 'social_accounts_tier_fk',
      columns: [t.tierId, t.platform],
      foreignColumns: [socialTiers.id, socialTiers.platform],
    }),
    pg.check('social_accounts_platform_check', platformCheck(t.platform)),
    pg.check('social_accounts_status_check', sql`${t.status} in ('connected', 'expired', 'revoked')`),
    pg.check(
      'social_accounts_revoked_no_tokens',
      sql`${t.status} <> 'revoked' or (${t.accessToken} is null and ${t.refreshToken} is null)`,
    ),
    pg.check('social_accounts_followers_check', sql`${t.followers} is null or ${t.followers} >= 0`),
    ...offerProfileChecks('social_accounts', t),
  ],
);
