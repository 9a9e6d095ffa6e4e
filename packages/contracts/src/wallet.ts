import { z } from 'zod';
import { LIMITS } from './limits';
import { translationsResponseSchema, translationsSchema } from './translations';

/**
 * Shapes of the wallet calls (spec section 3 "Package", "Transaction", "Invoice"; section 7
 * "Payments", "Wallet"), for users and the back-office. The API validates requests and serialises
 * answers through these (so the API reference at /api/docs shows them and no column leaks); the apps
 * import their types only (`import type`), which keeps zod out of their bundles.
 *
 * Coins are whole numbers; money is in minor units (pence) unless a field says otherwise; times are
 * ISO 8601 strings.
 */

/** A three-letter currency code in any case, answered upper-case. */
export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'validation.invalid')
  .transform((v) => v.toUpperCase());

/** Who a wallet row belongs to, as the back-office lists name them. */
const walletUserSchema = z.object({ id: z.number(), name: z.string(), email: z.string() });

/** Which setting values a wallet's coins: an artist's the coin price, a payee's the payout rate. */
export const walletValueBasisSchema = z.enum(['coin_price', 'payout_rate']);
export type WalletValueBasis = z.infer<typeof walletValueBasisSchema>;

/** A coin package; `price` in pence. */
export const packageSchema = z.object({
  id: z.number(),
  name: z.string(),
  coins: z.number(),
  bonus_coins: z.number(),
  total_coins: z.number(),
  price: z.number(),
  currency: z.string(),
  min_followers: z.number().nullable(),
  duration_days: z.number().nullable(),
  is_active: z.boolean(),
  position: z.number(),
  /** Pence the same coins (bonus included) cost at the coin price. */
  list_price: z.number(),
  /** Pence saved against `list_price`, and as a whole percent (rounded down). */
  saving: z.number(),
  saving_percent: z.number(),
  converted: z.object({ currency: z.string(), amount: z.number() }).nullable(),
  /** Back-office only: the name in the other languages, so staff edit every language in one form. */
  translations: translationsResponseSchema('name').optional(),
});
export type CoinPackage = z.infer<typeof packageSchema>;

/** A wallet movement as the wallet lists answer it. */
export const transactionSchema = z.object({
  id: z.number(),
  transactions_id: z.string(),
  coins: z.number(),
  /** Money paid, in minor units (pence), or null when no money moved. */
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  transaction_date: z.string(),
  transaction_type: z.enum(['credit', 'debit']),
  desc_id: z.number(),
  desc: z.object({ desc: z.string() }),
  balance_after: z.number(),
  invoice: z
    .object({ id: z.number(), attachment_link: z.string().nullable(), payment: z.object({ id: z.number() }) })
    .nullable(),
  transaction_details: z.object({
    refund_type: z.string().nullable(),
    campaign_type: z.string().nullable(),
    campaign_id: z.string().nullable(),
  }),
  transfer: z.object({ wise_quote_id: z.string().nullable() }).nullable(),
  fan_finder: z.object({ plan: z.object({ plan_name: z.string() }) }).nullable(),
  user: walletUserSchema.nullable(),
  /**
   * What the movement was: a key of the apps' catalogs (`wallet.describe.*`) and its params, so
   * each reader sees it in their own language.
   */
  description: z.object({
    key: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
  }),
  /** Signed pence (debits negative): paid money, or the coins valued at `basis` today. */
  total: z.object({
    minor: z.number(),
    currency: z.string(),
    basis: z.enum(['paid', 'coin_price', 'payout_rate']),
  }),
});
export type WalletTransaction = z.infer<typeof transactionSchema>;

/** An invoice of a coin purchase; `amount` in minor units. */
export const invoiceSchema = z.object({
  id: z.number(),
  number: z.string(),
  coins: z.number(),
  amount: z.number(),
  currency: z.string(),
  is_paid: z.boolean(),
  method: z.string(),
  payment: z.object({ id: z.number(), method: z.string() }),
  attachment_link: z.string().nullable(),
  user: walletUserSchema,
  created_at: z.string(),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** Where a purchase stands after a confirm or a return from the card page. */
export const settlementSchema = z.object({
  status: z.string(),
  coins: z.number(),
  payment_id: z.number(),
  invoice_id: z.number().nullable(),
  balance: z.number(),
  failure: z.enum(['card_declined']).nullable(),
});
export type Settlement = z.infer<typeof settlementSchema>;

/** `wallet/user/get/all-packages` query: `convert` asks for prices in `currency` too. */
export const packagesQuery = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(100),
  convert: z.enum(['0', '1', 'true', 'false']).optional(),
  currency: currencyCodeSchema.optional(),
});

/** `wallet/user/current/balance` query. */
export const walletBalanceQuery = z.object({
  currency: currencyCodeSchema.default('GBP'),
  convert: z.string().max(5).optional(),
});

/** Wallet balance: coins and their value in `currency`, as the API values them. */
export const walletBalanceSchema = z.object({
  balance: z.number(),
  total: z.number(),
  total_minor: z.number(),
  currency: z.string(),
  basis: walletValueBasisSchema,
  /** Pence per coin of `basis` (GBP). */
  pence_per_coin: z.number(),
});
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/** Where a PayPal purchase comes back: the web app, or the mobile apps' purchase page. */
export const returnToSchema = z.enum(['web', 'mobile']).default('web');

/** The coin price and the custom purchase range (`wallet/user/coin-price`). */
export const coinPriceSchema = z.object({
  pence_per_coin: z.number(),
  currency: z.literal('GBP'),
  custom_min: z.number(),
  custom_max: z.number(),
});
export type CoinPrice = z.infer<typeof coinPriceSchema>;

/** A custom-amount purchase started: the hosted page and the provider's reference. */
export const rechargeSchema = z.object({
  url: z.string(),
  session_id: z.string().nullable(),
  order_id: z.string().nullable(),
  sandbox: z.boolean(),
  amount_minor: z.number(),
  currency: z.string(),
});
export type Recharge = z.infer<typeof rechargeSchema>;

/** `stripe/checkout/check/cancel` body: the purchase the reader came back from. */
export const cardReturnBody = z.object({ payment_id: z.coerce.number().int().positive() });

// Back-office.

/** Totals of the main wallet screen: balances per kind of account and coins sold. */
export const mainWalletSchema = z.object({
  accounts: z.array(z.object({ kind: z.string(), accounts: z.number(), balance: z.number() })),
  sold: z.object({ coins: z.number(), revenue_minor: z.number(), count: z.number() }),
});
export type MainWallet = z.infer<typeof mainWalletSchema>;

/** A purchase (deposit) as the back-office lists it. */
export const depositSchema = z.object({
  id: z.number(),
  user: walletUserSchema,
  method: z.string(),
  provider: z.string(),
  provider_ref: z.string().nullable(),
  coins: z.number(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

/** A user's coin balance as the back-office lists it. */
export const walletBalanceItemSchema = z.object({
  user: walletUserSchema.extend({ user_type_id: z.number() }),
  balance: z.number(),
  /** The balance's value in pence as the user's own app shows it (`coinValue`). */
  value_minor: z.number(),
  value_basis: walletValueBasisSchema,
  currency: z.string(),
});
export type WalletBalanceItem = z.infer<typeof walletBalanceItemSchema>;

/**
 * A package as staff create or edit it. Range messages are left to the API's error handler, which
 * names the limit ("1 is min value"); a bare 'validation.min_value' key here would answer
 * "{{value}} is min value".
 */
export const packageBody = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
  coins: z.coerce.number().int('validation.whole_number').min(1).max(10_000_000),
  bonus_coins: z.coerce.number().int('validation.whole_number').min(0).max(10_000_000).default(0),
  price: z.coerce.number().int('validation.whole_number').min(50).max(100_000_000),
  currency: z.literal('GBP').default('GBP'),
  min_followers: z.coerce.number().int().min(0).nullable().optional(),
  duration_days: z.coerce.number().int().min(1).max(365).nullable().optional(),
  is_active: z.boolean().default(true),
  position: z.coerce.number().int().min(0).max(1000).default(0),
  /** The name in French, German, Arabic and Turkish; absent keeps the stored ones. */
  translations: translationsSchema({ name: 100 }).optional(),
});
export type PackageInput = z.input<typeof packageBody>;

/** A manual credit or debit of a user's coins by staff. */
export const adjustmentBody = z.object({
  user_id: z.coerce.number().int().positive(),
  coins: z.coerce.number().int('validation.whole_number').min(1).max(10_000_000),
  direction: z.enum(['credit', 'debit']),
  reason: z.string().trim().min(3, 'wallet.reason_required').max(500, 'validation.too_long'),
  /** Client-generated key so a double-clicked submit adjusts once. */
  idempotency_key: z.string().min(8).max(100),
});
export type AdjustmentInput = z.input<typeof adjustmentBody>;
/** The adjustment as the API reads it (coins and user id as numbers): what the back-office form sends. */
export type AdjustmentBody = z.output<typeof adjustmentBody>;

/** An adjustment booked: the new balance and the movement's number. */
export const adjustmentResultSchema = z.object({ balance: z.number(), transactions_id: z.string() });
export type AdjustmentResult = z.infer<typeof adjustmentResultSchema>;

// Currency calls (rates provider).

/** `payments/wise/gbp/usd/{amount}`: pounds converted to dollars. */
export const gbpUsdSchema = z.object({
  source: z.string(),
  target: z.string(),
  rate: z.number(),
  amount: z.number(),
  converted: z.number(),
});

/** One currency of `payments/wise/currencies`. */
export const currencyItemSchema = z.object({
  id: z.number(),
  currencyCode: z.string(),
  isTargetCurrency: z.boolean(),
});
export type CurrencyItem = z.infer<typeof currencyItemSchema>;

/** `payments/wise/currencies` query (30 a page by default). */
export const currenciesQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(LIMITS.currencyPageSize),
  q: z.string().trim().max(10).optional(),
});

/** `payments/wise/currency-get` query. */
export const currencyRateQuery = z.object({
  source: currencyCodeSchema.default('GBP'),
  target: currencyCodeSchema,
  amount: z.coerce.number().min(0).max(100_000_000).optional(),
});

/** One rate, and `amount` converted when one was given. */
export const currencyRateSchema = z.object({
  source: z.string(),
  target: z.string(),
  rate: z.number(),
  amount: z.number().nullable(),
  converted: z.number().nullable(),
});
export type CurrencyRate = z.infer<typeof currencyRateSchema>;
