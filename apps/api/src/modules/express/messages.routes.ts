import {
  campaignMessageBodySchema,
  campaignMessageSchema,
  campaignMessagesQuerySchema,
  campaignMessagesReadAnswerSchema,
  campaignMessagesReadSchema,
  campaignMessagesSchema,
} from '@lm/contracts/campaign-messages';
import {
  adminAccess,
  adminActor,
  currentAdmin,
  currentUser,
  forArtist,
  userAccess,
  withScope,
} from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams } from '../../platform/http';
import * as messages from './express.messages';

const tags = ['express campaigns'];

/**
 * The conversation of a campaign, for every platform (`/api/express/campaigns/{id}/messages`): its
 * artist and its seller read a page, write, and mark read; anyone else gets 404. Staff read it
 * (`/api/admin/express-campaigns/{id}/messages`) when a ticket or a dispute names the campaign or they
 * hold `express.messages.read`, each read audited.
 */
export const messagesRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/express/campaigns/:id/messages',
    {
      config: { access: forArtist(withScope(userAccess(), 'campaigns:read'), 'read') },
      schema: {
        tags,
        params: idParams,
        querystring: campaignMessagesQuerySchema,
        response: { 200: envelope(campaignMessagesSchema) },
      },
    },
    async (req) => ({
      data: await messages.listMessages(deps, currentUser(req).id, req.params.id, req.query),
    }),
  );
  app.post(
    '/api/express/campaigns/:id/messages',
    {
      config: { access: forArtist(withScope(userAccess(), 'campaigns:write'), 'manage') },
      schema: {
        tags,
        params: idParams,
        body: campaignMessageBodySchema,
        response: { 201: envelope(campaignMessageSchema) },
      },
    },
    async (req, reply) => {
      const data = await messages.postMessage(deps, currentUser(req).id, req.params.id, req.body.body);
      return reply.status(201).send({ data });
    },
  );
  app.post(
    '/api/express/campaigns/:id/messages/read',
    {
      config: { access: forArtist(withScope(userAccess(), 'campaigns:write'), 'manage') },
      schema: {
        tags,
        params: idParams,
        body: campaignMessagesReadSchema,
        response: { 200: envelope(campaignMessagesReadAnswerSchema) },
      },
    },
    async (req) => ({
      data: await messages.markRead(deps, currentUser(req).id, req.params.id, req.body.up_to_id),
    }),
  );
  app.get(
    '/api/admin/express-campaigns/:id/messages',
    {
      config: { access: adminAccess('express.campaigns.show') },
      schema: {
        tags,
        params: idParams,
        querystring: campaignMessagesQuerySchema,
        response: { 200: envelope(campaignMessagesSchema) },
      },
    },
    async (req) => ({
      data: await messages.staffMessages(
        deps,
        { ...adminActor(req), permissions: currentAdmin(req).permissions },
        req.params.id,
        req.query,
      ),
    }),
  );
};
