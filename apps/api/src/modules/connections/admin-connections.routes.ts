import { socialDurationSchema, socialTierSchema } from '@lm/contracts/connections';
import { translationsSchema } from '@lm/contracts/translations';
import { z } from 'zod';
import { adminAccess, adminActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import * as tiers from './tiers.service';

const TIERS = 'INFLUENCER_VIEW_TIERS';
const tierBody = z.object({
  tier_name: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
  price: z.coerce.number().int('validation.whole_number').min(1).max(1_000_000),
  min_followers: z.coerce.number().int('validation.whole_number').min(0).max(2_000_000_000).default(0),
  description: z.string().trim().max(500).nullable().optional(),
  status: z.union([z.literal(1), z.literal(0)]).default(1),
  /** Name and description in French, German, Arabic and Turkish. */
  translations: translationsSchema({ tier_name: 100, description: 500 }).optional(),
});
const durationBody = z.object({
  duration: z.coerce.number().int('validation.whole_number').min(1).max(365),
  status: z.union([z.literal(1), z.literal(0)]).default(1),
});
/**
 * Back-office tiers and durations of TikTok and Instagram (spec section 2: /tiktok/express/tiers/list,
 * /tiktok/express/durations/list and Instagram's), `INFLUENCER_VIEW_TIERS`, REST under
 * `/api/admin/{tiktok|instagram}/...` (paths not shown by the spec); every write audited.
 */
export const adminConnectionsRoutes: RouteModule = (app, deps) => {
  for (const platform of ['tiktok', 'instagram'] as const) {
    const base = `/api/admin/${platform}`;
    const tags = [`admin ${platform}`];
    const access = { access: adminAccess(TIERS) };

    app.get(
      `${base}/tiers`,
      { config: access, schema: { tags, response: { 200: envelope(z.array(socialTierSchema)) } } },
      async () => ({ data: await tiers.listTiers(deps, platform) }),
    );
    app.post(
      `${base}/tiers`,
      { config: access, schema: { tags, body: tierBody, response: { 201: envelope(socialTierSchema) } } },
      async (req, reply) =>
        reply.status(201).send({
          data: await tiers.saveTier(deps, adminActor(req), platform, null, req.body),
          message: t(req.lang, 'common.created'),
        }),
    );
    app.put(
      `${base}/tiers/:id`,
      {
        config: access,
        schema: { tags, ...updateSchema(tierBody, socialTierSchema) },
      },
      async (req) => ({
        data: await tiers.saveTier(deps, adminActor(req), platform, req.params.id, req.body),
        message: t(req.lang, 'common.saved'),
      }),
    );
    app.get(
      `${base}/durations`,
      { config: access, schema: { tags, response: { 200: envelope(z.array(socialDurationSchema)) } } },
      async () => ({ data: await tiers.listDurations(deps, platform) }),
    );
    app.post(
      `${base}/durations`,
      {
        config: access,
        schema: { tags, body: durationBody, response: { 201: envelope(socialDurationSchema) } },
      },
      async (req, reply) =>
        reply.status(201).send({
          data: await tiers.saveDuration(deps, adminActor(req), platform, null, req.body),
          message: t(req.lang, 'common.created'),
        }),
    );
    app.put(
      `${base}/durations/:id`,
      {
        config: access,
        schema: { tags, ...updateSchema(durationBody, socialDurationSchema) },
      },
      async (req) => ({
        data: await tiers.saveDuration(deps, adminActor(req), platform, req.params.id, req.body),
        message: t(req.lang, 'common.saved'),
      }),
    );
  }
};
