import { confirmAction, formatDateTime, formatRelative, ListTable } from '@lm/ui';
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  type UserSession,
  useRevokeOtherSessions,
  useRevokeSession,
  useSessions,
} from '../../hooks/use-account';

function isMobile(session: UserSession): boolean {
  return /mobile|android|iphone|ipad/i.test(`${session.device} ${session.user_agent ?? ''}`);
}

/**
 * Active sessions (signed-in devices) with revoke, and "Sign out all other sessions"; the
 * current one cannot be revoked here. A list of the one list kit: cards on phones.
 */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  const ask = async (session: UserSession) => {
    if (
      await confirmAction({ message: t('security.revoke_confirm', { device: session.device }), danger: true })
    ) {
      revoke.mutate(session.id);
    }
  };
  const askAll = async () => {
    if (await confirmAction({ message: t('security.revoke_others_confirm'), danger: true }))
      revokeOthers.mutate();
  };

  return (
    <Card padding="lg" radius="md">
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 240px' }}>
          <Title order={4}>{t('security.sessions_title')}</Title>
          <Text size="sm" c="dimmed">
            {t('security.sessions_text')}
          </Text>
        </Stack>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} />}
          disabled={others === 0}
          loading={revokeOthers.isPending}
          onClick={() => void askAll()}
          data-testid="revoke-other-sessions"
          // A long label (Arabic, German) wraps on a phone instead of being cut.
          styles={{
            root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
            label: { whiteSpace: 'normal' },
          }}
        >
          {t('security.revoke_others')}
        </Button>
      </Group>
      <div data-testid="sessions-table">
        <ListTable<UserSession>
          records={sessions.data ?? []}
          fetching={sessions.isLoading}
          minHeight={sessions.data?.length ? undefined : 120}
          noRecordsText={t('ui.list.empty')}
          verticalSpacing="sm"
          highlightOnHover
          columns={[
            {
              accessor: 'device',
              title: t('security.device'),
              render: (s) => (
                <Group gap="sm" wrap="nowrap" justify="flex-start">
                  {isMobile(s) ? <IconDeviceMobile size={20} /> : <IconDeviceDesktop size={20} />}
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Text size="sm" fw={500}>
                        {s.device}
                      </Text>
                      {s.current && (
                        <Badge size="xs" color="green" variant="light">
                          {t('security.this_device')}
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed" lineClamp={1} maw={280} title={s.user_agent ?? ''}>
                      {s.user_agent}
                    </Text>
                  </div>
                </Group>
              ),
            },
            {
              accessor: 'ip',
              title: t('security.ip'),
              render: (s) => (
                <Text size="sm" dir="ltr">
                  {s.ip ?? '—'}
                </Text>
              ),
            },
            {
              accessor: 'created_at',
              title: t('security.signed_in'),
              render: (s) => <Text size="sm">{formatDateTime(s.created_at, i18n.language)}</Text>,
            },
            {
              accessor: 'last_used_at',
              title: t('security.last_used'),
              render: (s) => (
                <Text size="sm" title={formatDateTime(s.last_used_at, i18n.language)}>
                  {formatRelative(s.last_used_at, i18n.language)}
                </Text>
              ),
            },
            {
              accessor: 'actions',
              title: '',
              render: (s) =>
                !s.current && (
                  <Tooltip label={t('security.revoke')} withinPortal>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      onClick={() => void ask(s)}
                      loading={revoke.isPending && revoke.variables === s.id}
                      aria-label={t('security.revoke')}
                    >
                      <IconLogout size={18} />
                    </ActionIcon>
                  </Tooltip>
                ),
            },
          ]}
        />
      </div>
    </Card>
  );
}
