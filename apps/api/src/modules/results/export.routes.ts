import { z } from 'zod';
import { currentUser, forArtist, userAccess, withScope } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { exportResultsCsv, exportResultsPdf } from './results.export';

/**
 * The artist's results to take away (issue "Results"): every campaign as CSV, and the PDF report.
 * Both are the signed-in artist's own, in the reader's language, never cached.
 */
export const exportRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/results/export.csv',
    {
      config: { access: forArtist(withScope(userAccess('ARTIST_PERMISSION'), 'results:read'), 'read') },
      schema: {
        tags: ['results'],
        description: 'One row per campaign of the artist (text/csv, UTF-8 with BOM; formulas neutralised).',
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      const csv = await exportResultsCsv(deps.database, currentUser(req).id, req.lang, deps.clock.now());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="results.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/results/report.pdf',
    {
      config: { access: forArtist(withScope(userAccess('ARTIST_PERMISSION'), 'results:read'), 'read') },
      schema: {
        tags: ['results'],
        description: 'The artist’s results as a PDF report (application/pdf).',
      },
    },
    async (req, reply) => {
      const pdf = await exportResultsPdf(deps.database, currentUser(req).id, req.lang, deps.clock.now());
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="results.pdf"')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
