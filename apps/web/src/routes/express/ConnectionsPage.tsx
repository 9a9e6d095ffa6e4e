import { spotifyConnectionStatus } from '@lm/contracts';
import {
  confirmAction,
  EmptyState,
  formatDateTime,
  isApiError,
  ListTable,
  StatusBadge,
  usePageTitle,
} from '@lm/ui';
import { Alert, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBrandSpotify, IconPlugConnected } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import {
  type SpotifyConnection,
  useDisconnectSpotify,
  useSpotifyCallback,
  useSpotifyConnections,
  useSpotifyLogin,
} from '../../hooks/use-express';

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
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    onClick={async () => {
                      if (
                        await confirmAction({
                          danger: true,
                          message: t('express.connections.disconnect_confirm'),
                        })
                      )
                        disconnect.mutate(c.id);
                    }}
                  >
                    {t('express.connections.disconnect')}
                  </Button>
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
  const { t } = useTranslation();
  usePageTitle('express.connections.title');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const callback = useSpotifyCallback();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get('code');
    const state = search.get('state');
    if (!code || !state) {
      setError(t(search.get('error') ? 'express.connections.denied' : 'express.connections.failed'));
      return;
    }
    callback
      .mutateAsync({ code, state })
      .then(() => navigate('/connection/list', { replace: true }))
      .catch((e) => setError(isApiError(e) ? e.message : t('express.connections.failed')));
  }, [callback, navigate, search, t]);
  return (
    <Center mih="50vh">
      {error ? (
        <Alert color="red" title={t('express.connections.failed')} maw={480}>
          <Stack gap="sm">
            <Text size="sm">{error}</Text>
            <Button variant="light" onClick={() => navigate('/connection/list')}>
              {t('express.connections.back')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <Stack align="center">
          <IconPlugConnected size={32} />
          <Loader />
          <Text c="dimmed">{t('express.connections.connecting')}</Text>
        </Stack>
      )}
    </Center>
  );
}
