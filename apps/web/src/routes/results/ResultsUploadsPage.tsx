import { S4A_UPLOAD_MAX_BYTES } from '@lm/contracts/results-terms';
import {
  confirmAction,
  EmptyState,
  FileDropZone,
  type FileRules,
  formatDate,
  ListTable,
  usePageTitle,
} from '@lm/ui';
import { Alert, Badge, Button, Card, List, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconChartLine, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type StatUpload,
  UPLOADS_PAGE_SIZE,
  useDeleteStatUpload,
  useResultTracks,
  useStatUploads,
  useUploadStats,
} from '../../hooks/use-results';

/** A Spotify for Artists export: one CSV up to `S4A_UPLOAD_MAX_BYTES`. The server reads the content. */
const CSV_RULES: FileRules = { extensions: ['csv'], maxBytes: S4A_UPLOAD_MAX_BYTES, maxFiles: 1 };
const AUDIENCE = 'audience';

type Outcome = { kind: 'stored' | 'again'; upload: StatUpload } | { kind: 'refused'; message: string };

/**
 * /results/uploads (issue "Results", artists): the artist uploads Spotify for Artists exports: a song's
 * timeline for a track one of their Spotify campaigns promoted, or their audience timeline; the
 * server's refusal names the line and the column. Below, their uploads with a delete.
 */
export function ResultsUploadsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('resultsUpload.title');
  const tracks = useResultTracks();
  const [page, setPage] = useState(1);
  const uploads = useStatUploads(page);
  const send = useUploadStats();
  const remove = useDeleteStatUpload();
  const [chosen, setChosen] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const trackList = tracks.data ?? [];
  const target = chosen ?? trackList[0]?.track_id ?? AUDIENCE;
  const day = (d: string) => formatDate(d, i18n.language);
  const options = [
    ...trackList.map((tr) => ({ value: tr.track_id, label: tr.name })),
    { value: AUDIENCE, label: t('resultsUpload.audience_option') },
  ];

  const onFiles = async ([file]: File[]) => {
    if (!file) return;
    setOutcome(null);
    try {
      const { upload, created } = await send.mutateAsync({
        file,
        trackId: target === AUDIENCE ? null : target,
      });
      setOutcome({ kind: created ? 'stored' : 'again', upload });
    } catch (err) {
      setOutcome({ kind: 'refused', message: (err as Error).message });
    }
  };

  const onDelete = async (upload: StatUpload) => {
    if (
      await confirmAction({
        danger: true,
        message: t('resultsUpload.delete_confirm', { file: upload.file_name }),
      })
    )
      remove.mutate(upload.id);
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('resultsUpload.title')}</Title>
        <Text c="dimmed" size="sm" mt={4}>
          {t('resultsUpload.intro')}
        </Text>
      </div>

      <Card withBorder padding="md">
        <Stack gap="md">
          <Select
            label={t('resultsUpload.what_label')}
            description={
              trackList.length === 0 && !tracks.isLoading ? t('resultsUpload.no_tracks') : undefined
            }
            data={options}
            value={target}
            onChange={(v) => setChosen(v)}
            allowDeselect={false}
            maw={480}
            data-testid="results-target"
          />
          <FileDropZone
            rules={CSV_RULES}
            onFiles={onFiles}
            loading={send.isPending}
            // Until the tracks are known the choice above is not the artist's yet.
            disabled={tracks.isLoading}
            label="resultsUpload.drop_prompt"
          />
          {outcome?.kind === 'refused' && (
            <Alert
              color="red"
              icon={<IconAlertTriangle size={18} />}
              title={t('resultsUpload.refused_title')}
              role="alert"
              data-testid="results-upload-error"
            >
              {outcome.message}
            </Alert>
          )}
          {outcome && outcome.kind !== 'refused' && (
            <Alert color={outcome.kind === 'stored' ? 'green' : 'blue'} icon={<IconCircleCheck size={18} />}>
              {t(outcome.kind === 'stored' ? 'resultsUpload.stored' : 'resultsUpload.again', {
                days: outcome.upload.days,
                first: day(outcome.upload.first_day),
                last: day(outcome.upload.last_day),
              })}
            </Alert>
          )}
          <Alert
            variant="light"
            color="gray"
            icon={<IconInfoCircle size={18} />}
            title={t('resultsUpload.help_title')}
          >
            <List size="sm" spacing={4}>
              <List.Item>{t('resultsUpload.help_song')}</List.Item>
              <List.Item>{t('resultsUpload.help_audience')}</List.Item>
              <List.Item>{t('resultsUpload.help_as_is')}</List.Item>
            </List>
          </Alert>
        </Stack>
      </Card>

      <Card withBorder padding="md">
        <Title order={4} mb="sm">
          {t('resultsUpload.list_title')}
        </Title>
        <ListTable<StatUpload>
          records={uploads.data?.data ?? []}
          fetching={uploads.isFetching}
          totalRecords={uploads.data?.pagination.total ?? 0}
          recordsPerPage={UPLOADS_PAGE_SIZE}
          page={page}
          onPageChange={setPage}
          emptyState={
            <EmptyState
              icon={<IconChartLine size={24} />}
              title={t('resultsUpload.empty_title')}
              hint={t('resultsUpload.empty_hint')}
            />
          }
          columns={[
            {
              accessor: 'format',
              title: t('resultsUpload.col_file'),
              render: (u) => (
                <Stack gap={2}>
                  <Badge
                    variant="light"
                    color={u.format === 'song_timeline' ? 'green' : 'grape'}
                    w="fit-content"
                  >
                    {u.format === 'song_timeline'
                      ? t('resultsUpload.format_song')
                      : t('resultsUpload.format_audience')}
                  </Badge>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {u.file_name}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'track_name',
              title: t('resultsUpload.col_track'),
              render: (u) =>
                u.format === 'audience_timeline'
                  ? t('resultsUpload.all_songs')
                  : (u.track_name ?? u.track_id),
            },
            { accessor: 'days', title: t('resultsUpload.col_days') },
            {
              accessor: 'first_day',
              title: t('resultsUpload.col_period'),
              render: (u) => `${day(u.first_day)} – ${day(u.last_day)}`,
            },
            {
              accessor: 'created_at',
              title: t('resultsUpload.col_uploaded'),
              render: (u) => day(u.created_at),
            },
            {
              accessor: 'id',
              title: '',
              textAlign: 'right',
              render: (u) => (
                <Button size="xs" variant="subtle" color="red" onClick={() => onDelete(u)}>
                  {t('resultsUpload.delete')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
    </Stack>
  );
}
