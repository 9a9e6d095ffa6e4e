import { isOpenScrapingStatus } from '@lm/contracts';
import {
  confirmAction,
  formatDateTime,
  formatNumber,
  ListScreen,
  LoadingOrNotFound,
  parseListParams,
  usePageTitle,
} from '@lm/ui';
import {
  ActionIcon,
  Alert,
  Anchor,
  Autocomplete,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconBrandSpotify,
  IconDownload,
  IconInfoCircle,
  IconPlayerStop,
  IconPlaylist,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { FormActions } from '../../components/FormActions';
import { RowsTable } from '../../components/RowsTable';
import { selectFilter } from '../../components/select-filter';
import {
  LIVE_REFRESH_MS,
  type ScrapingLead,
  useCancelScrapingJob,
  useEraseLead,
  useExportCsv,
  useJobEvents,
  useJobGenres,
  useLeadLists,
  useScrapingJob,
  useSendToList,
} from '../../hooks/use-scraping';
import { LeadDrawer } from './LeadDrawer';
import {
  Fact,
  Figure,
  JobProgress,
  LevelBadge,
  ScrapingNav,
  ScrapingRecordHeader,
  ScrapingStatusBadge,
} from './ScrapingBits';

/** The results filter currently in the URL, as the API's `filter[...]` values. */
function useCurrentFilter(): Record<string, string> {
  const [search] = useSearchParams();
  const { filter } = parseListParams(search, {});
  return Object.fromEntries(
    Object.entries(filter).flatMap(([k, v]) => (Array.isArray(v) ? (v[0] ? [[k, v[0]]] : []) : [[k, v]])),
  );
}

/** Send the leads matching the current filter to a named list (new or existing). */
function SendToListModal({ jobId, opened, onClose }: { jobId: number; opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const filter = useCurrentFilter();
  const lists = useLeadLists(opened);
  const send = useSendToList(jobId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await send.mutateAsync({ list_name: name, filter });
      setName('');
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('scraping.send.title')} centered>
      <Stack gap="md" data-testid="send-to-list-form">
        <Alert variant="light" icon={<IconInfoCircle size={18} />}>
          {Object.keys(filter).length > 0 ? t('scraping.send.filtered') : t('scraping.send.all')}
        </Alert>
        <Autocomplete
          label={t('scraping.send.list_name')}
          description={t('scraping.send.list_hint')}
          data={(lists.data ?? []).map((l) => l.name)}
          value={name}
          onChange={setName}
          maxLength={100}
          error={error}
          data-testid="send-list-name"
        />
        <FormActions
          onCancel={onClose}
          onClick={submit}
          loading={send.isPending}
          disabled={!name.trim()}
          data-testid="send-confirm"
        >
          {t('scraping.send.submit')}
        </FormActions>
      </Stack>
    </Modal>
  );
}

/** The job's event log (latest 50), live while the job moves. */
function JobEvents({ jobId, live }: { jobId: number; live: boolean }) {
  const { t, i18n } = useTranslation();
  const events = useJobEvents(jobId, live);
  if (events.isLoading) return <Loader />;
  return (
    <Table.ScrollContainer minWidth={480}>
      <RowsTable
        striped
        verticalSpacing="xs"
        data-testid="job-events"
        rows={events.data ?? []}
        rowKey={(e) => e.id}
        columns={[
          {
            title: t('scraping.logs.date'),
            width: 180,
            cell: (e) => <Text size="sm">{formatDateTime(e.created_at, i18n.language)}</Text>,
          },
          { title: t('scraping.logs.level'), width: 100, cell: (e) => <LevelBadge level={e.level} /> },
          { title: t('scraping.logs.message'), cell: (e) => <Text size="sm">{e.message}</Text> },
        ]}
      />
    </Table.ScrollContainer>
  );
}

/**
 * /playlist/scraping/{scrapingId} (scraping.show): a job's progress (asked again while it moves), its
 * curator, its results (filter by kind, genre, followers range, new in this job; export to CSV; send
 * to a leads list; a lead's sources and erasure) and its event log.
 */
export function ScrapingJobPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('scraping.job.title');
  const lang = i18n.language;
  const id = Number(useParams().scrapingId);
  const job = useScrapingJob(id);
  const cancel = useCancelScrapingJob();
  const exportCsv = useExportCsv(id);
  const erase = useEraseLead();
  const filter = useCurrentFilter();
  const live = job.data ? isOpenScrapingStatus(job.data.status_id) : false;
  const genres = useJobGenres(id, live);
  const [sending, setSending] = useState(false);
  const [openLead, setOpenLead] = useState<number | null>(null);
  if (!job.data) return <LoadingOrNotFound loading={job.isLoading} h={240} />;
  const data = job.data;
  const onCancel = async () => {
    if (await confirmAction({ message: t('scraping.job.cancel_confirm'), danger: true }))
      await cancel.mutateAsync(id).catch(() => undefined);
  };
  const onErase = async (lead: ScrapingLead) => {
    const ok = await confirmAction({
      title: t('scraping.lead.erase'),
      message: t('scraping.lead.erase_confirm', { name: lead.name }),
      danger: true,
    });
    if (ok) await erase.mutateAsync(lead.id).catch(() => undefined);
  };
  return (
    <Stack gap="md">
      <ScrapingNav />
      <ScrapingRecordHeader
        backTo="/scraping-jobs/lists"
        title={<Title order={2}>{t('scraping.job.title')}</Title>}
      >
        {live && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconPlayerStop size={16} />}
            onClick={onCancel}
            loading={cancel.isPending}
            data-testid="job-cancel"
          >
            {t('scraping.job.cancel')}
          </Button>
        )}
      </ScrapingRecordHeader>
      <Card padding="lg" data-testid="job-card">
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <Avatar src={data.playlist_image_url} size={56} radius="sm" color="green">
                <IconPlaylist size={28} />
              </Avatar>
              <Stack gap={2} miw={0}>
                <Text fw={700} size="lg" data-testid="job-playlist">
                  {data.playlist_name ?? data.playlist_id}
                </Text>
                <Anchor
                  href={data.playlist_url}
                  target="_blank"
                  rel="noreferrer"
                  size="sm"
                  dir="ltr"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  <IconBrandSpotify size={14} style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
                  {data.playlist_url}
                </Anchor>
              </Stack>
            </Group>
            <ScrapingStatusBadge statusId={data.status_id} />
          </Group>
          <JobProgress
            done={data.items_done}
            total={data.items_total}
            progress={data.progress}
            running={live}
          />
          {data.error && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="job-error">
              {data.error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure
              label={t('scraping.fields.artists')}
              value={formatNumber(data.artists_found, lang)}
              testId="job-artists"
            />
            <Figure label={t('scraping.job.artists_new')} value={formatNumber(data.artists_new, lang)} />
            <Figure label={t('scraping.job.curators_new')} value={formatNumber(data.curators_new, lang)} />
            <Figure
              label={t('scraping.job.followers')}
              value={data.playlist_followers === null ? '—' : formatNumber(data.playlist_followers, lang)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Fact label={t('scraping.job.curator')}>
              {data.curator ? (
                <>
                  <Anchor size="sm" onClick={() => setOpenLead(data.curator!.id)}>
                    {data.curator.name}
                  </Anchor>
                  {data.curator.email && (
                    <Text size="sm" dir="ltr" ta="start">
                      {data.curator.email}
                    </Text>
                  )}
                </>
              ) : (
                <Text size="sm">—</Text>
              )}
            </Fact>
            <Fact label={t('scraping.fields.source')}>
              <Text size="sm">
                {data.keyword
                  ? t('scraping.job.from_keyword', { keyword: data.keyword })
                  : t(`scraping.source.${data.source}`)}
                {data.created_by ? ` · ${data.created_by}` : ''}
              </Text>
            </Fact>
            <Fact label={t('scraping.job.times')}>
              <Text size="sm">
                {formatDateTime(data.started_at ?? data.created_at, lang)}
                {data.finished_at ? ` – ${formatDateTime(data.finished_at, lang)}` : ''}
              </Text>
            </Fact>
          </SimpleGrid>
        </Stack>
      </Card>
      <Tabs defaultValue="results" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="results">{t('scraping.job.results')}</Tabs.Tab>
          <Tabs.Tab value="events">{t('scraping.job.events')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="results" pt="md">
          <ListScreen<ScrapingLead>
            title="scraping.job.results"
            path={`admin/scraping/jobs/${id}/leads`}
            searchable
            defaultOrder="followers:desc"
            refetchInterval={live ? LIVE_REFRESH_MS * 2 : false}
            onRowClick={(lead) => setOpenLead(lead.id)}
            actions={
              <Group gap="xs">
                <Button
                  variant="light"
                  leftSection={<IconDownload size={16} />}
                  onClick={() => exportCsv.mutate(filter)}
                  loading={exportCsv.isPending}
                  data-testid="results-export"
                >
                  {t('scraping.results.export')}
                </Button>
                <Button
                  leftSection={<IconSend size={16} />}
                  onClick={() => setSending(true)}
                  data-testid="results-send"
                >
                  {t('scraping.results.send')}
                </Button>
              </Group>
            }
            filters={[
              selectFilter(t, 'kind', 'scraping.results.kind', [
                ['artist', 'scraping.kind.artist'],
                ['curator', 'scraping.kind.curator'],
              ]),
              {
                type: 'select',
                name: 'genre',
                label: 'scraping.results.genre',
                options: (genres.data ?? []).map((g) => ({
                  value: g.genre,
                  label: `${g.genre} (${g.count})`,
                })),
              },
              { type: 'text', name: 'followers_min', label: 'scraping.results.followers_min' },
              { type: 'text', name: 'followers_max', label: 'scraping.results.followers_max' },
              {
                type: 'select',
                name: 'new',
                label: 'scraping.results.new_filter',
                options: [{ value: '1', label: t('scraping.results.new_only') }],
              },
            ]}
            columns={[
              {
                accessor: 'name',
                title: 'scraping.results.name',
                sortable: true,
                render: (lead) => (
                  <Group gap="sm" wrap="nowrap">
                    <Avatar src={lead.image_url} size={32} radius="xl">
                      {lead.name.slice(0, 1)}
                    </Avatar>
                    <Stack gap={0}>
                      <Text size="sm" fw={600}>
                        {lead.name}
                      </Text>
                      <Group gap={4}>
                        <Text size="xs" c="dimmed">
                          {t(`scraping.kind.${lead.kind}`)}
                        </Text>
                        {lead.is_new && (
                          <Badge size="xs" color="teal" variant="light">
                            {t('scraping.results.new')}
                          </Badge>
                        )}
                      </Group>
                    </Stack>
                  </Group>
                ),
              },
              {
                accessor: 'followers',
                title: 'scraping.results.followers',
                sortable: true,
                render: (lead) => (lead.followers === null ? '—' : formatNumber(lead.followers, lang)),
              },
              {
                accessor: 'genres',
                title: 'scraping.results.genres',
                render: (lead) => (
                  <Group gap={4}>
                    {lead.genres.slice(0, 3).map((g) => (
                      <Badge key={g} size="xs" variant="outline">
                        {g}
                      </Badge>
                    ))}
                  </Group>
                ),
              },
              {
                accessor: 'email',
                title: 'scraping.results.contact',
                render: (lead) => (
                  <Stack gap={0}>
                    {lead.email && (
                      <Text size="xs" dir="ltr" ta="start">
                        {lead.email}
                      </Text>
                    )}
                    {lead.links.website && (
                      <Text size="xs" c="dimmed" dir="ltr" ta="start" truncate maw={220}>
                        {lead.links.website}
                      </Text>
                    )}
                    {!lead.email && !lead.links.website && '—'}
                  </Stack>
                ),
              },
              { accessor: 'tracks', title: 'scraping.results.tracks', sortable: true },
              {
                accessor: 'actions',
                title: '',
                render: (lead) => (
                  <Tooltip label={t('scraping.lead.erase')}>
                    <ActionIcon
                      color="red"
                      variant="subtle"
                      aria-label={t('scraping.lead.erase')}
                      onClick={(e) => {
                        e.stopPropagation();
                        void onErase(lead);
                      }}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                ),
              },
            ]}
          />
        </Tabs.Panel>
        <Tabs.Panel value="events" pt="md">
          <JobEvents jobId={id} live={live} />
        </Tabs.Panel>
      </Tabs>
      <SendToListModal jobId={id} opened={sending} onClose={() => setSending(false)} />
      <LeadDrawer leadId={openLead} onClose={() => setOpenLead(null)} />
    </Stack>
  );
}
