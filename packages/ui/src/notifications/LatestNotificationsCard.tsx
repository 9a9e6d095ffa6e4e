import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatRelative } from '../i18n/format';
import { type NotificationsBase, useLatestNotifications } from './use-notifications';

/**
 * The dashboard card of the reader's five latest notifications (title, when, two lines of the body;
 * unread ones in bold), on both apps' dashboards.
 *
 * @param base the notifications endpoint of the app (`notifications` for users,
 *   `admin/notifications` for staff).
 */
export function LatestNotificationsCard({ base }: { base: NotificationsBase }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const notifications = useLatestNotifications(base, true);
  return (
    <Card padding="lg" radius="md">
      <Group justify="space-between" mb="md">
        <Title order={4}>{t('dashboard.latest_notifications')}</Title>
        <IconBell size={20} />
      </Group>
      {notifications.isLoading ? (
        <Stack gap="xs">
          <Skeleton h={14} />
          <Skeleton h={14} w="70%" />
          <Skeleton h={14} w="80%" />
        </Stack>
      ) : notifications.data?.length ? (
        <Stack gap="sm">
          {notifications.data.slice(0, 5).map((n) => (
            <div key={n.id} data-testid="dashboard-notification">
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Text size="sm" fw={n.read_at ? 400 : 600} lineClamp={1}>
                  {n.title}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  {formatRelative(n.created_at, lang)}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" lineClamp={2}>
                {n.body}
              </Text>
            </div>
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('ui.notifications.empty')}
        </Text>
      )}
    </Card>
  );
}
