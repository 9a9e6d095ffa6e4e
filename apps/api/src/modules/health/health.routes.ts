import { z } from 'zod';
import { databaseAnswers } from '../../db/client';
import { PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';

/** `/api/health`: database round trip and job system state; 503 when either is down. */
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
};
