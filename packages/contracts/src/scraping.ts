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
