import { FAN_FINDER_FEATURES, FAN_FINDER_SUBSCRIPTION_STATUSES } from '@lm/contracts';
import { translationsResponseSchema } from '@lm/contracts/translations';
import { z } from 'zod';
import { currentUser, userAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams } from '../../platform/http';
import { t } from '../../platform/i18n';
import { subscriptionConnectionFields } from './connections.service';
import { listPlans } from './plans.service';
import * as subscriptions from './subscriptions.service';

/** Artists only (spec section 2: the Fan Finder screens are artists'). */
const ARTIST = 'ARTIST_PERMISSION';
const tags = ['fan finder'];

export const planSchema = z.object({
  id: z.number(),
  plan_name: z.string(),
  plan_days: z.number(),
  price: z.number(),
  features: z.array(z.enum(FAN_FINDER_FEATURES)),
  status: z.number(),
  /** Back-office only: `plan_name` in the other languages (issue 28 item 11). */
  translations: translationsResponseSchema('plan_name').optional(),
});

export const flagsSchema = z.object({
  is_subscribed: z.boolean(),
  is_expired: z.boolean(),
  is_active: z.boolean(),
  remaining_days: z.number(),
});

export const subscriptionSchema = flagsSchema.extend({
  id: z.number(),
  plan: z.object({ id: z.number(), plan_name: z.string(), plan_days: z.number() }),
  price: z.number(),
  status: z.enum(FAN_FINDER_SUBSCRIPTION_STATUSES),
  start_data: z.string(),
  end_data: z.string(),
  auto_renew: z.boolean(),
  renewals: z.number(),
  cancelled_at: z.string().nullable(),
  expired_at: z.string().nullable(),
  expired_reason: z.string().nullable(),
  spotify_name: z.string().nullable(),
  spotify_id: z.string().nullable(),
  instagram_username: z.string().nullable(),
  related_artists: z.array(
    z.object({
      spotify_name: z.string(),
      spotify_image: z.string().nullable(),
      spotify_url: z.string().nullable(),
      instagram_username: z.string().nullable(),
    }),
  ),
});

const planId = z.coerce
  .number({ error: 'fan_finder.plan_unavailable' })
  .int('fan_finder.plan_unavailable')
  .positive('fan_finder.plan_unavailable')
  .max(2_147_483_647, 'fan_finder.plan_unavailable');
const autoRenew = z.boolean({ error: 'validation.invalid' });

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
        response: { 200: envelope(flagsSchema.extend({ subscription_id: z.number().nullable() })) },
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
        // No renewal unless the artist chose it (issue 28 item 20): an omitted choice is not consent.
        body: z.object({ plan_id: planId, auto_renew: autoRenew.default(false) }),
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
      schema: {
        tags,
        params: idParams,
        body: z.object({ auto_renew: autoRenew }),
        response: { 200: envelope(subscriptionSchema) },
      },
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
