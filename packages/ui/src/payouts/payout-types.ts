import { PAYOUT_STATUSES } from '@lm/contracts';

/**
 * Shapes of the payout answers: the zod schemas in `@lm/contracts/payouts` that the API serialises its
 * responses through, imported as types only (no zod in the bundles). Amounts are in major units of
 * their currency; a quote's `expires_in_seconds` is read on the server's clock.
 */
export type {
  AccountField,
  AccountType,
  AdminPayout,
  AdminPayoutDetail,
  Payout,
  PayoutDayStat,
  PayoutQuote,
  PayoutSums,
  QuoteDetails,
  Recipient as PayoutRecipient,
  TransferView,
  UnpaidPayout,
  Withdrawable,
} from '@lm/contracts/payouts';

/** The status entries of payouts (1 pending, 2 processing, 3 paid, 4 declined, 5 failed). */
export { PAYOUT_STATUSES };

/** Whole pounds (or other major units) to minor units, for formatMoney. */
export const majorToMinor = (amount: number) => Math.round(amount * 100);
