import { confirmAction, formatDateTime, useProductName } from '@lm/ui';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBrandSpotify, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  useConnectPlatformSpotify,
  useDisconnectPlatformSpotify,
  usePlatformSpotify,
} from '../../hooks/use-platform-spotify';

/**
 * The platform's own Spotify account on /system/settings: who it is, who connected it and
 * when; Connect (or Connect another) goes to Spotify's consent page and comes back through the public
 * /spotify/callback/{accessToken}; Disconnect asks first.
 */
export function PlatformSpotifyCard() {
  const { t, i18n } = useTranslation();
  const product = useProductName();
  const account = usePlatformSpotify();
  const connect = useConnectPlatformSpotify();
  const disconnect = useDisconnectPlatformSpotify();
  const start = async () => window.location.assign(await connect.mutateAsync());
  const data = account.data;
  return (
    <Card padding="lg" data-testid="platform-spotify-card">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBrandSpotify size={20} aria-hidden />
          <Title order={4}>{t('staff.settings.spotify.title')}</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('staff.settings.spotify.text', { product })}
        </Text>
        {!data ? (
          <Skeleton h={40} />
        ) : data.connected ? (
          <Alert
            color="green"
            variant="light"
            icon={<IconBrandSpotify size={18} />}
            data-testid="platform-spotify-connected"
          >
            <Text size="sm" fw={600}>
              {data.display_name}
            </Text>
            <Text size="sm">
              <bdi>{data.spotify_user_id}</bdi>
              {data.email && (
                <>
                  {' · '}
                  <bdi>{data.email}</bdi>
                </>
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {t('staff.settings.spotify.connected_by', {
                name: data.connected_by ?? '—',
                date: formatDateTime(data.connected_at, i18n.language),
              })}
            </Text>
          </Alert>
        ) : (
          <Alert
            color="gray"
            variant="light"
            icon={<IconInfoCircle size={18} />}
            data-testid="platform-spotify-none"
          >
            {t('staff.settings.spotify.none')}
          </Alert>
        )}
        <Group>
          <Button
            leftSection={<IconBrandSpotify size={16} />}
            loading={connect.isPending}
            onClick={() => void start()}
            data-testid="platform-spotify-connect"
          >
            {data?.connected ? t('staff.settings.spotify.reconnect') : t('staff.settings.spotify.connect')}
          </Button>
          {data?.connected && (
            <Button
              variant="default"
              color="red"
              loading={disconnect.isPending}
              onClick={async () => {
                if (
                  await confirmAction({
                    title: t('staff.settings.spotify.disconnect'),
                    message: t('staff.settings.spotify.disconnect_confirm'),
                    danger: true,
                  })
                )
                  disconnect.mutate();
              }}
              data-testid="platform-spotify-disconnect"
            >
              {t('staff.settings.spotify.disconnect')}
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
