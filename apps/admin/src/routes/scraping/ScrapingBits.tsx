import { SCRAPING_PERMISSIONS as P, SCRAPING_JOB_STATUSES, type SessionAdmin } from '@lm/contracts';
import {
  formatNumber,
  ListScreen,
  type ListScreenProps,
  StatusBadge,
  usePageTitle,
  useSession,
} from '@lm/ui';
import { ActionIcon, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import {
  IconArrowLeft,
  IconChartBar,
  IconClockPlay,
  IconListDetails,
  IconPlaylist,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AddButton } from '../../components/AddButton';
import { type SectionLink, SectionNav } from '../../components/SectionNav';
import { LIVE_REFRESH_MS } from '../../hooks/use-scraping';

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

/**
 * A list of scraping work (jobs, keywords searched on a schedule), its title the page's: the section bar, then the list with
 * its search, asked again every LIVE_REFRESH_MS while a row on the page is still running. Staff holding
 * scraping.show also get the New button, which opens the dialog `create` draws, and rows that open
 * their own page.
 */
export function ScrapingListScreen<T>({
  running,
  newButton,
  rowPath,
  create,
  ...list
}: Omit<ListScreenProps<T>, 'searchable' | 'refetchInterval' | 'actions' | 'onRowClick'> & {
  /** True while the row's work is queued or running. */
  running(row: T): boolean;
  /** The New button's label, already translated, and its test id. */
  newButton: { label: string; testId: string };
  /** The page a row opens. */
  rowPath(row: T): string;
  /** The dialog that starts new work, opened by New and closed by `close`. */
  create(opened: boolean, close: () => void): ReactNode;
}) {
  usePageTitle(list.title);
  const navigate = useNavigate();
  const canManage = useSession<SessionAdmin>().ability.can('call', P.manage);
  const [creating, setCreating] = useState(false);
  return (
    <Stack gap="md">
      <ScrapingNav />
      <ListScreen<T>
        {...list}
        searchable
        refetchInterval={(rows) => (rows.some(running) ? LIVE_REFRESH_MS : false)}
        actions={
          canManage ? (
            <AddButton onClick={() => setCreating(true)} data-testid={newButton.testId}>
              {newButton.label}
            </AddButton>
          ) : undefined
        }
        onRowClick={canManage ? (row) => navigate(rowPath(row)) : undefined}
      />
      {create(creating, () => setCreating(false))}
    </Stack>
  );
}

/**
 * The head of a scraping record page (a job, a keyword): the arrow back to its list (turned round in
 * right-to-left languages), the title, and the page's buttons at the other end.
 */
export function ScrapingRecordHeader({
  backTo,
  title,
  children,
}: {
  backTo: string;
  /** The page's `Title` (a heading with its own test id where a journey reads it). */
  title: ReactNode;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap">
      <Group gap="sm" wrap="nowrap">
        <ActionIcon component={Link} to={backTo} variant="subtle" aria-label={t('scraping.job.back')}>
          <IconArrowLeft size={18} style={{ transform: i18n.dir() === 'rtl' ? 'scaleX(-1)' : undefined }} />
        </ActionIcon>
        {title}
      </Group>
      {children}
    </Group>
  );
}

/** The small dimmed label above a value in a scraping record's card. */
export function FactLabel({ children }: { children: ReactNode }) {
  return (
    <Text size="xs" c="dimmed" fw={500}>
      {children}
    </Text>
  );
}

/** A value of a scraping record's card under its label; `gap` is the space between them (px). */
export function Fact({ label, gap = 2, children }: { label: string; gap?: number; children: ReactNode }) {
  return (
    <Stack gap={gap}>
      <FactLabel>{label}</FactLabel>
      {children}
    </Stack>
  );
}

/** A count of a scraping record's card: a `Fact` in large bold type. */
export function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Fact label={label}>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Fact>
  );
}
