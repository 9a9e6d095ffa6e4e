import {
  adminSubscriptionDetailSchema,
  adminSubscriptionSchema,
  autoRenewBody,
  planBody,
  planSchema,
  subscriptionSchema,
} from '@lm/contracts/fan-finder-api';
import { z } from 'zod';
import { adminAccess, adminActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams, messageOnly, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listSchema } from '../../platform/list-routes';
import * as plans from './plans.service';
import * as subscriptions from './subscriptions.service';

/** Permission of every Fan Finder staff screen (spec section 6). */
export const FAN_FINDER_PERMISSION = 'view.main.fan.finder.tab.list';
const tags = ['admin fan finder'];

/**
 * Back-office Fan Finder (spec section 2: /fan/finder/plans, /fan/finder/subscriptions; the user
 * overview's Fan Finder Subscription tab), REST under `/api/admin/fan-finder/...` (paths not shown by
 * the spec), permission `view.main.fan.finder.tab.list`; every write audited.
 */
export const adminFanFinderRoutes: RouteModule = (app, deps) => {
  const access = { access: adminAccess(FAN_FINDER_PERMISSION) };
  const base = '/api/admin/fan-finder';

  app.get(
    `${base}/plans`,
    { config: access, schema: { tags, response: { 200: envelope(z.array(planSchema)) } } },
    async () => ({ data: await plans.listPlans(deps, { offeredOnly: false }) }),
  );
  app.post(
    `${base}/plans`,
    { config: access, schema: { tags, body: planBody, response: { 201: envelope(planSchema) } } },
    async (req, reply) =>
      reply.status(201).send({
        data: await plans.savePlan(deps, adminActor(req), null, req.body),
        message: t(req.lang, 'common.created'),
      }),
  );
  app.put(
    `${base}/plans/:id`,
    {
      config: access,
      schema: { tags, ...updateSchema(planBody, planSchema) },
    },
    async (req) => ({
      data: await plans.savePlan(deps, adminActor(req), req.params.id, req.body),
      message: t(req.lang, 'common.saved'),
    }),
  );
  app.delete(
    `${base}/plans/:id`,
    { config: access, schema: { tags, params: idParams, response: { 200: messageOnly } } },
    async (req) => {
      await plans.deletePlan(deps, adminActor(req), req.params.id);
      return { message: t(req.lang, 'common.deleted') };
    },
  );

  app.get(
    `${base}/subscriptions`,
    {
      config: access,
      schema: { tags, ...listSchema(adminSubscriptionSchema) },
    },
    async (req) => subscriptions.listSubscriptions(deps, req.query),
  );
  app.get(
    `${base}/subscriptions/:id`,
    {
      config: access,
      schema: {
        tags,
        params: idParams,
        response: { 200: envelope(adminSubscriptionDetailSchema) },
      },
    },
    async (req) => ({ data: await subscriptions.subscriptionDetail(deps, req.params.id) }),
  );
  app.put(
    `${base}/subscriptions/:id`,
    {
      config: access,
      schema: { tags, ...updateSchema(autoRenewBody, subscriptionSchema) },
    },
    async (req) => ({
      data: await subscriptions.setAutoRenew(deps, req.params.id, null, req.body.auto_renew, adminActor(req)),
      message: t(req.lang, 'common.saved'),
    }),
  );
  app.get(
    `${base}/users/:id/subscriptions`,
    {
      config: access,
      schema: { tags, params: idParams, response: { 200: envelope(z.array(subscriptionSchema)) } },
    },
    async (req) => ({ data: await subscriptions.userSubscriptions(deps, req.params.id) }),
  );
};
