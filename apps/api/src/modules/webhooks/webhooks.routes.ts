import { GENERAL } from '@lm/contracts';
import {
  webhookDeliveryAnswer,
  webhookDeliverySchema,
  webhookEndpointAnswer,
  webhookEndpointCreateBody,
  webhookEndpointListAnswer,
  webhookEndpointSchema,
  webhookEndpointUpdateBody,
  webhookSecretAnswer,
} from '@lm/contracts/webhooks';
import { type Access, clientInfo, currentUser } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { idParams, messageOnly, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listPage, listSchema } from '../../platform/list-routes';
import {
  createEndpoint,
  deleteEndpoint,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  revealSecret,
  rollSecret,
  sendTestEvent,
  updateEndpoint,
} from './webhooks.service';

const tags = ['webhooks'];

/**
 * Any signed-in user (artists, curators, creators), or an API key holding `webhooks:manage`
 * (issue 34 "API keys"). Each reaches only their own endpoints and deliveries (404 otherwise).
 */
const OWNER: Access = { kind: 'user', permission: GENERAL, scope: 'webhooks:manage' };

/**
 * The account's webhook endpoints and delivery log (issue 34 "Webhooks"): list, add, change, delete,
 * reveal and roll the signing secret, send a test event, read the deliveries and send one again.
 * The rules: `webhooks.service.ts`; what is delivered: docs/api.md "Webhooks".
 */
export const webhookRoutes: RouteModule = (app, deps) => {
  const actor = (req: Parameters<typeof currentUser>[0]) => ({ id: currentUser(req).id, ...clientInfo(req) });

  app.get(
    '/api/user/webhooks',
    { config: { access: OWNER }, schema: { tags, response: { 200: webhookEndpointListAnswer } } },
    async (req) => ({ data: await listEndpoints(deps, currentUser(req).id) }),
  );

  app.post(
    '/api/user/webhooks',
    {
      config: { access: OWNER },
      schema: { tags, body: webhookEndpointCreateBody, response: { 201: webhookEndpointAnswer } },
    },
    async (req, reply) => {
      const data = await createEndpoint(deps, actor(req), req.body);
      return reply.status(201).send({ data, message: t(req.lang, 'webhooks.created') });
    },
  );

  app.put(
    '/api/user/webhooks/:id',
    {
      config: { access: OWNER },
      schema: { tags, ...updateSchema(webhookEndpointUpdateBody, webhookEndpointSchema) },
    },
    async (req) => ({
      data: await updateEndpoint(deps, actor(req), req.params.id, req.body),
      message: t(req.lang, 'webhooks.updated'),
    }),
  );

  app.delete(
    '/api/user/webhooks/:id',
    { config: { access: OWNER }, schema: { tags, params: idParams, response: { 200: messageOnly } } },
    async (req) => {
      await deleteEndpoint(deps, actor(req), req.params.id);
      return { message: t(req.lang, 'webhooks.deleted') };
    },
  );

  app.get(
    '/api/user/webhooks/:id/secret',
    { config: { access: OWNER }, schema: { tags, params: idParams, response: { 200: webhookSecretAnswer } } },
    async (req, reply) => {
      const secret = await revealSecret(deps, actor(req), req.params.id);
      return reply.header('cache-control', 'no-store').send({ data: { secret } });
    },
  );

  app.post(
    '/api/user/webhooks/:id/secret/roll',
    { config: { access: OWNER }, schema: { tags, params: idParams, response: { 200: webhookSecretAnswer } } },
    async (req, reply) => {
      const secret = await rollSecret(deps, actor(req), req.params.id);
      return reply
        .header('cache-control', 'no-store')
        .send({ data: { secret }, message: t(req.lang, 'webhooks.secret_rolled') });
    },
  );

  app.post(
    '/api/user/webhooks/:id/test',
    {
      config: { access: OWNER },
      schema: { tags, params: idParams, response: { 201: webhookDeliveryAnswer } },
    },
    async (req, reply) => {
      const data = await sendTestEvent(deps, currentUser(req).id, req.params.id);
      return reply.status(201).send({ data, message: t(req.lang, 'webhooks.test_sent') });
    },
  );

  app.get(
    '/api/user/webhooks/:id/deliveries',
    { config: { access: OWNER }, schema: { tags, params: idParams, ...listSchema(webhookDeliverySchema) } },
    async (req) =>
      listPage(await listDeliveries(deps, currentUser(req).id, req.params.id, req.query), req.query),
  );

  app.post(
    '/api/user/webhooks/deliveries/:id/resend',
    {
      config: { access: OWNER },
      schema: { tags, params: idParams, response: { 200: webhookDeliveryAnswer } },
    },
    async (req) => ({
      data: await resendDelivery(deps, currentUser(req).id, req.params.id),
      message: t(req.lang, 'webhooks.resend_queued'),
    }),
  );
};
