import {
  confirmAction,
  TicketConversation,
  TicketFacts,
  TicketRatingCard,
  TicketsCatalogGate,
  usePageTitle,
  useTicket,
  useTicketAction,
  useTicketsT,
} from '@lm/ui';
import { Anchor, Button, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';

/**
 * /my-ticket/details/{ticketId}: one of the user's tickets with the conversation (internal notes never
 * reach here: the API leaves them out), the answer box, Close ticket, and the rating once resolved.
 */
export function TicketDetailPage() {
  return (
    <TicketsCatalogGate>
      <TicketDetail />
    </TicketsCatalogGate>
  );
}

function TicketDetail() {
  const { t } = useTicketsT();
  const id = Number(useParams().ticketId);
  const ticket = useTicket(id);
  const action = useTicketAction(id);
  usePageTitle('tickets:tickets.detail_title');
  if (ticket.isLoading) return <Loader m="xl" />;
  if (!ticket.data)
    return (
      <Stack align="center" p="xl">
        <Text>{t('tickets.not_found')}</Text>
        <Anchor component={Link} to="/tickets">
          {t('tickets.back')}
        </Anchor>
      </Stack>
    );
  const data = ticket.data;
  const close = async () => {
    if (await confirmAction({ message: t('tickets.close_confirm'), confirmLabel: t('tickets.close') }))
      action.mutate({ method: 'put', path: `user/close_ticket/${id}` });
  };
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Anchor component={Link} to="/tickets" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} />
              {t('tickets.back')}
            </Group>
          </Anchor>
          <Title order={2} dir="auto" data-testid="ticket-title">
            #{data.id} {data.ticket_subject}
          </Title>
        </Stack>
        {data.can_close && (
          <Button
            variant="default"
            onClick={() => void close()}
            loading={action.isPending}
            data-testid="ticket-close"
          >
            {t('tickets.close')}
          </Button>
        )}
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <TicketRatingCard ticket={data} />
            <TicketConversation ticket={data} staffView={false} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <TicketFacts ticket={data} staffView={false} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
