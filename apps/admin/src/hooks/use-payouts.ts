import type { BulkResult } from '@lm/contracts/bulk';
import type { AdminPayoutDetail, TransferView } from '@lm/ui';

export type { AdminPayoutDetail };
/** `admin/transfers/{quote}`: the quote, its user, bank account, payout and the live Wise state. */
export type AdminTransfer = TransferView;

import { adminPayoutKeys, useApi } from '@lm/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isRecordId, useGet } from './use-admin-api';

export function useAdminPayout(id: number) {
  return useGet<AdminPayoutDetail>(adminPayoutKeys.payout(id), `admin/payouts/${id}`, {
    enabled: isRecordId(id),
  });
}

export function useAdminTransfer(quote: string) {
  return useGet<AdminTransfer>(
    adminPayoutKeys.transfer(quote),
    `admin/transfers/${encodeURIComponent(quote)}`,
  );
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

/**
 * Bulk approve or decline of payout requests (`admin/payouts/bulk/approve|decline`): each id goes
 * through the single decision's rules; answers per id what was done or refused.
 */
export function usePayoutBulk() {
  const { api } = useApi();
  const queryClient = useQueryClient();
  const after = () => queryClient.invalidateQueries({ queryKey: adminPayoutKeys.payouts });
  return {
    approve: async (ids: number[]) => {
      const res = await api.post<BulkResult>('admin/payouts/bulk/approve', { ids });
      await after();
      return res.data;
    },
    decline: async (ids: number[], reason: string) => {
      const res = await api.post<BulkResult>('admin/payouts/bulk/decline', { ids, reason });
      await after();
      return res.data;
    },
  };
}
