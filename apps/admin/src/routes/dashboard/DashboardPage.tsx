import type { SessionAdmin } from '@lm/contracts';
import { GENERAL } from '@lm/contracts/permissions';
import {
  formatNumber,
  LatestNotificationsCard,
  type MenuItem,
  StatCard,
  useApi,
  usePageTitle,
  useSession,
  visibleMenu,
  WhenVisible,
} from '@lm/ui';
import {
  Badge,
  Box,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconKey, IconMailbox, IconUserShield } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { adminMenu } from '../../app/menu';
import { hasAdminRoute } from '../../app/routes';
import { useDevMailboxAvailable } from '../../hooks/use-dev-mailbox';
import { useReport } from '../../hooks/use-staff';
import { roleLabel } from '../../i18n/labels';
import { lastDays } from '../reports/last-days';
import { DashboardTicketStatsPlaceholder } from '../tickets/ticket-stats-layout';
import { TodosCard } from './TodosCard';

/**
 * The last 30 days' charts, below the fold: their code (the charts library, ~390 KB) is fetched when
 * the section nears the screen, not with the dashboard (issue 37: it was most of the page's main-thread
 * time on a laptop).
 */
const ReportCharts = lazy(async () => ({ default: (await import('../reports/ReportCharts')).ReportCharts }));

/** The support desk's figures, loaded with the ticket screens' code only for staff who see them. */
const DashboardTicketStats = lazy(async () => ({
  default: (await import('../tickets/TicketsListPage')).DashboardTicketStats,
}));

function flatten(items: readonly MenuItem[]): MenuItem[] {
  return items.flatMap((item) =>
    item.children ? flatten(item.children) : item.kind === 'header' ? [] : [item],
  );
}

/**
 * How many permissions the admin holds, counted as the roles list counts them: the
 * distinct permissions of their roles, without `general` (the rule every signed-in account has).
 */
export function grantedPermissionCount(abilities: readonly { subject: string }[]): number {
  return new Set(abilities.map((a) => a.subject).filter((s) => s !== GENERAL)).size;
}

/** The dashboard's permissions card: the admin's permission count. */
export function PermissionsCard({ abilities }: { abilities: readonly { subject: string }[] }) {
  const { t, i18n } = useTranslation();
  return (
    <StatCard icon={<IconKey size={24} />} color="teal" label={t('admin.permissions')}>
      <Text fz={28} fw={700} lh={1} data-testid="permission-count">
        {formatNumber(grantedPermissionCount(abilities), i18n.language)}
      </Text>
    </StatCard>
  );
}

/**
 * Back-office /dashboard (any admin): first what needs the admin's action, then access summary, shortcuts to the screens the admin may open,
 * outbox size, latest notifications; and, for admins holding the finance permission, the report of
 * the last 30 days (coins sold, revenue, users, campaigns, payouts).
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('nav.dashboard');
  const navigate = useNavigate();
  const { api } = useApi();
  const session = useSession<SessionAdmin>();
  const admin = session.user!;
  const dev = useDevMailboxAvailable();
  const outbox = useQuery({
    queryKey: ['dev-mailbox', 'count'],
    queryFn: async () =>
      (await api.list('admin/dev/mailbox', { query: { page: 1, limit: 10 }, silent: true })).pagination.total,
    enabled: dev.available,
  });
  const shortcuts = flatten(
    visibleMenu(adminMenu, {
      can: (p) => session.ability.can('call', p),
      hasRoute: (path) => hasAdminRoute(path, dev.available),
    }),
  ).filter((item) => item.to !== '/dashboard');
  const lang = i18n.language;
  const canReport = session.ability.can('call', 'main.wallet.show.all.transactions');
  const month = lastDays(30);
  const report = useReport(month.from, month.to, canReport);

  return (
    <Stack gap="lg" data-testid="admin-dashboard">
      <div>
        <Title order={2}>{t('dashboard.welcome', { name: admin.name.split(' ')[0] })}</Title>
        <Text c="dimmed">{t('admin.dashboard_intro')}</Text>
      </div>
      <TodosCard />
      {session.ability.can('call', 'view.main.tickets.tab.list') && (
        <Suspense fallback={<DashboardTicketStatsPlaceholder />}>
          <DashboardTicketStats />
        </Suspense>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <StatCard icon={<IconUserShield size={24} />} color label={t('admin.roles')}>
          <Group gap={6}>
            {admin.roles.length ? (
              admin.roles.map((role) => (
                <Badge key={role} variant="light">
                  {roleLabel(role, t)}
                </Badge>
              ))
            ) : (
              <Text size="sm">{t('admin.no_role')}</Text>
            )}
          </Group>
        </StatCard>
        <PermissionsCard abilities={admin.abilities} />
        {dev.available && (
          <UnstyledButton onClick={() => navigate('/dev/mailbox')}>
            <StatCard icon={<IconMailbox size={24} />} color="orange" label={t('nav.dev_mailbox')}>
              <Text fz={28} fw={700} lh={1}>
                {outbox.data === undefined ? '—' : formatNumber(outbox.data, lang)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('admin.outbox_mails')}
              </Text>
            </StatCard>
          </UnstyledButton>
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card padding="lg" radius="md">
          <Title order={4} mb="md">
            {t('admin.shortcuts')}
          </Title>
          {shortcuts.length ? (
            <Stack gap="xs">
              {shortcuts.map((item) => {
                const Icon = item.icon ?? IconMailbox;
                return (
                  <UnstyledButton key={item.key} onClick={() => item.to && navigate(item.to)}>
                    <Group gap="sm">
                      <ThemeIcon variant="light" size={32}>
                        <Icon size={18} />
                      </ThemeIcon>
                      <Text size="sm" fw={500}>
                        {t(item.label)}
                      </Text>
                    </Group>
                  </UnstyledButton>
                );
              })}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('admin.no_shortcuts')}
            </Text>
          )}
        </Card>
        <LatestNotificationsCard base="admin/notifications" />
      </SimpleGrid>
      {canReport && (
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3}>{t('staff.reports.last_30_days')}</Title>
            <UnstyledButton onClick={() => navigate('/reports')}>
              <Text size="sm" c="blue">
                {t('staff.reports.open')}
              </Text>
            </UnstyledButton>
          </Group>
          {/* Until it nears the screen, an empty space of the charts' height: nothing is loading yet. */}
          <WhenVisible placeholder={<Box h={420} />}>
            <Suspense fallback={<Skeleton h={420} />}>
              <ReportCharts report={report.data} loading={report.isLoading} />
            </Suspense>
          </WhenVisible>
        </Stack>
      )}
    </Stack>
  );
}
