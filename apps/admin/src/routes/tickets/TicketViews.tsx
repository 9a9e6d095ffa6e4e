import type { SessionAdmin } from '@lm/contracts';
import { TICKET_OPEN_STATUSES, TICKET_STATUS } from '@lm/contracts/tickets';
import { useSession, useTicketsT } from '@lm/ui';
import { Button, Group } from '@mantine/core';
import { Link, useLocation } from 'react-router';

/** A saved view of the tickets list: its filters, as the list keeps them in the address. */
interface TicketView {
  key: 'all' | 'mine' | 'waiting' | 'breaching';
  filter: [string, string][];
}

/** The list's query string of a view (the list's own `filter[name]` names, a multi-select repeated). */
const searchOf = (view: TicketView) =>
  view.filter.map(([name, value]) => `filter[${name}]=${encodeURIComponent(value)}`).join('&');

/** The filters of an address, sorted, to tell which view is shown. */
const filtersOf = (search: string) =>
  [...new URLSearchParams(search).entries()]
    .filter(([name]) => name.startsWith('filter['))
    .map(([name, value]) => `${name}=${value}`)
    .sort()
    .join('&');

/**
 * The saved views above the staff's tickets list (issue 36 "Helpdesk"): every ticket, my open tickets
 * (assigned to me, Open, In Progress or Waiting on User), waiting on the user (5), and breaching the
 * SLA (a running ticket past its next due time, the list's `due=overdue`). Each is a link setting the
 * list's filters, so a view can be shared, reloaded and narrowed further with the filters.
 */
export function TicketViews() {
  const { t } = useTicketsT();
  const session = useSession<SessionAdmin>();
  const location = useLocation();
  const me = session.user?.id;
  const views: TicketView[] = [
    { key: 'all', filter: [] },
    ...(me
      ? [
          {
            key: 'mine' as const,
            filter: [
              ['admin_id', String(me)] as [string, string],
              ...TICKET_OPEN_STATUSES.map((s) => ['status_id', String(s)] as [string, string]),
            ],
          },
        ]
      : []),
    { key: 'waiting', filter: [['status_id', String(TICKET_STATUS.WAITING_ON_USER)]] },
    { key: 'breaching', filter: [['due', 'overdue']] },
  ];
  const current = filtersOf(location.search);
  return (
    <Group gap="xs" wrap="wrap" data-testid="ticket-views" role="navigation" aria-label={t('tickets.views')}>
      {views.map((view) => {
        const active = filtersOf(searchOf(view)) === current;
        return (
          <Button
            key={view.key}
            component={Link}
            to={{ pathname: location.pathname, search: searchOf(view) }}
            variant={active ? 'filled' : 'default'}
            size="xs"
            radius="xl"
            aria-current={active ? 'page' : undefined}
            data-testid={`ticket-view-${view.key}`}
          >
            {t(`tickets.view_${view.key}`)}
          </Button>
        );
      })}
    </Group>
  );
}
