import { z } from 'zod';
import { adminAccess, adminActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams, listEnvelope, listQuery, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { audit } from '../audit';
import * as queries from './payouts.queries';
import { payoutSchema, quoteParam, quoteSchema, recipientSchema } from './payouts.routes';
import * as service from './payouts.service';

/** Permission of the payout screens and decisions (spec section 6). */
export const PAYOUT_PERMISSION = 'INFLUENCER_VIEW_PAYOUT_PROFILE';
/** Permission of the transfer view (/transfers/{quote}). */
export const TRANSFER_PERMISSION = 'transfers.show';
const tags = ['admin payouts'];

const userSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  user_type_id: z.number(),
});
const adminPayoutSchema = payoutSchema.extend({ user: userSchema, recipient: recipientSchema });

/**
 * Back-office payouts (spec section 2: /requests/list, /payouts/list, /payouts/{id}, /transfers/{quote}):
 * lists, detail, approve (funds the Wise transfer) and decline with a reason (coins returned), all
 * audited. Lists and decisions need INFLUENCER_VIEW_PAYOUT_PROFILE, the transfer view transfers.show.
 */
export const adminPayoutsRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/admin/payouts/requests',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(adminPayoutSchema) } },
    },
    async (req) => queries.listPayouts(deps, req.query, [1]),
  );

  app.get(
    '/api/admin/payouts',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: { tags, querystring: listQuery, response: { 200: listEnvelope(adminPayoutSchema) } },
    },
    async (req) => queries.listPayouts(deps, req.query, null),
  );

  const movementSchema = z.object({
    id: z.number(),
    number: z.string(),
    desc_id: z.number(),
    coins: z.number(),
    created_at: z.string(),
  });
  const detailSchema = adminPayoutSchema.extend({
    hold: z.object({ id: z.number(), status: z.string(), amount: z.number() }).nullable(),
    movements: z.array(movementSchema),
  });

  app.get(
    '/api/admin/payouts/:id',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: { tags, params: idParams, response: { 200: envelope(detailSchema) } },
    },
    async (req) => ({ data: await queries.payoutDetail(deps, req.params.id) }),
  );

  app.post(
    '/api/admin/payouts/:id/approve',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: { tags, params: idParams, response: { 200: envelope(detailSchema) } },
    },
    async (req) => {
      await service.approvePayout(deps, req.params.id, adminActor(req));
      return {
        data: await queries.payoutDetail(deps, req.params.id),
        message: t(req.lang, 'payouts.approved'),
      };
    },
  );

  app.post(
    '/api/admin/payouts/:id/decline',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: {
        tags,
        params: idParams,
        body: z.object({
          reason: z.string().trim().min(3, 'payouts.reason_required').max(500, 'validation.too_long'),
        }),
        response: { 200: envelope(detailSchema) },
      },
    },
    async (req) => {
      await service.declinePayout(deps, req.params.id, req.body.reason, adminActor(req));
      return {
        data: await queries.payoutDetail(deps, req.params.id),
        message: t(req.lang, 'payouts.declined'),
      };
    },
  );

  app.get(
    '/api/admin/transfers/:quote',
    {
      config: { access: adminAccess(TRANSFER_PERMISSION) },
      schema: {
        tags,
        params: z.object({ quote: quoteParam }),
        response: {
          200: envelope(
            z.object({
              quote: quoteSchema,
              user: userSchema,
              recipient: recipientSchema,
              payout: payoutSchema.nullable(),
              wise: z.object({ transfer_id: z.string(), status: z.string() }).nullable(),
            }),
          ),
        },
      },
    },
    async (req) => {
      return { data: await queries.transferView(deps, req.params.quote) };
    },
  );

  app.post(
    '/api/admin/payouts/reconcile',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: { tags, response: { 200: messageOnly } },
    },
    async (req) => {
      const r = await service.reconcilePayouts(deps);
      await audit(deps.database, adminActor(req), { action: 'payouts.reconciled', meta: r });
      return { message: t(req.lang, 'payouts.reconciled', r) };
    },
  );
};
