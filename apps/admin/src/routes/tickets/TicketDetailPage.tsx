import { TICKET_STATUS } from '@lm/contracts/tickets';
import {
  confirmAction,
  type Ticket,
  TicketDetailScreen,
  usePageTitle,
  useSession,
  useTicketAction,
  useTicketLookup,
  useTicketsT,
  withTicketsCatalog,
} from '@lm/ui';
import { Anchor, Button, Drawer, Group, Select, Stack, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormActions } from '../../components/FormActions';
import { SavedReplyPicker } from './SavedReplyPicker';
import { MergeTicketButton, TicketTagsEditor, TicketUserContext } from './TicketHelpdesk';

/**
 * /tickets/details/{ticketId} (tickets.show): the conversation with internal notes, the answer box
 * (reply or internal note) with the saved replies above it (tickets.add), the Edit Ticket side panel (department, priority, status, assignee:
 * tickets.edit; status also tickets.status.edit), Mark Resolved (status 3, tickets.status.edit) and
 * Delete (tickets.delete; disabled when the status is above 1, spec section 4).
 */
export const TicketDetailPage = withTicketsCatalog(TicketDetail);

function EditTicketPanel({ ticket, opened, onClose }: { ticket: Ticket; opened: boolean; onClose(): void }) {
  const { t } = useTicketsT();
  const session = useSession();
  const canStatus = session.ability.can('call', 'tickets.status.edit');
  const [department, setDepartment] = useState<string | null>(String(ticket.department_id));
  const [priority, setPriority] = useState<string | null>(String(ticket.priority_id ?? 3));
  const [status, setStatus] = useState<string | null>(String(ticket.status_id ?? 1));
  const [admin, setAdmin] = useState<string | null>(ticket.admin_id ? String(ticket.admin_id) : null);
  const departments = useTicketLookup('tickets_department_q');
  const priorities = useTicketLookup('tickets_priority_q');
  const statuses = useTicketLookup('tickets_status_q_for_edit');
  const admins = useTicketLookup(department ? `assigned_admins_q/${department}` : null);
  const action = useTicketAction(ticket.id);
  const save = async () => {
    const body: Record<string, unknown> = {};
    if (department && Number(department) !== ticket.department_id) body.department_id = Number(department);
    if (priority && Number(priority) !== ticket.priority_id) body.priority_id = Number(priority);
    if (canStatus && status && Number(status) !== ticket.status_id) body.status_id = Number(status);
    const nextAdmin = admin ? Number(admin) : null;
    if (nextAdmin !== ticket.admin_id) body.admin_id = nextAdmin;
    if (Object.keys(body).length > 0)
      await action.mutateAsync({ method: 'put', path: `update_ticket/${ticket.id}`, body });
    onClose();
  };
  const statusOptions = (statuses.data ?? []).map((s) => ({ value: String(s.id), label: s.name }));
  if (ticket.status_id === TICKET_STATUS.OPEN)
    statusOptions.unshift({ value: '1', label: ticket.tickets_status?.name ?? '' });
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title={t('tickets.edit_title')}
      position="right"
      data-testid="edit-ticket-panel"
    >
      <Stack gap="sm">
        <Select
          label={t('tickets.department')}
          data={(departments.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))}
          value={department}
          onChange={setDepartment}
          allowDeselect={false}
          data-testid="edit-department"
        />
        <Select
          label={t('tickets.priority')}
          data={(priorities.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
          value={priority}
          onChange={setPriority}
          allowDeselect={false}
          data-testid="edit-priority"
        />
        <Select
          label={t('tickets.status')}
          data={statusOptions}
          value={status}
          onChange={setStatus}
          disabled={!canStatus}
          allowDeselect={false}
          data-testid="edit-status"
        />
        <Select
          label={t('tickets.assignee')}
          description={t('tickets.assignee_hint')}
          data={[
            ...(admins.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
            ...(ticket.admin_id && !(admins.data ?? []).some((a) => a.id === ticket.admin_id)
              ? [{ value: String(ticket.admin_id), label: ticket.admin_name ?? '' }]
              : []),
          ]}
          value={admin}
          onChange={setAdmin}
          clearable
          placeholder={t('tickets.unassigned')}
          data-testid="edit-assignee"
        />
        <FormActions
          onCancel={onClose}
          mt="md"
          onClick={() => void save()}
          loading={action.isPending}
          data-testid="edit-save"
        >
          {t('tickets.save')}
        </FormActions>
      </Stack>
    </Drawer>
  );
}

function TicketDetail() {
  const { t } = useTicketsT();
  const id = Number(useParams().ticketId);
  usePageTitle('tickets:tickets.detail_title');
  return (
    <TicketDetailScreen
      id={id}
      backTo="/tickets/list"
      staffView
      actions={(ticket) => <StaffTicketActions ticket={ticket} />}
      composerTools={(ticket, insert) => <SavedReplyPicker ticketId={ticket.id} onInsert={insert} />}
      factsExtra={(ticket) => (
        <>
          <TicketTagsEditor ticket={ticket} />
          <Anchor component={Link} to={`/users/${ticket.user_id}`} size="sm">
            {t('tickets.open_user')}
          </Anchor>
        </>
      )}
      besideThread={(ticket) => <TicketUserContext ticket={ticket} />}
    />
  );
}

/** Edit (with its side panel), Mark Resolved and Delete, each shown to the staff whose role allows it. */
function StaffTicketActions({ ticket: data }: { ticket: Ticket }) {
  const { t } = useTicketsT();
  const id = data.id;
  const action = useTicketAction(id);
  const session = useSession();
  const navigate = useNavigate();
  const can = (p: string) => session.ability.can('call', p);
  const [editing, setEditing] = useState(false);
  const resolve = () =>
    action.mutate({ method: 'put', path: `ticket_status/${id}/${TICKET_STATUS.RESOLVED}` });
  const remove = async () => {
    if (await confirmAction({ message: t('tickets.delete_confirm'), danger: true })) {
      await action.mutateAsync({ method: 'delete', path: `ticket/${id}` });
      navigate('/tickets/list');
    }
  };
  return (
    <Group gap="xs">
      {can('tickets.edit') && <MergeTicketButton ticket={data} />}
      {can('tickets.edit') && (
        <Button
          variant="default"
          leftSection={<IconEdit size={16} />}
          onClick={() => setEditing(true)}
          data-testid="ticket-edit"
        >
          {t('tickets.edit')}
        </Button>
      )}
      {can('tickets.status.edit') && (
        <Button
          color="green"
          leftSection={<IconCircleCheck size={16} />}
          disabled={data.status_id === TICKET_STATUS.RESOLVED}
          onClick={resolve}
          loading={action.isPending}
          data-testid="ticket-resolve"
        >
          {t('tickets.mark_resolved')}
        </Button>
      )}
      {can('tickets.delete') && (
        <Tooltip label={t('tickets.delete_disabled')} disabled={data.can_delete}>
          <Button
            color="red"
            variant="light"
            leftSection={<IconTrash size={16} />}
            disabled={!data.can_delete}
            onClick={() => void remove()}
            data-testid="ticket-delete"
          >
            {t('tickets.delete')}
          </Button>
        </Tooltip>
      )}
      {editing && <EditTicketPanel ticket={data} opened={editing} onClose={() => setEditing(false)} />}
    </Group>
  );
}
