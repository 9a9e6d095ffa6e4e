import { PAYOUT_STATUSES } from '@lm/contracts';

/** A payout as the API answers it (spec section 3 "Payout"; amounts in major units of their currency). */
export interface Payout {
  id: number;
  status_id: number;
  coins: number;
  amount: number;
  amount_minor: number;
  currency: string;
  target_amount: number;
  target_currency: string;
  fee: number;
  rate: number;
  email: string;
  wise_quote_id: string;
  wise_account_id: string;
  wise_transfer_id: string | null;
  wise_balance_transaction_id: string | null;
  wise_status: string | null;
  payment_id: number | null;
  attachment_link: string | null;
  decline_reason: string | null;
  failure_reason: string | null;
  recipient_id: number;
  created_at: string;
  reviewed_at: string | null;
  funded_at: string | null;
  paid_at: string | null;
  coins_returned: boolean;
}

/** A bank account payouts are sent to (a Wise recipient account). */
export interface PayoutRecipient {
  id: number;
  currency: string;
  country: string | null;
  type: string;
  account_holder_name: string;
  details: Record<string, string>;
  label: string;
  wise_account_id: string;
  created_at: string;
}

/** A withdrawal quote (valid 30 minutes). */
export interface PayoutQuote {
  id: string;
  quote: string;
  coins: number;
  payout_rate_pence: number;
  source_amount: number;
  source_minor: number;
  source_currency: string;
  rate: number;
  fee: number;
  fee_minor: number;
  target_amount: number;
  target_minor: number;
  target_currency: string;
  expires_at: string;
  /** Seconds left on the server's clock when the quote was read. */
  expires_in_seconds: number;
  expired: boolean;
  verified: boolean;
  recipient_id: number;
}

/** A payout with its user and bank account (back-office lists). */
export interface AdminPayout extends Payout {
  user: { id: number; name: string; email: string; user_type_id: number };
  recipient: PayoutRecipient;
}

/** The status entries of payouts (1 pending, 2 processing, 3 paid, 4 declined, 5 failed). */
export { PAYOUT_STATUSES };

/** Whole pounds (or other major units) to minor units, for formatMoney. */
export const majorToMinor = (amount: number) => Math.round(amount * 100);
