import type { LocalizedParam } from '@lm/contracts';
import type { Disclosure } from '@lm/contracts/disclosure';
import type { ExpressEndReason } from '@lm/contracts/express';
import { REVIEW_REPLY_MAX } from '@lm/contracts/offer-terms';
import type { Translations } from '@lm/contracts/translations';
import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { offerProfileChecks, offerProfileColumns } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { admins } from '../admins/admins.schema';
import { socialAccounts, socialTiers } from '../connections/connections.schema';
import { genres, languages } from '../lookups/lookups.schema';

/**
 * Express campaign types (spec section 3 `campaign_type_id`): 1 Spotify playlist placement, 2 TikTok
 * video, 3 Instagram reel. Each has its platform adapter (`platforms/<name>.adapter.ts`).
 */
export const EXPRESS_CAMPAIGN_TYPES = [1, 2, 3] as const;

/** Express tiers (spec section 3 "Tier"): price in coins per placement or per video, per platform. */
export const expressTiers = pg.pgTable(
  'express_tiers',
  {
    id: pg.serial('id').primaryKey(),
    /** Which platform's tiers (spec "/tiktok/express/tiers/list"): 1 Spotify, 2 TikTok, 3 Instagram. */
    campaignTypeId: pg.smallint('campaign_type_id').notNull().default(1),
    tierName: pg.varchar('tier_name', { length: 100 }).notNull(),
    price: pg.integer('price').notNull(),
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
    // A tier name is unique within its platform (each platform has its own Starter).
    pg.uniqueIndex('express_tiers_name_unique').on(t.campaignTypeId, t.tierName),
    pg.check('express_tiers_price_positive', sql`${t.price} > 0`),
    pg.check('express_tiers_type_check', sql`${t.campaignTypeId} in (1, 2, 3)`),
  ],
);

/** Express durations (spec "Duration": days a placement stays on the playlist, or a video stays public). */
export const expressDurations = pg.pgTable(
  'express_durations',
  {
    id: pg.serial('id').primaryKey(),
    /** Which platform's durations: 1 Spotify, 2 TikTok, 3 Instagram. */
    campaignTypeId: pg.smallint('campaign_type_id').notNull().default(1),
    duration: pg.integer('duration').notNull(),
    status: pg.smallint('status').notNull().default(1),
  },
  (t) => [
    pg.uniqueIndex('express_durations_unique').on(t.campaignTypeId, t.duration),
    pg.check('express_durations_positive', sql`${t.duration} > 0`),
    pg.check('express_durations_type_check', sql`${t.campaignTypeId} in (1, 2, 3)`),
  ],
);

/**
 * Decline reasons sellers choose from (spec "Reason"), kept per platform: curators' playlist reasons
 * for Spotify, creators' video reasons for TikTok and Instagram.
 */
export const expressReasons = pg.pgTable(
  'express_reasons',
  {
    id: pg.serial('id').primaryKey(),
    reason: pg.varchar('reason', { length: 200 }).notNull(),
    /** The reason in other languages; `reason` is English, the fallback. */
    translations: pg.jsonb('translations').$type<Translations<'reason'>>().notNull().default({}),
    status: pg.smallint('status').notNull().default(1),
    /** The platforms (`campaign_type_id`: 1 Spotify, 2 TikTok, 3 Instagram) whose sellers are offered it. */
    campaignTypeIds: pg.smallint('campaign_type_ids').array().notNull().default(sql`'{1}'::smallint[]`),
  },
  (t) => [
    pg.check(
      'express_reasons_types_check',
      sql`cardinality(${t.campaignTypeIds}) >= 1 and ${t.campaignTypeIds} <@ '{1,2,3}'::smallint[]`,
    ),
  ],
);

/** A curator's connected Spotify account (spec "Connections": name, is_active 1/2, user_name, user_email). */
export const spotifyConnections = pg.pgTable(
  'spotify_connections',
  {
    id: pg.serial('id').primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    spotifyUserId: pg.varchar('spotify_user_id', { length: 100 }).notNull(),
    name: pg.varchar('name', { length: 200 }).notNull(),
    userEmail: pg.varchar('user_email', { length: 190 }),
    isActive: pg.smallint('is_active').notNull().default(1),
    refreshToken: pg.text('refresh_token'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.uniqueIndex('spotify_connections_user_account_unique').on(t.userId, t.spotifyUserId)],
);

/**
 * Express playlists curators offer (status 1 approved/active, 2 pending approval, 3 declined or
 * disabled; spec colours 1 success, 2 warning, 3 danger).
 */
export const expressPlaylists = pg.pgTable(
  'express_playlists',
  {
    id: pg.serial('id').primaryKey(),
    curatorId: pg
      .integer('curator_id')
      .notNull()
      .references(() => users.id),
    connectionId: pg.integer('connection_id').references(() => spotifyConnections.id),
    spotifyPlaylistId: pg.varchar('spotify_playlist_id', { length: 40 }).notNull(),
    spotifyUrl: pg.text('spotify_url').notNull(),
    name: pg.varchar('name', { length: 300 }).notNull(),
    imageUrl: pg.text('image_url'),
    followers: pg.integer('followers').notNull().default(0),
    tierId: pg
      .integer('tier_id')
      .notNull()
      .references(() => expressTiers.id),
    durationId: pg
      .integer('duration_id')
      .notNull()
      .references(() => expressDurations.id),
    statusId: pg.smallint('status_id').notNull().default(2),
    renewable: pg.boolean('renewable').notNull().default(true),
    /** The curator takes no AI-made music on this playlist: not offered to tracks declared made with AI. */
    refusesAi: pg.boolean('refuses_ai').notNull().default(false),
    /** Description, moods, languages, unreleased tracks: what the curator tells artists (profile). */
    ...offerProfileColumns(),
    byAdminId: pg.integer('by_admin_id').references(() => admins.id),
    declineReason: pg.text('decline_reason'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('express_playlists_spotify_unique').on(t.spotifyPlaylistId),
    pg.index('express_playlists_curator_idx').on(t.curatorId),
    pg.check('express_playlists_status_check', sql`${t.statusId} in (1, 2, 3)`),
    ...offerProfileChecks('express_playlists', t),
  ],
);

export const expressPlaylistGenres = pg.pgTable(
  'express_playlist_genres',
  {
    playlistId: pg
      .integer('playlist_id')
      .notNull()
      .references(() => expressPlaylists.id, { onDelete: 'cascade' }),
    genreId: pg
      .integer('genre_id')
      .notNull()
      .references(() => genres.id),
  },
  (t) => [
    pg.primaryKey({ columns: [t.playlistId, t.genreId] }),
    // The wizard's genre filter and the matching start from a genre's playlists.
    pg.index('express_playlist_genres_genre_idx').on(t.genreId),
  ],
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
export const expressCampaigns = pg.pgTable(
  'express_campaigns',
  {
    id: pg.serial('id').primaryKey(),
    artistId: pg
      .integer('artist_id')
      .notNull()
      .references(() => users.id),
    /** 1 Spotify, 2 TikTok, 3 Instagram (spec section 3 `campaign_type_id`). */
    campaignTypeId: pg.smallint('campaign_type_id').notNull().default(1),
    /** The seller: the playlist's curator (Spotify) or the account's influencer (TikTok, Instagram). */
    curatorId: pg
      .integer('curator_id')
      .notNull()
      .references(() => users.id),
    /** Spotify's target: the playlist. Null for TikTok and Instagram. */
    playlistId: pg.integer('playlist_id').references(() => expressPlaylists.id),
    /** TikTok's and Instagram's target: the influencer's connected account. Null for Spotify. */
    accountId: pg.integer('account_id').references(() => socialAccounts.id),
    /** Spotify's tier (`express_tiers`); null for TikTok and Instagram, priced by `social_tier_id`. */
    tierId: pg.integer('tier_id').references(() => expressTiers.id),
    /** The account's tier when the campaign was bought (TikTok, Instagram); null for Spotify. */
    socialTierId: pg.integer('social_tier_id').references(() => socialTiers.id),
    trackId: pg.varchar('track_id', { length: 40 }).notNull(),
    trackUrl: pg.text('track_url').notNull(),
    trackName: pg.varchar('track_name', { length: 300 }).notNull(),
    trackArtist: pg.varchar('track_artist', { length: 300 }).notNull(),
    coverUrl: pg.text('cover_url'),
    /** Released song (spec `is_released`); an unreleased one comes with its file (`media_link`). */
    isReleased: pg.boolean('is_released').notNull().default(true),
    /** Upload key of the unreleased song's mp3/mp4 (spec `media_link`, up to 50 MB). */
    mediaLink: pg.text('media_link'),
    /** Upload key of the cover image a TikTok unreleased song needs (spec `tiktok_img`). */
    tiktokImg: pg.text('tiktok_img'),
    /** The seller's submitted video or reel (platform media id and public URL); null for Spotify. */
    submittedMediaId: pg.varchar('submitted_media_id', { length: 100 }),
    submittedMediaUrl: pg.text('submitted_media_url'),
    /** Views the video should reach by the audit, agreed at acceptance (TikTok, Instagram). */
    targetViews: pg.integer('target_views'),
    /** Views last read from the platform, and when. */
    lastViews: pg.integer('last_views'),
    lastViewsAt: pg.timestamp('last_views_at', { withTimezone: true }),
    /** Instagram: the artist confirmed the reel's sound from its embed (within 72 hours). */
    artistConfirmedAt: pg.timestamp('artist_confirmed_at', { withTimezone: true }),
    /** The artist's pitch for the curator: at most 140 characters, checked by the database too. */
    pitch: pg.text('pitch'),
    statusId: pg.smallint('status_id').notNull().default(1),
    price: pg.integer('price').notNull(),
    holdId: pg.bigint('hold_id', { mode: 'number' }),
    paymentMethod: pg.varchar('payment_method', { length: 10 }).notNull().default('coins'),
    feePercent: pg.integer('fee_percent').notNull(),
    playlistSubmissionDays: pg.integer('playlist_submission_days').notNull(),
    onGoingDays: pg.integer('on_going_days').notNull(),
    auditingDays: pg.integer('auditing_days').notNull(),
    submissionDeadline: pg.timestamp('submission_deadline', { withTimezone: true }),
    onGoingStartedAt: pg.timestamp('on_going_started_at', { withTimezone: true }),
    onGoingUntil: pg.timestamp('on_going_until', { withTimezone: true }),
    auditingUntil: pg.timestamp('auditing_until', { withTimezone: true }),
    nextCheckAt: pg.timestamp('next_check_at', { withTimezone: true }),
    placementFoundAt: pg.timestamp('placement_found_at', { withTimezone: true }),
    placementPosition: pg.integer('placement_position'),
    placementLastSeenAt: pg.timestamp('placement_last_seen_at', { withTimezone: true }),
    removedAt: pg.timestamp('removed_at', { withTimezone: true }),
    declineReasonId: pg.integer('decline_reason_id').references(() => expressReasons.id),
    declineReason: pg.text('decline_reason'),
    /** The seller's written feedback for the artist on a decline (`min_feedback_words` words at least). */
    declineFeedback: pg.text('decline_feedback'),
    paidCoins: pg.integer('paid_coins'),
    refundedCoins: pg.integer('refunded_coins'),
    renewedFromId: pg.integer('renewed_from_id'),
    /**
     * Instagram: the artist disputed the reel from its embed during the 72-hour window; the
     * engine leaves a disputed campaign Verifying until staff decide. The artist's words, at most 500.
     */
    disputedAt: pg.timestamp('disputed_at', { withTimezone: true }),
    disputeReason: pg.text('dispute_reason'),
    /** Staff's decision on the dispute: `upheld` (the campaign fails, refunded) or `rejected` (verified). */
    disputeDecision: pg.varchar('dispute_decision', { length: 10 }),
    disputeDecidedAt: pg.timestamp('dispute_decided_at', { withTimezone: true }),
    disputeDecidedBy: pg.integer('dispute_decided_by').references(() => admins.id),
    /**
     * When a Pending for Approval request is declined by the system unless the seller answers:
     * created_at + `answer_days` of the creation's settings. Null for rows created unpaid.
     */
    answerDeadline: pg.timestamp('answer_deadline', { withTimezone: true }),
    /** When the seller was reminded, a day before the answer deadline (at most once). */
    answerRemindedAt: pg.timestamp('answer_reminded_at', { withTimezone: true }),
    /**
     * Why a campaign ended in 7 Declined: `declined` (the seller said no), `withdrawn` (the artist
     * took the request back), `unanswered` (nobody answered by the answer deadline). Null while open
     * and for a staff refund (force-end).
     */
    endReason: pg.varchar('end_reason', { length: 12 }).$type<ExpressEndReason>(),
    /**
     * The artist's declaration: the track was made with AI (true), not (false); null when not declared
     * (requests of clients that do not ask, and every request before the question existed).
     */
    madeWithAi: pg.boolean('made_with_ai'),
    /**
     * The language of the track's lyrics as the artist gives it (ISO 639-1, `languages`); null for an
     * instrumental or when not said (older clients, staff orders, custom placements without one).
     */
    languageId: pg.integer('language_id').references(() => languages.id),
    /**
     * How the submitted video disclosed the paid promotion at its last proof (TikTok, Instagram): the
     * platform's flag, its caption, or missing (the proof failed for it). Null before a proof and for
     * placements (Spotify).
     */
    disclosure: pg.varchar('disclosure', { length: 8 }).$type<Disclosure>(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: pg.timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: pg.timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    pg.index('express_campaigns_artist_idx').on(t.artistId, t.id),
    // Back-office global search and the campaign lists' track filter (contains, trigram).
    pg.index('express_campaigns_track_name_trgm_idx').using('gin', sql`${t.trackName} gin_trgm_ops`),
    pg.index('express_campaigns_curator_idx').on(t.curatorId, t.statusId),
    pg.index('express_campaigns_status_idx').on(t.statusId),
    // Reports: campaigns created over a date range.
    pg.index('express_campaigns_created_idx').on(t.createdAt),
    // One open campaign per track per playlist: statuses 1..5 (Pending for Approval to Auditing) are
    // open, so of concurrent requests for the same placement exactly one can hold coins.
    pg
      .uniqueIndex(EXPRESS_ONE_OPEN_PER_TRACK_PLAYLIST)
      .on(t.trackId, t.playlistId)
      .where(sql`${t.statusId} in (1, 2, 3, 4, 5)`),
    // The same rule for influencer accounts: one open campaign per sound per account and platform.
    pg
      .uniqueIndex(EXPRESS_ONE_OPEN_PER_SOUND_ACCOUNT)
      .on(t.campaignTypeId, t.trackId, t.accountId)
      .where(sql`${t.statusId} in (1, 2, 3, 4, 5) and ${t.accountId} is not null`),
    pg.index('express_campaigns_account_idx').on(t.accountId),
    // Quality score: a playlist's campaigns are read on each of its transitions.
    pg.index('express_campaigns_playlist_idx').on(t.playlistId),
    pg.check('express_campaigns_status_check', sql`${t.statusId} between 1 and 8`),
    pg.check(
      'express_campaigns_disclosure_check',
      sql`${t.disclosure} is null or ${t.disclosure} in ('flag', 'caption', 'missing')`,
    ),
    pg.check('express_campaigns_price_positive', sql`${t.price} > 0`),
    pg.check('express_campaigns_type_check', sql`${t.campaignTypeId} in (1, 2, 3)`),
    // Exactly the platform's target: a playlist for Spotify, an influencer account otherwise.
    pg.check(
      'express_campaigns_target_check',
      sql`(${t.campaignTypeId} = 1 and ${t.playlistId} is not null and ${t.accountId} is null) or (${t.campaignTypeId} in (2, 3) and ${t.accountId} is not null and ${t.playlistId} is null)`,
    ),
    // The tier of the platform's own table: express_tiers for Spotify, social_tiers otherwise.
    pg.check(
      'express_campaigns_tier_check',
      sql`(${t.campaignTypeId} = 1 and ${t.tierId} is not null and ${t.socialTierId} is null) or (${t.campaignTypeId} in (2, 3) and ${t.socialTierId} is not null and ${t.tierId} is null)`,
    ),
    // Money: what was paid and refunded never exceeds the price, and adds up to it once settled.
    pg.check(
      'express_campaigns_settled_check',
      sql`(${t.paidCoins} is null and ${t.refundedCoins} is null) or (${t.paidCoins} >= 0 and ${t.refundedCoins} >= 0 and ${t.paidCoins} + ${t.refundedCoins} = ${t.price})`,
    ),
    pg.check('express_campaigns_views_check', sql`${t.targetViews} is null or ${t.targetViews} >= 0`),
    pg.check(
      'express_campaigns_end_reason_check',
      sql`${t.endReason} is null or (${t.statusId} = 7 and ${t.endReason} in ('declined', 'withdrawn', 'unanswered'))`,
    ),
    // The answer-deadline sweep reads open requests by their deadline.
    pg.index('express_campaigns_answer_deadline_idx').on(t.answerDeadline).where(sql`${t.statusId} = 1`),
    pg.check('express_campaigns_feedback_length', sql`char_length(${t.declineFeedback}) <= 2000`),
    pg.check('express_campaigns_pitch_length', sql`char_length(${t.pitch}) <= 140`),
    // A dispute is the artist's (Instagram only), decided at most once, and only once opened.
    pg.check(
      'express_campaigns_dispute_check',
      sql`(${t.disputedAt} is null and ${t.disputeDecision} is null) or (${t.campaignTypeId} = 3 and ${t.disputedAt} is not null and char_length(${t.disputeReason}) <= 500 and (${t.disputeDecision} is null or ${t.disputeDecision} in ('upheld', 'rejected')))`,
    ),
    // Staff find open disputes quickly.
    pg
      .index('express_campaigns_dispute_idx')
      .on(t.disputedAt)
      .where(sql`${t.disputedAt} is not null and ${t.disputeDecision} is null`),
  ],
);

/** Timeline of every transition of a campaign (who, when, from, to, why). */
export const expressCampaignEvents = pg.pgTable(
  'express_campaign_events',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    campaignId: pg
      .integer('campaign_id')
      .notNull()
      .references(() => expressCampaigns.id),
    fromStatus: pg.smallint('from_status'),
    toStatus: pg.smallint('to_status').notNull(),
    actorType: pg.varchar('actor_type', { length: 10 }).notNull(),
    actorId: pg.integer('actor_id'),
    /** An admin's own words (force-end); system notes use note_key instead. */
    note: pg.text('note'),
    /** Message key of the shared catalogs, translated when the timeline is read. */
    noteKey: pg.varchar('note_key', { length: 80 }),
    /** The note's parameters; a `localizedParam` (a decline's reason) is written in the reader's language. */
    noteParams: pg.jsonb('note_params').$type<Record<string, string | number | LocalizedParam>>(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [pg.index('express_campaign_events_campaign_idx').on(t.campaignId, t.id)],
);

/** Artist's review after completion (one per campaign). */
export const expressReviews = pg.pgTable(
  'express_reviews',
  {
    id: pg.serial('id').primaryKey(),
    campaignId: pg
      .integer('campaign_id')
      .notNull()
      .references(() => expressCampaigns.id),
    artistId: pg.integer('artist_id').notNull(),
    rating: pg.smallint('rating').notNull(),
    comment: pg.text('comment'),
    /** The seller's public reply, shown under the review on the offer's profile; one, editable. */
    reply: pg.text('reply'),
    repliedAt: pg.timestamp('replied_at', { withTimezone: true }),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('express_reviews_campaign_unique').on(t.campaignId),
    pg.check('express_reviews_rating', sql`${t.rating} between 1 and 5`),
    pg.check(
      'express_reviews_reply_check',
      sql`(${t.reply} is null) = (${t.repliedAt} is null) and (${t.reply} is null or char_length(${t.reply}) between 1 and ${sql.raw(String(REVIEW_REPLY_MAX))})`,
    ),
  ],
);

/**
 * An influencer's review of the artist after a completed TikTok or Instagram campaign (the other way
 * round from {@link expressReviews}; `influencer/add/review`): one per campaign, rating 1 to 5.
 */
export const expressSellerReviews = pg.pgTable(
  'express_seller_reviews',
  {
    id: pg.serial('id').primaryKey(),
    campaignId: pg
      .integer('campaign_id')
      .notNull()
      .references(() => expressCampaigns.id),
    sellerId: pg
      .integer('seller_id')
      .notNull()
      .references(() => users.id),
    rating: pg.smallint('rating').notNull(),
    comment: pg.text('comment'),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('express_seller_reviews_campaign_unique').on(t.campaignId),
    pg.check('express_seller_reviews_rating', sql`${t.rating} between 1 and 5`),
    pg.check('express_seller_reviews_comment_length', sql`char_length(${t.comment}) <= 1000`),
  ],
);

/**
 * The artist's rating of a decline's feedback (helpful or not, 1 to 5 stars): at most one per
 * campaign, kept by the unique index. The stars count in the seller's quality score ("rating" part,
 * beside the reviews of finished campaigns); `seller_id` is the seller rated, for the staff list.
 */
export const expressFeedbackRatings = pg.pgTable(
  'express_feedback_ratings',
  {
    id: pg.serial('id').primaryKey(),
    campaignId: pg
      .integer('campaign_id')
      .notNull()
      .references(() => expressCampaigns.id),
    artistId: pg
      .integer('artist_id')
      .notNull()
      .references(() => users.id),
    sellerId: pg
      .integer('seller_id')
      .notNull()
      .references(() => users.id),
    helpful: pg.boolean('helpful').notNull(),
    stars: pg.smallint('stars').notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    pg.uniqueIndex('express_feedback_ratings_campaign_unique').on(t.campaignId),
    // The staff list reads a seller's ratings.
    pg.index('express_feedback_ratings_seller_idx').on(t.sellerId),
    pg.check('express_feedback_ratings_stars', sql`${t.stars} between 1 and 5`),
  ],
);
