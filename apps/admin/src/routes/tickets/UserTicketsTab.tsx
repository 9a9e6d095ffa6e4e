import { TICKET_LIMITS } from '@lm/contracts/tickets';
import {
  CountedTextarea,
  isTooLong,
  type Ticket,
  TicketsCatalogGate,
  useReplyTicket,
  useSession,
  useTicketsT,
} from '@lm/ui';
import { ActionIcon, Button, Group, Modal, Stack, Tooltip } from '@mantine/core';
import { IconMessagePlus, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PagedTable } from '../users/PagedTable';
import { staffTicketColumns } from './ticket-columns';

/** Add Message (spec section 2, user overview Tickets tab): a reply to one of the user's tickets. */
function AddMessageModal({ ticket, onClose }: { ticket: Ticket; onClose(): void }) {
  const { t } = useTicketsT();
  const reply = useReplyTicket(ticket.id);
  const [message, setMessage] = useState('');
  return (
    <Modal opened onClose={onClose} title={`${t('tickets.add_message')} · #${ticket.id}`}>
      <Stack>
        <CountedTextarea
          max={TICKET_LIMITS.messageMax}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          autosize
          minRows={4}
          aria-label={t('tickets.message')}
          data-testid="add-message-text"
        />
        <Group justify="flex-end">
          <Button
            disabled={!message.trim() || isTooLong(message, TICKET_LIMITS.messageMax)}
            loading={reply.isPending}
            onClick={async () => {
              await reply.mutateAsync({ message, attachments: [] });
              onClose();
            }}
            data-testid="add-message-send"
          >
            {t('tickets.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The user overview's Tickets tab (`user_tickets/{id}`): the user's tickets, Add Message, New ticket. */
export function UserTicketsTab({ userId }: { userId: number }) {
  return (
    <TicketsCatalogGate>
      <UserTickets userId={userId} />
    </TicketsCatalogGate>
  );
}

function UserTickets({ userId }: { userId: number }) {
  const { t, i18n } = useTicketsT();
  const session = useSession();
  const navigate = useNavigate();
  const canAdd = session.ability.can('call', 'tickets.add');
  const [adding, setAdding] = useState<Ticket | null>(null);
  return (
    <Stack gap="sm">
      {canAdd && (
        <Group justify="flex-end">
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            component={Link}
            to={`/tickets/new-ticket/${userId}`}
            data-testid="user-new-ticket"
          >
            {t('tickets.new')}
          </Button>
        </Group>
      )}
      <PagedTable<Ticket>
        path={`user_tickets/${userId}`}
        onRowClick={(r) => navigate(`/tickets/details/${r.id}`)}
        columns={[
          ...staffTicketColumns(t, i18n.language, { user: false }),
          ...(canAdd
            ? [
                {
                  accessor: 'actions',
                  title: '',
                  render: (r: Ticket) => (
                    <Tooltip label={t('tickets.add_message')}>
                      <ActionIcon
                        variant="subtle"
                        aria-label={t('tickets.add_message')}
                        onClick={(e) => {
                          e.stopPropagation();
                          setAdding(r);
                        }}
                        data-testid="add-message"
                      >
                        <IconMessagePlus size={16} />
                      </ActionIcon>
                    </Tooltip>
                  ),
                },
              ]
            : []),
        ]}
      />
      {adding && <AddMessageModal ticket={adding} onClose={() => setAdding(null)} />}
    </Stack>
  );
}
