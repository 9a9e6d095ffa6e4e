import { confirmAction, formatDateTime, formatRelative } from '@lm/ui';
import { ActionIcon, Badge, Card, Group, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type UserSession, useRevokeSession, useSessions } from '../../hooks/use-account';

function isMobile(session: UserSession): boolean {
  return /mobile|android|iphone|ipad/i.test(`${session.device} ${session.user_agent ?? ''}`);
}

/** Active sessions (signed-in devices) with revoke; the current one cannot be revoked here. */
export function SessionsCard() {
  const { t, i18n } = useTranslation();
  const sessions = useSessions();
  const revoke = useRevokeSession();

  const ask = async (session: UserSession) => {
    if (
      await confirmAction({ message: t('security.revoke_confirm', { device: session.device }), danger: true })
    ) {
      revoke.mutate(session.id);
    }
  };

  return (
    <Card padding="lg" radius="md">
      <Title order={4}>{t('security.sessions_title')}</Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('security.sessions_text')}
      </Text>
      {sessions.isLoading ? (
        <Stack gap="xs">
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover data-testid="sessions-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('security.device')}</Table.Th>
                <Table.Th>{t('security.ip')}</Table.Th>
                <Table.Th>{t('security.signed_in')}</Table.Th>
                <Table.Th>{t('security.last_used')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(sessions.data ?? []).map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
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
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" dir="ltr">
                      {s.ip ?? '—'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(s.created_at, i18n.language)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" title={formatDateTime(s.last_used_at, i18n.language)}>
                      {formatRelative(s.last_used_at, i18n.language)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {!s.current && (
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
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}
