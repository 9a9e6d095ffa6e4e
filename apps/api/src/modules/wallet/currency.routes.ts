import {
  currenciesQuery,
  currencyItemSchema,
  currencyRateQuery,
  currencyRateSchema,
  gbpUsdSchema,
} from '@lm/contracts/wallet';
import { z } from 'zod';
import { userAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { ValidationError } from '../../platform/errors';
import { envelope, listEnvelope, paginate } from '../../platform/http';
import { convertMinor } from '../../providers/fx/contract';

const tags = ['currency'];

/**
 * Currency calls of spec section 7 ("Payments"): `payments/wise/gbp/usd/{amount}` (GBP to USD),
 * `payments/wise/currencies` (30 per page) and `payments/wise/currency-get` (one rate), answered from
 * the rates provider (sandbox rates until Wise is configured).
 */
export const currencyRoutes: RouteModule = (app, deps) => {
  async function rate(source: string, target: string) {
    try {
      return await deps.providers.rates.rate(source, target);
    } catch {
      throw new ValidationError({ currency: ['payments.currency_unsupported'] });
    }
  }

  app.get(
    '/api/payments/wise/gbp/usd/:amount',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        params: z.object({
          amount: z.coerce.number().min(0).max(100_000_000),
        }),
        response: { 200: envelope(gbpUsdSchema) },
      },
    },
    async (req) => {
      const r = await rate('GBP', 'USD');
      const converted = convertMinor(Math.round(req.params.amount * 100), r) / 100;
      return { data: { source: 'GBP', target: 'USD', rate: r, amount: req.params.amount, converted } };
    },
  );

  app.get(
    '/api/payments/wise/currencies',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        querystring: currenciesQuery,
        response: { 200: listEnvelope(currencyItemSchema) },
      },
    },
    async (req) => {
      const all = (await deps.providers.rates.currencies()).filter(
        (c) => !req.query.q || c.includes(req.query.q.toUpperCase()),
      );
      const { page, limit } = req.query;
      const data = all.slice((page - 1) * limit, page * limit).map((c) => ({
        id: all.indexOf(c) + 1,
        currencyCode: c,
        // Payouts can be sent in every listed currency except the platform's own GBP source.
        isTargetCurrency: c !== 'GBP',
      }));
      return { data, pagination: paginate(all.length, page, limit) };
    },
  );

  app.get(
    '/api/payments/wise/currency-get',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        querystring: currencyRateQuery,
        response: { 200: envelope(currencyRateSchema) },
      },
    },
    async (req) => {
      const r = await rate(req.query.source, req.query.target);
      const amount = req.query.amount ?? null;
      return {
        data: {
          source: req.query.source,
          target: req.query.target,
          rate: r,
          amount,
          converted: amount === null ? null : convertMinor(Math.round(amount * 100), r) / 100,
        },
      };
    },
  );
};
