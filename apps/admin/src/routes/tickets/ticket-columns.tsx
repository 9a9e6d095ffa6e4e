import {
  formatDateTime,
  type Ticket,
  TicketPriorityBadge,
  TicketStatusBadge,
  ticketSubjectColumn,
} from '@lm/ui';
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';

/** Columns of the staff ticket lists (/tickets/list and the user overview's Tickets tab). */
export function staffTicketColumns(
  t: (key: string) => string,
  lang: string,
  options: { user?: boolean } = {},
): DataTableColumn<Ticket>[] {
  return [
    { accessor: 'id', title: 'tickets:tickets.number', sortable: true, render: (r) => `#${r.id}` },
    {
      ...ticketSubjectColumn,
      // The staff's tags under the subject (issue 36 "Helpdesk").
      render: (r) => (
        <Stack gap={4}>
          {ticketSubjectColumn.render?.(r, 0)}
          {(r.tags ?? []).length > 0 && (
            <Group gap={4}>
              {(r.tags ?? []).map((tag) => (
                <Badge
                  key={tag}
                  size="xs"
                  variant="light"
                  color="grape"
                  tt="none"
                  data-testid="ticket-row-tag"
                >
                  {tag}
                </Badge>
              ))}
            </Group>
          )}
        </Stack>
      ),
    },
    ...(options.user === false
      ? []
      : [
          {
            accessor: 'user_name',
            title: 'tickets:tickets.user',
            render: (r: Ticket) => (
              <Text size="sm" dir="auto">
                {r.user_name}
              </Text>
            ),
          },
        ]),
    {
      accessor: 'department',
      title: 'tickets:tickets.department',
      render: (r) => r.tickets_department.department_name,
    },
    {
      accessor: 'priority_id',
      title: 'tickets:tickets.priority',
      sortable: true,
      render: (r) => <TicketPriorityBadge ticket={r} />,
    },
    {
      accessor: 'status_id',
      title: 'tickets:tickets.status',
      sortable: true,
      render: (r) => <TicketStatusBadge ticket={r} />,
    },
    {
      accessor: 'admin_name',
      title: 'tickets:tickets.assignee',
      render: (r) => r.admin_name ?? t('tickets.unassigned'),
    },
    {
      accessor: 'due',
      title: 'tickets:tickets.due',
      sortable: true,
      render: (r) =>
        r.due_at ? (
          <Text
            size="sm"
            c={r.overdue ? 'red' : undefined}
            fw={r.overdue ? 700 : undefined}
            data-testid="ticket-row-due"
          >
            {formatDateTime(r.due_at, lang)}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'created_at',
      title: 'tickets:tickets.created',
      sortable: true,
      render: (r) => formatDateTime(r.created_at, lang),
    },
  ];
}
