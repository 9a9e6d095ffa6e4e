import type { AdminSearchAnswer } from '@lm/contracts/admin-search';
import { adminSearchKeys } from '@lm/ui';
import { keepPreviousData } from '@tanstack/react-query';
import { useGet } from './use-admin-api';

/**
 * GET admin/search?q=: the records of each kind the staff member may open matching `q` (issue 36).
 * Waits until `q` is searchable (`enabled`); keeps the previous answer while the next one loads.
 */
export function useGlobalSearch(q: string, enabled: boolean) {
  return useGet<AdminSearchAnswer>(adminSearchKeys.find(q), 'admin/search', {
    query: { q },
    enabled,
    silent: true,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}
