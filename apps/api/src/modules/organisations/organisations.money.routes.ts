import {
  budgetInputSchema,
  budgetSchema,
  organisationCheckoutInputSchema,
  organisationCheckoutSchema,
  organisationTransferInputSchema,
  organisationTransferSchema,
  organisationWalletSchema,
  rosterDashboardRowSchema,
  statementQuerySchema,
  statementSchema,
} from '@lm/contracts/organisation-money-api';
import { invoiceSchema, transactionSchema } from '@lm/contracts/wallet';
import { z } from 'zod';
import { currentUser, userAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { envelope, idParams, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listSchema } from '../../platform/list-routes';
import { buyerEmail } from '../wallet';
import * as money from './organisations.money';
import { monthlyStatement, rosterDashboard, sendStatementCsv } from './organisations.money.queries';

const tags = ['organisation money'];
const artistParams = idParams.extend({
  artistUserId: z.coerce.number().int().positive().max(2_147_483_647),
});
const invoiceParams = idParams.extend({
  invoiceId: z.coerce.number().int().positive().max(2_147_483_647),
});

/**
 * An organisation's money (issue 35): its wallet and transactions, coins bought into it, its invoices,
 * transfers to its artists and their monthly budgets. Members only: each service checks the member's
 * role per request (404 to a non-member, 403 to a role that may not).
 */
export const organisationMoneyRoutes: RouteModule = (app, deps) => {
  const storageUrl = (k: string) => deps.storage.url(k);

  app.get(
    '/api/organisations/:id/wallet',
    {
      config: { access: userAccess() },
      schema: { tags, params: idParams, response: { 200: envelope(organisationWalletSchema) } },
    },
    async (req) => ({
      data: await money.organisationWallet(deps.database, currentUser(req).id, req.params.id),
    }),
  );

  app.get(
    '/api/organisations/:id/wallet/transactions',
    {
      config: { access: userAccess() },
      schema: { tags, params: idParams, ...listSchema(transactionSchema) },
    },
    async (req) =>
      money.organisationTransactions(
        deps.database,
        currentUser(req).id,
        req.params.id,
        req.query,
        storageUrl,
      ),
  );

  app.post(
    '/api/organisations/:id/coins/checkout',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        params: idParams,
        body: organisationCheckoutInputSchema,
        response: { 200: envelope(organisationCheckoutSchema) },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      return {
        data: await money.startOrganisationCheckout(
          deps,
          userId,
          req.params.id,
          req.body,
          await buyerEmail(deps.database, userId),
        ),
      };
    },
  );

  app.get(
    '/api/organisations/:id/invoices',
    {
      config: { access: userAccess() },
      schema: { tags, params: idParams, ...listSchema(invoiceSchema) },
    },
    async (req) =>
      money.organisationInvoices(deps.database, currentUser(req).id, req.params.id, req.query, storageUrl),
  );

  app.get(
    '/api/organisations/:id/invoices/:invoiceId/pdf',
    {
      config: { access: userAccess() },
      schema: { tags, params: invoiceParams, description: 'The invoice as a PDF (application/pdf).' },
    },
    async (req, reply) => {
      const key = await money.organisationInvoicePdf(
        deps,
        currentUser(req).id,
        req.params.id,
        req.params.invoiceId,
      );
      const stream = await deps.storage.read(key);
      if (!stream) throw new NotFoundError();
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${req.params.invoiceId}.pdf"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    '/api/organisations/:id/transfers',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        params: idParams,
        body: organisationTransferInputSchema,
        response: { 200: envelope(organisationTransferSchema) },
      },
    },
    async (req) => ({
      data: await money.transferToArtist(deps, currentUser(req).id, req.params.id, req.body),
    }),
  );

  app.get(
    '/api/organisations/:id/budgets',
    {
      config: { access: userAccess() },
      schema: { tags, params: idParams, response: { 200: envelope(z.array(budgetSchema)) } },
    },
    async (req) => ({ data: await money.listBudgets(deps, currentUser(req).id, req.params.id) }),
  );

  app.put(
    '/api/organisations/:id/budgets/:artistUserId',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        params: artistParams,
        body: budgetInputSchema,
        response: { 200: envelope(budgetSchema) },
      },
    },
    async (req) => ({
      data: await money.setBudget(
        deps,
        currentUser(req).id,
        req.params.id,
        req.params.artistUserId,
        req.body.monthly_coins,
      ),
    }),
  );

  app.delete(
    '/api/organisations/:id/budgets/:artistUserId',
    {
      config: { access: userAccess() },
      schema: { tags, params: artistParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await money.removeBudget(deps, currentUser(req).id, req.params.id, req.params.artistUserId);
      return { message: t(req.lang, 'organisations.budget_removed') };
    },
  );

  app.get(
    '/api/organisations/:id/dashboard',
    {
      config: { access: userAccess() },
      schema: { tags, params: idParams, response: { 200: envelope(z.array(rosterDashboardRowSchema)) } },
    },
    async (req) => ({
      data: await rosterDashboard(
        deps.database,
        currentUser(req).id,
        req.params.id,
        deps.clock.now(),
        storageUrl,
      ),
    }),
  );

  app.get(
    '/api/organisations/:id/statement',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        params: idParams,
        querystring: statementQuerySchema,
        response: { 200: envelope(statementSchema) },
      },
    },
    async (req) => ({
      data: await monthlyStatement(
        deps.database,
        currentUser(req).id,
        req.params.id,
        req.query.month,
        req.lang,
      ),
    }),
  );

  app.get(
    '/api/organisations/:id/statement.csv',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        params: idParams,
        querystring: statementQuerySchema,
        description: 'The monthly statement as CSV (text/csv), headers in the reader’s language.',
      },
    },
    async (req, reply) => {
      await sendStatementCsv(
        deps.database,
        reply,
        currentUser(req).id,
        req.params.id,
        req.query.month,
        req.lang,
      );
      return reply;
    },
  );
};
