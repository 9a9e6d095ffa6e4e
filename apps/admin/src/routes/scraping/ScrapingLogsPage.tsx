import { formatDateTime, ListScreen, usePageTitle } from '@lm/ui';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ScrapingEvent } from '../../hooks/use-scraping';
import { LevelBadge, ScrapingNav } from './ScrapingBits';

/**
 * /scraping/logs (view.main.scraping.tab.list): the scraping tool's event log, newest first, every
 * job's and auto-scraping run's events and errors in the reader's language, filtered by level or job.
 * The spec's "/logs" of the scraping module; the back-office /logs stays the audit log (decisions).
 */
export function ScrapingLogsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('scraping.logs.title');
  return (
    <Stack gap="md">
      <ScrapingNav />
      <ListScreen<ScrapingEvent>
        title="scraping.logs.title"
        path="admin/scraping/events"
        filters={[
          {
            type: 'select',
            name: 'level',
            label: 'scraping.logs.level',
            options: (['info', 'warning', 'error'] as const).map((l) => ({
              value: l,
              label: t(`scraping.logs.level_${l}`),
            })),
          },
          { type: 'text', name: 'job_id', label: 'scraping.logs.job' },
        ]}
        columns={[
          {
            accessor: 'created_at',
            title: 'scraping.logs.date',
            width: 180,
            render: (e) => <Text size="sm">{formatDateTime(e.created_at, i18n.language)}</Text>,
          },
          { accessor: 'level', title: 'scraping.logs.level', render: (e) => <LevelBadge level={e.level} /> },
          {
            accessor: 'subject',
            title: 'scraping.logs.subject',
            render: (e) =>
              e.job_id ? (
                <Anchor component={Link} to={`/playlist/scraping/${e.job_id}`} size="sm">
                  #{e.job_id} {e.playlist_name ?? ''}
                </Anchor>
              ) : e.auto_scraping_job_id ? (
                <Anchor component={Link} to={`/auto-scraping-jobs/view/${e.auto_scraping_job_id}`} size="sm">
                  {e.keyword ?? `#${e.auto_scraping_job_id}`}
                </Anchor>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('scraping.logs.crawler')}
                </Text>
              ),
          },
          {
            accessor: 'message',
            title: 'scraping.logs.message',
            render: (e) => <Text size="sm">{e.message}</Text>,
          },
        ]}
      />
    </Stack>
  );
}
