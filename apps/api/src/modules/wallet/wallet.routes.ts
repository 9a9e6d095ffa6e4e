import { CUSTOM_COINS, customCoinsSchema, type Language, packageSaving } from '@lm/contracts';
import { localized } from '@lm/contracts/translations';
import {
  cardReturnBody,
  coinPriceSchema,
  invoiceSchema,
  packageSchema,
  packagesQuery,
  rechargeSchema,
  returnToSchema,
  settlementSchema,
  transactionSchema,
  walletBalanceQuery,
  walletBalanceSchema,
} from '@lm/contracts/wallet';
import { z } from 'zod';
import { currentUser, forArtist, PUBLIC, userAccess, withScope } from '../../platform/access';
import type { ModuleDeps, RouteModule, ZodApp } from '../../platform/app';
import { keepRawJsonBodies } from '../../platform/body-parsers';
import { AppError, NotFoundError, ValidationError } from '../../platform/errors';
import { envelope, idParams } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listSchema } from '../../platform/list-routes';
import { convertMinor } from '../../providers/fx/contract';
import { setSandboxEventSink } from '../../providers/payments/index';
import { getSettings } from '../settings';
import { ensureInvoicePdf } from './invoices.service';
import type { PayPalReturn } from './payments.service';
import * as paymentsService from './payments.service';
import * as wallet from './wallet.service';
import { walletValue } from './wallet.value';

const tags = ['wallet'];

/**
 * Package rows as the API answers them, each with its saving against the coin price
 * (`packageSaving`), optionally converted to `currency` at the current rate.
 * With `lang` (the user app) `name` is the reader's language, English when it has none; without it
 * (the back-office) `name` is the English column and `translations` the other languages.
 */
export async function packageItems(
  deps: ModuleDeps,
  rows: Awaited<ReturnType<typeof wallet.listPackages>>,
  currency?: string,
  lang?: Language,
) {
  const [rates, { coin_price_pence }] = await Promise.all([
    currency ? Promise.all(rows.map((r) => deps.providers.rates.rate(r.currency, currency))) : [],
    getSettings(deps.database),
  ]);
  return rows.map((r, i) => ({
    id: r.id,
    name: lang ? localized(r.name, r.translations, 'name', lang) : r.name,
    ...(lang ? {} : { translations: r.translations }),
    coins: r.coins,
    bonus_coins: r.bonusCoins,
    total_coins: r.coins + r.bonusCoins,
    price: r.priceMinor,
    currency: r.currency,
    min_followers: r.minFollowers,
    duration_days: r.durationDays,
    is_active: r.isActive,
    position: r.position,
    ...packageSaving({ coins: r.coins, bonus_coins: r.bonusCoins, price: r.priceMinor }, coin_price_pence),
    converted: currency ? { currency, amount: convertMinor(r.priceMinor, rates[i]!) } : null,
  }));
}

/**
 * Wallet and payment calls of spec section 7 ("Payments", "Wallet") for users, plus the provider
 * webhooks (verified signature, recorded, processed idempotently).
 */
export const walletRoutes: RouteModule = async (app, deps) => {
  const storageUrl = (k: string) => deps.storage.url(k);

  app.get(
    '/api/wallet/user/get/all-packages',
    {
      config: { access: forArtist(userAccess(), 'read') },
      schema: {
        tags,
        querystring: packagesQuery,
        response: { 200: envelope(z.array(packageSchema)) },
      },
    },
    async (req) => {
      const rows = await wallet.listPackages(deps.database, { q: req.query.q, limit: req.query.limit });
      const convert = req.query.convert === '1' || req.query.convert === 'true';
      try {
        return { data: await packageItems(deps, rows, convert ? req.query.currency : undefined, req.lang) };
      } catch {
        throw new AppError(422, 'payments.currency_unsupported', {
          errors: { currency: ['payments.currency_unsupported'] },
        });
      }
    },
  );

  app.get(
    '/api/wallet/user/current/balance',
    {
      // The wallet value's inputs are read with the token, in the access hook's one statement.
      config: { access: forArtist(withScope(userAccess(undefined, false, 'wallet'), 'wallet:read'), 'read') },
      schema: {
        tags,
        querystring: walletBalanceQuery,
        response: { 200: envelope(walletBalanceSchema) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const value = await walletValue(deps.database, user.id, user.wallet);
      let rate: number;
      try {
        rate = await deps.providers.rates.rate('GBP', req.query.currency);
      } catch {
        throw new AppError(422, 'payments.currency_unsupported', {
          errors: { currency: ['payments.currency_unsupported'] },
        });
      }
      const totalMinor = convertMinor(value.total_minor, rate);
      return {
        data: {
          balance: value.balance,
          total: totalMinor / 100,
          total_minor: totalMinor,
          currency: req.query.currency,
          basis: value.basis,
          pence_per_coin: value.pence_per_coin,
        },
      };
    },
  );

  app.get(
    '/api/wallet/user/transaction',
    {
      config: { access: forArtist(withScope(userAccess(), 'wallet:read'), 'read') },
      schema: { tags, ...listSchema(transactionSchema) },
    },
    async (req) => wallet.listTransactions(deps.database, currentUser(req).id, req.query, storageUrl),
  );

  app.get(
    '/api/wallet/user/transaction/:id',
    {
      config: { access: forArtist(withScope(userAccess(), 'wallet:read'), 'read') },
      schema: { tags, params: idParams, response: { 200: envelope(transactionSchema) } },
    },
    async (req) => {
      const item = await wallet.getTransaction(deps.database, req.params.id, currentUser(req).id, storageUrl);
      if (!item) throw new NotFoundError();
      return { data: item };
    },
  );

  /**
   * The two ways to buy a package (spec section 7, Payments): the card (Stripe Checkout, its
   * `session_id`) and PayPal (an Orders v2 order, its `order_id`). Each has a start call answering the
   * hosted page, and a confirm call that credits the coins exactly once however often it is called.
   */
  const hostedPayments = [
    {
      method: 'card',
      ref: 'session_id',
      start: '/api/stripe/create/checkout',
      confirm: '/api/stripe/checkout/check/pay',
      settle: paymentsService.confirmCard,
    },
    {
      method: 'paypal',
      ref: 'order_id',
      start: '/api/payments/paypal/checkout/url',
      confirm: '/api/payments/paypal/callback/url',
      settle: paymentsService.confirmPayPal,
    },
  ] as const;
  for (const way of hostedPayments) {
    const refField = { [way.ref]: z.string() } as Record<typeof way.ref, z.ZodString>;
    app.post(
      way.start,
      {
        config: { access: userAccess('ARTIST_PERMISSION') },
        schema: {
          tags,
          body: z.object({
            package_id: z.coerce.number().int().positive(),
            // PayPal only: the mobile apps' purchase page (/paypal/payment/mobile) is where it comes back.
            ...(way.method === 'paypal' ? { return_to: returnToSchema } : {}),
          }) as z.ZodType<{ package_id: number; return_to?: PayPalReturn }>,
          response: { 200: envelope(z.object({ url: z.string(), sandbox: z.boolean(), ...refField })) },
        },
      },
      async (req) => {
        const user = currentUser(req);
        const r = await paymentsService.startCheckout(
          deps,
          user.id,
          { packageId: req.body.package_id },
          way.method,
          await wallet.buyerEmail(deps.database, user.id),
          undefined,
          req.body.return_to,
        );
        return {
          data: {
            url: r.url,
            [way.ref]: r.ref,
            sandbox: deps.providers.payments[way.method].name === 'sandbox',
          } as { url: string; sandbox: boolean } & Record<typeof way.ref, string>,
        };
      },
    );
    app.post(
      way.confirm,
      {
        config: { access: userAccess('ARTIST_PERMISSION') },
        schema: {
          tags,
          body: z.object({ [way.ref]: z.string().min(1).max(200) }) as z.ZodType<Record<string, string>>,
          response: { 200: envelope(settlementSchema) },
        },
      },
      async (req) => {
        const data = await way.settle(deps, currentUser(req).id, req.body[way.ref] ?? '');
        return {
          data,
          ...(data.status === 'paid'
            ? { message: t(req.lang, 'payments.credited', { coins: data.coins }) }
            : {}),
        };
      },
    );
  }

  app.get(
    '/api/wallet/user/coin-price',
    {
      config: { access: forArtist(userAccess('ARTIST_PERMISSION'), 'read') },
      schema: {
        tags,
        response: { 200: envelope(coinPriceSchema) },
      },
    },
    async () => ({
      data: {
        pence_per_coin: (await getSettings(deps.database)).coin_price_pence,
        currency: 'GBP' as const,
        custom_min: CUSTOM_COINS.min,
        custom_max: CUSTOM_COINS.max,
      },
    }),
  );

  app.post(
    '/api/wallet/user/recharge/coins',
    {
      config: { access: userAccess('ARTIST_PERMISSION') },
      schema: {
        tags,
        body: customCoinsSchema.extend({ return_to: returnToSchema }),
        response: { 200: envelope(rechargeSchema) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      // The mobile apps' page confirms PayPal orders only; a card purchase there is refused, not redirected.
      if (req.body.return_to === 'mobile' && req.body.method !== 'paypal')
        throw new ValidationError({ method: ['payments.mobile_paypal_only'] });
      const r = await paymentsService.startCheckout(
        deps,
        user.id,
        { coins: req.body.coins },
        req.body.method,
        await wallet.buyerEmail(deps.database, user.id),
        undefined,
        req.body.return_to,
      );
      const card = req.body.method === 'card';
      const provider = card ? deps.providers.payments.card : deps.providers.payments.paypal;
      return {
        data: {
          url: r.url,
          session_id: card ? r.ref : null,
          order_id: card ? null : r.ref,
          sandbox: provider.name === 'sandbox',
          amount_minor: r.amountMinor,
          currency: r.currency,
        },
      };
    },
  );

  app.post(
    '/api/stripe/checkout/check/cancel',
    {
      config: { access: userAccess('ARTIST_PERMISSION') },
      schema: {
        tags,
        body: cardReturnBody,
        response: { 200: envelope(settlementSchema) },
      },
    },
    async (req) => {
      const data = await paymentsService.cardReturn(deps, currentUser(req).id, req.body.payment_id);
      return {
        data,
        ...(data.status === 'paid'
          ? { message: t(req.lang, 'payments.credited', { coins: data.coins }) }
          : {}),
      };
    },
  );

  app.get(
    '/api/artist/invoices',
    {
      config: { access: forArtist(withScope(userAccess('ARTIST_PERMISSION'), 'wallet:read'), 'read') },
      schema: { tags, ...listSchema(invoiceSchema) },
    },
    async (req) => wallet.listInvoices(deps.database, currentUser(req).id, req.query, storageUrl),
  );

  app.get(
    '/api/artist/invoices/:id',
    {
      config: { access: forArtist(withScope(userAccess('ARTIST_PERMISSION'), 'wallet:read'), 'read') },
      schema: { tags, params: idParams, response: { 200: envelope(invoiceSchema) } },
    },
    async (req) => {
      const inv = await wallet.getInvoice(deps.database, req.params.id, currentUser(req).id, storageUrl);
      if (!inv) throw new NotFoundError();
      return { data: inv };
    },
  );

  app.post(
    '/api/artist/invoice/:id',
    {
      config: { access: forArtist(withScope(userAccess('ARTIST_PERMISSION'), 'wallet:read'), 'read') },
      schema: { tags, params: idParams, response: { 200: envelope(invoiceSchema) } },
    },
    async (req) => {
      const userId = currentUser(req).id;
      if (!(await wallet.getInvoice(deps.database, req.params.id, userId, storageUrl)))
        throw new NotFoundError();
      await ensureInvoicePdf(deps, req.params.id);
      return { data: (await wallet.getInvoice(deps.database, req.params.id, userId, storageUrl))! };
    },
  );

  // Sandbox card events go through the same verify-record-process path as a real webhook delivery.
  setSandboxEventSink(async (_event, delivery) => {
    const event = await deps.providers.payments.card.verifyWebhook(
      delivery.rawBody,
      delivery.signatureHeader,
    );
    await paymentsService.handleCardEvent(deps, event, JSON.parse(delivery.rawBody.toString('utf8')));
  });
  await app.register(async (hooks) => webhookRoutes(hooks as ZodApp, deps));
};

/** Webhooks need the raw body for signature checks, so they live in their own encapsulated scope. */
async function webhookRoutes(app: ZodApp, deps: ModuleDeps) {
  keepRawJsonBodies(app, 'buffer');
  app.post(
    '/api/stripe/webhook',
    { config: { access: PUBLIC, rateLimit: false }, schema: { tags: ['provider webhooks'] } },
    async (req, reply) => {
      const raw = req.body as Buffer;
      let event: Awaited<ReturnType<typeof deps.providers.payments.card.verifyWebhook>>;
      try {
        const header = req.headers['stripe-signature'] ?? req.headers['sandbox-signature'];
        event = await deps.providers.payments.card.verifyWebhook(
          raw,
          typeof header === 'string' ? header : undefined,
        );
      } catch {
        return reply
          .status(400)
          .send({ message: t(req.lang, 'payments.webhook_signature'), requestId: req.id });
      }
      await paymentsService.handleCardEvent(deps, event, JSON.parse(raw.toString('utf8')));
      return { received: true };
    },
  );
  app.post(
    '/api/payments/paypal/webhook',
    { config: { access: PUBLIC, rateLimit: false }, schema: { tags: ['provider webhooks'] } },
    async (req, reply) => {
      const raw = req.body as Buffer;
      let event: Awaited<ReturnType<typeof deps.providers.payments.paypal.verifyWebhook>>;
      try {
        event = await deps.providers.payments.paypal.verifyWebhook(req.headers, raw);
      } catch {
        return reply
          .status(400)
          .send({ message: t(req.lang, 'payments.webhook_signature'), requestId: req.id });
      }
      await paymentsService.handlePayPalEvent(deps, event, JSON.parse(raw.toString('utf8')));
      return { received: true };
    },
  );
}
