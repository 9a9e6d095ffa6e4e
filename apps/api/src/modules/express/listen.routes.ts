import {
  expressListenEventSchema,
  expressListenProgressSchema,
  expressListenViewSchema,
} from '@lm/contracts/express';
import { currentUser, forArtist, userAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams } from '../../platform/http';
import * as listen from './express.listen';

const tags = ['express'];

/**
 * Hear it first, for every platform: the seller's request page reads what it plays and
 * shows (`GET /api/express/campaigns/{id}/listen`) and reports its player's events
 * (`POST .../listen`); the server counts the listening, and approve/decline wait for
 * `min_listen_seconds`. Only the campaign's seller; anyone else gets 404.
 */
export const listenRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/express/campaigns/:id/listen',
    {
      config: { access: forArtist(userAccess(), 'read') },
      schema: { tags, params: idParams, response: { 200: envelope(expressListenViewSchema) } },
    },
    async (req) => ({ data: await listen.listenView(deps, currentUser(req).id, req.params.id) }),
  );
  app.post(
    '/api/express/campaigns/:id/listen',
    {
      config: { access: forArtist(userAccess(), 'manage') },
      schema: {
        tags,
        params: idParams,
        body: expressListenEventSchema,
        response: { 200: envelope(expressListenProgressSchema) },
      },
    },
    async (req) => ({
      data: await listen.recordListen(deps, currentUser(req).id, req.params.id, req.body),
    }),
  );
};
