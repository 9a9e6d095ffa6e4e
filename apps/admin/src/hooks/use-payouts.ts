import type { AdminPayoutDetail, TransferView } from '@lm/ui';

export type { AdminPayoutDetail };
/** `admin/transfers/{quote}`: the quote, its user, bank account, payout and the live Wise state. */
export type AdminTransfer = TransferView;

import { adminPayoutKeys, useApi } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export function useAdminPayout(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: adminPayoutKeys.payout(id),
    queryFn: async () => (await api.get<AdminPayoutDetail>(`admin/payouts/${id}`)).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useAdminTransfer(quote: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: adminPayoutKeys.transfer(quote),
    queryFn: async () => (await api.get<AdminTransfer>(`admin/transfers/${encodeURIComponent(quote)}`)).data,
  });
}

/** Approve (fund the Wise transfer) or decline with a reason (coins returned). */
export function usePayoutDecision() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { id: number; action: 'approve' | 'decline'; reason?: string }) =>
      (
        await api.post<AdminPayoutDetail>(
          `admin/payouts/${input.id}/${input.action}`,
          input.action === 'decline' ? { reason: input.reason } : undefined,
        )
      ).data,
    onSuccess: (data) => {
      client.setQueryData(['admin-payouts', data.id], data);
      client.invalidateQueries({ queryKey: ['list'] });
    },
  });
}
