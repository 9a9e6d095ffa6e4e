import { formatNumber } from '@lm/ui';
import { Badge, Card, Group, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconAlertTriangle,
  IconChecklist,
  IconChevronRight,
  IconCircleCheck,
  IconClockExclamation,
  IconFlag,
  IconForms,
  IconLifebuoy,
  IconPlaylist,
  IconShieldSearch,
  IconSpeakerphone,
  IconUserCheck,
  IconWallet,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type StaffTodo, useTodos } from '../../hooks/use-staff';

const ICONS: Record<StaffTodo['kind'], ReactNode> = {
  pending_users: <IconUserCheck size={18} />,
  pending_playlists: <IconPlaylist size={18} />,
  payout_requests: <IconWallet size={18} />,
  failed_jobs: <IconAlertTriangle size={18} />,
  open_tickets: <IconLifebuoy size={18} />,
  breached_tickets: <IconClockExclamation size={18} />,
  pending_forms: <IconForms size={18} />,
  express_disputes: <IconFlag size={18} />,
  pending_custom_campaigns: <IconSpeakerphone size={18} />,
  trust_flags: <IconShieldSearch size={18} />,
};

/**
 * "Needs your action": what waits for this admin, with counts and links to
 * the screens that handle it; only the kinds the admin's permissions open. First on the dashboard.
 */
export function TodosCard() {
  const { t, i18n } = useTranslation();
  const todos = useTodos();
  const items = todos.data ?? [];
  if (!todos.isLoading && items.length === 0) return null;
  const waiting = items.filter((i) => i.count > 0);
  return (
    <Card padding="lg" radius="md" data-testid="staff-todos">
      <Group gap="sm" mb="md">
        <ThemeIcon variant="light" size={32}>
          <IconChecklist size={18} />
        </ThemeIcon>
        <Title order={4}>{t('admin.todos.title')}</Title>
      </Group>
      {todos.isLoading ? (
        <Stack gap="xs">
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : (
        <Stack gap={6}>
          {waiting.length === 0 && (
            <Group gap="xs" c="dimmed">
              <IconCircleCheck size={18} />
              <Text size="sm">{t('admin.todos.all_clear')}</Text>
            </Group>
          )}
          {items.map((item) => (
            <UnstyledButton
              key={item.kind}
              component={Link}
              to={item.link}
              p="xs"
              style={{ borderRadius: 'var(--mantine-radius-md)' }}
              className="lm-todo"
              data-testid={`todo-${item.kind}`}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap">
                  <ThemeIcon
                    variant="light"
                    color={
                      item.count > 0
                        ? item.kind === 'failed_jobs' || item.kind === 'breached_tickets'
                          ? 'red'
                          : 'yellow'
                        : 'gray'
                    }
                    size={30}
                  >
                    {ICONS[item.kind]}
                  </ThemeIcon>
                  <Text size="sm" fw={item.count > 0 ? 600 : 400} c={item.count > 0 ? undefined : 'dimmed'}>
                    {t(`admin.todos.${item.kind}`)}
                  </Text>
                </Group>
                <Group gap={4} wrap="nowrap">
                  <Badge
                    variant={item.count > 0 ? 'filled' : 'light'}
                    color={
                      item.count > 0
                        ? item.kind === 'failed_jobs' || item.kind === 'breached_tickets'
                          ? 'red'
                          : 'yellow'
                        : 'gray'
                    }
                    data-testid={`todo-count-${item.kind}`}
                  >
                    {formatNumber(item.count, i18n.language)}
                  </Badge>
                  <IconChevronRight size={16} className="lm-flip-rtl" />
                </Group>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
    </Card>
  );
}
