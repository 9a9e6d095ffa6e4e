import { isOpenScrapingStatus, SCRAPING_JOB_STATUSES, SCRAPING_LIMITS } from '@lm/contracts';
import { formatDateTime, formatNumber, isApiError, statusLabelKey, translateMessage } from '@lm/ui';
import { Alert, Avatar, FileInput, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconFileTypeCsv, IconPlaylist } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../components/FormActions';
import { selectFilter } from '../../components/select-filter';
import { type ScrapingJob, useCreateScrapingJobs } from '../../hooks/use-scraping';
import { JobProgress, ScrapingListScreen, ScrapingStatusBadge } from './ScrapingBits';

/**
 * Staff paste playlist links (one a line) and/or choose a CSV file of them; the API reads the CSV
 * (csv-parse) and refuses what is not a playlist link under its line or row.
 */
function NewJobsModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateScrapingJobs();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const close = () => {
    setText('');
    setFile(null);
    setErrors([]);
    onClose();
  };
  const lines = text.split('\n').map((l) => l.trim());
  const submit = async () => {
    setErrors([]);
    const csv = file ? await file.text() : undefined;
    try {
      const result = await create.mutateAsync({ links: lines.filter(Boolean), csv });
      close();
      const first = result.created[0] ?? result.skipped[0];
      if (result.created.length + result.skipped.length === 1 && first)
        navigate(`/playlist/scraping/${first.id}`);
    } catch (error) {
      if (!isApiError(error) || !error.errors) return;
      const nonEmpty = lines.filter(Boolean);
      setErrors(
        Object.entries(error.errors).map(([field, messages]) => {
          const [kind, index] = field.split('.');
          const where =
            kind === 'links' && index !== undefined
              ? t('scraping.new.line', { line: Number(index) + 1, value: nonEmpty[Number(index)] ?? '' })
              : kind === 'csv' && index !== undefined
                ? t('scraping.new.row', { row: index })
                : '';
          return `${where}${where ? ': ' : ''}${translateMessage(messages[0] ?? '')}`;
        }),
      );
    }
  };
  return (
    <Modal opened={opened} onClose={close} title={t('scraping.new.title')} size="lg" centered>
      <Stack gap="md" data-testid="new-scraping-form">
        <Textarea
          label={t('scraping.new.links')}
          description={t('scraping.new.links_hint', { max: SCRAPING_LIMITS.playlistsPerRequest })}
          placeholder="https://open.spotify.com/playlist/…"
          autosize
          minRows={4}
          maxRows={12}
          dir="ltr"
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-testid="scraping-links"
        />
        <FileInput
          label={t('scraping.new.csv')}
          description={t('scraping.new.csv_hint')}
          accept=".csv,text/csv"
          clearable
          leftSection={<IconFileTypeCsv size={16} />}
          value={file}
          onChange={setFile}
          placeholder={t('scraping.new.csv_placeholder')}
        />
        {errors.length > 0 && (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="scraping-new-errors">
            <List size="sm">
              {errors.map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <FormActions
          onCancel={close}
          onClick={submit}
          loading={create.isPending}
          disabled={!lines.some(Boolean) && !file}
          data-testid="scraping-start"
        >
          {t('scraping.new.start')}
        </FormActions>
      </Stack>
    </Modal>
  );
}

/**
 * /scraping-jobs/lists (view.main.scraping.tab.list): every scraping job, newest first, with its live
 * progress (asked again while a job on the page moves); staff holding scraping.show start jobs and
 * open a job's results.
 */
export function ScrapingJobsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <ScrapingListScreen<ScrapingJob>
      title="scraping.jobs.title"
      path="admin/scraping/jobs"
      running={(job) => isOpenScrapingStatus(job.status_id)}
      newButton={{ label: t('scraping.new.button'), testId: 'scraping-new' }}
      rowPath={(job) => `/playlist/scraping/${job.id}`}
      create={(opened, close) => <NewJobsModal opened={opened} onClose={close} />}
      filters={[
        {
          type: 'select',
          name: 'status_id',
          label: 'scraping.fields.status',
          options: SCRAPING_JOB_STATUSES.map((s) => ({
            value: String(s.id),
            label: t(statusLabelKey(s.label)),
          })),
        },
        selectFilter(t, 'source', 'scraping.fields.source', [
          ['manual', 'scraping.source.manual'],
          ['auto', 'scraping.source.auto'],
        ]),
      ]}
      columns={[
        {
          accessor: 'playlist_name',
          title: 'scraping.fields.playlist',
          render: (job) => (
            <Group gap="sm" wrap="nowrap">
              <Avatar src={job.playlist_image_url} size={32} radius="sm" color="green">
                <IconPlaylist size={18} />
              </Avatar>
              <Stack gap={0}>
                <Text size="sm" fw={600} lineClamp={1}>
                  {job.playlist_name ?? job.playlist_id}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`scraping.source.${job.source}`)}
                </Text>
              </Stack>
            </Group>
          ),
        },
        {
          accessor: 'status_id',
          title: 'scraping.fields.status',
          render: (job) => <ScrapingStatusBadge statusId={job.status_id} />,
        },
        {
          accessor: 'progress',
          title: 'scraping.fields.progress',
          render: (job) => (
            <JobProgress
              done={job.items_done}
              total={job.items_total}
              progress={job.progress}
              running={isOpenScrapingStatus(job.status_id)}
            />
          ),
        },
        {
          accessor: 'artists_found',
          title: 'scraping.fields.artists',
          render: (job) =>
            t('scraping.jobs.artists_value', {
              found: formatNumber(job.artists_found, lang),
              new: formatNumber(job.artists_new, lang),
            }),
        },
        {
          accessor: 'created_at',
          title: 'scraping.fields.created_at',
          render: (job) => formatDateTime(job.created_at, lang),
        },
      ]}
    />
  );
}
