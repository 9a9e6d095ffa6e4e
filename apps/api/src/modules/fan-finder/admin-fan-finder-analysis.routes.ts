import {
  adminFansQuery,
  analysedArtistDetailSchema,
  analysedArtistSchema,
  fanPageSchema,
} from '@lm/contracts/fan-finder-api';
import { adminAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams } from '../../platform/http';
import { listSchema } from '../../platform/list-routes';
import { FAN_FINDER_PERMISSION } from './admin-fan-finder.routes';
import { listFans } from './analysis.service';
import { analysedArtistDetail, searchAnalysedArtists } from './staff-analysis.service';

const tags = ['admin fan finder'];

/**
 * Back-office Fan Finder analysis: /fan/finder/search (`artists`), and
 * /fan/finder/details/{searchArtist} plus the user overview's tab (`artists/{id}`, `artists/{id}/fans`).
 * Read-only; permission `view.main.fan.finder.tab.list`.
 */
export const adminFanFinderAnalysisRoutes: RouteModule = (app, deps) => {
  const access = { access: adminAccess(FAN_FINDER_PERMISSION) };
  const base = '/api/admin/fan-finder/artists';

  app.get(
    base,
    {
      config: access,
      schema: { tags, ...listSchema(analysedArtistSchema) },
    },
    async (req) => searchAnalysedArtists(deps, req.query),
  );

  app.get(
    `${base}/:id`,
    {
      config: access,
      schema: {
        tags,
        params: idParams,
        response: { 200: envelope(analysedArtistDetailSchema) },
      },
    },
    async (req) => ({ data: await analysedArtistDetail(deps, req.params.id) }),
  );

  app.get(
    `${base}/:id/fans`,
    {
      config: access,
      schema: {
        tags,
        params: idParams,
        querystring: adminFansQuery,
        response: { 200: fanPageSchema },
      },
    },
    async (req) => {
      await analysedArtistDetail(deps, req.params.id);
      return listFans(deps, req.params.id, req.query.scope, req.query);
    },
  );
};
