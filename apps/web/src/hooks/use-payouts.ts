import type { AccountType, Payout, PayoutDayStat, PayoutQuote, PayoutRecipient, PayoutSums } from '@lm/ui';
import { payoutKeys, useApi } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export type { AccountType, PayoutSums };

export function usePayoutSums() {
  const { api } = useApi();
  return useQuery({
    queryKey: payoutKeys.sums,
    queryFn: async () => (await api.get<PayoutSums>('curator/sum/payouts')).data,
  });
}

export function usePayoutStats() {
  const { api } = useApi();
  return useQuery({
    queryKey: payoutKeys.stats,
    queryFn: async () =>
      (await api.get<PayoutDayStat[]>('curator/payouts/last/month/stats', { silent: true })).data,
  });
}

/** `payments/wise/unpaid/payouts/check`: the open request, if any. */
export function useOpenPayout() {
  const { api } = useApi();
  return useQuery({
    queryKey: payoutKeys.open,
    queryFn: async () =>
      (await api.get<{ has_unpaid: boolean; payout: Payout | null }>('payments/wise/unpaid/payouts/check'))
        .data,
  });
}

export function useRecipients() {
  const { api } = useApi();
  return useQuery({
    queryKey: payoutKeys.recipients,
    queryFn: async () => (await api.get<PayoutRecipient[]>('payments/transfer/info')).data,
  });
}

/** `payments/wise/currencies` (30 per page): the payout currencies. */
export function usePayoutCurrencies() {
  const { api } = useApi();
  return useQuery({
    queryKey: payoutKeys.currencies,
    queryFn: async () =>
      (
        await api.list<{ id: number; currencyCode: string; isTargetCurrency: boolean }>(
          'payments/wise/currencies',
          {
            query: { limit: 30 },
          },
        )
      ).data,
    staleTime: 3_600_000,
  });
}

/** `payments/outgoing/types/search`: fields required per currency and country. */
export function useAccountTypes(currency: string | null, country: string | null) {
  const { api } = useApi();
  return useQuery({
    queryKey: payoutKeys.types(currency ?? '', country),
    queryFn: async () =>
      (
        await api.get<AccountType[]>('payments/outgoing/types/search', {
          query: { currency: currency ?? '', country: country ?? undefined },
        })
      ).data,
    enabled: Boolean(currency),
  });
}

export function useSaveRecipient() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: {
      currency: string;
      country: string | null;
      type: string;
      account_holder_name: string;
      details: Record<string, string>;
    }) => (await api.post<PayoutRecipient>('payments/transfer/info/store', body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.recipients }),
  });
}

export function useDeleteRecipient() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api.delete(`payments/wise/user/info/delete/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.recipients }),
  });
}

/** `payments/wise/create/quote/payouts` (a GET that locks a rate for 30 minutes). */
export function useCreateQuote() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (input: { recipient_id: number; coins: number }) =>
      (await api.get<PayoutQuote>('payments/wise/create/quote/payouts', { query: input })).data,
  });
}

/** `payments/wise/user/transfer/view/{quote}`: the quote, its bank account and payout. */
export function useQuoteView(quote: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: payoutKeys.quote(quote),
    queryFn: async () =>
      (
        await api.get<{ quote: PayoutQuote; recipient: PayoutRecipient; payout: Payout | null }>(
          `payments/wise/user/transfer/view/${encodeURIComponent(quote)}`,
        )
      ).data,
  });
}

export function useSendCode() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (quoteId: string) => api.post('payments/send/verification/code', { quote_id: quoteId }),
  });
}

/** Verify the emailed code, then create the transfer (status_id 1). */
export function useConfirmWithdrawal() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ quoteId, code }: { quoteId: string; code: string }) => {
      await api.post('payments/verify/code', { quote_id: quoteId, code }, { silent: true });
      return (await api.post<Payout>('payments/wise/create/transfer', { quote_id: quoteId })).data;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: payoutKeys.all }),
  });
}

export function usePayout(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: payoutKeys.payout(id),
    queryFn: async () => (await api.get<Payout>(`curator/payouts/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** `curator/payout/{id}`: the receipt PDF of a paid payout (made on demand). */
export function useEnsureReceipt() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<Payout>(`curator/payout/${id}`)).data,
    onSuccess: (p) => client.setQueryData(payoutKeys.payout(p.id), p),
  });
}
