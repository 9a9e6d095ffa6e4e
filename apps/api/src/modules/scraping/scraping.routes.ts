import { SCRAPING_PERMISSIONS as P } from '@lm/contracts/permissions';
import {
  autoScrapingJobDetailSchema,
  autoScrapingJobItemSchema,
  autoScrapingJobSchema,
  autoScrapingRunSchema,
  autoScrapingRunStartedSchema,
  type ScrapingJob,
  type ScrapingJobDetail,
  type ScrapingLead,
  type ScrapingLeadDetail,
  type ScrapingRunLead,
  scrapingDashboardQuery,
  scrapingDashboardSchema,
  scrapingEventFilterSchema,
  scrapingEventSchema,
  scrapingGenreCountSchema,
  scrapingJobCreateSchema,
  scrapingJobDetailSchema,
  scrapingJobFilterSchema,
  scrapingJobSchema,
  scrapingJobsCreatedSchema,
  scrapingKeywordSchema,
  scrapingLeadDetailSchema,
  scrapingLeadFilterSchema,
  scrapingLeadListSchema,
  scrapingLeadListsQuery,
  scrapingLeadSchema,
  scrapingRunLeadSchema,
  scrapingSentToListSchema,
  sendToLeadListSchema,
} from '@lm/contracts/scraping';
import { z } from 'zod';
import { adminAccess, adminActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listPage, listPaging, listSchema } from '../../platform/list-routes';
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
const bigIdParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * The service's views type a job's `source` and a lead's `kind` as strings; their columns hold only
 * the values the contract names, so the answers are read as the contract's types (the tests'
 * checked serializer validates every answer against the schema).
 */
const asJob = (job: Awaited<ReturnType<typeof getScrapingJob>>) => job as ScrapingJobDetail;
const asRows = <T>(rows: unknown[]) => rows as T[];

const LEAD_ORDERS = [
  'name',
  'followers',
  'popularity',
  'created_at',
  'tracks',
] as const satisfies readonly LeadOrder[];
/** A job's leads are listed by followers, most first, unless the screen sorts them otherwise. */
const leadPage = listPaging(LEAD_ORDERS, { column: 'followers', dir: 'desc' });

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
      schema: { tags, ...listSchema(scrapingJobSchema, { filter: scrapingJobFilterSchema.optional() }) },
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
      return listPage({ rows: asRows<ScrapingJob>(rows), total }, req.query);
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
          201: envelope(scrapingJobsCreatedSchema),
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
      schema: { tags, params: bigIdParams, response: { 200: envelope(scrapingJobDetailSchema) } },
    },
    async (req) => ({ data: asJob(await getScrapingJob(deps, req.params.id, req.lang)) }),
  );

  app.post(
    '/api/admin/scraping/jobs/:id/cancel',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, params: bigIdParams, response: { 200: envelope(scrapingJobDetailSchema) } },
    },
    async (req) => {
      await cancelScrapingJob(deps, req.params.id, adminActor(req));
      return {
        data: asJob(await getScrapingJob(deps, req.params.id, req.lang)),
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
        ...listSchema(scrapingLeadSchema, { filter: scrapingLeadFilterSchema.optional() }),
      },
    },
    async (req) => {
      const { filter = {}, q } = req.query;
      const { rows, total } = await listJobLeads(deps, req.params.id, {
        ...leadPage(req.query),
        filter,
        q: q || undefined,
      });
      return listPage({ rows: asRows<ScrapingLead>(rows), total }, req.query);
    },
  );

  app.get(
    '/api/admin/scraping/jobs/:id/genres',
    {
      config: { access: adminAccess(P.manage) },
      schema: {
        tags,
        params: bigIdParams,
        response: { 200: envelope(z.array(scrapingGenreCountSchema)) },
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
          200: envelope(scrapingSentToListSchema),
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
      schema: { tags, params: bigIdParams, ...listSchema(scrapingEventSchema) },
    },
    async (req) => {
      const { page, limit } = req.query;
      return listPage(
        await listScrapingEvents(deps, { jobId: req.params.id }, page, limit, req.lang),
        req.query,
      );
    },
  );

  // --- event log, lists, leads, dashboard -----------------------------------------------------
  app.get(
    '/api/admin/scraping/events',
    {
      config: { access: adminAccess(P.view) },
      schema: { tags, ...listSchema(scrapingEventSchema, { filter: scrapingEventFilterSchema.optional() }) },
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
      return listPage({ rows, total }, req.query);
    },
  );

  app.get(
    '/api/admin/scraping/lead-lists',
    {
      config: { access: adminAccess(P.manage) },
      schema: {
        tags,
        querystring: scrapingLeadListsQuery,
        response: { 200: envelope(z.array(scrapingLeadListSchema)) },
      },
    },
    async (req) => ({ data: await listLeadLists(deps, req.query.q || undefined) }),
  );

  app.get(
    '/api/admin/scraping/leads/:id',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, params: bigIdParams, response: { 200: envelope(scrapingLeadDetailSchema) } },
    },
    async (req) => ({ data: (await getLead(deps, req.params.id)) as ScrapingLeadDetail }),
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
        querystring: scrapingDashboardQuery,
        response: { 200: envelope(scrapingDashboardSchema) },
      },
    },
    async (req) => ({ data: await scrapingDashboard(deps, req.query.days) }),
  );

  // --- auto-scraping jobs ----------------------------------------------------------------------
  app.get(
    '/api/admin/scraping/auto-jobs',
    {
      config: { access: adminAccess(P.view) },
      schema: { tags, ...listSchema(autoScrapingJobItemSchema) },
    },
    async (req) => {
      const { page, limit, q } = req.query;
      return listPage(await listAutoJobs(deps, q || undefined, page, limit), req.query);
    },
  );

  app.post(
    '/api/admin/scraping/auto-jobs',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, body: autoScrapingJobSchema, response: { 201: envelope(autoScrapingJobItemSchema) } },
    },
    async (req, reply) => {
      const created = await createAutoJob(deps, req.body, adminActor(req));
      return reply
        .status(201)
        .send({ data: await getAutoJob(deps, created.id), message: t(req.lang, 'scraping.auto_saved') });
    },
  );

  app.get(
    '/api/admin/scraping/auto-jobs/:id',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, params: idParams, response: { 200: envelope(autoScrapingJobDetailSchema) } },
    },
    async (req) => ({ data: await getAutoJob(deps, req.params.id) }),
  );

  app.put(
    '/api/admin/scraping/auto-jobs/:id',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, ...updateSchema(autoScrapingJobSchema, autoScrapingJobDetailSchema) },
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
      schema: { tags, params: idParams, response: { 200: envelope(autoScrapingRunStartedSchema) } },
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
      schema: { tags, params: idParams, ...listSchema(autoScrapingRunSchema) },
    },
    async (req) => {
      const { page, limit } = req.query;
      return listPage(await listRuns(deps, req.params.id, page, limit, req.lang), req.query);
    },
  );

  app.get(
    '/api/admin/scraping/auto-jobs/:id/keywords',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, params: idParams, ...listSchema(scrapingKeywordSchema) },
    },
    async (req) => {
      const { page, limit } = req.query;
      return listPage(await listKeywords(deps, req.params.id, page, limit), req.query);
    },
  );

  app.get(
    '/api/admin/scraping/runs/:id/leads',
    {
      config: { access: adminAccess(P.manage) },
      schema: { tags, params: bigIdParams, ...listSchema(scrapingRunLeadSchema) },
    },
    async (req) => {
      const { page, limit } = req.query;
      const { rows, total } = await listRunLeads(deps, req.params.id, page, limit);
      return listPage({ rows: asRows<ScrapingRunLead>(rows), total }, req.query);
    },
  );
};
