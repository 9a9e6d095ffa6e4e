import { SCRAPING_PERMISSIONS as P } from '@lm/contracts/permissions';
import {
  autoScrapingJobSchema,
  scrapingJobCreateSchema,
  scrapingLeadFilterSchema,
  sendToLeadListSchema,
} from '@lm/contracts/scraping';
import { z } from 'zod';
import { adminAccess, adminActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams, listEnvelope, listQuery, paginate, parseOrder } from '../../platform/http';
import { t } from '../../platform/i18n';
import { eraseLead } from '../leads';
import { createAutoJob, startManualRun, updateAutoJob } from './auto-scraping.service';
import {
  cancelScrapingJob,
  createScrapingJobs,
  exportJobLeadsCsv,
  getAutoJob,
  getLead,
  getScrapingJob,
  jobGenres,
  type LeadOrder,
  listAutoJobs,
  listJobLeads,
  listKeywords,
  listLeadLists,
  listRunLeads,
  listRuns,
  listScrapingEvents,
  listScrapingJobs,
  scrapingDashboard,
  sendJobLeadsToList,
} from './scraping.service';

const tags = ['scraping'];
const id = z.coerce.number().int().positive().max(2_147_483_647);
const bigId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const bigIdParams = z.object({ id: bigId });

const jobSchema = z.object({
  id: z.number(),
  playlist_id: z.string(),
  playlist_url: z.string(),
  playlist_name: z.string().nullable(),
  playlist_image_url: z.string().nullable(),
  playlist_followers: z.number().nullable(),
  status_id: z.number(),
  source: z.string(),
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
const jobDetailSchema = jobSchema.extend({
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
const leadSchema = z.object({
  id: z.number(),
  kind: z.string(),
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
const leadDetailSchema = leadSchema.extend({
  provenance: z.record(z.string(), z.object({ source: z.string(), found_at: z.string() })),
  jobs: z.array(
    z.object({
      id: z.number(),
      playlist_name: z.string().nullable(),
      is_new: z.boolean(),
      created_at: z.string(),
    }),
  ),
  lists: z.array(z.object({ id: z.number(), name: z.string() })),
  websites: z.array(z.object({ url: z.string(), status: z.string(), visited_at: z.string().nullable() })),
});
const eventSchema = z.object({
  id: z.number(),
  job_id: z.number().nullable(),
  playlist_name: z.string().nullable(),
  auto_scraping_job_id: z.number().nullable(),
  keyword: z.string().nullable(),
  run_id: z.number().nullable(),
  level: z.string(),
  event: z.string(),
  message: z.string(),
  created_at: z.string(),
});
const autoJobSchema = z.object({
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
const runSchema = z.object({
  id: z.number(),
  trigger: z.string(),
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
const keywordSchema = z.object({
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

const jobFilterSchema = z.object({
  status_id: z.coerce.number().int().min(1).max(5).optional(),
  source: z.enum(['manual', 'auto']).optional(),
  auto_scraping_job_id: id.optional(),
  run_id: bigId.optional(),
});
const eventFilterSchema = z.object({
  level: z.enum(['info', 'warning', 'error']).optional(),
  job_id: bigId.optional(),
  auto_scraping_job_id: id.optional(),
  run_id: bigId.optional(),
});
const LEAD_ORDERS = [
  'name',
  'followers',
  'popularity',
  'created_at',
  'tracks',
] as const satisfies readonly LeadOrder[];

/**
 * The scraping tool's back-office API (spec section 7 shows no paths, so REST under
 * `/api/admin/scraping/...`). Permissions: lists and the event log `view.main.scraping.tab.list`;
 * details, results and every change `scraping.show`; the dashboard `view.main.genres.tab.list` (spec
 * section 2 gates /scraping_dashboard with it). See docs/decisions.md "Scraping".
 */
export const scrapingRoutes: RouteModule = (app, deps) => {
  // --- scraping jobs -------------------------------------------------------------------------
  app.get(
    '/api/admin/scraping/jobs',
    {
      config: { access: adminAccess(P.view) },
      schema: {
        tags,
        querystring: listQuery.extend({ filter: jobFilterSchema.optional() }),
        response: { 200: listEnvelope(jobSchema) },
      },
    },
    async (req) => {
      const { page, limit, filter = {}, q } = req.query;
      const { rows, total } = await listScrapingJobs(
        deps,
        {
          statusId: filter.status_id,
          source: filter.source,
          autoScrapingJobId: filter.auto_scraping_job_id,
          runId: filter.run_id,
          q: q || undefined,
        },
        page,
        limit,
        req.lang,
      );
      return { data: rows, pagination: paginate(total, page, limit) };
    },
  );

  app.post(
    '/api/admin/scraping/jobs',
    {
      config: { access: adminAccess(P.manage) },
      schema: {
        tags,
        body: scrapingJobCreateSchema,
        response: {
          201: envelope(
            z.object({
              created: z.array(z.object({ id: z.number(), playlist_id: z.string() })),
              skipped: z.array(z.object({ id: z.number(), playlist_id: z.string() })),
            }),
          ),
        },
      },
    },
    async (req, reply) => {
      const result = await createScrapingJobs(deps, req.body, adminActor(req));
      return reply.status(201).send({
        data: result,
        message: t(req.lang, 'scraping.jobs_queued', {
          count: result.created.length,
          skipped: result.skipped.length,
        }),
      });
    },
  );

  app.get(
    '/api/admin/scraping/jobs/:id',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, params: bigIdParams, response: { 200: envelope(jobDetailSchema) } },
    },
    async (req) => ({ data: await getScrapingJob(deps, req.params.id, req.lang) }),
  );

  app.post(
    '/api/admin/scraping/jobs/:id/cancel',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, params: bigIdParams, response: { 200: envelope(jobDetailSchema) } },
    },
    async (req) => {
      await cancelScrapingJob(deps, req.params.id, adminActor(req));
      return {
        data: await getScrapingJob(deps, req.params.id, req.lang),
        message: t(req.lang, 'scraping.job_cancelled'),
      };
    },
  );

  app.get(
    '/api/admin/scraping/jobs/:id/leads',
    {
      config: { access: adminAccess(P.manage) },
      schema: {
        tags,
        params: bigIdParams,
        querystring: listQuery.extend({ filter: scrapingLeadFilterSchema.optional() }),
        response: { 200: listEnvelope(leadSchema) },
      },
    },
    async (req) => {
      const { page, limit, filter = {}, q, order } = req.query;
      const { rows, total } = await listJobLeads(deps, req.params.id, {
        filter,
        q: q || undefined,
        order: parseOrder(order, LEAD_ORDERS, { column: 'followers', dir: 'desc' }),
        page,
        limit,
      });
      return { data: rows, pagination: paginate(total, page, limit) };
    },
  );

  app.get(
    '/api/admin/scraping/jobs/:id/genres',
    {
      config: { access: adminAccess(P.manage) },
      schema: {
        tags,
        params: bigIdParams,
        response: { 200: envelope(z.array(z.object({ genre: z.string(), count: z.number() }))) },
      },
    },
    async (req) => ({ data: await jobGenres(deps, req.params.id) }),
  );

  app.get(
    '/api/admin/scraping/jobs/:id/export',
    {
      config: { access: adminAccess(P.manage) },
      schema: {
        tags,
        description: 'The job’s leads matching the filter as CSV (text/csv, UTF-8 with BOM).',
        params: bigIdParams,
        querystring: z.object({ filter: scrapingLeadFilterSchema.optional() }),
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      const csv = await exportJobLeadsCsv(
        deps,
        req.params.id,
        req.query.filter ?? {},
        req.lang,
        adminActor(req),
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="scraping-job-${req.params.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.post(
    '/api/admin/scraping/jobs/:id/send-to-list',
    {
      config: { access: adminAccess(P.manage) },
      schema: {
        tags,
        params: bigIdParams,
        body: sendToLeadListSchema,
        response: {
          200: envelope(
            z.object({
              list_id: z.number(),
              list_name: z.string(),
              created: z.boolean(),
              added: z.number(),
              already: z.number(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const result = await sendJobLeadsToList(deps, req.params.id, req.body, adminActor(req));
      return {
        data: result,
        message: t(req.lang, 'scraping.sent_to_list', {
          count: result.added,
          already: result.already,
          list: result.list_name,
        }),
      };
    },
  );

  app.get(
    '/api/admin/scraping/jobs/:id/events',
    {
      config: { access: adminAccess(P.manage) },
      schema: {
        tags,
        params: bigIdParams,
        querystring: listQuery,
        response: { 200: listEnvelope(eventSchema) },
      },
    },
    async (req) => {
      const { page, limit } = req.query;
      const { rows, total } = await listScrapingEvents(deps, { jobId: req.params.id }, page, limit, req.lang);
      return { data: rows, pagination: paginate(total, page, limit) };
    },
  );

  // --- event log, lists, leads, dashboard -----------------------------------------------------
  app.get(
    '/api/admin/scraping/events',
    {
      config: { access: adminAccess(P.view) },
      schema: {
        tags,
        querystring: listQuery.extend({ filter: eventFilterSchema.optional() }),
        response: { 200: listEnvelope(eventSchema) },
      },
    },
    async (req) => {
      const { page, limit, filter = {} } = req.query;
      const { rows, total } = await listScrapingEvents(
        deps,
        {
          jobId: filter.job_id,
          autoScrapingJobId: filter.auto_scraping_job_id,
          runId: filter.run_id,
          level: filter.level,
        },
        page,
        limit,
        req.lang,
      );
      return { data: rows, pagination: paginate(total, page, limit) };
    },
  );

  app.get(
    '/api/admin/scraping/lead-lists',
    {
      config: { access: adminAccess(P.manage) },
      schema: {
        tags,
        querystring: z.object({ q: z.string().trim().max(100).optional() }),
        response: {
          200: envelope(z.array(z.object({ id: z.number(), name: z.string(), members: z.number() }))),
        },
      },
    },
    async (req) => ({ data: await listLeadLists(deps, req.query.q || undefined) }),
  );

  app.get(
    '/api/admin/scraping/leads/:id',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, params: bigIdParams, response: { 200: envelope(leadDetailSchema) } },
    },
    async (req) => ({ data: await getLead(deps, req.params.id) }),
  );

  app.post(
    '/api/admin/scraping/leads/:id/erase',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, params: bigIdParams, response: { 200: z.object({ message: z.string() }) } },
    },
    async (req) => {
      await eraseLead(deps, req.params.id, adminActor(req));
      return { message: t(req.lang, 'leads.erased') };
    },
  );

  app.get(
    '/api/admin/scraping/dashboard',
    {
      config: { access: adminAccess(P.dashboard) },
      schema: {
        tags,
        querystring: z.object({ days: z.coerce.number().int().min(7).max(90).default(30) }),
        response: {
          200: envelope(
            z.object({
              running: z.number(),
              queued: z.number(),
              artists: z.number(),
              curators: z.number(),
              per_day: z.array(z.object({ day: z.string(), artists: z.number(), curators: z.number() })),
              top_genres: z.array(z.object({ genre: z.string(), count: z.number() })),
            }),
          ),
        },
      },
    },
    async (req) => ({ data: await scrapingDashboard(deps, req.query.days) }),
  );

  // --- auto-scraping jobs ----------------------------------------------------------------------
  app.get(
    '/api/admin/scraping/auto-jobs',
    {
      config: { access: adminAccess(P.view) },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(autoJobSchema) } },
    },
    async (req) => {
      const { page, limit, q } = req.query;
      const { rows, total } = await listAutoJobs(deps, q || undefined, page, limit);
      return { data: rows, pagination: paginate(total, page, limit) };
    },
  );

  app.post(
    '/api/admin/scraping/auto-jobs',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, body: autoScrapingJobSchema, response: { 201: envelope(autoJobSchema) } },
    },
    async (req, reply) => {
      const created = await createAutoJob(deps, req.body, adminActor(req));
      return reply
        .status(201)
        .send({ data: await getAutoJob(deps, created.id), message: t(req.lang, 'scraping.auto_saved') });
    },
  );

  const autoDetailSchema = autoJobSchema.extend({
    playlists_found: z.number(),
    playlists_processed: z.number(),
  });
  app.get(
    '/api/admin/scraping/auto-jobs/:id',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, params: idParams, response: { 200: envelope(autoDetailSchema) } },
    },
    async (req) => ({ data: await getAutoJob(deps, req.params.id) }),
  );

  app.put(
    '/api/admin/scraping/auto-jobs/:id',
    {
      config: { access: adminAccess(P.manage) },
      schema: {
        tags,
        params: idParams,
        body: autoScrapingJobSchema,
        response: { 200: envelope(autoDetailSchema) },
      },
    },
    async (req) => {
      await updateAutoJob(deps, req.params.id, req.body, adminActor(req));
      return { data: await getAutoJob(deps, req.params.id), message: t(req.lang, 'scraping.auto_saved') };
    },
  );

  app.post(
    '/api/admin/scraping/auto-jobs/:id/run',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, params: idParams, response: { 200: envelope(z.object({ run_id: z.number() })) } },
    },
    async (req) => {
      const runId = await startManualRun(deps, req.params.id, adminActor(req));
      return { data: { run_id: runId }, message: t(req.lang, 'scraping.run_started') };
    },
  );

  app.get(
    '/api/admin/scraping/auto-jobs/:id/runs',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, params: idParams, querystring: listQuery, response: { 200: listEnvelope(runSchema) } },
    },
    async (req) => {
      const { page, limit } = req.query;
      const { rows, total } = await listRuns(deps, req.params.id, page, limit, req.lang);
      return { data: rows, pagination: paginate(total, page, limit) };
    },
  );

  app.get(
    '/api/admin/scraping/auto-jobs/:id/keywords',
    {
      config: { access: adminAccess(P.manage) },
      schema: {
        tags,
        params: idParams,
        querystring: listQuery,
        response: { 200: listEnvelope(keywordSchema) },
      },
    },
    async (req) => {
      const { page, limit } = req.query;
      const { rows, total } = await listKeywords(deps, req.params.id, page, limit);
      return { data: rows, pagination: paginate(total, page, limit) };
    },
  );

  app.get(
    '/api/admin/scraping/runs/:id/leads',
    {
      config: { access: adminAccess(P.manage) },
      schema: {
        tags,
        params: bigIdParams,
        querystring: listQuery,
        response: { 200: listEnvelope(leadSchema.extend({ job_id: z.number() })) },
      },
    },
    async (req) => {
      const { page, limit } = req.query;
      const { rows, total } = await listRunLeads(deps, req.params.id, page, limit);
      return { data: rows, pagination: paginate(total, page, limit) };
    },
  );
};
