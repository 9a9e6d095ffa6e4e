import { z } from 'zod';

/**
 * Shapes of an organisation's money routes (issue 35 "Money"): its wallet, coins bought into it, its
 * invoices, transfers and monthly budgets for the artists of its roster, its roster dashboard and its
 * monthly statement. Coins are whole numbers; money in minor units of `currency`; months `YYYY-MM`
 * (UTC); times ISO 8601.
 *
 * Routes (members only; abilities of `organisationRules`):
 * - `GET /api/organisations/:id/wallet` balance and coins held in budgets (Funding read);
 *   `GET /api/organisations/:id/wallet/transactions` its ledger entries, paged (Funding read);
 * - `POST /api/organisations/:id/coins/checkout` buy a coin package into the organisation's wallet by
 *   card or PayPal, as an artist buys (Billing manage); the invoice carries the organisation's billing
 *   details (gapless series as today);
 * - `GET /api/organisations/:id/invoices`, `GET /api/organisations/:id/invoices/:invoiceId/pdf`
 *   (Billing read);
 * - `POST /api/organisations/:id/transfers` coins from the organisation's wallet to an artist's wallet
 *   (Funding manage);
 * - `GET /api/organisations/:id/budgets`, `PUT|DELETE /api/organisations/:id/budgets/:artistUserId`
 *   monthly budgets (read: Funding read, per artist for an artist-limited role; write: Funding manage);
 * - `GET /api/organisations/:id/dashboard` the roster dashboard (Roster read, per artist);
 * - `GET /api/organisations/:id/statement?month=YYYY-MM` and `.../statement.csv?month=YYYY-MM`
 *   (Statement read).
 * A campaign created while acting for an artist (`X-Acting-For`) who has a budget in the organisation
 * is paid from that budget (409 `organisations.budget_exceeded` when it holds too few coins; never
 * from anywhere else), otherwise from the artist's own wallet; refunds return where the coins came from.
 */

/** The organisation's wallet. */
export const organisationWalletSchema = z.object({
  /** Coins in the wallet, free to transfer or budget. */
  balance: z.number(),
  /** Coins sitting in the artists' budget accounts (not in `balance`). */
  in_budgets: z.number(),
});
export type OrganisationWallet = z.infer<typeof organisationWalletSchema>;

/** A transfer to an artist's wallet. */
export const organisationTransferInputSchema = z.object({
  artist_user_id: z.number().int().positive(),
  coins: z
    .number({ error: 'validation.invalid' })
    .int('validation.whole_number')
    .positive('wallet.invalid_amount')
    .max(10_000_000, 'validation.too_large'),
  /** Shown on both statements; optional. */
  note: z.string().trim().max(200, 'validation.too_long').optional(),
});
export type OrganisationTransferInput = z.infer<typeof organisationTransferInputSchema>;

/** A monthly budget set (or changed) for an artist. */
export const budgetInputSchema = z.object({
  monthly_coins: z
    .number({ error: 'validation.invalid' })
    .int('validation.whole_number')
    .positive('wallet.invalid_amount')
    .max(10_000_000, 'validation.too_large'),
});
export type BudgetInput = z.infer<typeof budgetInputSchema>;

/** An artist's budget this month. */
export const budgetSchema = z.object({
  artist_user_id: z.number(),
  artist_name: z.string(),
  monthly_coins: z.number(),
  /** Coins campaigns for the artist may still draw this month (the budget account's balance). */
  available: z.number(),
  /** Coins held or spent on campaigns this month, net of refunds. */
  spent_this_month: z.number(),
  month: z.string(),
});
export type Budget = z.infer<typeof budgetSchema>;

/** One artist on the roster dashboard. */
export const rosterDashboardRowSchema = z.object({
  artist_user_id: z.number(),
  artist_name: z.string(),
  avatar_url: z.string().nullable(),
  managed: z.boolean(),
  open_campaigns: z.number(),
  finished_campaigns: z.number(),
  spent_this_month: z.number(),
  /** null when the artist has no budget. */
  monthly_budget: z.number().nullable(),
  /** Results of finished campaigns: placements made (playlist adds, videos posted) and streams reported. */
  placements: z.number(),
  streams: z.number().nullable(),
});
export type RosterDashboardRow = z.infer<typeof rosterDashboardRowSchema>;

/** One line of a monthly statement. */
export const statementLineSchema = z.object({
  date: z.string(),
  /** purchase (coins bought), transfer, budget (top-up or return), campaign, refund */
  kind: z.enum(['purchase', 'transfer', 'budget', 'campaign', 'refund']),
  artist_user_id: z.number().nullable(),
  artist_name: z.string().nullable(),
  description: z.string(),
  /** Signed, as seen from the organisation: coins in positive, coins out negative. */
  coins: z.number(),
  /** Money paid, for purchases. */
  amount_minor: z.number().nullable(),
  currency: z.string().nullable(),
  reference: z.string(),
});
export type StatementLine = z.infer<typeof statementLineSchema>;

/** The monthly statement: lines and totals per artist. */
export const statementSchema = z.object({
  month: z.string(),
  lines: z.array(statementLineSchema),
  per_artist: z.array(
    z.object({
      artist_user_id: z.number(),
      artist_name: z.string(),
      campaigns: z.number(),
      refunds: z.number(),
      transfers: z.number(),
    }),
  ),
  totals: z.object({
    purchases: z.number(),
    campaigns: z.number(),
    refunds: z.number(),
    transfers: z.number(),
  }),
});
export type Statement = z.infer<typeof statementSchema>;

/** `?month=YYYY-MM` of the statement routes. */
export const statementQuerySchema = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.month_invalid'),
});
