import { adminSearchAnswer, adminSearchQuery } from '@lm/contracts/admin-search';
import { adminAccess, currentAdmin } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { globalSearch } from './search.service';

const tags = ['admin search'];

/**
 * The back-office's global search (issue 36 "Lists"): open to every staff member, each kind of record
 * searched only under the permission of its record page (`search.service.ts`).
 */
export const searchRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/admin/search',
    {
      config: { access: adminAccess() },
      schema: { tags, querystring: adminSearchQuery, response: { 200: adminSearchAnswer } },
    },
    async (req) => ({
      data: await globalSearch(deps.database, currentAdmin(req).permissions, req.query.q),
    }),
  );
};
