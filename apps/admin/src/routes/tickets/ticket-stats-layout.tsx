import { Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** Height (px) of a figure of the support desk: its label, its value and the card's padding and border. */
export const TICKET_STAT_HEIGHT = 88;
/** Height (px) of the dashboard's header line of the desk's figures (title and link). */
export const TICKET_STATS_HEADER_HEIGHT = 28;
/** The desk's six figures: two a row on a phone, three on a tablet, one row from a laptop. */
export const TICKET_STATS_COLS = { base: 2, sm: 3, lg: 6 } as const;

/** The six figures while they load: the same grid and heights, so nothing below moves when they arrive. */
export function TicketStatsSkeleton() {
  return (
    <SimpleGrid cols={TICKET_STATS_COLS} data-testid="ticket-stats-loading">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <Skeleton key={i} h={TICKET_STAT_HEIGHT} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/**
 * The dashboard's desk figures while their code and texts load (they come with the ticket screens'
 * chunk): the header line and the grid at their final sizes.
 */
export function DashboardTicketStatsPlaceholder() {
  return (
    <Stack gap="xs">
      <Group h={TICKET_STATS_HEADER_HEIGHT}>
        <Skeleton h={20} w={180} />
      </Group>
      <TicketStatsSkeleton />
    </Stack>
  );
}
