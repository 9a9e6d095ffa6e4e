import type { SessionUser } from '@lm/contracts';
import { TICKET_STATUSES } from '@lm/contracts/tickets';
import {
  formatDateTime,
  ListScreen,
  type Ticket,
  TicketForm,
  TicketPriorityBadge,
  TicketStatusBadge,
  ticketSubjectColumn,
  usePageTitle,
  useSession,
  useTicketsT,
  withTicketsCatalog,
} from '@lm/ui';
import { Button, Group, Modal } from '@mantine/core';
import { IconLifebuoy, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';

/**
 * /tickets (spec section 2, any signed-in role): the user's own support tickets, newest first, and the
 * new-ticket form in a dialog. Priority and status columns are hidden from users of type above 1
 * (spec section 6). Lists become cards on phones (ListTable).
 */
export const TicketsPage = withTicketsCatalog(TicketsList);

function TicketsList() {
  const { t, i18n } = useTicketsT();
  usePageTitle('tickets:tickets.my_title');
  const session = useSession<SessionUser>();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const user = session.user;
  const badges = (user?.user_type_id ?? 1) <= 1;
  const newButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setOpen(true)} data-testid="new-ticket">
      {t('tickets.new')}
    </Button>
  );
  return (
    <>
      <ListScreen<Ticket>
        title="tickets:tickets.my_title"
        path="user/tickets"
        searchable
        actions={newButton}
        empty={{
          title: 'tickets:tickets.empty_title',
          hint: 'tickets:tickets.empty_hint',
          action: newButton,
        }}
        filters={
          badges
            ? [
                {
                  name: 'status_id',
                  label: 'tickets:tickets.status',
                  type: 'select',
                  options: TICKET_STATUSES.map((s) => ({
                    value: String(s.id),
                    label: t(`tickets.status_${s.id}`),
                  })),
                },
              ]
            : []
        }
        onRowClick={(ticket) => navigate(`/my-ticket/details/${ticket.id}`)}
        columns={[
          { accessor: 'id', title: 'tickets:tickets.number', render: (r) => `#${r.id}` },
          ticketSubjectColumn,
          {
            accessor: 'department',
            title: 'tickets:tickets.department',
            render: (r) => r.tickets_department.department_name,
          },
          ...(badges
            ? [
                {
                  accessor: 'priority_id',
                  title: 'tickets:tickets.priority',
                  render: (r: Ticket) => <TicketPriorityBadge ticket={r} />,
                },
                {
                  accessor: 'status_id',
                  title: 'tickets:tickets.status',
                  render: (r: Ticket) => <TicketStatusBadge ticket={r} />,
                },
              ]
            : []),
          {
            accessor: 'last_reply_at',
            title: 'tickets:tickets.updated',
            render: (r) => formatDateTime(r.last_reply_at ?? r.created_at, i18n.language),
          },
        ]}
      />
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={
          <Group gap="xs">
            <IconLifebuoy size={18} />
            {t('tickets.new')}
          </Group>
        }
        size="lg"
      >
        {user && (
          <TicketForm
            userId={user.id}
            showPriority={badges}
            onCancel={() => setOpen(false)}
            onCreated={(id) => {
              setOpen(false);
              navigate(`/my-ticket/details/${id}`);
            }}
          />
        )}
      </Modal>
    </>
  );
}
