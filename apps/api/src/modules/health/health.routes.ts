import { z } from 'zod';
import { databaseAnswers } from '../../db/client';
import { PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { readiness } from './health.service';

const readySchema = z.object({
  database: z.enum(['ok', 'down']),
  migrations: z.enum(['ok', 'behind', 'unknown']),
  jobs: z.enum(['ok', 'down']),
  serving: z.enum(['ok', 'draining']),
});

/**
 * `/api/health`: database round trip and job system state; 503 when either is down.
 * `/api/health/live`: the process answers (no database call; a failing liveness probe restarts it).
 * `/api/health/ready`: database, migrations, job system and not draining (issue 33); 503 naming the
 *   failed check.
 * All public and outside the rate limit (probes and load balancers call them every few seconds).
 */
export const healthRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/health',
    {
      config: { access: PUBLIC, rateLimit: false },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string(), jobs: z.string() }),
          503: z.object({ status: z.literal('down'), database: z.string(), jobs: z.string() }),
        },
      },
    },
    async (_req, reply) => {
      const database = (await databaseAnswers(deps.database)) ? 'ok' : 'down';
      const jobs = deps.jobs.isRunning() ? 'ok' : 'down';
      if (database !== 'ok' || jobs !== 'ok')
        return reply.status(503).send({ status: 'down' as const, database, jobs });
      return { status: 'ok' as const, database, jobs };
    },
  );

  app.get(
    '/api/health/live',
    {
      config: { access: PUBLIC, rateLimit: false },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/api/health/ready',
    {
      config: { access: PUBLIC, rateLimit: false },
      schema: {
        tags: ['health'],
        response: {
          200: readySchema.extend({ status: z.literal('ready') }),
          503: readySchema.extend({ status: z.literal('not_ready') }),
        },
      },
    },
    async (_req, reply) => {
      const { ready, ...checks } = await readiness(deps);
      if (!ready) return reply.status(503).send({ status: 'not_ready' as const, ...checks });
      return { status: 'ready' as const, ...checks };
    },
  );
};
