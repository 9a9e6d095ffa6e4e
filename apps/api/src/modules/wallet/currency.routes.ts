import { LIMITS } from '@lm/contracts';
import { z } from 'zod';
import { userAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { ValidationError } from '../../platform/errors';
import { envelope, listEnvelope, paginate } from '../../platform/http';
import { convertMinor } from '../../providers/fx/contract';

const tags = ['currency'];
const code = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'validation.invalid')
  .transform((v) => v.toUpperCase());

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
        response: {
          200: envelope(
            z.object({
              source: z.string(),
              target: z.string(),
              rate: z.number(),
              amount: z.number(),
              converted: z.number(),
            }),
          ),
        },
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
        querystring: z.object({
          page: z.coerce.number().int().min(1).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(LIMITS.currencyPageSize),
          q: z.string().trim().max(10).optional(),
        }),
        response: {
          200: listEnvelope(
            z.object({ id: z.number(), currencyCode: z.string(), isTargetCurrency: z.boolean() }),
          ),
        },
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
        querystring: z.object({
          source: code.default('GBP'),
          target: code,
          amount: z.coerce.number().min(0).max(100_000_000).optional(),
        }),
        response: {
          200: envelope(
            z.object({
              source: z.string(),
              target: z.string(),
              rate: z.number(),
              amount: z.number().nullable(),
              converted: z.number().nullable(),
            }),
          ),
        },
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
