import { type Language, PAYOUT_ADMIN_PERMISSIONS } from '@lm/contracts';
import { bulkIdsBody, bulkIdsSchema, bulkResultSchema } from '@lm/contracts/bulk';
import {
  adminPayoutDetailSchema,
  adminPayoutSchema,
  payoutDeclineBody,
  quoteParam,
  transferViewSchema,
} from '@lm/contracts/payouts';
import { z } from 'zod';
import { adminAccess, adminActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { runBulk } from '../../platform/bulk';
import { fileDay } from '../../platform/csv-export';
import { envelope, idParams, messageOnly, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import { exportSchema, listSchema } from '../../platform/list-routes';
import { audit, auditedCsvExport } from '../audit';
import * as queries from './payouts.queries';
import * as service from './payouts.service';

/** Permission of the payout screens (spec section 6). */
export const PAYOUT_PERMISSION = PAYOUT_ADMIN_PERMISSIONS.view;
/** Permission of approving and declining payout requests (docs/decisions.md "Payout decisions"). */
export const PAYOUT_DECIDE_PERMISSION = PAYOUT_ADMIN_PERMISSIONS.decide;
/** Permission of the transfer view (/transfers/{quote}). */
export const TRANSFER_PERMISSION = PAYOUT_ADMIN_PERMISSIONS.transfer;
const tags = ['admin payouts'];

/**
 * Back-office payouts (spec section 2: /requests/list, /payouts/list, /payouts/{id}, /transfers/{quote}):
 * lists, detail, approve (funds the Wise transfer) and decline with a reason (coins returned), all
 * audited. Lists and the detail need INFLUENCER_VIEW_PAYOUT_PROFILE, approving and declining
 * payouts.decide, the transfer view transfers.show.
 */
export const adminPayoutsRoutes: RouteModule = (app, deps) => {
  /** A staff decision answers the payout as it now stands and what was done to it. */
  const decided = async (id: number, lang: Language, done: string) => ({
    data: await queries.payoutDetail(deps, id),
    message: t(lang, done),
  });

  app.get(
    '/api/admin/payouts/requests',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: { tags, ...listSchema(adminPayoutSchema) },
    },
    async (req) => queries.listPayouts(deps, req.query, [1]),
  );

  app.get(
    '/api/admin/payouts',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: { tags, ...listSchema(adminPayoutSchema) },
    },
    async (req) => queries.listPayouts(deps, req.query, null),
  );

  for (const [path, statuses] of [
    ['/api/admin/payouts/requests/export.csv', [1]],
    ['/api/admin/payouts/export.csv', null],
  ] as const) {
    app.get(
      path,
      { config: { access: adminAccess(PAYOUT_PERMISSION) }, schema: { tags, ...exportSchema() } },
      async (req, reply) => {
        await auditedCsvExport(deps.database, req, reply, 'payouts', req.query, async () => ({
          query: queries.payoutExportQuery(req.query, statuses ? [...statuses] : null),
          columns: queries.PAYOUT_EXPORT_COLUMNS,
          filename: `${statuses ? 'payout-requests' : 'payouts'}-${fileDay(deps.clock.now())}.csv`,
        }));
        return reply;
      },
    );
  }

  app.get(
    '/api/admin/payouts/:id',
    {
      config: { access: adminAccess(PAYOUT_PERMISSION) },
      schema: { tags, params: idParams, response: { 200: envelope(adminPayoutDetailSchema) } },
    },
    async (req) => ({ data: await queries.payoutDetail(deps, req.params.id) }),
  );

  app.post(
    '/api/admin/payouts/:id/approve',
    {
      config: { access: adminAccess(PAYOUT_DECIDE_PERMISSION) },
      schema: { tags, params: idParams, response: { 200: envelope(adminPayoutDetailSchema) } },
    },
    async (req) => {
      const outcome = await service.approvePayout(deps, req.params.id, adminActor(req));
      return decided(
        req.params.id,
        req.lang,
        outcome === 'approved' ? 'payouts.approved' : 'payouts.first_approval_recorded',
      );
    },
  );

  app.post(
    '/api/admin/payouts/:id/decline',
    {
      config: { access: adminAccess(PAYOUT_DECIDE_PERMISSION) },
      schema: { tags, ...updateSchema(payoutDeclineBody, adminPayoutDetailSchema) },
    },
    async (req) => {
      await service.declinePayout(deps, req.params.id, req.body.reason, adminActor(req));
      return decided(req.params.id, req.lang, 'payouts.declined');
    },
  );

  /** A bulk action's answer: per item what was done or refused, and the counts in words. */
  const bulkDone = (lang: Language, result: Awaited<ReturnType<typeof runBulk>>) => ({
    data: result,
    message: t(lang, 'bulk.done', { ok: result.succeeded, refused: result.refused }),
  });

  app.post(
    '/api/admin/payouts/bulk/approve',
    {
      config: { access: adminAccess(PAYOUT_DECIDE_PERMISSION) },
      schema: { tags, body: bulkIdsBody, response: { 200: envelope(bulkResultSchema) } },
    },
    async (req) => {
      const actor = adminActor(req);
      const result = await runBulk(
        req.body.ids,
        async (id) =>
          (await service.approvePayout(deps, id, actor)) === 'first_approval'
            ? { note: 'payouts.first_approval_recorded' }
            : undefined,
        req.lang,
      );
      return bulkDone(req.lang, result);
    },
  );

  app.post(
    '/api/admin/payouts/bulk/decline',
    {
      config: { access: adminAccess(PAYOUT_DECIDE_PERMISSION) },
      schema: {
        tags,
        body: payoutDeclineBody.extend({ ids: bulkIdsSchema }),
        response: { 200: envelope(bulkResultSchema) },
      },
    },
    async (req) => {
      const actor = adminActor(req);
      const result = await runBulk(
        req.body.ids,
        async (id) => {
          await service.declinePayout(deps, id, req.body.reason, actor);
          return undefined;
        },
        req.lang,
      );
      return bulkDone(req.lang, result);
    },
  );

  app.get(
    '/api/admin/transfers/:quote',
    {
      config: { access: adminAccess(TRANSFER_PERMISSION) },
      schema: {
        tags,
        params: z.object({ quote: quoteParam }),
        response: { 200: envelope(transferViewSchema) },
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
