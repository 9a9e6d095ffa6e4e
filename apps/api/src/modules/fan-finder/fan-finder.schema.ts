import {
  FAN_FINDER_CONNECTION_KINDS,
  FAN_FINDER_SYNC_STATUSES,
  type FanFinderConnectionKind,
  type FanFinderSyncStatus,
} from '@lm/contracts/fan-finder';
import type { Translations } from '@lm/contracts/translations';
import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { socialAccounts } from '../connections/connections.schema';
import { ledgerTransfers } from '../wallet/wallet.schema';

/**
 * Fan Finder plans (spec "Fan finder subscription" plan{plan_name,plan_days}):
 * what an artist buys with coins. `features` are keys of FAN_FINDER_FEATURES; `status` 1 offered, 0 not.
 */
export const fanFinderPlans = pg.pgTable(
  'fan_finder_plans',
  {
    id: pg.serial('id').primaryKey(),
    planName: pg.varchar('plan_name', { length: 100 }).notNull(),
    /** `plan_name` in other languages; `plan_name` is English, the fallback. */
    translations: pg.jsonb('translations').$type<Translations<'plan_name'>>().notNull().default({}),
    planDays: pg.integer('plan_days').notNull(),
    price: pg.integer('price').notNull(),
    features: pg.jsonb('features').$type<string[]>().notNull().default([]),
    status: pg.smallint('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [
    pg.uniqueIndex('fan_finder_plans_name_unique').on(sql`lower(${t.planName})`),
    pg.check('fan_finder_plans_days_check', sql`${t.planDays} between 1 and 366`),
    pg.check('fan_finder_plans_price_check', sql`${t.price} > 0`),
    pg.check('fan_finder_plans_status_check', sql`${t.status} in (0, 1)`),
  ],
);

/** Name of the partial unique index "one open (active or cancelled) subscription per artist" (409). */
export const FAN_FINDER_ONE_OPEN = 'fan_finder_subscriptions_one_open';

/**
 * An artist's subscription. The plan's name, days and price are copied when bought (a later plan edit
 * does not rewrite what was sold). Access lasts until `end_at`; renewals move `end_at` by the plan's
 * days and each charge is one ledger transfer (desc 7) named by `last_transfer_id`.
 */
export const fanFinderSubscriptions = pg.pgTable(
  'fan_finder_subscriptions',
  {
    id: pg.serial('id').primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    planId: pg
      .integer('plan_id')
      .notNull()
      .references(() => fanFinderPlans.id),
    planName: pg.varchar('plan_name', { length: 100 }).notNull(),
    planDays: pg.integer('plan_days').notNull(),
    price: pg.integer('price').notNull(),
    status: pg.varchar('status', { length: 16 }).notNull().default('active'),
    autoRenew: pg.boolean('auto_renew').notNull().default(true),
    startAt: pg.timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: pg.timestamp('end_at', { withTimezone: true }).notNull(),
    renewals: pg.integer('renewals').notNull().default(0),
    lastTransferId: pg.bigint('last_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    cancelledAt: pg.timestamp('cancelled_at', { withTimezone: true }),
    expiredAt: pg.timestamp('expired_at', { withTimezone: true }),
    /** Why it ended: `ended` (no renewal asked), `insufficient_coins`, `plan_unavailable`. */
    expiredReason: pg.varchar('expired_reason', { length: 30 }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex(FAN_FINDER_ONE_OPEN).on(t.userId).where(sql`${t.status} <> 'expired'`),
    pg.index('fan_finder_subscriptions_due_idx').on(t.endAt).where(sql`${t.status} <> 'expired'`),
    pg.index('fan_finder_subscriptions_user_idx').on(t.userId, t.id),
    pg.check('fan_finder_subscriptions_status_check', sql`${t.status} in ('active', 'cancelled', 'expired')`),
    pg.check('fan_finder_subscriptions_period_check', sql`${t.endAt} > ${t.startAt}`),
    pg.check('fan_finder_subscriptions_price_check', sql`${t.price} > 0`),
    pg.check(
      'fan_finder_subscriptions_cancelled_no_renew',
      sql`${t.status} <> 'cancelled' or ${t.autoRenew} = false`,
    ),
  ],
);

// The connection kinds and sync statuses are part of the API's answers, so the contracts hold them.
export {
  FAN_FINDER_CONNECTION_KINDS,
  FAN_FINDER_SYNC_STATUSES,
  type FanFinderConnectionKind,
  type FanFinderSyncStatus,
};

/** Index names mapped to 409s: one own Spotify profile, one own Instagram account, a related slot taken. */
export const FAN_FINDER_ONE_SPOTIFY = 'fan_finder_connections_one_spotify';
export const FAN_FINDER_ONE_INSTAGRAM = 'fan_finder_connections_one_instagram';
export const FAN_FINDER_RELATED_SLOT = 'fan_finder_connections_related_slot';
export const FAN_FINDER_RELATED_SAME = 'fan_finder_connections_related_same';

/**
 * The accounts Fan Finder analyses for an artist (spec section 3 subscription
 * fields spotify_name, spotify_id, instagram_username, related_artists): the own Spotify artist profile
 * (`spotify`), the own Instagram professional account (`instagram`, a connected `social_accounts` row)
 * and up to 2 related artists (`related`, Spotify profile + Instagram username, slots 1 and 2: the
 * limit is the unique slot, not a count read first). Each carries the state of its last analysis.
 */
export const fanFinderConnections = pg.pgTable(
  'fan_finder_connections',
  {
    id: pg.serial('id').primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: pg.varchar('kind', { length: 16 }).notNull(),
    /** 0 for the own accounts, 1 or 2 for a related artist. */
    slot: pg.smallint('slot').notNull().default(0),
    spotifyId: pg.varchar('spotify_id', { length: 64 }),
    spotifyName: pg.varchar('spotify_name', { length: 200 }),
    spotifyImage: pg.varchar('spotify_image', { length: 500 }),
    spotifyUrl: pg.varchar('spotify_url', { length: 500 }),
    instagramUsername: pg.varchar('instagram_username', { length: 30 }),
    socialAccountId: pg.integer('social_account_id').references(() => socialAccounts.id),
    /** Public counts of the Instagram account (business discovery), when readable. */
    followers: pg.integer('followers'),
    mediaCount: pg.integer('media_count'),
    syncStatus: pg.varchar('sync_status', { length: 16 }).notNull().default('pending'),
    lastSyncAt: pg.timestamp('last_sync_at', { withTimezone: true }),
    lastError: pg.varchar('last_error', { length: 40 }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex(FAN_FINDER_ONE_SPOTIFY).on(t.userId).where(sql`${t.kind} = 'spotify'`),
    pg.uniqueIndex(FAN_FINDER_ONE_INSTAGRAM).on(t.userId).where(sql`${t.kind} = 'instagram'`),
    pg.uniqueIndex(FAN_FINDER_RELATED_SLOT).on(t.userId, t.slot).where(sql`${t.kind} = 'related'`),
    pg.uniqueIndex(FAN_FINDER_RELATED_SAME).on(t.userId, t.spotifyId).where(sql`${t.kind} = 'related'`),
    pg.index('fan_finder_connections_user_idx').on(t.userId),
    pg.check('fan_finder_connections_kind_check', sql`${t.kind} in ('spotify', 'instagram', 'related')`),
    pg.check(
      'fan_finder_connections_slot_check',
      sql`(${t.kind} = 'related' and ${t.slot} between 1 and 2) or (${t.kind} <> 'related' and ${t.slot} = 0)`,
    ),
    pg.check(
      'fan_finder_connections_fields_check',
      sql`(${t.kind} = 'instagram' and ${t.socialAccountId} is not null and ${t.instagramUsername} is not null)
        or (${t.kind} = 'spotify' and ${t.spotifyId} is not null and ${t.spotifyName} is not null)
        or (${t.kind} = 'related' and ${t.spotifyId} is not null and ${t.spotifyName} is not null and ${t.instagramUsername} is not null)`,
    ),
    pg.check(
      'fan_finder_connections_sync_check',
      sql`${t.syncStatus} in ('pending', 'done', 'failed', 'unavailable')`,
    ),
  ],
);

/** Which grid a fan belongs to: commenters of the artist's own posts, or of the related artists' posts. */
export const FAN_SCOPES = ['own', 'related'] as const;
export type FanScope = (typeof FAN_SCOPES)[number];

/**
 * A rated commenter (spec section 3 "Fan": instagram_username, instagram_profile_s3_url,
 * rating_percentage, created_at, last_sync, status). The components of the rating are stored beside it
 * (`rating.ts`), so a score can be explained. `created_at` stays from the first analysis that found the
 * fan (NEW = created on the day of the last sync); `last_sync_at` is the analysis that rated it last.
 */
export const fanFinderFans = pg.pgTable(
  'fan_finder_fans',
  {
    id: pg.serial('id').primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    scope: pg.varchar('scope', { length: 8 }).notNull(),
    instagramUsername: pg.varchar('instagram_username', { length: 64 }).notNull(),
    profilePictureUrl: pg.varchar('profile_picture_url', { length: 1000 }),
    ratingPercentage: pg.smallint('rating_percentage').notNull(),
    components: pg
      .jsonb('components')
      .$type<{ posts: number; artists: number; quality: number; recency: number }>()
      .notNull(),
    postsCommented: pg.integer('posts_commented').notNull(),
    artistsCommented: pg.integer('artists_commented').notNull(),
    commentsCount: pg.integer('comments_count').notNull(),
    lastCommentAt: pg.timestamp('last_comment_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    lastSyncAt: pg.timestamp('last_sync_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    pg.uniqueIndex('fan_finder_fans_unique').on(t.userId, t.scope, t.instagramUsername),
    pg.index('fan_finder_fans_grid_idx').on(t.userId, t.scope, t.ratingPercentage),
    pg.check('fan_finder_fans_scope_check', sql`${t.scope} in ('own', 'related')`),
    pg.check('fan_finder_fans_rating_check', sql`${t.ratingPercentage} between 0 and 100`),
  ],
);
