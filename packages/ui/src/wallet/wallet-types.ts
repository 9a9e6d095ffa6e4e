import { isolateTextParams } from '@lm/contracts/format';
import type { WalletTransaction } from '@lm/contracts/wallet';
import type { TFunction } from 'i18next';

/**
 * Shapes of the wallet answers: the zod schemas in `@lm/contracts/wallet` that the API serialises its
 * responses through, imported as types only (no zod in the bundles).
 */
export type {
  CoinPackage,
  CoinPrice,
  CurrencyItem,
  CurrencyRate,
  Deposit,
  Invoice,
  MainWallet,
  Recharge,
  Settlement,
  WalletBalance,
  WalletBalanceItem,
  WalletTransaction,
  WalletValueBasis,
} from '@lm/contracts/wallet';

/**
 * i18n keys of the transaction descriptions by desc_id (spec section 4): 1 coin purchase,
 * 2 campaign purchase, 3 refund, 4 payout request, 5 deducted from balance, 6 withdraw credits,
 * 7 fan finder subscription, 8 organisation funding (issue 35).
 */
export const TRANSACTION_DESC_KEYS: Readonly<Record<number, string>> = {
  1: 'wallet.desc.coin_purchase',
  2: 'wallet.desc.campaign_purchase',
  3: 'wallet.desc.refund',
  4: 'wallet.desc.payout_request',
  5: 'wallet.desc.deducted',
  6: 'wallet.desc.withdraw_credits',
  7: 'wallet.desc.fan_finder',
  8: 'wallet.desc.organisation_funding',
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
 * The description of a transaction in the reader's language: the API's key and params
 * (`wallet.describe.*`: package, campaign with track and playlist, refund, payout...), the names
 * isolated in right-to-left text; older answers without one fall back to the desc_id's label.
 */
export function describeTransaction(
  t: TFunction,
  language: string,
  tx: Pick<WalletTransaction, 'desc_id' | 'transaction_details'> & {
    description?: WalletTransaction['description'];
  },
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
