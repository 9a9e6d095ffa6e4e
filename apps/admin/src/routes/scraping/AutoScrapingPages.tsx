import { autoScrapingJobSchema, SCRAPING_LIMITS, SCRAPING_SCHEDULE_PRESETS } from '@lm/contracts';
import {
  applyServerErrors,
  fieldError,
  formatDateTime,
  formatNumber,
  ListScreen,
  LoadingOrNotFound,
  NumberField,
  usePageTitle,
  useZodForm,
} from '@lm/ui';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconClockPlay, IconEdit, IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { FormActions } from '../../components/FormActions';
import { OnOffBadge } from '../../components/OnOffBadge';
import { RowsTable } from '../../components/RowsTable';
import {
  type AutoScrapingJob,
  type AutoScrapingRun,
  LIVE_REFRESH_MS,
  type ScrapingKeyword,
  useAutoJob,
  useRunAutoJob,
  useRunLeads,
  useSaveAutoJob,
} from '../../hooks/use-scraping';
import { LeadDrawer } from './LeadDrawer';
import {
  Fact,
  FactLabel,
  ScrapingListScreen,
  ScrapingNav,
  ScrapingRecordHeader,
  ScrapingStatusBadge,
} from './ScrapingBits';

type FormValues = z.input<typeof autoScrapingJobSchema>;
type Preset = keyof typeof SCRAPING_SCHEDULE_PRESETS | 'custom';

const presetOf = (cron: string): Preset =>
  (Object.entries(SCRAPING_SCHEDULE_PRESETS).find(([, v]) => v === cron)?.[0] as Preset | undefined) ??
  'custom';

/** A schedule in words when it is a preset, else the cron expression itself. */
export function ScheduleText({ cron }: { cron: string }) {
  const { t } = useTranslation();
  const preset = presetOf(cron);
  return preset === 'custom' ? (
    <Text size="sm" ff="monospace" dir="ltr" span>
      {cron}
    </Text>
  ) : (
    <Text size="sm" span>
      {t(`scraping.auto.preset_${preset}`)}
    </Text>
  );
}

/** Create or edit an auto-scraping job: keyword, schedule (a preset or cron, UTC), enabled, playlists a run. */
function AutoJobForm({ job, onDone }: { job: AutoScrapingJob | null; onDone(id?: number): void }) {
  const { t } = useTranslation();
  const save = useSaveAutoJob();
  const form = useZodForm(autoScrapingJobSchema, {
    defaultValues: {
      keyword: job?.keyword ?? '',
      cron: job?.cron ?? SCRAPING_SCHEDULE_PRESETS.daily,
      enabled: job?.enabled ?? true,
      max_playlists: job?.max_playlists ?? 10,
    } satisfies FormValues,
  });
  const [preset, setPreset] = useState<Preset>(presetOf(job?.cron ?? SCRAPING_SCHEDULE_PRESETS.daily));
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({ id: job?.id, body: values });
      onDone(saved.id);
    } catch (error) {
      applyServerErrors(error, form.setError, ['keyword', 'cron', 'enabled', 'max_playlists']);
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="auto-form">
      <Stack gap="md">
        <TextInput
          label={t('scraping.auto.keyword')}
          description={t('scraping.auto.keyword_hint')}
          withAsterisk
          {...form.register('keyword')}
          error={fieldError(form.formState.errors.keyword)}
          data-testid="auto-keyword"
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('scraping.auto.schedule')}
          </Text>
          <SegmentedControl
            fullWidth
            value={preset}
            onChange={(value) => {
              const next = value as Preset;
              setPreset(next);
              if (next !== 'custom')
                form.setValue('cron', SCRAPING_SCHEDULE_PRESETS[next], { shouldValidate: true });
            }}
            data={(['hourly', 'daily', 'weekly', 'custom'] as const).map((p) => ({
              value: p,
              label: t(`scraping.auto.preset_${p}`),
            }))}
          />
          <TextInput
            label={t('scraping.auto.cron')}
            description={t('scraping.auto.cron_hint', { minutes: SCRAPING_LIMITS.autoMinIntervalMinutes })}
            dir="ltr"
            readOnly={preset !== 'custom'}
            {...form.register('cron')}
            error={fieldError(form.formState.errors.cron)}
            data-testid="auto-cron"
          />
        </Stack>
        <Controller
          control={form.control}
          name="max_playlists"
          render={({ field }) => (
            <NumberField
              label={t('scraping.auto.max_playlists')}
              min={1}
              max={SCRAPING_LIMITS.autoMaxPlaylists}
              value={field.value}
              onChange={(v) => field.onChange(v ?? undefined)}
              error={fieldError(form.formState.errors.max_playlists)}
            />
          )}
        />
        <Controller
          control={form.control}
          name="enabled"
          render={({ field }) => (
            <Switch
              label={t('scraping.auto.enabled')}
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
        <FormActions onCancel={() => onDone()} type="submit" loading={save.isPending} data-testid="auto-save">
          {t('staff.save')}
        </FormActions>
      </Stack>
    </form>
  );
}

/**
 * /auto-scraping-jobs/lists (view.main.scraping.tab.list): keywords searched on a schedule, with their
 * switch, last and next run and what they added; scraping.show creates them and opens their runs.
 */
export function AutoScrapingJobsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  return (
    <ScrapingListScreen<AutoScrapingJob>
      title="scraping.auto.title"
      path="admin/scraping/auto-jobs"
      running={(job) => job.running}
      newButton={{ label: t('scraping.auto.new'), testId: 'auto-new' }}
      rowPath={(job) => `/auto-scraping-jobs/view/${job.id}`}
      create={(opened, close) => (
        <Modal opened={opened} onClose={close} title={t('scraping.auto.new')} centered>
          <AutoJobForm
            job={null}
            onDone={(id) => {
              close();
              if (id) navigate(`/auto-scraping-jobs/view/${id}`);
            }}
          />
        </Modal>
      )}
      columns={[
        {
          accessor: 'keyword',
          title: 'scraping.auto.keyword',
          render: (job) => (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {job.keyword}
              </Text>
              {job.running && (
                <Badge size="xs" color="cyan" variant="light">
                  {t('ui.status.running')}
                </Badge>
              )}
            </Group>
          ),
        },
        {
          accessor: 'cron',
          title: 'scraping.auto.schedule',
          render: (job) => <ScheduleText cron={job.cron} />,
        },
        {
          accessor: 'enabled',
          title: 'scraping.auto.enabled',
          render: (job) => <OnOffBadge on={job.enabled} labels={['scraping.auto.on', 'scraping.auto.off']} />,
        },
        {
          accessor: 'last_run_at',
          title: 'scraping.auto.last_run',
          render: (job) => (job.last_run_at ? formatDateTime(job.last_run_at, lang) : '—'),
        },
        {
          accessor: 'next_run_at',
          title: 'scraping.auto.next_run',
          render: (job) => (job.next_run_at ? formatDateTime(job.next_run_at, lang) : '—'),
        },
        {
          accessor: 'artists_new',
          title: 'scraping.auto.added',
          render: (job) =>
            t('scraping.auto.added_value', {
              artists: formatNumber(job.artists_new, lang),
              curators: formatNumber(job.curators_new, lang),
            }),
        },
      ]}
    />
  );
}

/** The leads a run added (the first 100, most followed first), in a drawer. */
function RunLeads({ run, onClose }: { run: AutoScrapingRun | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [openLead, setOpenLead] = useState<number | null>(null);
  const leads = useRunLeads(run?.id ?? null);
  return (
    <Drawer
      opened={run !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={run ? t('scraping.auto.run_added', { id: run.id }) : ''}
    >
      {leads.isLoading ? (
        <Loader />
      ) : (
        <Stack gap="xs" data-testid="run-leads">
          <Text size="sm" c="dimmed">
            {t('scraping.auto.run_leads_count', { count: leads.data?.total ?? 0 })}
          </Text>
          <Table.ScrollContainer minWidth={420}>
            <RowsTable
              striped
              highlightOnHover
              rows={leads.data?.rows ?? []}
              rowKey={(lead) => `${lead.job_id}-${lead.id}`}
              rowProps={(lead) => ({ onClick: () => setOpenLead(lead.id), style: { cursor: 'pointer' } })}
              columns={[
                {
                  title: t('scraping.results.name'),
                  cell: (lead) => (
                    <>
                      <Text size="sm" fw={600}>
                        {lead.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t(`scraping.kind.${lead.kind}`)}
                      </Text>
                    </>
                  ),
                },
                {
                  title: t('scraping.results.followers'),
                  cell: (lead) =>
                    lead.followers === null ? '—' : formatNumber(lead.followers, i18n.language),
                },
                {
                  title: t('scraping.fields.playlist'),
                  cell: (lead) => (
                    <Anchor component={Link} to={`/playlist/scraping/${lead.job_id}`} size="sm">
                      #{lead.job_id}
                    </Anchor>
                  ),
                },
              ]}
            />
          </Table.ScrollContainer>
        </Stack>
      )}
      <LeadDrawer leadId={openLead} onClose={() => setOpenLead(null)} />
    </Drawer>
  );
}

/**
 * /auto-scraping-jobs/view/{autoScrapeId} (scraping.show): the keyword's schedule and switch, last and
 * next run, Run now, its runs (what each added) and the playlists its searches found (processed or not).
 */
export function AutoScrapingJobPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('scraping.auto.view_title');
  const lang = i18n.language;
  const id = Number(useParams().autoScrapeId);
  const job = useAutoJob(id);
  const runNow = useRunAutoJob();
  const save = useSaveAutoJob();
  const [editing, setEditing] = useState(false);
  const [openRun, setOpenRun] = useState<AutoScrapingRun | null>(null);
  if (!job.data) return <LoadingOrNotFound loading={job.isLoading} h={240} />;
  const data = job.data;
  const toggle = (enabled: boolean) =>
    save
      .mutateAsync({
        id,
        body: { keyword: data.keyword, cron: data.cron, enabled, max_playlists: data.max_playlists },
      })
      .catch(() => undefined);
  return (
    <Stack gap="md">
      <ScrapingNav />
      <ScrapingRecordHeader
        backTo="/auto-scraping-jobs/lists"
        title={
          <Title order={2} data-testid="auto-keyword-title">
            {data.keyword}
          </Title>
        }
      >
        <Group gap="xs">
          <Button variant="default" leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
            {t('staff.edit')}
          </Button>
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            onClick={() => runNow.mutate(id)}
            loading={runNow.isPending}
            disabled={data.running}
            data-testid="auto-run"
          >
            {t('scraping.auto.run_now')}
          </Button>
        </Group>
      </ScrapingRecordHeader>
      <Card padding="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Fact label={t('scraping.auto.schedule')} gap={4}>
            <Group gap={6}>
              <IconClockPlay size={16} />
              <ScheduleText cron={data.cron} />
            </Group>
            <Switch
              label={t('scraping.auto.enabled')}
              checked={data.enabled}
              onChange={(e) => toggle(e.currentTarget.checked)}
              data-testid="auto-enabled"
            />
          </Fact>
          <Fact label={t('scraping.auto.last_run')} gap={4}>
            <Text size="sm">{data.last_run_at ? formatDateTime(data.last_run_at, lang) : '—'}</Text>
            <FactLabel>{t('scraping.auto.next_run')}</FactLabel>
            <Text size="sm">{data.next_run_at ? formatDateTime(data.next_run_at, lang) : '—'}</Text>
          </Fact>
          <Fact label={t('scraping.auto.playlists')} gap={4}>
            <Text size="sm">
              {t('scraping.auto.playlists_value', {
                found: formatNumber(data.playlists_found, lang),
                processed: formatNumber(data.playlists_processed, lang),
              })}
            </Text>
          </Fact>
          <Fact label={t('scraping.auto.added')} gap={4}>
            <Text size="sm" data-testid="auto-added">
              {t('scraping.auto.added_value', {
                artists: formatNumber(data.artists_new, lang),
                curators: formatNumber(data.curators_new, lang),
              })}
            </Text>
          </Fact>
        </SimpleGrid>
      </Card>
      <Tabs defaultValue="runs" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="runs">{t('scraping.auto.runs')}</Tabs.Tab>
          <Tabs.Tab value="playlists">{t('scraping.auto.keywords')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="runs" pt="md">
          <ListScreen<AutoScrapingRun>
            title="scraping.auto.runs"
            path={`admin/scraping/auto-jobs/${id}/runs`}
            refetchInterval={(rows) => (rows.some((r) => r.status_id === 2) ? LIVE_REFRESH_MS : false)}
            onRowClick={setOpenRun}
            columns={[
              {
                accessor: 'started_at',
                title: 'scraping.auto.started',
                render: (r) => formatDateTime(r.started_at, lang),
              },
              {
                accessor: 'trigger',
                title: 'scraping.auto.trigger',
                render: (r) => t(`scraping.auto.trigger_${r.trigger}`),
              },
              {
                accessor: 'status_id',
                title: 'scraping.fields.status',
                render: (r) => <ScrapingStatusBadge statusId={r.status_id} />,
              },
              {
                accessor: 'playlists_found',
                title: 'scraping.auto.playlists',
                render: (r) =>
                  t('scraping.auto.run_playlists', {
                    found: r.playlists_found,
                    new: r.playlists_new,
                    queued: r.jobs_created,
                  }),
              },
              {
                accessor: 'artists_new',
                title: 'scraping.auto.added',
                render: (r) =>
                  t('scraping.auto.added_value', {
                    artists: formatNumber(r.artists_new, lang),
                    curators: formatNumber(r.curators_new, lang),
                  }),
              },
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="playlists" pt="md">
          <ListScreen<ScrapingKeyword>
            title="scraping.auto.keywords"
            path={`admin/scraping/auto-jobs/${id}/keywords`}
            columns={[
              {
                accessor: 'name',
                title: 'scraping.fields.playlist',
                render: (k) => (
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {k.name ?? k.playlist_id}
                    </Text>
                    <Anchor href={k.url} target="_blank" rel="noreferrer" size="xs" dir="ltr">
                      {k.url}
                    </Anchor>
                  </Stack>
                ),
              },
              {
                accessor: 'processed',
                title: 'scraping.auto.processed',
                render: (k) => (
                  <OnOffBadge
                    on={k.processed}
                    labels={['scraping.auto.processed_yes', 'scraping.auto.processed_no']}
                  />
                ),
              },
              {
                accessor: 'job_id',
                title: 'scraping.auto.job',
                render: (k) =>
                  k.job_id ? (
                    <Anchor component={Link} to={`/playlist/scraping/${k.job_id}`} size="sm">
                      #{k.job_id}
                    </Anchor>
                  ) : (
                    '—'
                  ),
              },
            ]}
          />
        </Tabs.Panel>
      </Tabs>
      <Modal opened={editing} onClose={() => setEditing(false)} title={t('scraping.auto.edit')} centered>
        <AutoJobForm job={data} onDone={() => setEditing(false)} />
      </Modal>
      <RunLeads run={openRun} onClose={() => setOpenRun(null)} />
    </Stack>
  );
}
