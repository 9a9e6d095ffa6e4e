import type { TrustFlagDetail } from '@lm/contracts/trust-flags';
import { trustFlagKeys, useApi } from '@lm/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isRecordId, useGet } from './use-admin-api';

/** GET admin/trust/flags/{id}: one flag with its explanation and follower history. */
export function useTrustFlag(id: number) {
  return useGet<TrustFlagDetail>(trustFlagKeys.flag(id), `admin/trust/flags/${id}`, {
    enabled: isRecordId(id),
  });
}

/** POST admin/trust/flags/{id}/confirm or /dismiss with the staff note; refreshes the queue. */
export function useReviewTrustFlag() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { id: number; decision: 'confirm' | 'dismiss'; note: string }) =>
      (
        await api.post<{ id: number; refunded?: number; also_confirmed?: number[] }>(
          `admin/trust/flags/${v.id}/${v.decision}`,
          {
            note: v.note.trim() || undefined,
          },
        )
      ).data,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: trustFlagKeys.all });
      await client.invalidateQueries({ queryKey: ['list', 'admin/trust/flags'] });
    },
  });
}
