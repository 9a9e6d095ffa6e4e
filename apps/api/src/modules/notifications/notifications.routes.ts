import { notificationCountSchema, notificationSchema } from '@lm/contracts/notifications';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import {
  type Access,
  adminAccess,
  currentAdmin,
  currentUser,
  forArtist,
  userAccess,
} from '../../platform/access';
import type { RouteModule, ZodApp } from '../../platform/app';
import type { Clock } from '../../platform/clock';
import { envelope, idParams } from '../../platform/http';
import { listPage, listSchema } from '../../platform/list-routes';
import * as service from './notifications.service';

/**
 * The four bell calls under `base`, each reaching only the caller's own notifications: list (newest
 * first), unread count, mark one read (404 when not theirs), mark all read. Titles and bodies are
 * written in the request's language (`X-Lang` / `Accept-Language`), whatever it was when they were sent.
 */
function bellRoutes(
  app: ZodApp,
  deps: { database: Database; clock: Clock },
  base: string,
  access: Access,
  owner: (req: FastifyRequest) => service.NotificationOwner,
) {
  const tags = ['notifications'];
  app.get(
    `${base}`,
    {
      config: { access },
      schema: { tags, ...listSchema(notificationSchema) },
    },
    async (req) => {
      const { page, limit } = req.query;
      return listPage(
        await service.listNotifications(deps.database, owner(req), page, limit, req.lang),
        req.query,
      );
    },
  );

  app.get(
    `${base}/unread-count`,
    {
      config: { access },
      schema: { tags, response: { 200: envelope(notificationCountSchema) } },
    },
    async (req) => ({ data: { count: await service.unreadCount(deps.database, owner(req)) } }),
  );

  app.post(
    `${base}/:id/read`,
    {
      config: { access },
      schema: { tags, params: idParams, response: { 200: envelope(notificationSchema) } },
    },
    async (req) => ({
      data: await service.markRead(deps.database, owner(req), req.params.id, deps.clock, req.lang),
    }),
  );

  app.post(
    `${base}/read-all`,
    {
      config: { access },
      schema: { tags, response: { 200: envelope(notificationCountSchema) } },
    },
    async (req) => ({ data: { count: await service.markAllRead(deps.database, owner(req), deps.clock) } }),
  );
}

/** In-app notifications: `/api/notifications...` for users, `/api/admin/notifications...` for admins. */
export const notificationsRoutes: RouteModule = (app, deps) => {
  bellRoutes(app, deps, '/api/notifications', forArtist(userAccess(), 'read'), (req) => ({
    userId: currentUser(req).id,
  }));
  bellRoutes(app, deps, '/api/admin/notifications', adminAccess(), (req) => ({
    adminId: currentAdmin(req).id,
  }));
};
