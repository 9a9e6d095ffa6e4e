import { jobStateSchema, queueInfoSchema, queueJobSchema, throughputSchema } from '@lm/contracts/staff';
import { z } from 'zod';
import { adminAccess, adminActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listPage, listSchema } from '../../platform/list-routes';
import * as queues from './queues.service';

/** Permission of the queue monitor (spec section 2 "/horizon (queue monitor, view.main.queue.horizon.tab.list)"). */
export const HORIZON_PERMISSION = 'view.main.queue.horizon.tab.list';

const queueParams = z.object({ name: z.string().min(1).max(100) });
const jobParams = queueParams.extend({ id: z.uuid({ error: 'validation.invalid' }) });

const tags = ['queues'];

/**
 * The queue monitor over pg-boss: queues with counts by state, throughput,
 * jobs by state with payload and error, retry and delete of a job.
 */
export const queuesRoutes: RouteModule = (app, deps) => {
  const access = adminAccess(HORIZON_PERMISSION);

  app.get(
    '/api/admin/queues',
    { config: { access }, schema: { tags, response: { 200: envelope(z.array(queueInfoSchema)) } } },
    async () => ({ data: await queues.listQueues(deps.database, deps.jobs) }),
  );

  app.get(
    '/api/admin/queues/throughput',
    {
      config: { access },
      schema: {
        tags,
        querystring: z.object({
          window: z.enum(Object.keys(queues.THROUGHPUT_WINDOWS) as [queues.ThroughputWindow]).default('1h'),
          queue: z.string().max(100).optional(),
        }),
        response: {
          200: envelope(throughputSchema),
        },
      },
    },
    async (req) => ({
      data: await queues.throughput(deps.database, req.query.window, req.query.queue),
    }),
  );

  app.get(
    '/api/admin/queues/:name/jobs',
    {
      config: { access },
      schema: {
        tags,
        params: queueParams,
        ...listSchema(queueJobSchema, { state: jobStateSchema.default('failed') }),
      },
    },
    async (req) => {
      const { page, limit, state } = req.query;
      return listPage(await queues.listJobs(deps, req.params.name, state, page, limit), req.query);
    },
  );

  app.post(
    '/api/admin/queues/:name/jobs/:id/retry',
    { config: { access }, schema: { tags, params: jobParams, response: { 200: messageOnly } } },
    async (req) => {
      await queues.retryJob(deps, adminActor(req), req.params.name, req.params.id);
      return { message: t(req.lang, 'queues.retried') };
    },
  );

  app.delete(
    '/api/admin/queues/:name/jobs/:id',
    { config: { access }, schema: { tags, params: jobParams, response: { 200: messageOnly } } },
    async (req) => {
      await queues.deleteJob(deps, adminActor(req), req.params.name, req.params.id);
      return { message: t(req.lang, 'common.deleted') };
    },
  );
};

/**
 * `POST /api/admin/dev/queues/probe` (dev tools, registered outside production only by
 * modules/dev/dev.routes.ts): enqueue the probe job that fails its first `fail_times` runs, to see
 * failures and Retry in the queue monitor.
 */
export const queueProbeRoutes: RouteModule = (app, deps) => {
  const access = adminAccess(HORIZON_PERMISSION);
  app.post(
    '/api/admin/dev/queues/probe',
    {
      config: { access },
      schema: {
        tags: ['dev'],
        body: z.object({ fail_times: z.number().int().min(0).max(5).default(1) }),
        response: { 201: envelope(z.object({ id: z.string(), queue: z.string() })) },
      },
    },
    async (req, reply) => {
      const id = await deps.jobs.send(
        queues.PROBE_QUEUE,
        { fail_times: req.body.fail_times },
        { retryLimit: 0 },
      );
      if (!id) throw new Error('probe job was not created');
      return reply.status(201).send({ data: { id, queue: queues.PROBE_QUEUE } });
    },
  );
};
