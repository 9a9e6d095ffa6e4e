import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { admins } from '../admins/admins.schema';
import { leads } from '../leads/leads.schema';

/**
 * A keyword searched on a schedule: its pg-boss schedule (key = id) is
 * written while `enabled`; `max_playlists` caps the playlists a run takes from the search.
 */
export const autoScrapingJobs = pg.pgTable(
  'auto_scraping_jobs',
  {
    id: pg.serial('id').primaryKey(),
    keyword: pg.varchar('keyword', { length: 100 }).notNull(),
    /** Five-field cron expression, UTC. */
    cron: pg.varchar('cron', { length: 100 }).notNull(),
    enabled: pg.boolean('enabled').notNull().default(true),
    maxPlaylists: pg.smallint('max_playlists').notNull().default(10),
    createdBy: pg.integer('created_by').references(() => admins.id),
    lastRunAt: pg.timestamp('last_run_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    pg.uniqueIndex('auto_scraping_jobs_keyword_unique').on(sql`lower(${t.keyword})`),
    pg.check('auto_scraping_jobs_max_playlists', sql`${t.maxPlaylists} between 1 and 50`),
  ],
);

/**
 * One run of an auto-scraping job: a schedule slot (`slot`, the minute pg-boss filed the occurrence
 * in: unique per job, so two workers never run a slot twice) or a manual run (`slot` null). At most
 * one run of a job is running at a time (partial unique index). Counts say what the run added.
 */
export const autoScrapingRuns = pg.pgTable(
  'auto_scraping_runs',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    autoScrapingJobId: pg
      .integer('auto_scraping_job_id')
      .notNull()
      .references(() => autoScrapingJobs.id),
    trigger: pg.varchar('trigger', { length: 10 }).notNull().$type<'schedule' | 'manual'>(),
    slot: pg.timestamp('slot', { withTimezone: true }),
    /** SCRAPING_JOB_STATUS: 2 running, 3 completed, 4 failed. */
    statusId: pg.smallint('status_id').notNull().default(2),
    playlistsFound: pg.integer('playlists_found').notNull().default(0),
    playlistsNew: pg.integer('playlists_new').notNull().default(0),
    jobsCreated: pg.integer('jobs_created').notNull().default(0),
    artistsNew: pg.integer('artists_new').notNull().default(0),
    curatorsNew: pg.integer('curators_new').notNull().default(0),
    errorKey: pg.varchar('error_key', { length: 100 }),
    createdBy: pg.integer('created_by').references(() => admins.id),
    /** When the run's search was done and its jobs queued (a run resumed after a restart skips it). */
    searchedAt: pg.timestamp('searched_at', { withTimezone: true }),
    startedAt: pg.timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: pg.timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    pg.uniqueIndex('auto_scraping_runs_slot_unique').on(t.autoScrapingJobId, t.slot),
    pg.uniqueIndex('auto_scraping_runs_one_running').on(t.autoScrapingJobId).where(sql`${t.statusId} = 2`),
    pg.index('auto_scraping_runs_job_idx').on(t.autoScrapingJobId, t.id),
  ],
);

/**
 * Spec section 3 "Scraping keyword has a url and a processed flag": a playlist an auto-scraping job's
 * search found, scraped once (`processed` when its scraping job finished).
 */
export const scrapingKeywords = pg.pgTable(
  'scraping_keywords',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    autoScrapingJobId: pg
      .integer('auto_scraping_job_id')
      .notNull()
      .references(() => autoScrapingJobs.id),
    playlistId: pg.varchar('playlist_id', { length: 64 }).notNull(),
    url: pg.text('url').notNull(),
    name: pg.varchar('name', { length: 300 }),
    processed: pg.boolean('processed').notNull().default(false),
    processedAt: pg.timestamp('processed_at', { withTimezone: true }),
    foundRunId: pg.bigint('found_run_id', { mode: 'number' }).references(() => autoScrapingRuns.id),
    createdAt: createdAt(),
  },
  (t) => [
    pg.uniqueIndex('scraping_keywords_playlist_unique').on(t.autoScrapingJobId, t.playlistId),
    pg
      .index('scraping_keywords_unprocessed_idx')
      .on(t.autoScrapingJobId, t.id)
      .where(sql`not ${t.processed}`),
  ],
);

/**
 * One playlist to scrape: its owner becomes a curator lead, every
 * track's artists become artist leads. SCRAPING_JOB_STATUS: 1 queued, 2 running, 3 completed,
 * 4 failed, 5 cancelled. Progress counts tracks (`items_done` of `items_total`, known after the first
 * page); the counters move in the same transaction as the items they count.
 */
export const scrapingJobs = pg.pgTable(
  'scraping_jobs',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    playlistId: pg.varchar('playlist_id', { length: 64 }).notNull(),
    playlistUrl: pg.text('playlist_url').notNull(),
    playlistName: pg.varchar('playlist_name', { length: 300 }),
    playlistImageUrl: pg.text('playlist_image_url'),
    playlistFollowers: pg.integer('playlist_followers'),
    curatorLeadId: pg.bigint('curator_lead_id', { mode: 'number' }).references(() => leads.id, {
      onDelete: 'set null',
    }),
    source: pg.varchar('source', { length: 10 }).notNull().$type<'manual' | 'auto'>(),
    autoScrapingJobId: pg.integer('auto_scraping_job_id').references(() => autoScrapingJobs.id),
    autoRunId: pg.bigint('auto_run_id', { mode: 'number' }).references(() => autoScrapingRuns.id),
    keywordId: pg.bigint('keyword_id', { mode: 'number' }).references(() => scrapingKeywords.id),
    statusId: pg.smallint('status_id').notNull().default(1),
    itemsTotal: pg.integer('items_total'),
    itemsDone: pg.integer('items_done').notNull().default(0),
    artistsFound: pg.integer('artists_found').notNull().default(0),
    artistsNew: pg.integer('artists_new').notNull().default(0),
    curatorsNew: pg.integer('curators_new').notNull().default(0),
    errorKey: pg.varchar('error_key', { length: 100 }),
    errorParams: pg.jsonb('error_params').$type<Record<string, string | number>>(),
    createdBy: pg.integer('created_by').references(() => admins.id),
    createdAt: createdAt(),
    startedAt: pg.timestamp('started_at', { withTimezone: true }),
    finishedAt: pg.timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    pg.index('scraping_jobs_created_idx').on(t.createdAt, t.id),
    pg.index('scraping_jobs_status_idx').on(t.statusId, t.id),
    pg.index('scraping_jobs_run_idx').on(t.autoRunId),
    // One open job per playlist, whoever started it: a second request for it is answered with the first.
    pg.uniqueIndex('scraping_jobs_playlist_open').on(t.playlistId).where(sql`${t.statusId} in (1, 2)`),
    pg.check('scraping_jobs_status_known', sql`${t.statusId} between 1 and 5`),
  ],
);

/**
 * The units of a scraping job: a page of the
 * playlist (kind 1, position = offset) or a track (kind 2, position in the playlist, with its artists).
 * One row per (job, kind, position); processing claims rows with FOR UPDATE SKIP LOCKED and sets
 * `done` in the same transaction as its effects, so a killed worker's rows are simply claimed again.
 */
export const scrapingJobItems = pg.pgTable(
  'scraping_job_items',
  {
    jobId: pg
      .bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => scrapingJobs.id, { onDelete: 'cascade' }),
    kind: pg.smallint('kind').notNull(),
    position: pg.integer('position').notNull(),
    trackId: pg.varchar('track_id', { length: 64 }),
    artistIds: pg.text('artist_ids').array().notNull().default(sql`'{}'::text[]`),
    done: pg.boolean('done').notNull().default(false),
    doneAt: pg.timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    pg.primaryKey({ columns: [t.jobId, t.kind, t.position] }),
    pg.index('scraping_job_items_todo_idx').on(t.jobId, t.kind, t.position).where(sql`not ${t.done}`),
  ],
);

/** The leads a job found: `is_new` when the job added the lead, `tracks` its tracks in the playlist. */
export const scrapingJobLeads = pg.pgTable(
  'scraping_job_leads',
  {
    jobId: pg
      .bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => scrapingJobs.id, { onDelete: 'cascade' }),
    leadId: pg
      .bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    isNew: pg.boolean('is_new').notNull(),
    tracks: pg.integer('tracks').notNull().default(0),
  },
  (t) => [
    pg.primaryKey({ columns: [t.jobId, t.leadId] }),
    pg.index('scraping_job_leads_lead_idx').on(t.leadId),
  ],
);

/**
 * What happened, for the job's event log and /scraping/logs: a message key of the shared catalog and
 * its parameters (translated into the reader's language when read), and a level.
 */
export const scrapingEvents = pg.pgTable(
  'scraping_events',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: pg.bigint('job_id', { mode: 'number' }).references(() => scrapingJobs.id, { onDelete: 'cascade' }),
    autoScrapingJobId: pg.integer('auto_scraping_job_id').references(() => autoScrapingJobs.id),
    runId: pg.bigint('run_id', { mode: 'number' }).references(() => autoScrapingRuns.id),
    level: pg.varchar('level', { length: 10 }).notNull().$type<'info' | 'warning' | 'error'>(),
    eventKey: pg.varchar('event_key', { length: 100 }).notNull(),
    params: pg.jsonb('params').$type<Record<string, string | number>>(),
    createdAt: createdAt(),
  },
  (t) => [
    pg.index('scraping_events_job_idx').on(t.jobId, t.id),
    pg.index('scraping_events_auto_idx').on(t.autoScrapingJobId, t.id),
    pg.index('scraping_events_created_idx').on(t.createdAt, t.id),
  ],
);

/**
 * The persistent queue of public websites to read for a contact address: one
 * row per lead and URL. `pending` rows are read by the site crawler (crawlee) in batches; `done`
 * (read, with or without an address), `blocked` (robots.txt disallows it, or the address is private)
 * and `failed` (unreachable after retries) are final.
 */
export const scrapingSiteVisits = pg.pgTable(
  'scraping_site_visits',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    leadId: pg
      .bigint('lead_id', { mode: 'number' })
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    url: pg.text('url').notNull(),
    status: pg
      .varchar('status', { length: 10 })
      .notNull()
      .default('pending')
      .$type<'pending' | 'done' | 'blocked' | 'failed'>(),
    emailFound: pg.boolean('email_found').notNull().default(false),
    pagesRead: pg.smallint('pages_read').notNull().default(0),
    attempts: pg.smallint('attempts').notNull().default(0),
    /** A crawler holds the row until then (a crawler that died leaves it to the next one after it). */
    leasedUntil: pg.timestamp('leased_until', { withTimezone: true }),
    createdAt: createdAt(),
    visitedAt: pg.timestamp('visited_at', { withTimezone: true }),
  },
  (t) => [
    pg.uniqueIndex('scraping_site_visits_lead_url_unique').on(t.leadId, t.url),
    pg.index('scraping_site_visits_pending_idx').on(t.id).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Politeness per web domain across every worker (one request per second per domain): each
 * request reserves the domain's next free second.
 */
export const scrapingDomainPace = pg.pgTable('scraping_domain_pace', {
  domain: pg.varchar('domain', { length: 255 }).primaryKey(),
  nextAt: pg.timestamp('next_at', { withTimezone: true }).notNull(),
});

/**
 * The Spotify call budget shared by every worker: calls made in each UTC minute, and a
 * pause (row id 1) until which nobody calls after Spotify answered 429 with Retry-After.
 */
export const scrapingSpotifyBudget = pg.pgTable('scraping_spotify_budget', {
  windowStart: pg.timestamp('window_start', { withTimezone: true }).primaryKey(),
  used: pg.integer('used').notNull(),
});
export const scrapingSpotifyPause = pg.pgTable(
  'scraping_spotify_pause',
  {
    id: pg.smallint('id').primaryKey(),
    until: pg.timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [pg.check('scraping_spotify_pause_single', sql`${t.id} = 1`)],
);
