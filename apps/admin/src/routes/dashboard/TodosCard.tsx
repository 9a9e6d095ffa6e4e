import type { SessionAdmin } from '@lm/contracts';
import { STAFF_TODO_PERMISSIONS } from '@lm/contracts/permissions';
import { formatNumber, useSession } from '@lm/ui';
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

/** A line's height (px): its icon (30) and padding (`xs`, 10 above and below); its placeholder's too. */
const TODO_ROW_HEIGHT = 50;

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
  const session = useSession<SessionAdmin>();
  const items = todos.data ?? [];
  // The lines the API will answer: one per kind whose permission the admin holds. While they load,
  // as many placeholder rows of a line's height keep the screen below from moving (layout shift).
  const expected = (Object.keys(STAFF_TODO_PERMISSIONS) as StaffTodo['kind'][]).filter((kind) =>
    session.ability.can('call', STAFF_TODO_PERMISSIONS[kind]),
  );
  if (todos.isLoading ? expected.length === 0 : items.length === 0) return null;
  const waiting = items.filter((i) => i.count > 0);
  return (
    <Card padding="lg" radius="md" data-testid="staff-todos">
      <Group gap="sm" mb="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size={32}>
            <IconChecklist size={18} />
          </ThemeIcon>
          <Title order={4}>{t('admin.todos.title')}</Title>
        </Group>
        {!todos.isLoading && waiting.length === 0 && (
          <Group gap="xs" c="dimmed" wrap="nowrap">
            <IconCircleCheck size={18} />
            <Text size="sm">{t('admin.todos.all_clear')}</Text>
          </Group>
        )}
      </Group>
      {todos.isLoading ? (
        <Stack gap={6}>
          {expected.map((kind) => (
            <Skeleton key={kind} h={TODO_ROW_HEIGHT} radius="md" />
          ))}
        </Stack>
      ) : (
        <Stack gap={6}>
          {items.map((item) => (
            <UnstyledButton
              key={item.kind}
              component={Link}
              to={item.link}
              p="xs"
              mih={TODO_ROW_HEIGHT}
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
