import { TRUST_FLAG_PERMISSIONS as P } from '@lm/contracts';
import { feedbackSellerSchema, feedbackSellersQuery } from '@lm/contracts/express';
import {
  TRUST_FLAG_NOTE_MAX,
  TRUST_FLAG_STATUS_NAMES,
  trustFlagDetailSchema,
  trustFlagReviewSchema,
  trustFlagSchema,
} from '@lm/contracts/trust-flags';
import { z } from 'zod';
import { adminAccess, currentAdmin } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { ValidationError } from '../../platform/errors';
import { envelope, idParams } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listSchema } from '../../platform/list-routes';
import { lowRatedSellers } from './feedback.queries';
import * as flags from './flags.service';

const tags = ['admin trust flags'];

/**
 * The fake-audience review queue (staff only, paths `/api/admin/<resource>` as for every path the
 * spec does not show): the queue by review state, one flag with its explanation and
 * history, confirm (hide and refund) and dismiss (with a note). Thin: flags.service.ts holds the rules.
 */
export const trustFlagRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/admin/trust/flags',
    {
      config: { access: adminAccess(P.view) },
      schema: { tags, ...listSchema(trustFlagSchema) },
    },
    async (req) => {
      const raw = req.query.filter?.status;
      const status = z
        .enum(TRUST_FLAG_STATUS_NAMES)
        .safeParse(Array.isArray(raw) ? raw[0] : (raw ?? 'pending'));
      if (!status.success) throw new ValidationError({ 'filter.status': ['validation.invalid'] });
      return flags.listFlags(deps, { page: req.query.page, limit: req.query.limit, status: status.data });
    },
  );

  // Say why: sellers whose decline feedback artists rate low (filter[max_average], filter[min_ratings]).
  app.get(
    '/api/admin/trust/feedback',
    {
      config: { access: adminAccess(P.view) },
      schema: { tags, ...listSchema(feedbackSellerSchema) },
    },
    async (req) => {
      const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
      const filter = feedbackSellersQuery.safeParse({
        max_average: first(req.query.filter?.max_average),
        min_ratings: first(req.query.filter?.min_ratings),
      });
      if (!filter.success)
        throw new ValidationError(
          Object.fromEntries(filter.error.issues.map((i) => [`filter.${String(i.path[0])}`, [i.message]])),
        );
      return lowRatedSellers(deps.database, {
        maxAverage: filter.data.max_average,
        minRatings: filter.data.min_ratings,
        page: req.query.page,
        limit: req.query.limit,
      });
    },
  );

  app.get(
    '/api/admin/trust/flags/:id',
    {
      config: { access: adminAccess(P.view) },
      schema: { tags, params: idParams, response: { 200: envelope(trustFlagDetailSchema) } },
    },
    async (req) => ({ data: await flags.flagDetail(deps, req.params.id) }),
  );

  app.post(
    '/api/admin/trust/flags/:id/confirm',
    {
      config: { access: adminAccess(P.review) },
      schema: {
        tags,
        params: idParams,
        body: trustFlagReviewSchema.optional(),
        response: {
          200: envelope(
            z.object({
              id: z.number().int(),
              refunded: z.number().int(),
              /** The subject's other pending flags, confirmed with this one. */
              also_confirmed: z.array(z.number().int()),
            }),
          ),
        },
      },
    },
    async (req) => {
      const { flag, refunded, alsoConfirmed } = await flags.confirmFlag(
        deps,
        currentAdmin(req).id,
        req.params.id,
        req.body?.note || null,
      );
      return {
        data: { id: flag.id, refunded, also_confirmed: alsoConfirmed },
        message: t(req.lang, 'trust.flag_confirmed'),
      };
    },
  );

  app.post(
    '/api/admin/trust/flags/:id/dismiss',
    {
      config: { access: adminAccess(P.review) },
      schema: {
        tags,
        params: idParams,
        body: z.object({
          note: z
            .string({ error: 'validation.required' })
            .trim()
            .min(1, 'validation.required')
            .max(TRUST_FLAG_NOTE_MAX, 'validation.too_long'),
        }),
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => {
      const flag = await flags.dismissFlag(deps, currentAdmin(req).id, req.params.id, req.body.note);
      return { data: { id: flag.id }, message: t(req.lang, 'trust.flag_dismissed') };
    },
  );
};
