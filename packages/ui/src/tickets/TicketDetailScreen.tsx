import { Anchor, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { TicketConversation, TicketFacts } from './TicketParts';
import type { Ticket } from './ticket-types';
import { useTicket } from './use-tickets';
import { useTicketsT } from './use-tickets-catalog';

/**
 * One ticket as both apps show it: a back link and the "#id subject" title, the conversation beside
 * the ticket's facts. The user's page and the staff page differ only in what they pass in, so the
 * layout, the not-found state and the test ids stay the same on both sides.
 *
 * Render it inside `TicketsCatalogGate` (the texts come from the tickets catalog).
 *
 * @param id the ticket's id (from the route).
 * @param backTo the app's ticket list path, for the back link and the not-found state.
 * @param staffView true in the back-office: internal notes, the note switch and the staff-only facts.
 * @param actions the buttons beside the title for the loaded ticket (close for the user; edit,
 *   resolve, delete for staff), rendered as a component so it may hold its own hooks.
 * @param aboveConversation shown above the conversation for the loaded ticket (the user's rating).
 * @param factsExtra appended to the facts card for the loaded ticket (staff: a link to the user).
 * @param composerTools above the answer box, given a function that puts a text into it (staff: the
 *   saved replies).
 * @param besideThread below the facts card for the loaded ticket (staff: the user's other tickets and
 *   campaigns); on a phone the columns stack, so it comes after the thread.
 */
export function TicketDetailScreen({
  id,
  backTo,
  staffView,
  actions,
  aboveConversation,
  factsExtra,
  composerTools,
  besideThread,
}: {
  id: number;
  backTo: string;
  staffView: boolean;
  actions?: (ticket: Ticket) => ReactNode;
  aboveConversation?: (ticket: Ticket) => ReactNode;
  factsExtra?: (ticket: Ticket) => ReactNode;
  composerTools?: (ticket: Ticket, insert: (text: string) => void) => ReactNode;
  besideThread?: (ticket: Ticket) => ReactNode;
}) {
  const { t } = useTicketsT();
  const ticket = useTicket(id);
  if (ticket.isLoading) return <Loader m="xl" />;
  if (!ticket.data)
    return (
      <Stack align="center" p="xl">
        <Text>{t('tickets.not_found')}</Text>
        <Anchor component={Link} to={backTo}>
          {t('tickets.back')}
        </Anchor>
      </Stack>
    );
  const data = ticket.data;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Anchor component={Link} to={backTo} size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} />
              {t('tickets.back')}
            </Group>
          </Anchor>
          <Title order={2} dir="auto" data-testid="ticket-title">
            #{data.id} {data.ticket_subject}
          </Title>
          {data.merged_into_id !== null && (
            <Anchor
              component={Link}
              to={`${staffView ? '/tickets/details/' : '/my-ticket/details/'}${data.merged_into_id}`}
              size="sm"
              data-testid="ticket-merged-into"
            >
              {t('tickets.merged_into', { id: data.merged_into_id })}
            </Anchor>
          )}
        </Stack>
        {actions?.(data)}
      </Group>
      <Grid>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            {aboveConversation?.(data)}
            <TicketConversation
              ticket={data}
              staffView={staffView}
              composerTools={composerTools ? (insert) => composerTools(data, insert) : undefined}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <TicketFacts ticket={data} staffView={staffView} extra={factsExtra?.(data)} />
            {besideThread?.(data)}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
