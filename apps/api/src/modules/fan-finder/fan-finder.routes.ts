import {
  autoRenewBody,
  planSchema,
  subscribeBody,
  subscriptionCheckSchema,
  subscriptionSchema,
} from '@lm/contracts/fan-finder-api';
import { z } from 'zod';
import { currentUser, userAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import { subscriptionConnectionFields } from './connections.service';
import { listPlans } from './plans.service';
import * as subscriptions from './subscriptions.service';

/** Artists only (spec section 2: the Fan Finder screens are artists'). */
const ARTIST = 'ARTIST_PERMISSION';
const tags = ['fan finder'];

/**
 * Fan Finder subscription calls of spec section 7 (`fan/finder/...`, artists): plans, check and read
 * the subscription, subscribe with coins, switch auto-renew; cancel is `fan/finder/cancel/subscription/{id}`
 * (path not shown by the spec). Every call answers for the caller's own subscription only.
 */
export const fanFinderRoutes: RouteModule = (app, deps) => {
  const access = { access: userAccess(ARTIST) };

  app.get(
    '/api/fan/finder/get/all-plans',
    { config: access, schema: { tags, response: { 200: envelope(z.array(planSchema)) } } },
    async (req) => ({ data: await listPlans(deps, { offeredOnly: true, lang: req.lang }) }),
  );

  app.get(
    '/api/fan/finder/check/subscription',
    {
      config: access,
      schema: {
        tags,
        response: { 200: envelope(subscriptionCheckSchema) },
      },
    },
    async (req) => ({ data: await subscriptions.checkSubscription(deps, currentUser(req).id) }),
  );

  app.get(
    '/api/fan/finder/get/subscription',
    { config: access, schema: { tags, response: { 200: envelope(subscriptionSchema.nullable()) } } },
    async (req) => {
      const userId = currentUser(req).id;
      const row = await subscriptions.currentSubscription(deps, userId);
      if (!row) return { data: null };
      return {
        data: {
          ...subscriptions.subscriptionView(row, deps.clock.now()),
          ...(await subscriptionConnectionFields(deps, userId)),
        },
      };
    },
  );

  app.post(
    '/api/fan/finder/new/subscription',
    {
      config: access,
      schema: {
        tags,
        body: subscribeBody,
        response: { 201: envelope(subscriptionSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        data: await subscriptions.subscribe(deps, currentUser(req).id, req.body),
        message: t(req.lang, 'fan_finder.subscribed'),
      }),
  );

  app.put(
    '/api/fan/finder/update/subscription/:id',
    {
      config: access,
      schema: { tags, ...updateSchema(autoRenewBody, subscriptionSchema) },
    },
    async (req) => {
      const data = await subscriptions.setAutoRenew(
        deps,
        req.params.id,
        currentUser(req).id,
        req.body.auto_renew,
      );
      return {
        data,
        message: t(req.lang, data.auto_renew ? 'fan_finder.auto_renew_on' : 'fan_finder.auto_renew_off'),
      };
    },
  );

  app.post(
    '/api/fan/finder/cancel/subscription/:id',
    {
      config: access,
      schema: { tags, params: idParams, response: { 200: envelope(subscriptionSchema) } },
    },
    async (req) => ({
      data: await subscriptions.cancelSubscription(deps, req.params.id, currentUser(req).id),
      message: t(req.lang, 'fan_finder.cancelled'),
    }),
  );
};
