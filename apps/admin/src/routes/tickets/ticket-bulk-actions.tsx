import { TICKET_EDITABLE_STATUSES, TICKET_PRIORITIES } from '@lm/contracts/tickets';
import { type BulkAction, useSession, useTicketsT } from '@lm/ui';
import { Select } from '@mantine/core';
import { useState } from 'react';
import { useTicketBulk } from '../../hooks/use-tickets';

/** The assignee choice meaning "nobody": `admin_id: null`. */
const UNASSIGNED = 'none';

/**
 * The bulk actions of the staff ticket list (issue 36 "Lists"): set the status (with
 * `tickets.status.edit`), the priority or the assignee (with `tickets.edit`) of the selected tickets,
 * each chosen in the bar before it is confirmed with the count. Only the actions the staff member's
 * permissions allow are offered; the API checks them again per request.
 * @param admins the assignee options (the staff lookup)
 */
export function useTicketBulkActions(admins: { id: number; name: string }[]): BulkAction[] {
  const { t } = useTicketsT();
  const session = useSession();
  const bulk = useTicketBulk();
  const [status, setStatus] = useState<string | null>(null);
  const [priority, setPriority] = useState<string | null>(null);
  const [assignee, setAssignee] = useState<string | null>(null);
  const can = (permission: string) => session.ability.can('call', permission);
  const picker = (
    key: string,
    label: string,
    value: string | null,
    onChange: (v: string | null) => void,
    data: { value: string; label: string }[],
  ) => (
    <Select
      size="xs"
      w={170}
      aria-label={t(label)}
      placeholder={t(label)}
      data={data}
      value={value}
      onChange={onChange}
      searchable={data.length > 8}
      comboboxProps={{ withinPortal: true }}
      data-testid={`bulk-${key}-pick`}
    />
  );
  const actions: BulkAction[] = [];
  if (can('tickets.status.edit'))
    actions.push({
      key: 'status',
      label: 'tickets:tickets.bulk_status',
      confirm: 'tickets:tickets.bulk_status_confirm',
      input: {
        control: picker(
          'status',
          'tickets.bulk_status_pick',
          status,
          setStatus,
          TICKET_EDITABLE_STATUSES.map((id) => ({ value: String(id), label: t(`tickets.status_${id}`) })),
        ),
        value: status,
        ready: status !== null,
      },
      run: (ids) => bulk.status({ ids, status_id: Number(status) }),
    });
  if (can('tickets.edit')) {
    actions.push({
      key: 'priority',
      label: 'tickets:tickets.bulk_priority',
      confirm: 'tickets:tickets.bulk_priority_confirm',
      input: {
        control: picker(
          'priority',
          'tickets.bulk_priority_pick',
          priority,
          setPriority,
          TICKET_PRIORITIES.map((p) => ({ value: String(p.id), label: t(`tickets.priority_${p.id}`) })),
        ),
        value: priority,
        ready: priority !== null,
      },
      run: (ids) => bulk.priority({ ids, priority_id: Number(priority) }),
    });
    actions.push({
      key: 'assignee',
      label: 'tickets:tickets.bulk_assignee',
      confirm: 'tickets:tickets.bulk_assignee_confirm',
      input: {
        control: picker('assignee', 'tickets.bulk_assignee_pick', assignee, setAssignee, [
          { value: UNASSIGNED, label: t('tickets.unassigned') },
          ...admins.map((a) => ({ value: String(a.id), label: a.name })),
        ]),
        value: assignee,
        ready: assignee !== null,
      },
      run: (ids) => bulk.assignee({ ids, admin_id: assignee === UNASSIGNED ? null : Number(assignee) }),
    });
  }
  return actions;
}
