import {
  adjustmentBody,
  adjustmentResultSchema,
  depositSchema,
  invoiceSchema,
  mainWalletSchema,
  packageBody,
  packageSchema,
  transactionSchema,
  walletBalanceItemSchema,
} from '@lm/contracts/wallet';
import { z } from 'zod';
import { adminAccess, adminActor, clientInfo, currentAdmin, withScope } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { fileDay } from '../../platform/csv-export';
import { NotFoundError } from '../../platform/errors';
import { envelope, idParams, messageOnly, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import { exportSchema, listSchema } from '../../platform/list-routes';
import { auditedCsvExport } from '../audit';
import { walletBalance } from './ledger';
import { packageItems } from './wallet.routes';
import * as wallet from './wallet.service';

const WALLET = 'main.wallet.show.all.transactions';
const tags = ['admin wallet'];

/**
 * Back-office wallet screens (spec section 2: /wallet/main/list, /wallet/transaction/list,
 * /wallet/deposit/list, /wallet/withdrawals/list, /wallet/transaction/view, /wallet/coins/details/list,
 * /wallet/packages/list, /invoices/list) and the manual adjustment (desc 5 deduction; credits are
 * booked as a refund), all gated by `main.wallet.show.all.transactions` (invoices by `invoices.show`).
 */
export const adminWalletRoutes: RouteModule = (app, deps) => {
  const storageUrl = (k: string) => deps.storage.url(k);

  app.get(
    '/api/admin/wallet/main',
    {
      config: { access: adminAccess(WALLET) },
      schema: {
        tags,
        response: { 200: envelope(mainWalletSchema) },
      },
    },
    async () => ({ data: await wallet.mainWallet(deps.database) }),
  );

  app.get(
    '/api/admin/wallet/transactions',
    {
      config: { access: withScope(adminAccess(WALLET), 'wallet:read') },
      schema: { tags, ...listSchema(transactionSchema) },
    },
    async (req) => wallet.listTransactions(deps.database, null, req.query, storageUrl),
  );

  app.get(
    '/api/admin/wallet/transactions/export.csv',
    { config: { access: adminAccess(WALLET) }, schema: { tags, ...exportSchema() } },
    async (req, reply) => {
      await auditedCsvExport(deps.database, req, reply, 'transactions', req.query, async () => ({
        query: wallet.transactionExportQuery(req.query),
        columns: wallet.TRANSACTION_EXPORT_COLUMNS,
        filename: `transactions-${fileDay(deps.clock.now())}.csv`,
      }));
      return reply;
    },
  );

  app.get(
    '/api/admin/wallet/withdrawals',
    {
      config: { access: adminAccess(WALLET) },
      schema: { tags, ...listSchema(transactionSchema) },
    },
    async (req) => {
      const descId = req.query.filter?.desc_id;
      const filter = { ...req.query.filter, desc_id: descId === '6' ? '6' : '4' };
      return wallet.listTransactions(deps.database, null, { ...req.query, filter }, storageUrl);
    },
  );

  app.get(
    '/api/admin/wallet/transactions/:id',
    {
      config: { access: adminAccess(WALLET) },
      schema: { tags, params: idParams, response: { 200: envelope(transactionSchema) } },
    },
    async (req) => {
      const item = await wallet.getTransaction(deps.database, req.params.id, null, storageUrl);
      if (!item) throw new NotFoundError();
      return { data: item };
    },
  );

  app.get(
    '/api/wallet/admin/transaction/user/:id',
    {
      config: { access: adminAccess(WALLET) },
      schema: { tags, params: idParams, ...listSchema(transactionSchema) },
    },
    async (req) => wallet.listTransactions(deps.database, req.params.id, req.query, storageUrl),
  );

  app.get(
    '/api/admin/wallet/deposits',
    {
      config: { access: adminAccess(WALLET) },
      schema: { tags, ...listSchema(depositSchema) },
    },
    async (req) => wallet.listPayments(deps.database, req.query),
  );

  app.get(
    '/api/admin/wallet/coins',
    {
      config: { access: adminAccess(WALLET) },
      schema: { tags, ...listSchema(walletBalanceItemSchema) },
    },
    async (req) => wallet.listWalletBalances(deps.database, req.query),
  );

  app.post(
    '/api/admin/wallet/adjustments',
    {
      config: { access: adminAccess(WALLET) },
      schema: {
        tags,
        body: adjustmentBody,
        response: { 200: envelope(adjustmentResultSchema) },
      },
    },
    async (req) => {
      const body = req.body;
      const transfer = await wallet.adjustBalance(deps.database, adminActor(req), body);
      return {
        data: { balance: await walletBalance(deps.database, body.user_id), transactions_id: transfer.number },
        message: t(req.lang, 'common.saved'),
      };
    },
  );

  app.get(
    '/api/admin/wallet/packages',
    {
      config: { access: adminAccess(WALLET) },
      schema: {
        tags,
        querystring: z.object({ q: z.string().max(100).optional() }),
        response: { 200: envelope(z.array(packageSchema)) },
      },
    },
    async (req) => ({
      data: await packageItems(
        deps,
        await wallet.listPackages(deps.database, { q: req.query.q, limit: 1000, includeInactive: true }),
      ),
    }),
  );

  const toRow = (b: z.output<typeof packageBody>) => ({
    name: b.name,
    coins: b.coins,
    bonusCoins: b.bonus_coins,
    priceMinor: b.price,
    currency: b.currency,
    minFollowers: b.min_followers ?? null,
    durationDays: b.duration_days ?? null,
    isActive: b.is_active,
    position: b.position,
    translations: b.translations,
  });

  app.post(
    '/api/admin/wallet/packages',
    {
      config: { access: adminAccess(WALLET) },
      schema: { tags, body: packageBody, response: { 201: envelope(packageSchema) } },
    },
    async (req, reply) => {
      const actor = { type: 'admin' as const, id: currentAdmin(req).id, ...clientInfo(req) };
      const row = await wallet.savePackage(deps.database, actor, null, toRow(req.body), req.body);
      return reply
        .status(201)
        .send({ data: (await packageItems(deps, [row]))[0]!, message: t(req.lang, 'common.created') });
    },
  );

  app.put(
    '/api/admin/wallet/packages/:id',
    {
      config: { access: adminAccess(WALLET) },
      schema: { tags, ...updateSchema(packageBody, packageSchema) },
    },
    async (req) => {
      const actor = { type: 'admin' as const, id: currentAdmin(req).id, ...clientInfo(req) };
      const row = await wallet.savePackage(deps.database, actor, req.params.id, toRow(req.body), req.body);
      return { data: (await packageItems(deps, [row]))[0]!, message: t(req.lang, 'common.saved') };
    },
  );

  app.delete(
    '/api/admin/wallet/packages/:id',
    {
      config: { access: adminAccess(WALLET) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await wallet.retirePackage(deps.database, adminActor(req), req.params.id);
      return { message: t(req.lang, 'common.deleted') };
    },
  );

  app.get(
    '/api/admin/invoices',
    {
      config: { access: adminAccess('invoices.show') },
      schema: { tags, ...listSchema(invoiceSchema) },
    },
    async (req) => wallet.listInvoices(deps.database, null, req.query, storageUrl),
  );

  app.get(
    '/api/admin/invoices/:id',
    {
      config: { access: adminAccess('invoices.show') },
      schema: { tags, params: idParams, response: { 200: envelope(invoiceSchema) } },
    },
    async (req) => {
      const inv = await wallet.getInvoice(deps.database, req.params.id, null, storageUrl);
      if (!inv) throw new NotFoundError();
      return { data: inv };
    },
  );
};
