import { useApi, useSession } from '@lm/ui';
import { useQuery } from '@tanstack/react-query';

/**
 * True when the outbox mail driver is active: `GET admin/dev/mailbox` answers 200 (404 otherwise).
 * Asked once per session, silently.
 */
export function useDevMailboxAvailable(): { available: boolean; loading: boolean } {
  const { api } = useApi();
  const session = useSession();
  const query = useQuery({
    queryKey: ['dev-mailbox', 'available'],
    queryFn: async () => {
      await api.list('admin/dev/mailbox', { query: { page: 1, limit: 10 }, silent: true });
      return true;
    },
    enabled: Boolean(session.user),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { available: query.data === true, loading: query.isPending && Boolean(session.user) };
}
