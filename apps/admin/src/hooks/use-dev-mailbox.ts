import { devMailboxKeys, useApi, useSession } from '@lm/ui';
import { useQuery } from '@tanstack/react-query';

/** The permission of the dev mailbox's screen and API. */
const DEV_MAILBOX_PERMISSION = 'dev.mailbox.show';

/**
 * True when the outbox mail driver is active and the admin may read it: `GET admin/dev/mailbox`
 * answers 200 (404 without the outbox driver). Asked once per session, silently, and only by admins
 * holding `dev.mailbox.show` (the others were refused with 403 on every page).
 */
export function useDevMailboxAvailable(): { available: boolean; loading: boolean } {
  const { api } = useApi();
  const session = useSession();
  const allowed = Boolean(session.user) && session.ability.can('call', DEV_MAILBOX_PERMISSION);
  const query = useQuery({
    queryKey: devMailboxKeys.available,
    queryFn: async () => {
      await api.list('admin/dev/mailbox', { query: { page: 1, limit: 10 }, silent: true });
      return true;
    },
    enabled: allowed,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return { available: allowed && query.data === true, loading: allowed && query.isPending };
}
