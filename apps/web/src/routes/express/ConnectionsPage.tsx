import { spotifyConnectionStatus } from '@lm/contracts';
import { EmptyState, formatDateTime, ListTable, StatusBadge, usePageTitle } from '@lm/ui';
import { Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconBrandSpotify } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  type SpotifyConnection,
  useDisconnectSpotify,
  useSpotifyCallback,
  useSpotifyConnections,
  useSpotifyLogin,
} from '../../hooks/use-express';
import { ConnectionReturn } from '../connections/ConnectionReturn';
import { DisconnectButton } from '../connections/DisconnectButton';

/** /connection/list (CURATOR_PERMISSION): connected Spotify accounts; Connect opens Spotify's consent. */
export function ConnectionsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('express.connections.title');
  const lang = i18n.language;
  const connections = useSpotifyConnections();
  const login = useSpotifyLogin();
  const disconnect = useDisconnectSpotify();
  const connect = async () => {
    const url = await login.mutateAsync().catch(() => null);
    if (url) window.location.assign(url);
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{t('express.connections.title')}</Title>
        <Button
          color="green"
          leftSection={<IconBrandSpotify size={18} />}
          loading={login.isPending}
          onClick={connect}
          data-testid="connect-spotify"
        >
          {t('express.connections.connect')}
        </Button>
      </Group>
      <Card padding={0} radius="md">
        <ListTable<SpotifyConnection>
          records={connections.data ?? []}
          fetching={connections.isLoading}
          minHeight={connections.data?.length ? undefined : 200}
          emptyState={
            <EmptyState
              title={t('express.connections.empty')}
              hint={t('express.connections.empty_hint')}
              icon={<IconBrandSpotify size={24} />}
            />
          }
          verticalSpacing="sm"
          horizontalSpacing="md"
          striped
          customRowAttributes={() => ({ 'data-testid': 'connection-row' })}
          columns={[
            { accessor: 'name', title: t('express.connections.name') },
            {
              accessor: 'user_name',
              title: t('express.connections.account'),
              render: (c) => <span dir="ltr">{c.user_name}</span>,
            },
            {
              accessor: 'user_email',
              title: t('express.connections.email'),
              render: (c) => <span dir="ltr">{c.user_email ?? '—'}</span>,
            },
            {
              accessor: 'is_active',
              title: t('express.fields.status'),
              render: (c) => (
                <StatusBadge
                  status={spotifyConnectionStatus(c.is_active)}
                  text={t(c.is_active === 1 ? 'express.connections.active' : 'express.connections.inactive')}
                />
              ),
            },
            {
              accessor: 'created_at',
              title: t('express.fields.created_at'),
              render: (c) => formatDateTime(c.created_at, lang),
            },
            {
              accessor: 'actions',
              title: '',
              render: (c) =>
                c.is_active === 1 && (
                  <DisconnectButton
                    message={t('express.connections.disconnect_confirm')}
                    label={t('express.connections.disconnect')}
                    onConfirm={() => disconnect.mutate(c.id)}
                  />
                ),
            },
          ]}
        />
      </Card>
    </Stack>
  );
}

/** /express/callback (CURATOR_PERMISSION): Spotify's return; stores the account, then the list. */
export function ExpressCallbackPage() {
  usePageTitle('express.connections.title');
  const callback = useSpotifyCallback();
  return <ConnectionReturn finish={callback.mutateAsync} listPath="/connection/list" words="spotify" />;
}
