import type { SessionUser } from '@lm/contracts';
import {
  type CoinPackage,
  type CoinPrice,
  type Invoice,
  type Recharge,
  type Settlement,
  useApi,
  useSession,
  type WalletBalance,
  walletKeys,
} from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export type { CoinPrice, Settlement };

/**
 * Answer of a started checkout: the provider's (or sandbox's) hosted page, with the card session's or
 * the PayPal order's reference (the start calls answer one of them, the recharge call both).
 */
export type CheckoutStart = Pick<Recharge, 'url' | 'sandbox'> &
  Partial<Pick<Recharge, 'session_id' | 'order_id'>>;

/** Where the last checkout was sent: shown as the Sandbox label when the page comes back. */
const SANDBOX_KEY = 'LC_PAYMENT_SANDBOX';

export function rememberSandbox(sandbox: boolean): void {
  try {
    sessionStorage.setItem(SANDBOX_KEY, sandbox ? '1' : '0');
  } catch {
    // Storage can be unavailable; the label is only informative.
  }
}

export function wasSandbox(): boolean {
  try {
    return sessionStorage.getItem(SANDBOX_KEY) === '1';
  } catch {
    return false;
  }
}

/** GET wallet/user/get/all-packages (converted to GBP: the UI shows the pound sign). */
export function usePackages() {
  const { api } = useApi();
  return useQuery({
    queryKey: walletKeys.packages,
    queryFn: async () =>
      (await api.get<CoinPackage[]>('wallet/user/get/all-packages', { query: { limit: 100 } })).data,
  });
}

/**
 * GET wallet/user/current/balance?currency=GBP; every answer is stored in the session
 * (UPDATE_USER_BALANCE), so the menu and dashboard follow.
 */
export function useWalletBalance(enabled = true) {
  const { api } = useApi();
  const session = useSession<SessionUser>();
  const { setBalance } = session;
  return useQuery({
    queryKey: walletKeys.balance,
    queryFn: async () => {
      const data = (
        await api.get<WalletBalance>('wallet/user/current/balance', {
          query: { currency: 'GBP' },
          silent: true,
        })
      ).data;
      setBalance(data.balance);
      return data;
    },
    enabled: enabled && Boolean(session.user),
  });
}

/** Refreshes the balance (and the lists that depend on it) after a change. */
export function useRefreshWallet() {
  const client = useQueryClient();
  const { setBalance } = useSession<SessionUser>();
  return useCallback(
    async (balance?: number) => {
      if (typeof balance === 'number') setBalance(balance);
      await Promise.all([
        client.invalidateQueries({ queryKey: walletKeys.balance }),
        client.invalidateQueries({ queryKey: ['list', 'wallet/user/transaction'] }),
        client.invalidateQueries({ queryKey: ['list', 'artist/invoices'] }),
      ]);
    },
    [client, setBalance],
  );
}

/** POST stripe/create/checkout {package_id}: the hosted card page. */
export function useCardCheckout() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (packageId: number) =>
      (await api.post<CheckoutStart>('stripe/create/checkout', { package_id: packageId })).data,
  });
}

/** POST payments/paypal/checkout/url {package_id}: the PayPal approval page. */
export function usePayPalCheckout() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (packageId: number) =>
      (await api.post<CheckoutStart>('payments/paypal/checkout/url', { package_id: packageId })).data,
  });
}

/** POST wallet/user/recharge/coins {coins, method}: a custom amount of coins. */
export function useCustomRecharge() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: { coins: number; method: 'card' | 'paypal' }) =>
      (await api.post<CheckoutStart>('wallet/user/recharge/coins', body)).data,
  });
}

/** GET wallet/user/coin-price: what a coin costs (custom amounts, card-paid campaigns). */
export function useCoinPrice(enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: walletKeys.coinPrice,
    queryFn: async () => (await api.get<CoinPrice>('wallet/user/coin-price', { silent: true })).data,
    enabled,
    staleTime: 60_000,
  });
}

/**
 * POST stripe/checkout/check/cancel {payment_id}: back through the card page's cancel URL, how it
 * ended: left (no failure), card declined (`failure: 'card_declined'`), or paid after all.
 */
export function useCardReturn() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (paymentId: number) =>
      (
        await api.post<Settlement>(
          'stripe/checkout/check/cancel',
          { payment_id: paymentId },
          { silent: true },
        )
      ).data,
  });
}

/** POST stripe/checkout/check/pay {session_id}: the card payment's outcome (credits once). */
export function useConfirmCard() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (sessionId: string) =>
      (await api.post<Settlement>('stripe/checkout/check/pay', { session_id: sessionId })).data,
  });
}

/** POST payments/paypal/callback/url {order_id}: captures the approved PayPal order (credits once). */
export function useConfirmPayPal() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (orderId: string) =>
      (await api.post<Settlement>('payments/paypal/callback/url', { order_id: orderId })).data,
  });
}

/** GET artist/invoices/{id}. */
export function useInvoice(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: walletKeys.invoice(id),
    queryFn: async () => (await api.get<Invoice>(`artist/invoices/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** POST artist/invoice/{id}: makes sure the PDF exists and answers its link. */
export function useEnsureInvoicePdf() {
  const { api } = useApi();
  const client = useQueryClient();
  return useCallback(
    async (id: number): Promise<string | null> => {
      const invoice = (await api.post<Invoice>(`artist/invoice/${id}`, undefined, { silent: true })).data;
      client.setQueryData(walletKeys.invoice(id), invoice);
      return invoice.attachment_link;
    },
    [api, client],
  );
}
