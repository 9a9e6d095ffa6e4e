import { campaignReportSchema } from '@lm/contracts/results';
import { adminAccess, currentUser, forArtist, userAccess, withScope } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { envelope, idParams } from '../../platform/http';
import { campaignArtist, campaignReport } from './results.report';

const ARTIST = 'ARTIST_PERMISSION';
/** Staff who read campaigns read their reports. */
const STAFF = 'express.campaigns.show';

/**
 * A campaign's report (issue "Results"): the artist reads their own campaigns' reports, staff any
 * campaign's. Everyone else gets 404 (the campaign's existence is not told). The rules:
 * `results.report.ts`.
 */
export const reportRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/results/campaigns/:id',
    {
      config: { access: forArtist(withScope(userAccess(ARTIST), 'results:read'), 'read') },
      schema: { tags: ['results'], params: idParams, response: { 200: envelope(campaignReportSchema) } },
    },
    async (req) => ({
      data: await campaignReport(
        deps.database,
        currentUser(req).id,
        req.params.id,
        req.lang,
        deps.clock.now(),
      ),
    }),
  );

  app.get(
    '/api/admin/results/campaigns/:id',
    {
      config: { access: withScope(adminAccess(STAFF), 'results:read') },
      schema: { tags: ['results'], params: idParams, response: { 200: envelope(campaignReportSchema) } },
    },
    async (req) => {
      const artistId = await campaignArtist(deps.database, req.params.id);
      if (artistId === null) throw new NotFoundError();
      return {
        data: await campaignReport(deps.database, artistId, req.params.id, req.lang, deps.clock.now()),
      };
    },
  );
};
