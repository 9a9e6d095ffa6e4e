import type { Translations } from '@lm/contracts/translations';
import type { AdjustmentBody, AdjustmentResult } from '@lm/contracts/wallet';
import {
  adminWalletKeys,
  type CoinPackage,
  type Invoice,
  type MainWallet,
  useApi,
  type WalletTransaction,
} from '@lm/ui';
import { z } from 'zod';
import { isRecordId, useChange, useGet } from './use-admin-api';

export function useMainWallet() {
  return useGet<MainWallet>(adminWalletKeys.main, 'admin/wallet/main');
}

/** GET admin/wallet/transactions/{id}. */
export function useAdminTransaction(id: number) {
  return useGet<WalletTransaction>(adminWalletKeys.transaction(id), `admin/wallet/transactions/${id}`, {
    enabled: isRecordId(id),
    retry: false,
  });
}

/** GET admin/invoices/{id}. */
export function useAdminInvoice(id: number) {
  return useGet<Invoice>(adminWalletKeys.invoice(id), `admin/invoices/${id}`, {
    enabled: isRecordId(id),
    retry: false,
  });
}

/** POST admin/wallet/adjustments: credits or debits a wallet with a reason (once per key). */
export function useAdjustBalance() {
  const { api } = useApi();
  return useChange(
    async (body: AdjustmentBody) => (await api.post<AdjustmentResult>('admin/wallet/adjustments', body)).data,
    [['list', 'admin/wallet/coins'], ['list', 'admin/wallet/transactions'], adminWalletKeys.main],
  );
}

/**
 * Body of a coin package (price in pence), as the package form builds it: every field set, unlike the
 * contract's input type whose coerced numbers are `unknown`.
 */
export interface PackageBody {
  name: string;
  coins: number;
  bonus_coins: number;
  price: number;
  min_followers: number | null;
  duration_days: number | null;
  is_active: boolean;
  position: number;
  /** The name in the other languages. */
  translations: Translations<'name'>;
}

/** GET admin/wallet/packages (active and retired). */
export function useAdminPackages() {
  return useGet<CoinPackage[]>(adminWalletKeys.packages, 'admin/wallet/packages');
}

/** POST admin/wallet/packages or PUT admin/wallet/packages/{id}. */
export function useSavePackage() {
  const { api } = useApi();
  return useChange(
    async ({ id, body }: { id?: number; body: PackageBody }) =>
      id
        ? (await api.put<CoinPackage>(`admin/wallet/packages/${id}`, body)).data
        : (await api.post<CoinPackage>('admin/wallet/packages', body)).data,
    [adminWalletKeys.packages],
  );
}

/** DELETE admin/wallet/packages/{id}: retires the package (kept for its payments and invoices). */
export function useDeletePackage() {
  const { api } = useApi();
  return useChange((id: number) => api.delete(`admin/wallet/packages/${id}`), [adminWalletKeys.packages]);
}

/**
 * Adjustment form (the API's rules: 1 to 10,000,000 coins, a reason of at least 3 characters).
 * Messages are catalog keys; `fieldError` translates them.
 */
export const adjustmentSchema = z.object({
  direction: z.enum(['credit', 'debit']),
  coins: z
    .number({ error: 'validation.required' })
    .int('wallet.form.whole_number')
    .min(1, 'wallet.form.at_least_one')
    .max(10_000_000, 'wallet.form.too_big'),
  reason: z.string().trim().min(3, 'wallet.reason_required').max(500, 'validation.too_long'),
});

const count = (min: number, message: string) =>
  z.number({ error: 'validation.required' }).int('wallet.form.whole_number').min(min, message);

/** Package form (the API's rules); the price is typed in pounds and sent in pence. */
export const packageFormSchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
  coins: count(1, 'wallet.form.at_least_one').max(10_000_000, 'wallet.form.too_big'),
  bonus_coins: count(0, 'wallet.form.not_negative').max(10_000_000, 'wallet.form.too_big'),
  price: z
    .number({ error: 'validation.required' })
    .min(0.5, 'wallet.form.price_min')
    .max(1_000_000, 'wallet.form.too_big'),
  min_followers: count(0, 'wallet.form.not_negative').nullable(),
  duration_days: count(1, 'wallet.form.days_range').max(365, 'wallet.form.days_range').nullable(),
  is_active: z.boolean(),
  position: count(0, 'wallet.form.position_range').max(1000, 'wallet.form.position_range'),
});
