import type { Language } from '@lm/contracts';
import {
  expressFeedbackRatingBodySchema,
  expressFeedbackRatingSchema,
  expressWithdrawnSchema,
} from '@lm/contracts/express';
import {
  adminAccess,
  currentAdmin,
  currentUser,
  forArtist,
  userAccess,
  withScope,
} from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams } from '../../platform/http';
import { t } from '../../platform/i18n';
import { rateFeedback } from './express.feedback';
import * as machine from './express.machine';

const tags = ['express campaigns'];

/**
 * Platform-neutral campaign actions (`/api/express/campaigns/{id}/...`): the engine finds the platform
 * from the campaign; a caller who is not the campaign's artist gets 404. Staff act for the artist under
 * `/api/admin/express-campaigns/{id}/...`.
 */
export const expressCampaignRoutes: RouteModule = (app, deps) => {
  const withdrawn = (lang: Language, c: machine.Campaign) => ({
    data: { id: c.id, status_id: c.statusId, end_reason: 'withdrawn' as const, refunded_coins: c.price },
    message: t(lang, 'express.withdrawn', { coins: t(lang, 'common.coins', { count: c.price }) }),
  });
  app.post(
    '/api/express/campaigns/:id/withdraw',
    {
      config: { access: forArtist(withScope(userAccess(), 'campaigns:write'), 'manage') },
      schema: { tags, params: idParams, response: { 200: envelope(expressWithdrawnSchema) } },
    },
    async (req) => withdrawn(req.lang, await machine.withdraw(deps, currentUser(req).id, req.params.id)),
  );
  app.post(
    '/api/admin/express-campaigns/:id/withdraw',
    {
      config: { access: adminAccess('express.campaigns.show') },
      schema: { tags, params: idParams, response: { 200: envelope(expressWithdrawnSchema) } },
    },
    async (req) =>
      withdrawn(
        req.lang,
        await machine.withdraw(deps, null, req.params.id, { adminId: currentAdmin(req).id }),
      ),
  );
  // Say why: the artist rates the feedback of a declined request, once.
  app.post(
    '/api/express/campaigns/:id/feedback-rating',
    {
      config: { access: forArtist(userAccess(), 'manage') },
      schema: {
        tags,
        params: idParams,
        body: expressFeedbackRatingBodySchema,
        response: { 201: envelope(expressFeedbackRatingSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        data: await rateFeedback(deps, currentUser(req).id, req.params.id, req.body),
        message: t(req.lang, 'express.feedback_rated'),
      }),
  );
};
