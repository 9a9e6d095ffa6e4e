import { resultGroupRowSchema, resultSummaryQuery } from '@lm/contracts/results';
import { z } from 'zod';
import { currentUser, forArtist, userAccess, withScope } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { resultSummary } from './results.summary';

/**
 * "What worked for me" (issue "Results"): the artist's own campaigns added up by playlist, creator,
 * tier, genre or platform, cheapest result first. The rules: `results.summary.ts`.
 */
export const summaryRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/results/summary',
    {
      config: { access: forArtist(withScope(userAccess('ARTIST_PERMISSION'), 'results:read'), 'read') },
      schema: {
        tags: ['results'],
        querystring: resultSummaryQuery,
        response: { 200: z.object({ data: z.array(resultGroupRowSchema) }) },
      },
    },
    async (req) => ({
      data: await resultSummary(
        deps.database,
        currentUser(req).id,
        req.query.group,
        req.lang,
        deps.clock.now(),
      ),
    }),
  );
};
