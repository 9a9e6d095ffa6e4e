import type { Translations } from '@lm/contracts/translations';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';
import { admins } from '../admins/admins.schema';
import { socialAccounts, socialTiers } from '../connections/connections.schema';
import { genres } from '../lookups/lookups.schema';

/**
 * Express campaign types (spec section 3 `campaign_type_id`): 1 Spotify playlist placement, 2 TikTok
 * video, 3 Instagram reel. Each has its platform adapter (`platforms/<name>.adapter.ts`).
 */
export const EXPRESS_CAMPAIGN_TYPES = [1, 2, 3] as const;

/** Express tiers (spec section 3 "Tier"): price in coins per placement or per video, per platform. */
export const expressTiers = pgTable(
  'express_tiers',
  {
    id: serial('id').primaryKey(),
    /** Which platform's tiers (spec "/tiktok/express/tiers/list"): 1 Spotify, 2 TikTok, 3 Instagram. */
    campaignTypeId: smallint('campaign_type_id').notNull().default(1),
    tierName: varchar('tier_name', { length: 100 }).notNull(),
    price: integer('price').notNull(),
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
    // A tier name is unique within its platform (each platform has its own Starter).
    uniqueIndex('express_tiers_name_unique').on(t.campaignTypeId, t.tierName),
    check('express_tiers_price_positive', sql`${t.price} > 0`),
    check('express_tiers_type_check', sql`${t.campaignTypeId} in (1, 2, 3)`),
  ],
);

/** Express durations (spec "Duration": days a placement stays on the playlist, or a video stays public). */
export const expressDurations = pgTable(
  'express_durations',
  {
    id: serial('id').primaryKey(),
    /** Which platform's durations: 1 Spotify, 2 TikTok, 3 Instagram. */
    campaignTypeId: smallint('campaign_type_id').notNull().default(1),
    duration: integer('duration').notNull(),
    status: smallint('status').notNull().default(1),
  },
  (t) => [
    uniqueIndex('express_durations_unique').on(t.campaignTypeId, t.duration),
    check('express_durations_positive', sql`${t.duration} > 0`),
    check('express_durations_type_check', sql`${t.campaignTypeId} in (1, 2, 3)`),
  ],
);

/** Decline reasons curators choose from (spec "Reason"). */
export const expressReasons = pgTable('express_reasons', {
  id: serial('id').primaryKey(),
  reason: varchar('reason', { length: 200 }).notNull(),
  /** The reason in other languages; `reason` is English, the fallback. */
  translations: jsonb('translations').$type<Translations<'reason'>>().notNull().default({}),
  status: smallint('status').notNull().default(1),
});

/** A curator's connected Spotify account (spec "Connections": name, is_active 1/2, user_name, user_email). */
export const spotifyConnections = pgTable(
  'spotify_connections',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    spotifyUserId: varchar('spotify_user_id', { length: 100 }).notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    userEmail: varchar('user_email', { length: 190 }),
    isActive: smallint('is_active').notNull().default(1),
    refreshToken: text('refresh_token'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('spotify_connections_user_account_unique').on(t.userId, t.spotifyUserId)],
);

/**
 * Express playlists curators offer (status 1 approved/active, 2 pending approval, 3 declined or
 * disabled; spec colours 1 success, 2 warning, 3 danger).
 */
export const expressPlaylists = pgTable(
  'express_playlists',
  {
    id: serial('id').primaryKey(),
    curatorId: integer('curator_id')
      .notNull()
      .references(() => users.id),
    connectionId: integer('connection_id').references(() => spotifyConnections.id),
    spotifyPlaylistId: varchar('spotify_playlist_id', { length: 40 }).notNull(),
    spotifyUrl: text('spotify_url').notNull(),
    name: varchar('name', { length: 300 }).notNull(),
    imageUrl: text('image_url'),
    followers: integer('followers').notNull().default(0),
    tierId: integer('tier_id')
      .notNull()
      .references(() => expressTiers.id),
    durationId: integer('duration_id')
      .notNull()
      .references(() => expressDurations.id),
    statusId: smallint('status_id').notNull().default(2),
    renewable: boolean('renewable').notNull().default(true),
    byAdminId: integer('by_admin_id').references(() => admins.id),
    declineReason: text('decline_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('express_playlists_spotify_unique').on(t.spotifyPlaylistId),
    index('express_playlists_curator_idx').on(t.curatorId),
    check('express_playlists_status_check', sql`${t.statusId} in (1, 2, 3)`),
  ],
);

export const expressPlaylistGenres = pgTable(
  'express_playlist_genres',
  {
    playlistId: integer('playlist_id')
      .notNull()
      .references(() => expressPlaylists.id, { onDelete: 'cascade' }),
    genreId: integer('genre_id')
      .notNull()
      .references(() => genres.id),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.genreId] })],
);

/** Name of the partial unique index "one open campaign per track per playlist" (the create path maps it to 409). */
export const EXPRESS_ONE_OPEN_PER_TRACK_PLAYLIST = 'express_campaigns_one_open_per_track_playlist';
/** Name of the partial unique index "one open campaign per sound per influencer account" (TikTok, Instagram). */
export const EXPRESS_ONE_OPEN_PER_SOUND_ACCOUNT = 'express_campaigns_one_open_per_sound_account';

/**
 * An express campaign (spec "Express campaign", "Campaign (admin)"; statuses 1..8, EXPRESS_CAMPAIGN_STATUS):
 * one sound promoted on one target. The target is a playlist for Spotify (`playlist_id`) and an
 * influencer's connected account for TikTok and Instagram (`account_id`); a CHECK keeps exactly the
 * right one per `campaign_type_id`. `curator_id` is the seller paid on completion: the playlist's
 * curator or the account's influencer. The price is held in escrow (`hold_id`) until completion,
 * decline or expiry.
 */
export const expressCampaigns = pgTable(
  'express_campaigns',
  {
    id: serial('id').primaryKey(),
    artistId: integer('artist_id')
      .notNull()
      .references(() => users.id),
    /** 1 Spotify, 2 TikTok, 3 Instagram (spec section 3 `campaign_type_id`). */
    campaignTypeId: smallint('campaign_type_id').notNull().default(1),
    /** The seller: the playlist's curator (Spotify) or the account's influencer (TikTok, Instagram). */
    curatorId: integer('curator_id')
      .notNull()
      .references(() => users.id),
    /** Spotify's target: the playlist. Null for TikTok and Instagram. */
    playlistId: integer('playlist_id').references(() => expressPlaylists.id),
    /** TikTok's and Instagram's target: the influencer's connected account. Null for Spotify. */
    accountId: integer('account_id').references(() => socialAccounts.id),
    /** Spotify's tier (`express_tiers`); null for TikTok and Instagram, priced by `social_tier_id`. */
    tierId: integer('tier_id').references(() => expressTiers.id),
    /** The account's tier when the campaign was bought (TikTok, Instagram); null for Spotify. */
    socialTierId: integer('social_tier_id').references(() => socialTiers.id),
    trackId: varchar('track_id', { length: 40 }).notNull(),
    trackUrl: text('track_url').notNull(),
    trackName: varchar('track_name', { length: 300 }).notNull(),
    trackArtist: varchar('track_artist', { length: 300 }).notNull(),
    coverUrl: text('cover_url'),
    /** Released song (spec `is_released`); an unreleased one comes with its file (`media_link`). */
    isReleased: boolean('is_released').notNull().default(true),
    /** Upload key of the unreleased song's mp3/mp4 (spec `media_link`, up to 50 MB). */
    mediaLink: text('media_link'),
    /** Upload key of the cover image a TikTok unreleased song needs (spec `tiktok_img`). */
    tiktokImg: text('tiktok_img'),
    /** The seller's submitted video or reel (platform media id and public URL); null for Spotify. */
    submittedMediaId: varchar('submitted_media_id', { length: 100 }),
    submittedMediaUrl: text('submitted_media_url'),
    /** Views the video should reach by the audit, agreed at acceptance (TikTok, Instagram). */
    targetViews: integer('target_views'),
    /** Views last read from the platform, and when. */
    lastViews: integer('last_views'),
    lastViewsAt: timestamp('last_views_at', { withTimezone: true }),
    /** Instagram: the artist confirmed the reel's sound from its embed (within 72 hours). */
    artistConfirmedAt: timestamp('artist_confirmed_at', { withTimezone: true }),
    /** The artist's pitch for the curator: at most 140 characters, checked by the database too. */
    pitch: text('pitch'),
    statusId: smallint('status_id').notNull().default(1),
    price: integer('price').notNull(),
    holdId: bigint('hold_id', { mode: 'number' }),
    paymentMethod: varchar('payment_method', { length: 10 }).notNull().default('coins'),
    feePercent: integer('fee_percent').notNull(),
    playlistSubmissionDays: integer('playlist_submission_days').notNull(),
    onGoingDays: integer('on_going_days').notNull(),
    auditingDays: integer('auditing_days').notNull(),
    submissionDeadline: timestamp('submission_deadline', { withTimezone: true }),
    onGoingStartedAt: timestamp('on_going_started_at', { withTimezone: true }),
    onGoingUntil: timestamp('on_going_until', { withTimezone: true }),
    auditingUntil: timestamp('auditing_until', { withTimezone: true }),
    nextCheckAt: timestamp('next_check_at', { withTimezone: true }),
    placementFoundAt: timestamp('placement_found_at', { withTimezone: true }),
    placementPosition: integer('placement_position'),
    placementLastSeenAt: timestamp('placement_last_seen_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    declineReasonId: integer('decline_reason_id').references(() => expressReasons.id),
    declineReason: text('decline_reason'),
    paidCoins: integer('paid_coins'),
    refundedCoins: integer('refunded_coins'),
    renewedFromId: integer('renewed_from_id'),
    /**
     * Instagram: the artist disputed the reel from its embed during the 72-hour window; the
     * engine leaves a disputed campaign Verifying until staff decide. The artist's words, at most 500.
     */
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeReason: text('dispute_reason'),
    /** Staff's decision on the dispute: `upheld` (the campaign fails, refunded) or `rejected` (verified). */
    disputeDecision: varchar('dispute_decision', { length: 10 }),
    disputeDecidedAt: timestamp('dispute_decided_at', { withTimezone: true }),
    disputeDecidedBy: integer('dispute_decided_by').references(() => admins.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('express_campaigns_artist_idx').on(t.artistId, t.id),
    index('express_campaigns_curator_idx').on(t.curatorId, t.statusId),
    index('express_campaigns_status_idx').on(t.statusId),
    // Reports: campaigns created over a date range.
    index('express_campaigns_created_idx').on(t.createdAt),
    // One open campaign per track per playlist: statuses 1..5 (Pending for Approval to Auditing) are
    // open, so of concurrent requests for the same placement exactly one can hold coins.
    uniqueIndex(EXPRESS_ONE_OPEN_PER_TRACK_PLAYLIST)
      .on(t.trackId, t.playlistId)
      .where(sql`${t.statusId} in (1, 2, 3, 4, 5)`),
    // The same rule for influencer accounts: one open campaign per sound per account and platform.
    uniqueIndex(EXPRESS_ONE_OPEN_PER_SOUND_ACCOUNT)
      .on(t.campaignTypeId, t.trackId, t.accountId)
      .where(sql`${t.statusId} in (1, 2, 3, 4, 5) and ${t.accountId} is not null`),
    index('express_campaigns_account_idx').on(t.accountId),
    // Quality score: a playlist's campaigns are read on each of its transitions.
    index('express_campaigns_playlist_idx').on(t.playlistId),
    check('express_campaigns_status_check', sql`${t.statusId} between 1 and 8`),
    check('express_campaigns_price_positive', sql`${t.price} > 0`),
    check('express_campaigns_type_check', sql`${t.campaignTypeId} in (1, 2, 3)`),
    // Exactly the platform's target: a playlist for Spotify, an influencer account otherwise.
    check(
      'express_campaigns_target_check',
      sql`(${t.campaignTypeId} = 1 and ${t.playlistId} is not null and ${t.accountId} is null) or (${t.campaignTypeId} in (2, 3) and ${t.accountId} is not null and ${t.playlistId} is null)`,
    ),
    // The tier of the platform's own table: express_tiers for Spotify, social_tiers otherwise.
    check(
      'express_campaigns_tier_check',
      sql`(${t.campaignTypeId} = 1 and ${t.tierId} is not null and ${t.socialTierId} is null) or (${t.campaignTypeId} in (2, 3) and ${t.socialTierId} is not null and ${t.tierId} is null)`,
    ),
    // Money: what was paid and refunded never exceeds the price, and adds up to it once settled.
    check(
      'express_campaigns_settled_check',
      sql`(${t.paidCoins} is null and ${t.refundedCoins} is null) or (${t.paidCoins} >= 0 and ${t.refundedCoins} >= 0 and ${t.paidCoins} + ${t.refundedCoins} = ${t.price})`,
    ),
    check('express_campaigns_views_check', sql`${t.targetViews} is null or ${t.targetViews} >= 0`),
    check('express_campaigns_pitch_length', sql`char_length(${t.pitch}) <= 140`),
    // A dispute is the artist's (Instagram only), decided at most once, and only once opened.
    check(
      'express_campaigns_dispute_check',
      sql`(${t.disputedAt} is null and ${t.disputeDecision} is null) or (${t.campaignTypeId} = 3 and ${t.disputedAt} is not null and char_length(${t.disputeReason}) <= 500 and (${t.disputeDecision} is null or ${t.disputeDecision} in ('upheld', 'rejected')))`,
    ),
    // Staff find open disputes quickly.
    index('express_campaigns_dispute_idx')
      .on(t.disputedAt)
      .where(sql`${t.disputedAt} is not null and ${t.disputeDecision} is null`),
  ],
);

/** Timeline of every transition of a campaign (who, when, from, to, why). */
export const expressCampaignEvents = pgTable(
  'express_campaign_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => expressCampaigns.id),
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    actorType: varchar('actor_type', { length: 10 }).notNull(),
    actorId: integer('actor_id'),
    /** An admin's own words (force-end); system notes use note_key instead. */
    note: text('note'),
    /** Message key of the shared catalogs, translated when the timeline is read. */
    noteKey: varchar('note_key', { length: 80 }),
    noteParams: jsonb('note_params').$type<Record<string, string | number>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('express_campaign_events_campaign_idx').on(t.campaignId, t.id)],
);

/** Artist's review after completion (one per campaign). */
export const expressReviews = pgTable(
  'express_reviews',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => expressCampaigns.id),
    artistId: integer('artist_id').notNull(),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('express_reviews_campaign_unique').on(t.campaignId),
    check('express_reviews_rating', sql`${t.rating} between 1 and 5`),
  ],
);

/**
 * An influencer's review of the artist after a completed TikTok or Instagram campaign (the other way
 * round from {@link expressReviews}; `influencer/add/review`): one per campaign, rating 1 to 5.
 */
export const expressSellerReviews = pgTable(
  'express_seller_reviews',
  {
    id: serial('id').primaryKey(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => expressCampaigns.id),
    sellerId: integer('seller_id')
      .notNull()
      .references(() => users.id),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('express_seller_reviews_campaign_unique').on(t.campaignId),
    check('express_seller_reviews_rating', sql`${t.rating} between 1 and 5`),
    check('express_seller_reviews_comment_length', sql`char_length(${t.comment}) <= 1000`),
  ],
);
