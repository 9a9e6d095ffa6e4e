import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ActingFor, writeActing } from './acting';

/**
 * Switches the tab's acting context (issue 35): stores it, then drops every cached answer (reads in
 * flight are cancelled first) so no screen shows what was read as the previous identity; the shown
 * screens read again with the new `X-Acting-For`. Decision (docs/decisions.md "Acting context"): the
 * cache is reset on switch rather than keyed by the acting artist.
 *
 * @returns `switchTo(next)`: `next` null goes back to "me".
 */
export function useSwitchActing(): (next: ActingFor | null) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (next: ActingFor | null) => {
      await queryClient.cancelQueries();
      writeActing(next);
      // Every query back to its initial state (no data of the previous identity), the shown ones read
      // again; removing them instead would leave the shown screens on their old answer.
      await queryClient.resetQueries();
    },
    [queryClient],
  );
}
