import { z } from 'zod';
import { entry, type StatusEntry } from './statuses';

/**
 * The scraping tool (spec sections 2, 3 and 6): scraping jobs (one per playlist),
 * auto-scraping jobs (a keyword on a schedule) and the leads they find. Shared by the API (request
 * validation, route guards) and the back-office (forms, menu, screens), so both say the same thing.
 */

/** Status of scraping jobs and auto-scraping runs. */
export const SCRAPING_JOB_STATUS = {
  QUEUED: 1,
  RUNNING: 2,
  COMPLETED: 3,
  FAILED: 4,
  CANCELLED: 5,
} as const;

/** Status map of scraping jobs and runs; colours from the one status palette. */
export const SCRAPING_JOB_STATUSES: readonly StatusEntry[] = [
  entry(1, 'Queued'),
  entry(2, 'Running'),
  entry(3, 'Completed'),
  entry(4, 'Failed'),
  entry(5, 'Cancelled'),
];

/** Whether a scraping job (or run) of this status still moves. */
export const isOpenScrapingStatus = (statusId: number): boolean =>
  statusId === SCRAPING_JOB_STATUS.QUEUED || statusId === SCRAPING_JOB_STATUS.RUNNING;

/** Limits of the scraping tool. */
export const SCRAPING_LIMITS = {
  /** Playlists one request may queue (pasted or in one CSV). */
  playlistsPerRequest: 50,
  /** A pasted text or CSV of links above this size is refused. */
  csvMaxBytes: 200_000,
  /** Most playlists an auto-scraping run takes from the search. */
  autoMaxPlaylists: 50,
  /** The shortest time between two scheduled runs of a keyword (minutes). */
  autoMinIntervalMinutes: 60,
  /** Most leads sent to a list by id in one request. */
  sendMaxIds: 1_000,
} as const;

/** Schedules offered in the auto-scraping form (five-field cron, UTC); staff may also write their own. */
export const SCRAPING_SCHEDULE_PRESETS = {
  hourly: '0 * * * *',
  daily: '0 3 * * *',
  weekly: '0 3 * * 1',
} as const;

/** Kinds of leads. */
export const LEAD_KINDS = ['artist', 'curator'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/**
 * Body of `POST /api/admin/scraping/jobs`: playlist links pasted (one per entry) and/or the text of a
 * CSV file (`csv`; each row's first playlist link is taken, a first row without one is a header).
 * The API refuses a link that is not a Spotify playlist link under `links.<n>` or `csv.<row>`.
 */
export const scrapingJobCreateSchema = z
  .object({
    links: z
      .array(z.string().trim().max(1000, 'validation.too_long'))
      .max(SCRAPING_LIMITS.playlistsPerRequest, 'scraping.too_many_playlists')
      .optional(),
    csv: z.string().max(SCRAPING_LIMITS.csvMaxBytes, 'scraping.csv_too_large').optional(),
  })
  .refine((v) => (v.links ?? []).some((l) => l !== '') || Boolean(v.csv?.trim()), {
    message: 'scraping.links_required',
    path: ['links'],
  });
export type ScrapingJobCreate = z.infer<typeof scrapingJobCreateSchema>;

/** A five-field cron expression (minute hour day month weekday); the API checks it further. */
const cronField = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { message: 'validation.required', abort: true })
  .max(100, { message: 'validation.too_long', abort: true })
  .regex(/^\S+(\s+\S+){4}$/, 'scraping.cron_invalid');

/**
 * Body of `POST /api/admin/scraping/auto-jobs` and `PUT .../{id}`: the keyword (2-100 characters),
 * its schedule (cron, UTC, at most hourly: `scraping.cron_too_frequent`), the enabled switch and the
 * most playlists a run takes (1-50).
 */
export const autoScrapingJobSchema = z.object({
  keyword: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .min(2, { message: 'scraping.keyword_too_short', abort: true })
    .max(100, 'validation.too_long'),
  cron: cronField,
  enabled: z.boolean(),
  max_playlists: z
    .number({ error: 'validation.required' })
    .int('validation.invalid')
    .min(1)
    .max(SCRAPING_LIMITS.autoMaxPlaylists),
});
export type AutoScrapingJobInput = z.infer<typeof autoScrapingJobSchema>;

/**
 * `filter[...]` of a job's results (and of its CSV export and "send to a list"): kind, genre (exact,
 * any case), followers range (both ends included; min above max is refused under `followers_max`),
 * `new` = only the leads this job added.
 */
export const scrapingLeadFilterSchema = z
  .object({
    kind: z.enum(LEAD_KINDS).optional(),
    genre: z.string().trim().max(100, 'validation.too_long').optional(),
    followers_min: z.coerce.number().int('validation.invalid').min(0).max(2_000_000_000).optional(),
    followers_max: z.coerce.number().int('validation.invalid').min(0).max(2_000_000_000).optional(),
    new: z.enum(['0', '1']).optional(),
  })
  .refine(
    (f) =>
      f.followers_min === undefined || f.followers_max === undefined || f.followers_min <= f.followers_max,
    {
      message: 'scraping.followers_range',
      path: ['followers_max'],
    },
  );
export type ScrapingLeadFilter = z.infer<typeof scrapingLeadFilterSchema>;

/**
 * Body of `POST /api/admin/scraping/jobs/{id}/send-to-list`: the list's name (created when no list has
 * it, any case; appended to otherwise) and either the chosen leads (`lead_ids`, of this job) or every
 * lead of the job matching `filter`.
 */
export const sendToLeadListSchema = z.object({
  list_name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { message: 'validation.required', abort: true })
    .max(100, 'validation.too_long'),
  lead_ids: z
    .array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .max(SCRAPING_LIMITS.sendMaxIds)
    .optional(),
  filter: scrapingLeadFilterSchema.optional(),
});
export type SendToLeadList = z.infer<typeof sendToLeadListSchema>;

/** A 32-bit id in a query (auto-scraping jobs). */
const queryId = z.coerce.number().int().positive().max(2_147_483_647);
/** A 64-bit id in a query (jobs, runs). */
const queryBigId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** `filter[...]` of `GET /api/admin/scraping/jobs`: status, manual or auto, the auto job or run that made them. */
export const scrapingJobFilterSchema = z.object({
  status_id: z.coerce.number().int().min(1).max(5).optional(),
  source: z.enum(['manual', 'auto']).optional(),
  auto_scraping_job_id: queryId.optional(),
  run_id: queryBigId.optional(),
});

/** `filter[...]` of `GET /api/admin/scraping/events`: level, and the job, auto job or run. */
export const scrapingEventFilterSchema = z.object({
  level: z.enum(['info', 'warning', 'error']).optional(),
  job_id: queryBigId.optional(),
  auto_scraping_job_id: queryId.optional(),
  run_id: queryBigId.optional(),
});

/** Query of `GET /api/admin/scraping/lead-lists`: part of a list's name. */
export const scrapingLeadListsQuery = z.object({ q: z.string().trim().max(100).optional() });

/** Query of `GET /api/admin/scraping/dashboard`: the days it covers (7-90, 30 by default). */
export const scrapingDashboardQuery = z.object({ days: z.coerce.number().int().min(7).max(90).default(30) });

// Answers. The API serialises its responses through these (a field missing here is left out of the
// answer); the back-office imports their types only (`import type`). Times are ISO 8601 strings.

/** A scraping job (`GET /api/admin/scraping/jobs`); `progress` in whole percent. */
export const scrapingJobSchema = z.object({
  id: z.number(),
  playlist_id: z.string(),
  playlist_url: z.string(),
  playlist_name: z.string().nullable(),
  playlist_image_url: z.string().nullable(),
  playlist_followers: z.number().nullable(),
  status_id: z.number(),
  source: z.enum(['manual', 'auto']),
  items_total: z.number().nullable(),
  items_done: z.number(),
  progress: z.number(),
  artists_found: z.number(),
  artists_new: z.number(),
  curators_new: z.number(),
  error: z.string().nullable(),
  auto_scraping_job_id: z.number().nullable(),
  auto_run_id: z.number().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type ScrapingJob = z.infer<typeof scrapingJobSchema>;

/** A job with its auto job's keyword and the playlist's curator (`GET /api/admin/scraping/jobs/{id}`). */
export const scrapingJobDetailSchema = scrapingJobSchema.extend({
  keyword: z.string().nullable(),
  curator: z
    .object({
      id: z.number(),
      name: z.string(),
      spotify_id: z.string().nullable(),
      spotify_url: z.string().nullable(),
      email: z.string().nullable(),
      website: z.string().nullable(),
    })
    .nullable(),
});
export type ScrapingJobDetail = z.infer<typeof scrapingJobDetailSchema>;

/** A job and the playlist it scrapes. */
const jobRefSchema = z.object({ id: z.number(), playlist_id: z.string() });

/** Jobs queued by `POST /api/admin/scraping/jobs`, and playlists skipped (a job already open for them). */
export const scrapingJobsCreatedSchema = z.object({
  created: z.array(jobRefSchema),
  skipped: z.array(jobRefSchema),
});
export type ScrapingJobsCreated = z.infer<typeof scrapingJobsCreatedSchema>;

/** A lead of a job's results (`GET /api/admin/scraping/jobs/{id}/leads`); `is_new` when this job added it. */
export const scrapingLeadSchema = z.object({
  id: z.number(),
  kind: z.enum(LEAD_KINDS),
  spotify_id: z.string().nullable(),
  name: z.string(),
  followers: z.number().nullable(),
  popularity: z.number().nullable(),
  genres: z.array(z.string()),
  image_url: z.string().nullable(),
  spotify_url: z.string().nullable(),
  links: z.record(z.string(), z.string()),
  email: z.string().nullable(),
  is_new: z.boolean(),
  tracks: z.number(),
  created_at: z.string(),
});
export type ScrapingLead = z.infer<typeof scrapingLeadSchema>;

/** A lead an auto-scraping run added (`GET /api/admin/scraping/runs/{id}/leads`), with the job that found it. */
export const scrapingRunLeadSchema = scrapingLeadSchema.extend({ job_id: z.number() });
export type ScrapingRunLead = z.infer<typeof scrapingRunLeadSchema>;

/** Where and when each field of a lead was found, by field (the source a URL or `spotify:<endpoint>`). */
export const leadProvenanceSchema = z.record(
  z.string(),
  z.object({ source: z.string(), found_at: z.string() }),
);
/** A leads list a lead belongs to. */
export const leadListRefSchema = z.object({ id: z.number(), name: z.string() });

/** A lead with where each field came from, its jobs, lists and visited websites (`GET /api/admin/scraping/leads/{id}`). */
export const scrapingLeadDetailSchema = scrapingLeadSchema.extend({
  provenance: leadProvenanceSchema,
  jobs: z.array(
    z.object({
      id: z.number(),
      playlist_name: z.string().nullable(),
      is_new: z.boolean(),
      created_at: z.string(),
    }),
  ),
  lists: z.array(leadListRefSchema),
  websites: z.array(z.object({ url: z.string(), status: z.string(), visited_at: z.string().nullable() })),
});
export type ScrapingLeadDetail = z.infer<typeof scrapingLeadDetailSchema>;

/** A genre and how many leads have it (a job's results filter, the dashboard's top genres). */
export const scrapingGenreCountSchema = z.object({ genre: z.string(), count: z.number() });
export type ScrapingGenreCount = z.infer<typeof scrapingGenreCountSchema>;

/** Leads sent to a list (`POST /api/admin/scraping/jobs/{id}/send-to-list`): `created` when the list is new. */
export const scrapingSentToListSchema = z.object({
  list_id: z.number(),
  list_name: z.string(),
  created: z.boolean(),
  added: z.number(),
  already: z.number(),
});
export type ScrapingSentToList = z.infer<typeof scrapingSentToListSchema>;

/** A leads list by name and size, for the "send to a list" picker (`GET /api/admin/scraping/lead-lists`). */
export const scrapingLeadListSchema = z.object({ id: z.number(), name: z.string(), members: z.number() });
export type ScrapingLeadList = z.infer<typeof scrapingLeadListSchema>;

/** An entry of the scraping event log, its message already in the reader's language. */
export const scrapingEventSchema = z.object({
  id: z.number(),
  job_id: z.number().nullable(),
  playlist_name: z.string().nullable(),
  auto_scraping_job_id: z.number().nullable(),
  keyword: z.string().nullable(),
  run_id: z.number().nullable(),
  level: z.enum(['info', 'warning', 'error']),
  event: z.string(),
  message: z.string(),
  created_at: z.string(),
});
export type ScrapingEvent = z.infer<typeof scrapingEventSchema>;

/** The scraping dashboard over its days: open jobs, leads found, leads per day and the top genres. */
export const scrapingDashboardSchema = z.object({
  running: z.number(),
  queued: z.number(),
  artists: z.number(),
  curators: z.number(),
  per_day: z.array(z.object({ day: z.string(), artists: z.number(), curators: z.number() })),
  top_genres: z.array(scrapingGenreCountSchema),
});
export type ScrapingDashboard = z.infer<typeof scrapingDashboardSchema>;

/** An auto-scraping job (`GET /api/admin/scraping/auto-jobs`): its schedule, runs and leads found. */
export const autoScrapingJobItemSchema = z.object({
  id: z.number(),
  keyword: z.string(),
  cron: z.string(),
  enabled: z.boolean(),
  max_playlists: z.number(),
  last_run_at: z.string().nullable(),
  next_run_at: z.string().nullable(),
  runs: z.number(),
  running: z.boolean(),
  artists_new: z.number(),
  curators_new: z.number(),
  created_at: z.string(),
});
export type AutoScrapingJob = z.infer<typeof autoScrapingJobItemSchema>;

/** An auto-scraping job with the playlists it found and processed (`GET /api/admin/scraping/auto-jobs/{id}`). */
export const autoScrapingJobDetailSchema = autoScrapingJobItemSchema.extend({
  playlists_found: z.number(),
  playlists_processed: z.number(),
});
export type AutoScrapingJobDetail = z.infer<typeof autoScrapingJobDetailSchema>;

/** A run started by hand (`POST /api/admin/scraping/auto-jobs/{id}/run`). */
export const autoScrapingRunStartedSchema = z.object({ run_id: z.number() });
export type AutoScrapingRunStarted = z.infer<typeof autoScrapingRunStartedSchema>;

/** A run of an auto-scraping job (`GET /api/admin/scraping/auto-jobs/{id}/runs`); `slot` the schedule's time. */
export const autoScrapingRunSchema = z.object({
  id: z.number(),
  trigger: z.enum(['schedule', 'manual']),
  slot: z.string().nullable(),
  status_id: z.number(),
  playlists_found: z.number(),
  playlists_new: z.number(),
  jobs_created: z.number(),
  jobs_open: z.number(),
  artists_new: z.number(),
  curators_new: z.number(),
  error: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AutoScrapingRun = z.infer<typeof autoScrapingRunSchema>;

/** A playlist an auto job found (`GET /api/admin/scraping/auto-jobs/{id}/keywords`) and whether it was scraped. */
export const scrapingKeywordSchema = z.object({
  id: z.number(),
  playlist_id: z.string(),
  url: z.string(),
  name: z.string().nullable(),
  processed: z.boolean(),
  processed_at: z.string().nullable(),
  found_run_id: z.number().nullable(),
  job_id: z.number().nullable(),
  created_at: z.string(),
});
export type ScrapingKeyword = z.infer<typeof scrapingKeywordSchema>;
