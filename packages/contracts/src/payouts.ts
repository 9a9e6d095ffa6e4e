import { z } from 'zod';

/**
 * Shapes of the payout calls of curators and influencers (spec section 7 "Payments": the Wise and
 * curator payout calls) and of the back-office payout screens. The API validates requests and
 * serialises answers through these; the apps import their types only (`import type`), which keeps zod
 * out of their bundles.
 *
 * `amount`, `fee`, `target_amount` and `total` are in major units (pounds, or the target currency);
 * fields ending in `_minor` or `_pence` are in minor units; times are ISO 8601 strings.
 */

/** A three-letter currency code in any case, answered upper-case. */
export const payoutCurrencySchema = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'validation.invalid')
  .transform((v) => v.toUpperCase());

/** A two-letter country code in any case, answered upper-case. */
export const payoutCountrySchema = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'validation.invalid')
  .transform((v) => v.toUpperCase());

/** Public quote id (Wise quote ids are UUIDs). */
export const quoteParam = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'validation.invalid');

/** One field of a bank account form, as Wise describes it for a currency and country. */
export const accountFieldSchema = z.object({
  key: z.string(),
  name: z.string(),
  type: z.string(),
  required: z.boolean(),
  example: z.string().nullable(),
  minLength: z.number().nullable(),
  maxLength: z.number().nullable(),
  pattern: z.string().nullable(),
  values: z.array(z.object({ key: z.string(), name: z.string() })),
});
export type AccountField = z.infer<typeof accountFieldSchema>;

/** A kind of bank account a payee may add for a currency (IBAN, sort code...), with its fields. */
export const accountTypeSchema = z.object({
  type: z.string(),
  title: z.string(),
  fields: z.array(accountFieldSchema),
});
export type AccountType = z.infer<typeof accountTypeSchema>;

/** `payments/outgoing/types/search` query. */
export const accountTypesQuery = z.object({
  currency: payoutCurrencySchema,
  country: payoutCountrySchema.optional(),
});

/** A payee's bank account (payout recipient). */
export const recipientSchema = z.object({
  id: z.number(),
  currency: z.string(),
  country: z.string().nullable(),
  type: z.string(),
  account_holder_name: z.string(),
  details: z.record(z.string(), z.string()),
  label: z.string(),
  wise_account_id: z.string(),
  created_at: z.string(),
});
export type Recipient = z.infer<typeof recipientSchema>;

/** A bank account as the payee adds it. */
export const recipientBody = z.object({
  currency: payoutCurrencySchema,
  country: payoutCountrySchema.nullable().optional(),
  type: z.string().trim().min(1, 'validation.required').max(40, 'validation.too_long'),
  account_holder_name: z.string().trim().min(2, 'validation.required').max(140, 'validation.too_long'),
  details: z.record(z.string().max(60), z.string().max(200, 'validation.too_long')).default({}),
});
export type RecipientInput = z.input<typeof recipientBody>;

/** A quote for withdrawing coins to a recipient: what is sent, the fee and what arrives. */
export const quoteSchema = z.object({
  id: z.string(),
  quote: z.string(),
  coins: z.number(),
  payout_rate_pence: z.number(),
  source_amount: z.number(),
  source_minor: z.number(),
  source_currency: z.string(),
  rate: z.number(),
  fee: z.number(),
  fee_minor: z.number(),
  target_amount: z.number(),
  target_minor: z.number(),
  target_currency: z.string(),
  expires_at: z.string(),
  expires_in_seconds: z.number(),
  expired: z.boolean(),
  verified: z.boolean(),
  recipient_id: z.number(),
});
export type PayoutQuote = z.infer<typeof quoteSchema>;

/**
 * `payments/wise/create/quote/payouts` query. The coins' range (at least the min_withdrawal_coins
 * setting, at most the balance) is the API's `withdrawalProblem`, so -5 answers the minimum's message
 * rather than a generic one.
 */
export const quoteQuery = z.object({
  recipient_id: z.coerce.number().int().positive('validation.required'),
  coins: z.coerce.number().int('validation.whole_number').max(100_000_000).optional(),
});

/** A payout (withdrawal request) and where its transfer stands. */
export const payoutSchema = z.object({
  id: z.number(),
  status_id: z.number(),
  coins: z.number(),
  amount: z.number(),
  amount_minor: z.number(),
  currency: z.string(),
  target_amount: z.number(),
  target_currency: z.string(),
  fee: z.number(),
  rate: z.number(),
  email: z.string(),
  wise_quote_id: z.string(),
  wise_account_id: z.string(),
  wise_transfer_id: z.string().nullable(),
  wise_balance_transaction_id: z.string().nullable(),
  wise_status: z.string().nullable(),
  payment_id: z.number().nullable(),
  attachment_link: z.string().nullable(),
  decline_reason: z.string().nullable(),
  failure_reason: z.string().nullable(),
  recipient_id: z.number(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  funded_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  coins_returned: z.boolean(),
});
export type Payout = z.infer<typeof payoutSchema>;

/** Whether the payee has a payout not yet paid (one at a time), and that payout. */
export const unpaidPayoutSchema = z.object({ has_unpaid: z.boolean(), payout: payoutSchema.nullable() });
export type UnpaidPayout = z.infer<typeof unpaidPayoutSchema>;

/** A quote with its recipient and, once requested, its payout. */
export const quoteDetailsSchema = z.object({
  quote: quoteSchema,
  recipient: recipientSchema,
  payout: payoutSchema.nullable(),
});
export type QuoteDetails = z.infer<typeof quoteDetailsSchema>;

/** Body of the calls that act on a quote (send the code, request the transfer). */
export const quoteIdBody = z.object({ quote_id: quoteParam });

/** The emailed six-digit code that confirms a withdrawal. */
export const verifyCodeBody = z.object({
  quote_id: quoteParam,
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'auth.code_invalid'),
});

/** One day of the last month's chart: coins requested and money paid. */
export const payoutDayStatSchema = z.object({
  date: z.string(),
  requested_coins: z.number(),
  paid_amount: z.number(),
});
export type PayoutDayStat = z.infer<typeof payoutDayStatSchema>;

/** What the payee may withdraw: coins, their value at the payout rate and the minimum. */
export const withdrawableSchema = z.object({
  balance: z.number(),
  payout_rate_pence: z.number(),
  min_withdrawal_coins: z.number(),
  total_minor: z.number(),
  total: z.number(),
  currency: z.string(),
});
export type Withdrawable = z.infer<typeof withdrawableSchema>;

/** The withdrawable amount and the totals paid and pending so far. */
export const payoutSumsSchema = withdrawableSchema.extend({
  total_paid_coins: z.number(),
  total_paid: z.number(),
  pending_coins: z.number(),
  payouts_count: z.number(),
});
export type PayoutSums = z.infer<typeof payoutSumsSchema>;

// Back-office.

/** The payee of a payout, as staff see it. */
export const payeeSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  user_type_id: z.number(),
});

/** A payout in the back-office lists: with its payee and recipient. */
/** Risk levels of a payout request (docs/decisions.md "Payout decisions: permission, second approver, risk"). */
export const PAYOUT_RISK_LEVELS = ['low', 'medium', 'high'] as const;
/** Reasons a risk summary names (`staff.payouts.risk.reason.<key>` in the back-office catalogs). */
export const PAYOUT_RISK_REASONS = [
  'flag_confirmed',
  'flag_pending',
  'new_account',
  'new_recipient',
  'one_artist',
  'mostly_not_earned',
  'earlier_refused',
  'first_payout',
  'no_concern',
] as const;

/** One reason of a risk summary, with the figures its sentence names. */
export const payoutRiskReasonSchema = z.object({
  key: z.enum(PAYOUT_RISK_REASONS),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type PayoutRiskReason = z.infer<typeof payoutRiskReasonSchema>;

/**
 * Risk context of a payout request (issue 36): account age and bank account age at the request (days),
 * trust flags on the payee's playlists and accounts, where the wallet's coins came from (ledger credits:
 * campaign earnings, staff adjustments, anything else; the campaigns' artists, most paying first),
 * earlier payouts by outcome, and the level with its reasons.
 */
export const payoutRiskSchema = z.object({
  level: z.enum(PAYOUT_RISK_LEVELS),
  reasons: z.array(payoutRiskReasonSchema),
  account_age_days: z.number(),
  recipient_age_days: z.number(),
  trust_flags: z.object({ pending: z.number(), confirmed: z.number(), dismissed: z.number() }),
  sources: z.object({
    campaigns_completed: z.number(),
    campaign_coins: z.number(),
    adjustment_coins: z.number(),
    other_coins: z.number(),
    artist_count: z.number(),
    artists: z.array(
      z.object({
        id: z.number().nullable(),
        name: z.string().nullable(),
        campaigns: z.number(),
        coins: z.number(),
      }),
    ),
  }),
  earlier_payouts: z.object({ paid: z.number(), declined: z.number(), failed: z.number(), open: z.number() }),
});
export type PayoutRisk = z.infer<typeof payoutRiskSchema>;

/**
 * Where a payout request stands with its approvers: above the `payout_second_approval_coins` setting it
 * needs two different admins; `first_approved_by` is the first one, until the second approves.
 */
export const payoutApprovalSchema = z.object({
  needs_second_approver: z.boolean(),
  first_approved_by: z.object({ id: z.number(), name: z.string() }).nullable(),
  first_approved_at: z.string().nullable(),
});
export type PayoutApproval = z.infer<typeof payoutApprovalSchema>;

/** A payout as the back-office lists show it: payee, bank account, approvers and risk context. */
export const adminPayoutSchema = payoutSchema.extend({
  user: payeeSchema,
  recipient: recipientSchema,
  approval: payoutApprovalSchema,
  risk: payoutRiskSchema,
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

/** A wallet movement of a payout (the debit, a return of the coins). */
export const payoutMovementSchema = z.object({
  id: z.number(),
  number: z.string(),
  desc_id: z.number(),
  coins: z.number(),
  created_at: z.string(),
});

/** A payout as the back-office detail shows it: its hold and its wallet movements too. */
export const adminPayoutDetailSchema = adminPayoutSchema.extend({
  hold: z.object({ id: z.number(), status: z.string(), amount: z.number() }).nullable(),
  movements: z.array(payoutMovementSchema),
});
export type AdminPayoutDetail = z.infer<typeof adminPayoutDetailSchema>;

/** Staff decline a payout with a reason the payee reads. */
export const payoutDeclineBody = z.object({
  reason: z.string().trim().min(3, 'payouts.reason_required').max(500, 'validation.too_long'),
});

/** The back-office transfer view (/transfers/{quote}): the quote and everything around it. */
export const transferViewSchema = z.object({
  quote: quoteSchema,
  user: payeeSchema,
  recipient: recipientSchema,
  payout: payoutSchema.nullable(),
  wise: z.object({ transfer_id: z.string(), status: z.string() }).nullable(),
});
export type TransferView = z.infer<typeof transferViewSchema>;
