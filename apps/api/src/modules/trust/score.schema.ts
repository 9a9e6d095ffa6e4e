import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { socialAccounts } from '../connections/connections.schema';
import { expressPlaylists } from '../express/express.schema';

const part = (name: string) => pg.smallint(name);
const inRange = (col: unknown) => sql`${col} is null or ${col} between 0 and 100`;

/**
 * The stored quality score of one seller offer: an express playlist
 * (`playlist_id`) or an influencer account (`account_id`), exactly one of them. Each part 0..100 or
 * null when not observed; `score` is the weighted total (the neutral 50 while `is_new`). Written only by
 * `score.service.ts` (on a campaign transition or review, and by the nightly job), read by the lists.
 */
export const trustScores = pg.pgTable(
  'trust_scores',
  {
    id: pg.serial('id').primaryKey(),
    playlistId: pg.integer('playlist_id').references(() => expressPlaylists.id, { onDelete: 'cascade' }),
    accountId: pg.integer('account_id').references(() => socialAccounts.id, { onDelete: 'cascade' }),
    score: pg.smallint('score').notNull(),
    isNew: pg.boolean('is_new').notNull(),
    /** Ended campaigns (completed, declined, failed to submit) the score is built on. */
    campaigns: pg.integer('campaigns').notNull(),
    acceptance: part('acceptance'),
    response: part('response'),
    delivery: part('delivery'),
    keep: part('keep'),
    rating: part('rating'),
    views: part('views'),
    medianResponseMinutes: pg.integer('median_response_minutes'),
    ratingsCount: pg.integer('ratings_count').notNull().default(0),
    ratingAverage: pg.real('rating_average'),
    /**
     * What the playlist's placements delivered (issue "Results", playlists only): the result parts
     * (null below their minimum), the median rise in daily listeners per measured campaign with the
     * measured campaigns and their artists (written by the nightly job from the artists' uploads, kept
     * by the other recomputations), and the mean days tracks stayed with the completed placements and
     * their artists behind it.
     */
    listeners: part('listeners'),
    stay: part('stay'),
    listenersPerPlacement: pg.real('listeners_per_placement'),
    resultsCampaigns: pg.integer('results_campaigns').notNull().default(0),
    resultsArtists: pg.integer('results_artists').notNull().default(0),
    stayDays: pg.real('stay_days'),
    stayCampaigns: pg.integer('stay_campaigns').notNull().default(0),
    stayArtists: pg.integer('stay_artists').notNull().default(0),
    computedAt: pg.timestamp('computed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    pg.uniqueIndex('trust_scores_playlist_unique').on(t.playlistId),
    pg.uniqueIndex('trust_scores_account_unique').on(t.accountId),
    pg.check('trust_scores_subject_check', sql`(${t.playlistId} is null) <> (${t.accountId} is null)`),
    pg.check('trust_scores_score_range', sql`${t.score} between 0 and 100`),
    pg.check('trust_scores_campaigns_positive', sql`${t.campaigns} >= 0 and ${t.ratingsCount} >= 0`),
    pg.check('trust_scores_acceptance_range', inRange(t.acceptance)),
    pg.check('trust_scores_response_range', inRange(t.response)),
    pg.check('trust_scores_delivery_range', inRange(t.delivery)),
    pg.check('trust_scores_keep_range', inRange(t.keep)),
    pg.check('trust_scores_rating_range', inRange(t.rating)),
    pg.check('trust_scores_views_range', inRange(t.views)),
    pg.check('trust_scores_listeners_range', inRange(t.listeners)),
    pg.check('trust_scores_stay_range', inRange(t.stay)),
    pg.check(
      'trust_scores_results_counts',
      sql`${t.resultsCampaigns} >= ${t.resultsArtists} and ${t.resultsArtists} >= 0 and ${t.stayCampaigns} >= ${t.stayArtists} and ${t.stayArtists} >= 0`,
    ),
  ],
);
