import {
  accountTypeSchema,
  accountTypesQuery,
  payoutDayStatSchema,
  payoutSchema,
  payoutSumsSchema,
  quoteDetailsSchema,
  quoteIdBody,
  quoteParam,
  quoteQuery,
  quoteSchema,
  recipientBody,
  recipientSchema,
  unpaidPayoutSchema,
  verifyCodeBody,
  withdrawableSchema,
} from '@lm/contracts/payouts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser, PUBLIC, userAccess, userActor } from '../../platform/access';
import type { ModuleDeps, RouteModule, ZodApp } from '../../platform/app';
import { keepRawJsonBodies } from '../../platform/body-parsers';
import { envelope, idParams, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listSchema } from '../../platform/list-routes';
import { WiseSignatureError } from '../../providers/wise/index';
import * as queries from './payouts.queries';
import * as service from './payouts.service';
import { ensureReceipt } from './receipt';

const tags = ['payouts'];

/** The signed-in payee (curator or influencer) of a payouts route. @throws ForbiddenError for artists */
function payee(req: FastifyRequest): number {
  const user = currentUser(req);
  service.assertPayee(user.userTypeId);
  return user.id;
}

/**
 * Withdrawals of curators and influencers (spec section 7 "Payments": wise and curator
 * payout calls), the Wise webhook and the sandbox Wise dev control. Every user call answers 403 to
 * artists ('payouts.not_payee').
 */
export const payoutsRoutes: RouteModule = async (app, deps) => {
  const storageUrl = (k: string) => deps.storage.url(k);

  app.get(
    '/api/payments/outgoing/types/search',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        querystring: accountTypesQuery,
        response: { 200: envelope(z.array(accountTypeSchema)) },
      },
    },
    async (req) => {
      payee(req);
      return { data: await service.accountTypes(deps, req.query.currency, req.query.country ?? null) };
    },
  );

  app.get(
    '/api/payments/transfer/info',
    {
      config: { access: userAccess() },
      schema: { tags, response: { 200: envelope(z.array(recipientSchema)) } },
    },
    async (req) => ({ data: await service.listRecipients(deps, payee(req)) }),
  );

  app.post(
    '/api/payments/transfer/info/store',
    {
      config: { access: userAccess() },
      schema: { tags, body: recipientBody, response: { 201: envelope(recipientSchema) } },
    },
    async (req, reply) => {
      const userId = payee(req);
      const data = await service.storeRecipient(
        deps,
        userId,
        { ...req.body, country: req.body.country ?? null },
        userActor(req),
      );
      return reply.status(201).send({ data, message: t(req.lang, 'payouts.recipient_saved') });
    },
  );

  app.delete(
    '/api/payments/wise/user/info/delete/:id',
    {
      config: { access: userAccess() },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await service.deleteRecipient(deps, payee(req), req.params.id, userActor(req));
      return { message: t(req.lang, 'payouts.recipient_deleted') };
    },
  );

  app.get(
    '/api/payments/wise/unpaid/payouts/check',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        response: { 200: envelope(unpaidPayoutSchema) },
      },
    },
    async (req) => {
      const open = await service.openPayout(deps, payee(req));
      return {
        data: { has_unpaid: open !== null, payout: open ? service.payoutView(open, storageUrl) : null },
      };
    },
  );

  app.get(
    '/api/payments/wise/create/quote/payouts',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        querystring: quoteQuery,
        response: { 200: envelope(quoteSchema) },
      },
    },
    async (req) => ({ data: await service.createQuote(deps, payee(req), req.query) }),
  );

  app.get(
    '/api/payments/wise/user/transfer/view/:id',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        params: z.object({ id: quoteParam }),
        response: { 200: envelope(quoteDetailsSchema) },
      },
    },
    async (req) => ({ data: await service.quoteDetails(deps, payee(req), req.params.id, storageUrl) }),
  );

  app.post(
    '/api/payments/send/verification/code',
    {
      config: { access: userAccess() },
      schema: { tags, body: quoteIdBody, response: { 200: messageOnly } },
    },
    async (req) => {
      await service.sendCode(deps, payee(req), req.body.quote_id);
      return { message: t(req.lang, 'payouts.code_sent') };
    },
  );

  app.post(
    '/api/payments/verify/code',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        body: verifyCodeBody,
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      await service.verifyCode(deps, payee(req), req.body.quote_id, req.body.code);
      return { message: t(req.lang, 'payouts.code_verified') };
    },
  );

  app.post(
    '/api/payments/wise/create/transfer',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        body: quoteIdBody,
        response: { 200: envelope(payoutSchema), 201: envelope(payoutSchema) },
      },
    },
    async (req, reply) => {
      const { payout, created } = await service.requestPayout(
        deps,
        payee(req),
        req.body.quote_id,
        userActor(req),
        storageUrl,
      );
      return reply
        .status(created ? 201 : 200)
        .send({ data: payout, message: t(req.lang, 'payouts.requested') });
    },
  );

  app.get(
    '/api/curator/payouts',
    {
      config: { access: userAccess() },
      schema: { tags, ...listSchema(payoutSchema) },
    },
    async (req) => {
      return queries.listOwnPayouts(deps, payee(req), req.query);
    },
  );

  app.get(
    '/api/curator/payouts/last/month/stats',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        response: { 200: envelope(z.array(payoutDayStatSchema)) },
      },
    },
    async (req) => ({ data: await service.lastMonthStats(deps, payee(req)) }),
  );

  app.get(
    '/api/curator/payouts/:id',
    {
      config: { access: userAccess() },
      schema: { tags, params: idParams, response: { 200: envelope(payoutSchema) } },
    },
    async (req) => {
      const p = await service.ownPayout(deps, payee(req), req.params.id);
      return { data: service.payoutView(p, storageUrl) };
    },
  );

  app.get(
    '/api/curator/sum/payouts',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        response: { 200: envelope(payoutSumsSchema) },
      },
    },
    async (req) => ({ data: await service.payoutSums(deps, payee(req)) }),
  );

  app.get(
    '/api/curator/withdrawable',
    { config: { access: userAccess() }, schema: { tags, response: { 200: envelope(withdrawableSchema) } } },
    async (req) => ({ data: await service.withdrawable(deps, payee(req)) }),
  );

  app.post(
    '/api/curator/payout/:id',
    {
      config: { access: userAccess() },
      schema: { tags, params: idParams, response: { 200: envelope(payoutSchema) } },
    },
    async (req) => {
      const p = await service.ownPayout(deps, payee(req), req.params.id);
      await ensureReceipt(deps, p.id);
      const fresh = await service.ownPayout(deps, payee(req), p.id);
      return { data: service.payoutView(fresh, storageUrl) };
    },
  );

  await app.register(async (scope) => webhookRoute(scope as ZodApp, deps));
};

/** The Wise webhook needs the raw body for its signature, so it lives in its own scope. */
async function webhookRoute(app: ZodApp, deps: ModuleDeps) {
  keepRawJsonBodies(app, 'buffer');
  app.post(
    '/api/payments/wise/webhook',
    { config: { access: PUBLIC, rateLimit: false }, schema: { tags: ['provider webhooks'] } },
    async (req, reply) => {
      const raw = (req.body as Buffer | undefined)?.toString('utf8') ?? '';
      try {
        await service.processWiseDelivery(deps, raw, req.headers);
      } catch (err) {
        if (err instanceof WiseSignatureError || err instanceof SyntaxError) {
          return reply
            .status(400)
            .send({ message: t(req.lang, 'payments.webhook_signature'), requestId: req.id });
        }
        throw err;
      }
      return { status: 'ok' };
    },
  );
}
