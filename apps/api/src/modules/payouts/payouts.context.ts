import { PAYOUT_STATUS } from '@lm/contracts';
import type { AppDeps } from '../../platform/app';
import { ForbiddenError } from '../../platform/errors';
import type { payoutQuotes, payoutRecipients, payouts } from './payouts.schema';

/**
 * Withdrawals and payouts through Wise, split by step: payouts.recipients (balance, bank recipients),
 * payouts.quotes (quote, emailed code, request, creating the Wise transfer), payouts.transfer (staff
 * decisions, funding, Wise's state changes), payouts.reconcile (the minute sweep), payouts.views and
 * payouts.jobs. Coins are held when the transfer is requested (desc 4, wallet -> payout escrow), posted
 * when Wise has the transfer funded (desc 6, escrow -> payout clearing), and returned once (desc 3) when
 * staff decline or the transfer bounces or is cancelled.
 *
 * What the payouts service needs from the app.
 */
export type Deps = Pick<AppDeps, 'config' | 'database' | 'jobs' | 'mail' | 'clock' | 'providers' | 'storage'>;
export type Payout = typeof payouts.$inferSelect;
export type Quote = typeof payoutQuotes.$inferSelect;
export type Recipient = typeof payoutRecipients.$inferSelect;

/** Codes one quote may have emailed (each allows 5 attempts): caps guessing at 25 tries per quote. */
export const MAX_CODES_PER_QUOTE = 5;
/** Quotes hold their rate this long (Wise locks a quote's rate for 30 minutes). */
export const QUOTE_TTL_MINUTES = 30;
/** Delay between the sandbox transfer's steps, seconds. */
export const SANDBOX_STEP_SECONDS = 3;

/** Payout statuses still in flight (pending, processing). */
export const OPEN = [PAYOUT_STATUS.PENDING, PAYOUT_STATUS.PROCESSING];

/** Only curators and influencers withdraw. @throws ForbiddenError for artists */
export function assertPayee(userTypeId: number): void {
  if (userTypeId !== 2 && userTypeId !== 3) throw new ForbiddenError('payouts.not_payee');
}
