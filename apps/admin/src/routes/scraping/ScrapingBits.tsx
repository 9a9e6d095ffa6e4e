import { SCRAPING_PERMISSIONS as P, SCRAPING_JOB_STATUSES } from '@lm/contracts';
import { formatNumber, StatusBadge } from '@lm/ui';
import { Badge, Progress, Stack, Text } from '@mantine/core';
import { IconChartBar, IconClockPlay, IconListDetails, IconPlaylist } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type SectionLink, SectionNav } from '../../components/SectionNav';

/** Status badge of a scraping job or run (queued, running, completed, failed, cancelled). */
export function ScrapingStatusBadge({ statusId }: { statusId: number }) {
  return <StatusBadge id={statusId} map={SCRAPING_JOB_STATUSES} data-testid="scraping-status" />;
}

/** Items done of total as a bar and a count ("120 / 200 tracks"). */
export function JobProgress({
  done,
  total,
  progress,
  running,
}: {
  done: number;
  total: number | null;
  progress: number;
  running: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap={4} miw={140} data-testid="job-progress">
      <Progress value={progress} animated={running} striped={running} size="md" aria-label={`${progress}%`} />
      <Text size="xs" c="dimmed">
        {total === null
          ? t('scraping.jobs.progress_unknown')
          : t('scraping.jobs.progress', {
              done: formatNumber(done, i18n.language),
              total: formatNumber(total, i18n.language),
              percent: progress,
            })}
      </Text>
    </Stack>
  );
}

const LEVEL_COLORS = { info: 'blue', warning: 'orange', error: 'red' } as const;

/** The level of an event (info, warning, error). */
export function LevelBadge({ level }: { level: 'info' | 'warning' | 'error' }) {
  const { t } = useTranslation();
  return (
    <Badge size="sm" variant="light" color={LEVEL_COLORS[level]}>
      {t(`scraping.logs.level_${level}`)}
    </Badge>
  );
}

const LINKS = [
  { to: '/scraping-jobs/lists', label: 'nav.scraping_jobs', icon: IconPlaylist, permission: P.view },
  { to: '/auto-scraping-jobs/lists', label: 'nav.auto_scraping', icon: IconClockPlay, permission: P.view },
  { to: '/scraping_dashboard', label: 'nav.scraping_dashboard', icon: IconChartBar, permission: P.dashboard },
  { to: '/scraping/logs', label: 'nav.scraping_logs', icon: IconListDetails, permission: P.view },
] as const satisfies readonly SectionLink[];

/** Links between the scraping screens the admin may open. */
export function ScrapingNav() {
  return <SectionNav links={LINKS} testId="scraping-nav" />;
}
