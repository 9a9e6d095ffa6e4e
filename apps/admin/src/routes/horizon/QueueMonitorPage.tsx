import '@mantine/charts/styles.layer.css';
import 'mantine-datatable/styles.layer.css';
import { JOB_STATE_KINDS, statusColor } from '@lm/contracts';
import { LIMITS } from '@lm/contracts/limits';
import {
  chartDirection,
  confirmAction,
  formatDateTime,
  formatNumber,
  LEGEND_PROPS,
  useApi,
  usePageTitle,
} from '@lm/ui';
import { AreaChart } from '@mantine/charts';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Code,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconRefresh, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListCard } from '../../components/ListCard';
import {
  JOB_STATES,
  type JobState,
  type QueueInfo,
  type QueueJob,
  useJobAction,
  useQueues,
  useThroughput,
} from '../../hooks/use-staff';

/** Jobs of one queue in one state, paged by the server, with payload, error, Retry and Delete. */
function JobsTable({ queue, state }: { queue: string; state: JobState }) {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.defaultPageSize);
  const [expanded, setExpanded] = useState<string[]>([]);
  const action = useJobAction();
  const jobs = useQuery({
    queryKey: ['list', 'admin/queues/jobs', queue, state, page, limit],
    queryFn: async () =>
      api.list<QueueJob>(`admin/queues/${encodeURIComponent(queue)}/jobs`, { query: { state, page, limit } }),
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
  });
  const json = (value: unknown) =>
    value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);
  return (
    <ListCard<QueueJob>
      records={jobs.data?.data ?? []}
      fetching={jobs.isFetching}
      noRecordsText={t('staff.horizon.no_jobs')}
      totalRecords={jobs.data?.pagination.total ?? 0}
      recordsPerPage={limit}
      page={page}
      onPageChange={setPage}
      recordsPerPageOptions={[...LIMITS.pageSizes]}
      onRecordsPerPageChange={(l) => {
        setLimit(l);
        setPage(1);
      }}
      recordsPerPageLabel={t('ui.list.page_size')}
      rowExpansion={{
        allowMultiple: true,
        expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
        content: ({ record }) => (
          <SimpleGrid cols={{ base: 1, md: 2 }} p="md" data-testid="job-detail">
            <Stack gap={4}>
              <Text size="xs" c="dimmed" fw={500}>
                {t('staff.horizon.payload')}
              </Text>
              <Code block dir="ltr" data-testid="job-payload">
                {json(record.data)}
              </Code>
            </Stack>
            <Stack gap={4}>
              <Text size="xs" c="dimmed" fw={500}>
                {t('staff.horizon.output')}
              </Text>
              <Code block dir="ltr" style={{ whiteSpace: 'pre-wrap' }}>
                {json(record.output)}
              </Code>
            </Stack>
          </SimpleGrid>
        ),
      }}
      columns={[
        {
          accessor: 'id',
          title: t('staff.horizon.job'),
          render: (j) => (
            <Group gap={6} wrap="nowrap">
              {expanded.includes(j.id) ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
              <Text size="xs" ff="monospace" dir="ltr">
                {j.id.slice(0, 8)}
              </Text>
            </Group>
          ),
        },
        {
          accessor: 'error',
          title: t('staff.horizon.error'),
          render: (j) =>
            j.error ? (
              <Text size="sm" c="red" lineClamp={2} dir="auto" data-testid="job-error">
                {j.error}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" ff="monospace" lineClamp={1} dir="ltr">
                {JSON.stringify(j.data)}
              </Text>
            ),
        },
        {
          accessor: 'retry_count',
          title: t('staff.horizon.attempts'),
          render: (j) =>
            `${formatNumber(j.retry_count + 1, i18n.language)} / ${formatNumber(j.retry_limit + 1, i18n.language)}`,
        },
        state === 'scheduled'
          ? {
              accessor: 'start_after',
              title: t('staff.horizon.due'),
              render: (j) => formatDateTime(j.start_after, i18n.language),
            }
          : {
              accessor: 'completed_on',
              title: t('staff.horizon.when'),
              render: (j) => formatDateTime(j.completed_on ?? j.created_on, i18n.language),
            },
        {
          accessor: 'actions',
          title: '',
          width: 110,
          render: (j) => (
            <Group gap={4} justify="flex-end" wrap="nowrap" onClick={(e) => e.stopPropagation()}>
              {j.state === 'failed' && (
                <Tooltip label={t('staff.horizon.retry')}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('staff.horizon.retry')}
                    loading={action.isPending && action.variables?.job.id === j.id}
                    onClick={() => action.mutate({ job: j, action: 'retry' })}
                    data-testid="job-retry"
                  >
                    <IconRefresh size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
              {j.state !== 'active' && (
                <Tooltip label={t('staff.delete')}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('staff.delete')}
                    onClick={async () => {
                      if (await confirmAction({ danger: true, message: t('staff.horizon.delete_confirm') }))
                        action.mutate({ job: j, action: 'delete' });
                    }}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          ),
        },
      ]}
    />
  );
}

/** Jobs finished per minute or hour, completed and failed, over the chosen window. */
function ThroughputCard() {
  const { t, i18n } = useTranslation();
  const [window, setWindow] = useState<'1h' | '24h' | '7d'>('1h');
  const data = useThroughput(window);
  const format = window === '1h' ? 'HH:mm' : window === '24h' ? 'HH:00' : 'D MMM HH:00';
  const axes = chartDirection(i18n.language, 'horizontal', { counts: true });
  return (
    <Card padding="lg" data-testid="throughput">
      <Group justify="space-between" mb="md">
        <Stack gap={0}>
          <Title order={4}>{t('staff.horizon.throughput')}</Title>
          <Text size="sm" c="dimmed">
            {t(data.data?.bucket === 'hour' ? 'staff.horizon.per_hour' : 'staff.horizon.per_minute', {
              completed: formatNumber(data.data?.completed ?? 0, i18n.language),
              failed: formatNumber(data.data?.failed ?? 0, i18n.language),
            })}
          </Text>
        </Stack>
        <SegmentedControl
          value={window}
          onChange={(v) => setWindow(v as typeof window)}
          data={[
            { value: '1h', label: t('staff.horizon.window_1h') },
            { value: '24h', label: t('staff.horizon.window_24h') },
            { value: '7d', label: t('staff.horizon.window_7d') },
          ]}
        />
      </Group>
      <AreaChart
        h={200}
        {...axes}
        data={(data.data?.points ?? []).map((p) => ({ ...p, at: dayjs(p.at).format(format) }))}
        dataKey="at"
        withLegend
        {...LEGEND_PROPS}
        curveType="monotone"
        series={[
          { name: 'completed', label: t('staff.horizon.completed'), color: 'teal.6' },
          { name: 'failed', label: t('staff.horizon.failed'), color: 'red.6' },
        ]}
      />
    </Card>
  );
}

/**
 * /horizon (view.main.queue.horizon.tab.list): the pg-boss queue monitor. Queues with their jobs by
 * state (live), throughput, and the jobs of a queue in a state (failed by default) with payload and
 * error, Retry and Delete.
 */
export function QueueMonitorPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('staff.horizon.title');
  const all = useQueues();
  // pg-boss's own internal queues (`__pgboss__...`) are not the product's.
  const queues = all.data?.filter((q) => !q.name.startsWith('__pgboss__'));
  const [selected, setSelected] = useState<string | null>(null);
  const [state, setState] = useState<JobState>('failed');
  const withFailures = queues?.find((q) => q.counts.failed > 0)?.name;
  const current = selected ?? withFailures ?? queues?.[0]?.name ?? null;
  return (
    <Stack gap="lg">
      <Title order={2}>{t('staff.horizon.title')}</Title>
      <ListCard
        records={queues ?? []}
        idAccessor="name"
        fetching={all.isFetching && !all.data}
        emptyHeight={160}
        striped={false}
        highlightOnHover
        onRowClick={({ record }) => setSelected(record.name)}
        rowStyle={(q) =>
          q.name === current ? { background: 'var(--mantine-color-default-hover)' } : undefined
        }
        columns={[
          {
            accessor: 'name',
            title: t('staff.horizon.queue'),
            render: (q) => (
              <UnstyledButton onClick={() => setSelected(q.name)} data-testid={`queue-${q.name}`}>
                <Text size="sm" ff="monospace" fw={600} dir="ltr">
                  {q.name}
                </Text>
              </UnstyledButton>
            ),
          },
          ...JOB_STATES.map((s) => ({
            accessor: s,
            title: t(`staff.horizon.state_${s}`),
            textAlign: 'center' as const,
            render: (q: QueueInfo) =>
              q.counts[s] ? (
                <Badge
                  variant="light"
                  color={statusColor(JOB_STATE_KINDS[s] ?? 'neutral')}
                  data-testid={`count-${q.name}-${s}`}
                >
                  {formatNumber(q.counts[s], i18n.language)}
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  0
                </Text>
              ),
          })),
          {
            accessor: 'backlog',
            title: (
              <Tooltip label={t('staff.horizon.backlog_hint')} multiline w={260} withinPortal>
                <span>{t('staff.horizon.backlog')}</span>
              </Tooltip>
            ),
            textAlign: 'center',
            render: (q) => formatNumber(q.backlog, i18n.language),
          },
        ]}
      />
      <ThroughputCard />
      {current && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={4}>
              {t('staff.horizon.jobs_of')}{' '}
              <Text span ff="monospace" inherit dir="ltr">
                {current}
              </Text>
            </Title>
            <Group gap="sm">
              <Select
                aria-label={t('staff.horizon.state')}
                value={state}
                onChange={(v) => v && setState(v as JobState)}
                data={JOB_STATES.map((s) => ({ value: s, label: t(`staff.horizon.state_${s}`) }))}
                w={180}
                allowDeselect={false}
                data-testid="job-state"
              />
              <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => all.refetch()}>
                {t('staff.horizon.refresh')}
              </Button>
            </Group>
          </Group>
          <JobsTable key={`${current}-${state}`} queue={current} state={state} />
        </Stack>
      )}
    </Stack>
  );
}
