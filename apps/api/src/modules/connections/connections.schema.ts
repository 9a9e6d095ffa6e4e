import type { Translations } from '@lm/contracts/translations';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';

/** The platforms influencers connect (spec section 3: campaign_type_id 2 TikTok, 3 Instagram). */
export const SOCIAL_PLATFORMS = ['tiktok', 'instagram'] as const;
export type SocialPlatformName = (typeof SOCIAL_PLATFORMS)[number];
const platformCheck = (column: unknown) => sql`${column} in ('tiktok', 'instagram')`;

/**
 * Tiers of a platform (spec "Tier": tier_name, price in coins, description, status): what a campaign on
 * an account of this tier costs. `min_followers` is the followers an account needs to take the tier.
 */
export const socialTiers = pgTable(
  'social_tiers',
  {
    id: serial('id').primaryKey(),
    platform: varchar('platform', { length: 16 }).notNull(),
    tierName: varchar('tier_name', { length: 100 }).notNull(),
    price: integer('price').notNull(),
    minFollowers: integer('min_followers').notNull().default(0),
    description: text('description'),
    /** Name and description in other languages; the columns are English. */
    translations: jsonb('translations')
      .$type<Translations<'tier_name' | 'description'>>()
      .notNull()
      .default({}),
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_tiers_name_unique').on(t.platform, sql`lower(${t.tierName})`),
    // Target of the accounts' (tier_id, platform) key: an account only takes a tier of its own platform.
    unique('social_tiers_id_platform_unique').on(t.id, t.platform),
    check('social_tiers_platform_check', platformCheck(t.platform)),
    check('social_tiers_price_positive', sql`${t.price} > 0`),
    check('social_tiers_min_followers_check', sql`${t.minFollowers} >= 0`),
    check('social_tiers_status_check', sql`${t.status} in (0, 1)`),
  ],
);

/** Durations of a platform (spec "Duration": days a video must stay public). */
export const socialDurations = pgTable(
  'social_durations',
  {
    id: serial('id').primaryKey(),
    platform: varchar('platform', { length: 16 }).notNull(),
    duration: integer('duration').notNull(),
    status: smallint('status').notNull().default(1),
  },
  (t) => [
    uniqueIndex('social_durations_unique').on(t.platform, t.duration),
    check('social_durations_platform_check', platformCheck(t.platform)),
    check('social_durations_positive', sql`${t.duration} between 1 and 365`),
    check('social_durations_status_check', sql`${t.status} in (0, 1)`),
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
export const socialAccounts = pgTable(
  'social_accounts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    platform: varchar('platform', { length: 16 }).notNull(),
    platformUserId: varchar('platform_user_id', { length: 100 }).notNull(),
    username: varchar('username', { length: 100 }).notNull(),
    displayName: varchar('display_name', { length: 200 }).notNull(),
    avatarUrl: text('avatar_url'),
    followers: integer('followers'),
    accountType: varchar('account_type', { length: 30 }),
    tierId: integer('tier_id'),
    status: varchar('status', { length: 16 }).notNull().default('connected'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true }),
    lastRefreshError: varchar('last_refresh_error', { length: 40 }),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('social_accounts_user_account_unique').on(t.userId, t.platform, t.platformUserId),
    uniqueIndex(SOCIAL_ACCOUNT_ONE_OWNER)
      .on(t.platform, t.platformUserId)
      .where(sql`${t.status} <> 'revoked'`),
    index('social_accounts_user_idx').on(t.userId, t.platform),
    index('social_accounts_refresh_idx').on(t.accessExpiresAt).where(sql`${t.status} = 'connected'`),
    foreignKey({
      name: 'social_accounts_tier_fk',
      columns: [t.tierId, t.platform],
      foreignColumns: [socialTiers.id, socialTiers.platform],
    }),
    check('social_accounts_platform_check', platformCheck(t.platform)),
    check('social_accounts_status_check', sql`${t.status} in ('connected', 'expired', 'revoked')`),
    check(
      'social_accounts_revoked_no_tokens',
      sql`${t.status} <> 'revoked' or (${t.accessToken} is null and ${t.refreshToken} is null)`,
    ),
    check('social_accounts_followers_check', sql`${t.followers} is null or ${t.followers} >= 0`),
  ],
);
