import {
  confirmAction,
  type Ticket,
  TicketDetailScreen,
  TicketRatingCard,
  usePageTitle,
  useTicketAction,
  useTicketsT,
  withTicketsCatalog,
} from '@lm/ui';
import { Button } from '@mantine/core';
import { useParams } from 'react-router';

/**
 * /my-ticket/details/{ticketId}: one of the user's tickets with the conversation (internal notes never
 * reach here: the API leaves them out), the answer box, Close ticket, and the rating once resolved.
 */
export const TicketDetailPage = withTicketsCatalog(TicketDetail);

function TicketDetail() {
  const id = Number(useParams().ticketId);
  usePageTitle('tickets:tickets.detail_title');
  return (
    <TicketDetailScreen
      id={id}
      backTo="/tickets"
      staffView={false}
      actions={(ticket) => <CloseTicket ticket={ticket} />}
      aboveConversation={(ticket) => <TicketRatingCard ticket={ticket} />}
    />
  );
}

/** Close ticket, after a confirmation, while the API says the user may still close it. */
function CloseTicket({ ticket }: { ticket: Ticket }) {
  const { t } = useTicketsT();
  const action = useTicketAction(ticket.id);
  if (!ticket.can_close) return null;
  const close = async () => {
    if (await confirmAction({ message: t('tickets.close_confirm'), confirmLabel: t('tickets.close') }))
      action.mutate({ method: 'put', path: `user/close_ticket/${ticket.id}` });
  };
  return (
    <Button
      variant="default"
      onClick={() => void close()}
      loading={action.isPending}
      data-testid="ticket-close"
    >
      {t('tickets.close')}
    </Button>
  );
}
