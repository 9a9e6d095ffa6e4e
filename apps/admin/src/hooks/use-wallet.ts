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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

export function useMainWallet() {
  const { api } = useApi();
  return useQuery({
    queryKey: adminWalletKeys.main,
    queryFn: async () => (await api.get<MainWallet>('admin/wallet/main')).data,
  });
}

/** GET admin/wallet/transactions/{id}. */
export function useAdminTransaction(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: adminWalletKeys.transaction(id),
    queryFn: async () => (await api.get<WalletTransaction>(`admin/wallet/transactions/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** GET admin/invoices/{id}. */
export function useAdminInvoice(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: adminWalletKeys.invoice(id),
    queryFn: async () => (await api.get<Invoice>(`admin/invoices/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** POST admin/wallet/adjustments: credits or debits a wallet with a reason (once per key). */
export function useAdjustBalance() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: AdjustmentBody) =>
      (await api.post<AdjustmentResult>('admin/wallet/adjustments', body)).data,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['list', 'admin/wallet/coins'] }),
        client.invalidateQueries({ queryKey: ['list', 'admin/wallet/transactions'] }),
        client.invalidateQueries({ queryKey: adminWalletKeys.main }),
      ]),
  });
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
  const { api } = useApi();
  return useQuery({
    queryKey: adminWalletKeys.packages,
    queryFn: async () => (await api.get<CoinPackage[]>('admin/wallet/packages')).data,
  });
}

/** POST admin/wallet/packages or PUT admin/wallet/packages/{id}. */
export function useSavePackage() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: PackageBody }) =>
      id
        ? (await api.put<CoinPackage>(`admin/wallet/packages/${id}`, body)).data
        : (await api.post<CoinPackage>('admin/wallet/packages', body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: adminWalletKeys.packages }),
  });
}

/** DELETE admin/wallet/packages/{id}: retires the package (kept for its payments and invoices). */
export function useDeletePackage() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`admin/wallet/packages/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: adminWalletKeys.packages }),
  });
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
