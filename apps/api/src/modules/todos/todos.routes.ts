import { staffTodoSchema } from '@lm/contracts/staff';
import { z } from 'zod';
import { adminAccess, currentAdmin } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope } from '../../platform/http';
import * as todos from './todos.service';

/**
 * Staff to-dos of the back-office dashboard: any admin may call it; the answer holds only
 * the kinds their permissions open (users pending approval, playlists pending approval, payout
 * requests waiting, failed jobs).
 */
export const todosRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/admin/dashboard/todos',
    {
      config: { access: adminAccess() },
      schema: { tags: ['dashboard'], response: { 200: envelope(z.array(staffTodoSchema)) } },
    },
    async (req) => ({ data: await todos.todosFor(deps.database, currentAdmin(req).permissions) }),
  );
};
