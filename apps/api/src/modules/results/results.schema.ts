import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema';
import { expressCampaigns } from '../express/express.schema';

/**
 * One Spotify for Artists export an artist uploaded (issue "Results"): a song timeline
 * (`song_timeline`: `date,streams` of one song, for the track the artist chose: `track_id`) or the
 * audience timeline (`audience_timeline`: the artist's listeners, streams, saves, followers of all
 * songs; `track_id` null). `file_sha256` makes the same file uploaded twice change nothing.
 */
export const trackStatUploads = pg.pgTable(
  'track_stat_uploads',
  {
    id: pg.serial('id').primaryKey(),
    artistId: pg
      .integer('artist_id')
      .notNull()
      .references(() => users.id),
    /** The Spotify track id (as `express_campaigns.track_id`) of a song timeline; null for the audience. */
    trackId: pg.varchar('track_id', { length: 40 }),
    /** Which export it was: `song_timeline` or `audience_timeline`. */
    format: pg.varchar('format', { length: 40 }).notNull(),
    fileName: pg.varchar('file_name', { length: 255 }).notNull(),
    fileSha256: pg.char('file_sha256', { length: 64 }).notNull(),
    /** Days the file held, and the first and last of them (calendar days as the file wrote them). */
    days: pg.integer('days').notNull(),
    firstDay: pg.date('first_day', { mode: 'string' }).notNull(),
    lastDay: pg.date('last_day', { mode: 'string' }).notNull(),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.uniqueIndex('track_stat_uploads_file_unique').on(t.artistId, t.fileSha256),
    pg.index('track_stat_uploads_artist_idx').on(t.artistId, t.createdAt),
    pg.check('track_stat_uploads_days_check', sql`${t.days} > 0 and ${t.firstDay} <= ${t.lastDay}`),
    pg.check(
      'track_stat_uploads_format_check',
      sql`(${t.format} = 'song_timeline' and ${t.trackId} is not null) or (${t.format} = 'audience_timeline' and ${t.trackId} is null)`,
    ),
  ],
);

/**
 * One song's daily streams from the artist's song-timeline uploads, one row per artist, track and day;
 * a later upload covering the same day replaces the figure (the newest export is the most complete).
 */
export const trackDailyStreams = pg.pgTable(
  'track_daily_streams',
  {
    artistId: pg
      .integer('artist_id')
      .notNull()
      .references(() => users.id),
    trackId: pg.varchar('track_id', { length: 40 }).notNull(),
    day: pg.date('day', { mode: 'string' }).notNull(),
    streams: pg.integer('streams').notNull(),
    uploadId: pg
      .integer('upload_id')
      .notNull()
      .references(() => trackStatUploads.id, { onDelete: 'cascade' }),
  },
  (t) => [
    pg.primaryKey({ columns: [t.artistId, t.trackId, t.day] }),
    pg.index('track_daily_streams_upload_idx').on(t.uploadId),
    pg.check('track_daily_streams_streams_check', sql`${t.streams} >= 0`),
  ],
);

/**
 * The artist's daily audience (all songs) from audience-timeline uploads, one row per artist and day;
 * a later upload replaces a day. Saves and playlist adds are null when the export had no such column
 * (the older four-column export).
 */
export const artistDailyAudience = pg.pgTable(
  'artist_daily_audience',
  {
    artistId: pg
      .integer('artist_id')
      .notNull()
      .references(() => users.id),
    day: pg.date('day', { mode: 'string' }).notNull(),
    listeners: pg.integer('listeners').notNull(),
    streams: pg.integer('streams').notNull(),
    followers: pg.integer('followers'),
    saves: pg.integer('saves'),
    playlistAdds: pg.integer('playlist_adds'),
    uploadId: pg
      .integer('upload_id')
      .notNull()
      .references(() => trackStatUploads.id, { onDelete: 'cascade' }),
  },
  (t) => [
    pg.primaryKey({ columns: [t.artistId, t.day] }),
    pg.index('artist_daily_audience_upload_idx').on(t.uploadId),
    pg.check(
      'artist_daily_audience_counts_check',
      sql`${t.listeners} >= 0 and ${t.streams} >= 0 and coalesce(${t.followers}, 0) >= 0
        and coalesce(${t.saves}, 0) >= 0 and coalesce(${t.playlistAdds}, 0) >= 0`,
    ),
  ],
);

/**
 * A read-only link to an artist's results for a manager or label: one campaign's report
 * (`campaign_id`) or the whole "what worked for me" summary (null). The link carries this row's id
 * signed (`platform/signed.ts`) with its expiry; revoking sets `revoked_at` and the link stops working.
 */
export const resultShareLinks = pg.pgTable(
  'result_share_links',
  {
    id: pg.uuid('id').primaryKey().defaultRandom(),
    artistId: pg
      .integer('artist_id')
      .notNull()
      .references(() => users.id),
    campaignId: pg.integer('campaign_id').references(() => expressCampaigns.id, { onDelete: 'cascade' }),
    /** Who it is for, as the artist wrote it (shown in their list of links). */
    label: pg.varchar('label', { length: 120 }),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: pg.timestamp('revoked_at', { withTimezone: true }),
    lastOpenedAt: pg.timestamp('last_opened_at', { withTimezone: true }),
    opens: pg.integer('opens').notNull().default(0),
    createdAt: pg.timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.index('result_share_links_artist_idx').on(t.artistId),
    pg.check('result_share_links_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
  ],
);
