import { ActionIcon, Badge, Button, Group, Indicator, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconChecks } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime, formatRelative } from '../i18n/format';
import { usePageTitle } from '../layout/use-page-title';
import { ListScreen } from '../list/ListScreen';
import {
  type AppNotification,
  type NotificationsBase,
  useMarkRead,
  useUnreadCount,
} from './use-notifications';

/**
 * /notifications of both apps: every in-app notification of the signed-in account, newest first,
 * paged; a row opens its link and marks it read; one or all can be marked read. `base` is
 * `notifications` (users) or `admin/notifications` (admins).
 */
export function NotificationsPage({ base }: { base: NotificationsBase }) {
  const { t, i18n } = useTranslation();
  usePageTitle('ui.notifications.title');
  const navigate = useNavigate();
  const client = useQueryClient();
  const unread = useUnreadCount(base);
  const markRead = useMarkRead(base);
  const mark = async (id: AppNotification['id'] | 'all') => {
    await markRead.mutateAsync(id);
    await client.invalidateQueries({ queryKey: ['list', base] });
  };
  return (
    <ListScreen<AppNotification>
      title="ui.notifications.title"
      path={base}
      empty={{ title: 'ui.notifications.empty', hint: 'ui.notifications.empty_hint' }}
      header={
        <Text size="sm" c="dimmed" data-testid="unread-count">
          {t('ui.notifications.unread', { count: unread.data ?? 0 })}
        </Text>
      }
      actions={
        <Button
          variant="light"
          leftSection={<IconChecks size={16} />}
          disabled={!unread.data}
          loading={markRead.isPending && markRead.variables === 'all'}
          onClick={() => mark('all')}
          data-testid="mark-all-read"
        >
          {t('ui.notifications.mark_all')}
        </Button>
      }
      onRowClick={(n) => {
        if (!n.read_at) void mark(n.id);
        if (n.link?.startsWith('/')) navigate(n.link);
      }}
      columns={[
        {
          accessor: 'title',
          title: 'ui.notifications.subject',
          render: (n) => (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Indicator disabled={Boolean(n.read_at)} position="middle-start" size={8} offset={-4}>
                <span />
              </Indicator>
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text size="sm" fw={n.read_at ? 400 : 600}>
                  {n.title}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {n.body}
                </Text>
                {/* On phones the date and state columns are hidden: the time goes under the text. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {formatRelative(n.created_at, i18n.language)}
                </Text>
              </Stack>
            </Group>
          ),
        },
        {
          accessor: 'created_at',
          title: 'ui.notifications.date',
          width: 200,
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          render: (n) => (
            <Tooltip label={formatDateTime(n.created_at, i18n.language)}>
              <Text size="sm">{formatRelative(n.created_at, i18n.language)}</Text>
            </Tooltip>
          ),
        },
        {
          accessor: 'read_at',
          title: 'ui.notifications.state',
          width: 150,
          visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
          render: (n) =>
            n.read_at ? (
              <Badge variant="light" color="gray">
                {t('ui.notifications.read')}
              </Badge>
            ) : (
              <Group gap={4} wrap="nowrap">
                <Badge variant="light">{t('ui.notifications.new')}</Badge>
                <Tooltip label={t('ui.notifications.mark_read')}>
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={t('ui.notifications.mark_read')}
                    onClick={(e) => {
                      e.stopPropagation();
                      void mark(n.id);
                    }}
                  >
                    <IconCheck size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
        },
      ]}
    />
  );
}
