import { TICKET_PRIORITIES, TICKET_STATUSES } from '@lm/contracts/tickets';
import type { TicketStats } from '@lm/contracts/tickets-api';
import {
  formatNumber,
  ListScreen,
  type Ticket,
  useApi,
  usePageTitle,
  useTicketLookup,
  useTicketsT,
  withTicketsCatalog,
} from '@lm/ui';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { TicketViews } from './TicketViews';
import { useTicketBulkActions } from './ticket-bulk-actions';
import { staffTicketColumns } from './ticket-columns';
import {
  TICKET_STAT_HEIGHT,
  TICKET_STATS_COLS,
  TICKET_STATS_HEADER_HEIGHT,
  TicketStatsSkeleton,
} from './ticket-stats-layout';

/** `tickets_stats`. */
export type { TicketStats } from '@lm/contracts/tickets-api';

/** `GET tickets_stats`, every minute while shown. */
export function useTicketStats() {
  const { api } = useApi();
  return useQuery({
    queryKey: ['tickets', 'stats'],
    queryFn: async () => (await api.get<TicketStats>('tickets_stats')).data,
    refetchInterval: 60_000,
  });
}

function hours(seconds: number | null, lang: string): string | null {
  if (seconds === null) return null;
  return formatNumber(Math.round((seconds / 3600) * 10) / 10, lang);
}

/** The support desk's figures: open, waiting on staff, overdue, unassigned, times, satisfaction. */
export function TicketStatsCard() {
  const { t, i18n } = useTicketsT();
  const stats = useTicketStats();
  const s = stats.data;
  if (!s) return <TicketStatsSkeleton />;
  const cell = (label: string, value: string, testId: string, color?: string) => (
    <Card padding="md" radius="md" withBorder mih={TICKET_STAT_HEIGHT}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={22} fw={700} c={color} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
  const lang = i18n.language;
  const inHours = (seconds: number | null) => {
    const value = hours(seconds, lang);
    return value === null ? '—' : t('tickets.hours', { value });
  };
  return (
    <SimpleGrid cols={TICKET_STATS_COLS} data-testid="ticket-stats">
      {cell(t('tickets.stats_open'), formatNumber(s.open, lang), 'stat-open')}
      {cell(t('tickets.stats_waiting'), formatNumber(s.waiting_on_staff, lang), 'stat-waiting')}
      {cell(
        t('tickets.stats_overdue'),
        formatNumber(s.overdue, lang),
        'stat-overdue',
        s.overdue > 0 ? 'red' : undefined,
      )}
      {cell(t('tickets.stats_first_response'), inHours(s.avg_first_response_seconds), 'stat-first')}
      {cell(t('tickets.stats_resolution'), inHours(s.avg_resolution_seconds), 'stat-resolution')}
      {cell(
        t('tickets.stats_satisfaction'),
        s.satisfaction.average === null ? '—' : `${formatNumber(s.satisfaction.average, lang)} / 5`,
        'stat-satisfaction',
      )}
    </SimpleGrid>
  );
}

/** The stats card on the back-office dashboard, titled and linking to the list. */
export const DashboardTicketStats = withTicketsCatalog(DashboardStats);

function DashboardStats() {
  const { t } = useTicketsT();
  return (
    <Stack gap="xs">
      <Group justify="space-between" h={TICKET_STATS_HEADER_HEIGHT}>
        <Title order={4}>{t('tickets.stats_title')}</Title>
        <Anchor component={Link} to="/tickets/list" size="sm">
          {t('tickets.stats_open_list')}
        </Anchor>
      </Group>
      <TicketStatsCard />
    </Stack>
  );
}

/**
 * /tickets/list (view.main.tickets.tab.list): every ticket with its filters (status, priority,
 * department, assignee, due), searchable by number, subject or user, sortable by due time;
 * the desk's figures and the saved views (all, mine, waiting on the user, breaching the SLA) above;
 * selected tickets get a new status, priority or assignee in bulk (issue 36 "Lists").
 */
export const TicketsListPage = withTicketsCatalog(TicketsList);

function TicketsList() {
  const { t, i18n } = useTicketsT();
  usePageTitle('tickets:tickets.staff_title');
  const navigate = useNavigate();
  const departments = useTicketLookup('tickets_department_q');
  const admins = useTicketLookup('admin/getAllAdminsWithQ');
  const bulkActions = useTicketBulkActions(admins.data ?? []);
  return (
    <ListScreen<Ticket>
      title="tickets:tickets.staff_title"
      bulk={
        bulkActions.length > 0
          ? { actions: bulkActions, describe: (r) => `#${r.id} · ${r.ticket_subject}` }
          : undefined
      }
      path="admin/tickets"
      exportPath="admin/tickets/export.csv"
      exportName="tickets"
      searchable
      defaultOrder="created_at:desc"
      header={
        <Stack gap="sm">
          <TicketStatsCard />
          <TicketViews />
        </Stack>
      }
      empty={{ title: 'tickets:tickets.staff_empty_title', hint: 'tickets:tickets.staff_empty_hint' }}
      filters={[
        {
          name: 'status_id',
          label: 'tickets:tickets.status',
          type: 'multiselect',
          options: TICKET_STATUSES.map((s) => ({ value: String(s.id), label: t(`tickets.status_${s.id}`) })),
        },
        {
          name: 'priority_id',
          label: 'tickets:tickets.priority',
          type: 'select',
          options: TICKET_PRIORITIES.map((p) => ({
            value: String(p.id),
            label: t(`tickets.priority_${p.id}`),
          })),
        },
        {
          name: 'department_id',
          label: 'tickets:tickets.department',
          type: 'select',
          options: (departments.data ?? []).map((d) => ({ value: String(d.id), label: d.name })),
        },
        {
          name: 'admin_id',
          label: 'tickets:tickets.assignee',
          type: 'select',
          options: [
            { value: 'none', label: t('tickets.unassigned') },
            ...(admins.data ?? []).map((a) => ({ value: String(a.id), label: a.name })),
          ],
        },
        {
          name: 'due',
          label: 'tickets:tickets.due',
          type: 'select',
          options: [
            { value: 'overdue', label: t('tickets.due_overdue') },
            { value: 'soon', label: t('tickets.due_soon') },
          ],
        },
        { name: 'tag', label: 'tickets:tickets.tag_filter', type: 'text' },
      ]}
      onRowClick={(r) => navigate(`/tickets/details/${r.id}`)}
      columns={staffTicketColumns(t, i18n.language)}
    />
  );
}
