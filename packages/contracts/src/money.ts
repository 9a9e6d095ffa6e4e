import { z } from 'zod';

/**
 * Money rules shared by the API and the apps.
 * Coins are whole numbers; money is in pence (GBP minor units). Messages are keys of the shared
 * catalog; their placeholders are named after the zod issue's own fields (`{{minimum}}`,
 * `{{maximum}}`), which the API's error handler and the apps' form resolver both pass as parameters.
 */

/** Smallest and largest custom coin purchase (`wallet/user/recharge/coins`). */
export const CUSTOM_COINS = { min: 10, max: 100_000 } as const;

/**
 * A whole number: missing is "Field is required", anything else that is not a number "Please enter
 * a whole number". Range checks added to it keep their own (or the generic) messages: the schema's
 * error function answers only type issues.
 */
export function wholeNumber() {
  return z
    .number({
      error: (issue) =>
        issue.code !== 'invalid_type'
          ? undefined
          : issue.input === undefined
            ? 'validation.required'
            : 'validation.whole_number',
    })
    .int('validation.whole_number');
}

/**
 * Price in pence of `coins` bought at `pencePerCoin` (the `coin_price_pence` setting): what a custom
 * amount and a card-paid campaign cost, and what an artist's coins are worth.
 */
export function coinsPriceMinor(coins: number, pencePerCoin: number): number {
  return coins * pencePerCoin;
}

/** A package's price against the same coins bought at the coin price. */
export interface PackageSaving {
  /** Pence the package's coins (bonus included) cost at the coin price. */
  list_price: number;
  /** Pence saved: `list_price - price` (never negative for a package the API accepts). */
  saving: number;
  /** Whole percent saved, rounded down so a saving is never overstated. */
  saving_percent: number;
}

/**
 * What a package saves against the coin price: its coins and bonus coins at
 * `pencePerCoin`, less its price. One function for the API's package answers (web cards, admin list).
 * @param pkg coins, bonus coins and price in pence
 */
export function packageSaving(
  pkg: { coins: number; bonus_coins: number; price: number },
  pencePerCoin: number,
): PackageSaving {
  const list = coinsPriceMinor(pkg.coins + pkg.bonus_coins, pencePerCoin);
  const saving = list - pkg.price;
  return { list_price: list, saving, saving_percent: list > 0 ? Math.floor((saving * 100) / list) : 0 };
}

/**
 * Body of a custom coin purchase (`POST wallet/user/recharge/coins`), shared by the API and the
 * coin page: 10 to 100,000 whole coins, paid by card or PayPal.
 */
export const customCoinsSchema = z.object({
  coins: wholeNumber().min(CUSTOM_COINS.min, 'wallet.custom_min').max(CUSTOM_COINS.max, 'wallet.custom_max'),
  method: z.enum(['card', 'paypal']).default('card'),
});
export type CustomCoinsInput = z.input<typeof customCoinsSchema>;

/** A withdrawal amount's problem as a message key with its parameters, or null when it is fine. */
export type WithdrawalProblem = { key: string; params?: Record<string, number> } | null;

/**
 * The rule of a withdrawal amount, applied by the API when it makes a quote and by
 * the withdrawal form before sending: some balance, a whole number of coins, at least the
 * `min_withdrawal_coins` setting, at most the balance.
 * @param coins coins asked for
 * @param limits `minimum` (setting, coins) and `balance` (coins in the wallet)
 */
export function withdrawalProblem(
  coins: number,
  limits: { minimum: number; balance: number },
): WithdrawalProblem {
  if (limits.balance <= 0) return { key: 'payouts.no_available_balance' };
  if (!Number.isSafeInteger(coins)) return { key: 'validation.whole_number' };
  if (coins < limits.minimum) return { key: 'payouts.below_minimum', params: { minimum: limits.minimum } };
  if (coins > limits.balance)
    return { key: 'payouts.more_than_available', params: { value: limits.balance } };
  return null;
}

/** The withdrawal form's coins field: {@link withdrawalProblem} as a zod schema. */
export function withdrawalCoinsSchema(limits: { minimum: number; balance: number }) {
  return wholeNumber().superRefine((coins, ctx) => {
    const problem = withdrawalProblem(coins, limits);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params });
  });
}

/**
 * Ranges of the numeric system settings (`PUT /api/admin/settings`): platform fee whole percent, coin
 * price and payout rate whole pence per coin, the smallest withdrawal in coins, default campaign
 * durations in days.
 */
export const SETTING_RANGES = {
  platform_fee_percent: [0, 90],
  coin_price_pence: [1, 100_000],
  payout_rate_pence: [1, 100_000],
  min_withdrawal_coins: [1, 100_000],
  // Coins above which a payout request needs a second approver; 0 turns the rule off.
  payout_second_approval_coins: [0, 100_000_000],
  playlist_submission_days: [1, 30],
  on_going_days: [1, 365],
  auditing_days: [1, 30],
  // Days a seller has to answer a request before it is declined and refunded.
  answer_days: [1, 60],
  // Seconds a seller listens before deciding on a request; 0 turns the rule off.
  min_listen_seconds: [0, 300],
  // Words of written feedback a decline needs (counted by `countWords`); 0 asks for none.
  min_feedback_words: [0, 200],
  // Support ticket time promises per priority, whole hours; at most 90 days.
  ticket_response_hours_high: [1, 2_160],
  ticket_response_hours_medium: [1, 2_160],
  ticket_response_hours_low: [1, 2_160],
  ticket_resolution_hours_high: [1, 2_160],
  ticket_resolution_hours_medium: [1, 2_160],
  ticket_resolution_hours_low: [1, 2_160],
} as const satisfies Record<string, readonly [number, number]>;
export type NumericSettingKey = keyof typeof SETTING_RANGES;

const ranged = (key: NumericSettingKey) =>
  wholeNumber().min(SETTING_RANGES[key][0]).max(SETTING_RANGES[key][1]);

/** Longest maintenance message staff may write (characters). */
export const MAINTENANCE_MESSAGE_MAX = 500;

const settingsShape = {
  maintenance_mode: z.boolean({ error: 'validation.invalid' }),
  // Staff's own words on the maintenance screen and banners; empty: the apps' translated text.
  maintenance_message: z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(MAINTENANCE_MESSAGE_MAX, 'validation.too_long'),
  platform_fee_percent: ranged('platform_fee_percent'),
  coin_price_pence: ranged('coin_price_pence'),
  payout_rate_pence: ranged('payout_rate_pence'),
  min_withdrawal_coins: ranged('min_withdrawal_coins'),
  payout_second_approval_coins: ranged('payout_second_approval_coins'),
  playlist_submission_days: ranged('playlist_submission_days'),
  on_going_days: ranged('on_going_days'),
  auditing_days: ranged('auditing_days'),
  answer_days: ranged('answer_days'),
  min_listen_seconds: ranged('min_listen_seconds'),
  min_feedback_words: ranged('min_feedback_words'),
  ticket_response_hours_high: ranged('ticket_response_hours_high'),
  ticket_response_hours_medium: ranged('ticket_response_hours_medium'),
  ticket_response_hours_low: ranged('ticket_response_hours_low'),
  ticket_resolution_hours_high: ranged('ticket_resolution_hours_high'),
  ticket_resolution_hours_medium: ranged('ticket_resolution_hours_medium'),
  ticket_resolution_hours_low: ranged('ticket_resolution_hours_low'),
  mail_from_name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(100, 'validation.too_long')
    .regex(/^[^<>"\r\n]+$/, 'settings.sender_invalid'),
};

/**
 * Body of `PUT /api/admin/settings`: any subset of the settings, unknown keys refused. Out-of-range
 * numbers are refused with "{value} is min value" / "{value} is max value", never clamped.
 */
export const settingsUpdateSchema = z.object(settingsShape).partial().strict();
export type SettingsUpdate = z.output<typeof settingsUpdateSchema>;

/** The /system/settings form: every setting, and the payout rate at most the coin price. */
export const settingsFormSchema = z
  .object(settingsShape)
  .refine((s) => s.payout_rate_pence <= s.coin_price_pence, {
    message: 'settings.payout_above_price',
    path: ['payout_rate_pence'],
  });
export type SettingsForm = z.output<typeof settingsFormSchema>;

/**
 * How a card covers the coins a campaign request lacks (`express/artist/campaign/checkout/quote`):
 * the request's `total` against the wallet's `balance`, the `missing` coins and the
 * cheapest single purchase covering them (the missing coins at the coin price, or a package with at
 * least as many coins for less; its extra coins stay in the wallet). `purchase` is null when the wallet
 * covers the request (`reason` `wallet_covers`: no card needed). Money in minor units of `currency`.
 */
export const topUpQuoteSchema = z.object({
  total: z.number().int(),
  balance: z.number().int(),
  missing: z.number().int(),
  /** The missing coins at the coin price, for comparison. */
  at_coin_price_minor: z.number().int(),
  purchase: z
    .object({
      kind: z.enum(['coins', 'package']),
      package_id: z.number().int().nullable(),
      package_name: z.string().nullable(),
      /** Coins the card buys (a package's bonus included). */
      coins: z.number().int(),
      amount_minor: z.number().int(),
      currency: z.string(),
    })
    .nullable(),
  reason: z.enum(['wallet_covers', 'package_cheaper', 'no_cheaper_package']),
});
export type TopUpQuote = z.infer<typeof topUpQuoteSchema>;
