import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { admins } from '../admins/admins.schema';
import { socialAccounts } from '../connections/connections.schema';
import { expressPlaylists } from '../express/express.schema';

/**
 * A playlist's follower count on one day: one row per playlist per
 * UTC day, taken by the daily snapshot job through the Spotify provider. The detectors read the
 * playlist's own history from here.
 */
export const trustFollowerSnapshots = pg.pgTable(
  'trust_follower_snapshots',
  {
    playlistId: pg
      .integer('playlist_id')
      .notNull()
      .references(() => expressPlaylists.id, { onDelete: 'cascade' }),
    day: pg.date('day', { mode: 'string' }).notNull(),
    followers: pg.integer('followers').notNull(),
    takenAt: pg.timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.playlistId, t.day] }),
    pg.check('trust_follower_snapshots_followers_check', sql`${t.followers} >= 0`),
  ],
);

/**
 * An influencer account's recent videos on one day: followers, and the medians of views, likes and
 * comments over its latest videos (likes and comments null where the platform gives none).
 */
export const trustAccountSnapshots = pg.pgTable(
  'trust_account_snapshots',
  {
    accountId: pg
      .integer('account_id')
      .notNull()
      .references(() => socialAccounts.id, { onDelete: 'cascade' }),
    day: pg.date('day', { mode: 'string' }).notNull(),
    followers: pg.integer('followers').notNull(),
    videos: pg.integer('videos').notNull(),
    medianViews: pg.integer('median_views').notNull(),
    medianLikes: pg.integer('median_likes'),
    medianComments: pg.integer('median_comments'),
    takenAt: pg.timestamp('taken_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.accountId, t.day] }),
    pg.check(
      'trust_account_snapshots_counts_check',
      sql`${t.followers} >= 0 and ${t.videos} >= 0 and ${t.medianViews} >= 0`,
    ),
  ],
);

/** Signals a flag can carry (see flags.detect.ts for what each measures). */
export const TRUST_FLAG_SIGNALS = [
  'follower_jump',
  'growth_without_effect',
  'lockstep_growth',
  'bought_views',
  'bought_followers',
] as const;
export type TrustFlagSignal = (typeof TRUST_FLAG_SIGNALS)[number];

/** Review states: waiting for staff, confirmed (subject hidden, campaigns refunded), dismissed. */
export const TRUST_FLAG_STATUSES = ['pending', 'confirmed', 'dismissed'] as const;
export type TrustFlagStatus = (typeof TRUST_FLAG_STATUSES)[number];

/** Name of the partial unique index "one pending flag per subject and signal". */
export const TRUST_FLAG_ONE_PENDING = 'trust_flags_one_pending';

/**
 * A suspicion raised by a detector about one playlist or one influencer account, with its explanation
 * (`evidence`: the numbers), waiting for staff. Confirmed: the subject is hidden from artists
 * and its open campaigns are refunded; dismissed: kept, with the staff note. Never shown to artists.
 */
export const trustFlags = pg.pgTable(
  'trust_flags',
  {
    id: pg.serial('id').primaryKey(),
    playlistId: pg.integer('playlist_id').references(() => expressPlaylists.id),
    accountId: pg.integer('account_id').references(() => socialAccounts.id),
    signal: pg.varchar('signal', { length: 40 }).notNull(),
    /** The day the signal shows in the data (UTC), the "when" of the explanation. */
    detectedOn: pg.date('detected_on', { mode: 'string' }).notNull(),
    /** The numbers behind the signal (shape per signal, see flags.detect.ts). */
    evidence: pg.jsonb('evidence').$type<Record<string, number | string | number[] | string[]>>().notNull(),
    status: pg.varchar('status', { length: 12 }).notNull().default('pending'),
    staffNote: pg.text('staff_note'),
    reviewedBy: pg.integer('reviewed_by').references(() => admins.id),
    reviewedAt: pg.timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.check(
      'trust_flags_subject_check',
      sql`(${t.playlistId} is not null and ${t.accountId} is null) or (${t.playlistId} is null and ${t.accountId} is not null)`,
    ),
    pg.check(
      'trust_flags_signal_check',
      sql`${t.signal} in ('follower_jump', 'growth_without_effect', 'lockstep_growth', 'bought_views', 'bought_followers')`,
    ),
    pg.check('trust_flags_status_check', sql`${t.status} in ('pending', 'confirmed', 'dismissed')`),
    pg.check(
      'trust_flags_review_check',
      sql`(${t.status} = 'pending') = (${t.reviewedAt} is null) and char_length(${t.staffNote}) <= 1000`,
    ),
    // The detection job runs daily: a subject keeps one open flag per signal, however often it trips.
    pg
      .uniqueIndex(TRUST_FLAG_ONE_PENDING)
      .on(sql`coalesce(${t.playlistId}, 0)`, sql`coalesce(${t.accountId}, 0)`, t.signal)
      .where(sql`${t.status} = 'pending'`),
    // A dismissed signal of a given day is not raised again by the next run.
    pg
      .uniqueIndex('trust_flags_signal_day_unique')
      .on(sql`coalesce(${t.playlistId}, 0)`, sql`coalesce(${t.accountId}, 0)`, t.signal, t.detectedOn),
    pg.index('trust_flags_queue_idx').on(t.status, t.id),
    // Artists' lists exclude confirmed subjects: found by subject.
    pg.index('trust_flags_playlist_idx').on(t.playlistId).where(sql`${t.status} = 'confirmed'`),
    pg.index('trust_flags_account_idx').on(t.accountId).where(sql`${t.status} = 'confirmed'`),
  ],
);
