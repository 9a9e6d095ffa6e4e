import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatRelative, formatShortAmount } from '../i18n/format';
import {
  type AppNotification,
  type NotificationsBase,
  useLatestNotifications,
  useMarkRead,
  useUnreadCount,
} from '../notifications/use-notifications';

/**
 * Notifications bell of the top bar: unread count, the latest ten, mark one or all as read.
 * `base` is `notifications` (users) or `admin/notifications` (admins); `pageLink` (e.g.
 * `/notifications`) adds a "See all" link to the full list.
 */
export function NotificationsBell({ base, pageLink }: { base: NotificationsBase; pageLink?: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const unread = useUnreadCount(base);
  const latest = useLatestNotifications(base, opened);
  const markRead = useMarkRead(base);
  const count = unread.data ?? 0;

  const open = (n: AppNotification) => {
    if (!n.read_at) markRead.mutate(n.id);
    if (n.link?.startsWith('/')) {
      setOpened(false);
      navigate(n.link);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width={340} shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label={t('ui.notifications.title')} withinPortal>
          <Indicator
            disabled={count === 0}
            label={formatShortAmount(count, i18n.language, 0)}
            size={16}
            color="red"
            offset={6}
          >
            <ActionIcon
              variant="subtle"
              size="lg"
              aria-label={t('ui.notifications.title')}
              onClick={() => setOpened((o) => !o)}
              data-testid="notifications-bell"
            >
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm">
          <Text fw={600}>{t('ui.notifications.title')}</Text>
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconChecks size={14} />}
            disabled={count === 0}
            onClick={() => markRead.mutate('all')}
          >
            {t('ui.notifications.mark_all')}
          </Button>
        </Group>
        <Divider />
        <ScrollArea.Autosize mah={360}>
          {latest.isLoading ? (
            <Group justify="center" p="lg">
              <Loader size="sm" />
            </Group>
          ) : !latest.data?.length ? (
            <Stack align="center" gap={4} p="lg" c="dimmed">
              <IconBellOff size={28} />
              <Text size="sm">{t('ui.notifications.empty')}</Text>
            </Stack>
          ) : (
            latest.data.map((n) => (
              <UnstyledButton
                key={n.id}
                onClick={() => open(n)}
                w="100%"
                px="md"
                py="sm"
                display="block"
                data-testid="bell-notification"
              >
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Indicator disabled={Boolean(n.read_at)} position="middle-start" size={8} offset={-2}>
                    <span />
                  </Indicator>
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={n.read_at ? 400 : 600} lineClamp={1}>
                      {n.title}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={2}>
                      {n.body}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {formatRelative(n.created_at, i18n.language)}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            ))
          )}
        </ScrollArea.Autosize>
        {pageLink && (
          <>
            <Divider />
            <Button
              variant="subtle"
              fullWidth
              radius={0}
              onClick={() => {
                setOpened(false);
                navigate(pageLink);
              }}
              data-testid="notifications-see-all"
            >
              {t('ui.notifications.see_all')}
            </Button>
          </>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
