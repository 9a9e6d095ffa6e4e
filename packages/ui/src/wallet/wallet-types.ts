import { isolateTextParams } from '@lm/contracts/format';
import type { Translations } from '@lm/contracts/translations';
import type { TFunction } from 'i18next';
/** A wallet transaction as the wallet lists answer it (spec section 3 "Transaction"). */
export interface WalletTransaction {
  id: number;
  transactions_id: string;
  coins: number;
  /** Money paid, in minor units (pence), or null when no money moved. */
  amount: number | null;
  currency: string | null;
  transaction_date: string;
  transaction_type: 'credit' | 'debit';
  desc_id: number;
  desc: { desc: string };
  balance_after: number;
  invoice: { id: number; attachment_link: string | null; payment: { id: number } } | null;
  transaction_details: {
    refund_type: string | null;
    campaign_type: string | null;
    campaign_id: string | null;
  };
  transfer: { wise_quote_id: string | null } | null;
  user?: { id: number; name: string; email: string } | null;
  /** What the movement was: a catalog key (`wallet.describe.*`) and its raw params (issue 20). */
  description?: { key: string; params: Record<string, string | number> };
  /** Signed pence (debits negative): money paid (`paid`) or the coins valued at `basis` today. */
  total?: { minor: number; currency: string; basis: 'paid' | WalletValueBasis };
}

/** A coin package (spec section 3 "Package"); `price` in pence. */
export interface CoinPackage {
  id: number;
  name: string;
  coins: number;
  bonus_coins: number;
  total_coins: number;
  price: number;
  currency: string;
  min_followers: number | null;
  duration_days: number | null;
  is_active: boolean;
  position: number;
  /** Pence the same coins (bonus included) cost at the coin price. */
  list_price: number;
  /** Pence saved against `list_price`, and as a whole percent (rounded down). */
  saving: number;
  saving_percent: number;
  converted: { currency: string; amount: number } | null;
  /** Back-office only: the name in the other languages (issue 28 item 11). */
  translations?: Translations<'name'>;
}

/** Which setting values a wallet's coins (issue 11): an artist's the coin price, a payee's the payout rate. */
export type WalletValueBasis = 'coin_price' | 'payout_rate';

/** Wallet balance (spec section 3): coins and their value in `currency`, as the API values them. */
export interface WalletBalance {
  balance: number;
  total: number;
  total_minor: number;
  currency: string;
  basis: WalletValueBasis;
  /** Pence per coin of `basis` (GBP). */
  pence_per_coin: number;
}

/** An invoice of a coin purchase; `amount` in minor units. */
export interface Invoice {
  id: number;
  number: string;
  coins: number;
  amount: number;
  currency: string;
  is_paid: boolean;
  method: string;
  payment: { id: number; method: string };
  attachment_link: string | null;
  user: { id: number; name: string; email: string };
  created_at: string;
}

/**
 * i18n keys of the transaction descriptions by desc_id (spec section 4): 1 coin purchase,
 * 2 campaign purchase, 3 refund, 4 payout request, 5 deducted from balance, 6 withdraw credits,
 * 7 fan finder subscription.
 */
export const TRANSACTION_DESC_KEYS: Readonly<Record<number, string>> = {
  1: 'wallet.desc.coin_purchase',
  2: 'wallet.desc.campaign_purchase',
  3: 'wallet.desc.refund',
  4: 'wallet.desc.payout_request',
  5: 'wallet.desc.deducted',
  6: 'wallet.desc.withdraw_credits',
  7: 'wallet.desc.fan_finder',
};

/** Refund of a campaign that ended with a partial refund for low performance (spec section 4). */
export const COMPLETE_REFUND = 'complete_refund';

/** i18n key of the description of a transaction; refunds say which kind. */
export function transactionDescKey(tx: Pick<WalletTransaction, 'desc_id' | 'transaction_details'>): string {
  if (tx.desc_id === 3) {
    const type = tx.transaction_details.refund_type;
    if (type === COMPLETE_REFUND) return 'wallet.desc.refund_partial';
    if (type === 'manual_adjustment') return 'wallet.desc.refund_manual';
  }
  return TRANSACTION_DESC_KEYS[tx.desc_id] ?? 'wallet.desc.other';
}

/**
 * The description of a transaction in the reader's language (issue 20): the API's key and params
 * (`wallet.describe.*`: package, campaign with track and playlist, refund, payout...), the names
 * isolated in right-to-left text; older answers without one fall back to the desc_id's label.
 */
export function describeTransaction(
  t: TFunction,
  language: string,
  tx: Pick<WalletTransaction, 'desc_id' | 'transaction_details' | 'description'>,
): string {
  if (!tx.description) return t(transactionDescKey(tx));
  const params: Record<string, unknown> = { ...tx.description.params };
  if (typeof params.method === 'string') params.method = t(`wallet.method.${params.method}`);
  return t(tx.description.key, isolateTextParams(language, params));
}

/** Signed coins of a transaction: `+100` for a credit, `-100` for a debit. */
export function signedCoins(tx: Pick<WalletTransaction, 'coins' | 'transaction_type'>): number {
  const coins = Math.abs(tx.coins);
  return tx.transaction_type === 'debit' ? -coins : coins;
}

/** Payment provider of an invoice's payment: 1 is the card provider, otherwise PayPal (spec section 3). */
export function paymentProviderKey(paymentId: number | undefined, method?: string): string {
  if (method === 'card' || (method === undefined && paymentId === 1)) return 'wallet.method.card';
  return 'wallet.method.paypal';
}
