import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { admins } from '../admins/admins.schema';
import { expressCampaigns, expressPlaylists, expressTiers } from '../express/express.schema';
import { languages } from '../lookups/lookups.schema';
import { payments } from '../wallet/payments.schema';
import { ledgerHolds } from '../wallet/wallet.schema';

/**
 * Custom (managed) campaigns (spec sections 3 "Campaign (admin)" and 4 "custom status map"):
 * statuses 1 Pending, 2 Pending for Approval, 3 Approved, 4 Declined, 5 Deleted, 6 Pending for
 * Publishing, 7 Published; "Completed" is a published campaign with `completed_at` set.
 *
 * The artist orders `placements` playlist placements of one Spotify tier; `price` is the tier's price
 * times the placements, fixed when ordered. Paying holds one ledger hold per placement (a slot); each
 * curator's placement runs as an express campaign on the engine, holding its slot's coins.
 */
export const customCampaigns = pg.pgTable(
  'custom_campaigns',
  {
    id: pg.serial('id').primaryKey(),
    artistId: pg
      .integer('artist_id')
      .notNull()
      .references(() => users.id),
    /** Staff member who ordered it for the artist (admin "New Campaign"), else null. */
    createdByAdminId: pg.integer('created_by_admin_id').references(() => admins.id),
    /** Only Spotify (1) is offered (spec "Add New Campaign wizard": Campaign Type). */
    campaignTypeId: pg.smallint('campaign_type_id').notNull().default(1),
    /** Song name (spec `name`). */
    name: pg.varchar('name', { length: 300 }).notNull(),
    /** Spotify track URL when released, `spotify:track:` URI when not (spec `link`). */
    link: pg.text('link').notNull(),
    trackId: pg.varchar('track_id', { length: 40 }).notNull(),
    languageId: pg
      .integer('language_id')
      .notNull()
      .references(() => languages.id),
    isReleased: pg.boolean('is_released').notNull(),
    /** The artist's declaration that the song was made with AI; null when not declared. */
    madeWithAi: pg.boolean('made_with_ai'),
    /** Upload key of the unreleased song (mp3/mp4 up to 50 MB). */
    mediaLink: pg.text('media_link'),
    releasedDate: pg.date('released_date', { mode: 'string' }).notNull(),
    genreIds: pg.integer('genre_ids').array().notNull().default(sql`'{}'::integer[]`),
    startDate: pg.date('start_date', { mode: 'string' }).notNull(),
    tierId: pg
      .integer('tier_id')
      .notNull()
      .references(() => expressTiers.id),
    placements: pg.integer('placements').notNull().default(3),
    /** Coins: the tier's price times `placements`, fixed when ordered. */
    price: pg.integer('price').notNull(),
    pitch: pg.text('pitch').notNull(),
    status: pg.smallint('status').notNull().default(1),
    declineReason: pg.text('decline_reason'),
    playlistSubmissionDays: pg.integer('playlist_submission_days').notNull().default(3),
    onGoingDays: pg.integer('on_going_days').notNull().default(28),
    auditingDays: pg.integer('auditing_days').notNull().default(3),
    adminIds: pg.integer('admin_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** Invoice raised on approval (number from the platform's gapless series). */
    invoiceNumber: pg.varchar('invoice_number', { length: 30 }),
    invoiceRaisedAt: pg.timestamp('invoice_raised_at', { withTimezone: true }),
    paidAt: pg.timestamp('paid_at', { withTimezone: true }),
    /** The artist's campaign purchase transfer of the first slot (the invoice's `transaction`). */
    paidTransferId: pg.bigint('paid_transfer_id', { mode: 'number' }),
    /** The card payment that bought the coins held for it (null when paid with coins already owned). */
    paymentId: pg.bigint('payment_id', { mode: 'number' }).references(() => payments.id),
    publishDate: pg.timestamp('publish_date', { withTimezone: true }),
    /** Curators may opt in until then (publish date + playlist_submission_days). */
    optInUntil: pg.timestamp('opt_in_until', { withTimezone: true }),
    /** Opt-ins closed and unclaimed slots refunded. */
    closedAt: pg.timestamp('closed_at', { withTimezone: true }),
    completedAt: pg.timestamp('completed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    pg.index('custom_campaigns_artist_idx').on(t.artistId, t.id),
    // Back-office global search by track name (contains, trigram).
    pg.index('custom_campaigns_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    pg.index('custom_campaigns_status_idx').on(t.status, t.id),
    pg.check('custom_campaigns_status_check', sql`${t.status} between 1 and 7`),
    pg.check('custom_campaigns_type_check', sql`${t.campaignTypeId} = 1`),
    pg.check('custom_campaigns_price_positive', sql`${t.price} > 0`),
    pg.check('custom_campaigns_placements_range', sql`${t.placements} between 1 and 20`),
    pg.check('custom_campaigns_pitch_length', sql`char_length(${t.pitch}) between 1 and 140`),
    pg.check(
      'custom_campaigns_days_positive',
      sql`${t.playlistSubmissionDays} between 1 and 365 and ${t.onGoingDays} between 1 and 365 and ${t.auditingDays} between 0 and 365`,
    ),
    // Money: a campaign waiting for publishing or published has been paid for.
    pg.check(
      'custom_campaigns_paid_before_publishing',
      sql`${t.status} not in (6, 7) or ${t.paidAt} is not null`,
    ),
    pg.uniqueIndex('custom_campaigns_invoice_unique').on(t.invoiceNumber),
    // Money: one card payment pays at most one campaign.
    pg.uniqueIndex('custom_campaigns_payment_unique').on(t.paymentId),
  ],
);

/**
 * One paid placement of a custom campaign: its own ledger hold (the slot's coins), later claimed by
 * a curator's placement (an express campaign holding the same hold) or voided back to the artist.
 */
export const customCampaignSlots = pg.pgTable(
  'custom_campaign_slots',
  {
    id: pg.serial('id').primaryKey(),
    campaignId: pg
      .integer('campaign_id')
      .notNull()
      .references(() => customCampaigns.id),
    slotNo: pg.smallint('slot_no').notNull(),
    holdId: pg
      .bigint('hold_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerHolds.id),
    coins: pg.integer('coins').notNull(),
    /** The placement that claimed the slot. */
    expressCampaignId: pg.integer('express_campaign_id').references(() => expressCampaigns.id),
    voidedAt: pg.timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    pg.uniqueIndex('custom_campaign_slots_no_unique').on(t.campaignId, t.slotNo),
    pg.uniqueIndex('custom_campaign_slots_hold_unique').on(t.holdId),
    pg.uniqueIndex('custom_campaign_slots_express_unique').on(t.expressCampaignId),
    // A slot is claimed or voided, never both.
    pg.check(
      'custom_campaign_slots_claim_or_void',
      sql`${t.expressCampaignId} is null or ${t.voidedAt} is null`,
    ),
    pg.check('custom_campaign_slots_coins_positive', sql`${t.coins} > 0`),
  ],
);

/** Partial unique index: one placement per playlist per campaign. */
export const CUSTOM_ONE_PER_PLAYLIST = 'curators_vs_campaigns_playlist_unique';

/**
 * A curator opting in to a published custom campaign (`curator/curators_vs_campaigns`), then choosing
 * the playlist (`curator_vs_campaign/playlist/{id}`), which claims a slot and starts the placement.
 */
export const curatorsVsCampaigns = pg.pgTable(
  'curators_vs_campaigns',
  {
    id: pg.serial('id').primaryKey(),
    campaignId: pg
      .integer('campaign_id')
      .notNull()
      .references(() => customCampaigns.id),
    curatorId: pg
      .integer('curator_id')
      .notNull()
      .references(() => users.id),
    playlistId: pg.integer('playlist_id').references(() => expressPlaylists.id),
    slotId: pg.integer('slot_id').references(() => customCampaignSlots.id),
    expressCampaignId: pg.integer('express_campaign_id').references(() => expressCampaigns.id),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex('curators_vs_campaigns_curator_unique').on(t.campaignId, t.curatorId),
    // One placement per playlist per campaign, whoever asks.
    pg
      .uniqueIndex(CUSTOM_ONE_PER_PLAYLIST)
      .on(t.campaignId, t.playlistId)
      .where(sql`${t.playlistId} is not null`),
    pg.uniqueIndex('curators_vs_campaigns_slot_unique').on(t.slotId),
    pg.index('curators_vs_campaigns_curator_idx').on(t.curatorId, t.id),
  ],
);
