import { type SessionUser, socialConnectionStatus, spotifyConnectionStatus } from '@lm/contracts';
import {
  applyServerErrors,
  confirmAction,
  EmptyState,
  getPlatform,
  ListTable,
  StatusBadge,
  usePageTitle,
  useSession,
} from '@lm/ui';
import {
  Anchor,
  Avatar,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBrandSpotify, IconExternalLink, IconMusic, IconPlugConnected } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  type ArtistProfile,
  useAllAccounts,
  useArtistTracks,
  useConnectArtist,
  useDisconnectArtist,
} from '../../hooks/use-artist-connections';

/**
 * /connections (spec section 2, every signed-in role): the user's connected platforms. An
 * artist connects their Spotify artist profile by its link and sees its tracks; curators' Spotify
 * accounts and influencers' TikTok and Instagram accounts are listed with a link to where they are
 * managed. At most `platforms_limit` accounts per platform.
 */
export function ArtistConnectionsPage() {
  const { t } = useTranslation();
  usePageTitle('artist_connections.title');
  const { user } = useSession<SessionUser>();
  const accounts = useAllAccounts();
  const isArtist = user?.user_type_id === 1;
  const data = accounts.data;
  return (
    <Stack gap="lg">
      <Title order={2}>{t('artist_connections.title')}</Title>
      {isArtist && (
        <ArtistSpotify profiles={data?.artist_profiles ?? []} limit={data?.platforms_limit ?? 5} />
      )}
      {(data?.spotify.length ?? 0) > 0 && (
        <Card withBorder padding="md">
          <Group justify="space-between" mb="sm">
            <Title order={4}>{t('artist_connections.spotify_accounts')}</Title>
            <Anchor component={Link} to="/connection/list" size="sm">
              {t('artist_connections.manage')}
            </Anchor>
          </Group>
          <ListTable
            records={data?.spotify ?? []}
            columns={[
              { accessor: 'name', title: t('artist_connections.name') },
              {
                accessor: 'user_email',
                title: t('artist_connections.email'),
                render: (r) => r.user_email ?? '—',
              },
              {
                accessor: 'is_active',
                title: t('artist_connections.status'),
                render: (r) => <StatusBadge status={spotifyConnectionStatus(r.is_active)} />,
              },
            ]}
          />
        </Card>
      )}
      {(['tiktok', 'instagram'] as const).map((platform) =>
        (data?.[platform].length ?? 0) > 0 ? (
          <Card withBorder padding="md" key={platform}>
            <Group justify="space-between" mb="sm">
              <Title order={4}>{t(`nav.${platform}`)}</Title>
              <Anchor
                component={Link}
                to={getPlatform(platform).connectionsPath ?? '/tiktok/connection/list'}
                size="sm"
              >
                {t('artist_connections.manage')}
              </Anchor>
            </Group>
            <ListTable
              records={data?.[platform] ?? []}
              columns={[
                { accessor: 'display_name', title: t('artist_connections.name') },
                {
                  accessor: 'user_name',
                  title: t('artist_connections.user_name'),
                  render: (r) => `@${r.user_name}`,
                },
                {
                  accessor: 'connected_status',
                  title: t('artist_connections.status'),
                  render: (r) => <StatusBadge status={socialConnectionStatus(r.status)} />,
                },
              ]}
            />
          </Card>
        ) : null,
      )}
      {!isArtist && data && data.spotify.length + data.tiktok.length + data.instagram.length === 0 && (
        <EmptyState
          icon={<IconPlugConnected size={28} />}
          title={t('artist_connections.none_title')}
          hint={t(
            user?.user_type_id === 2
              ? 'artist_connections.none_curator'
              : 'artist_connections.none_influencer',
          )}
        />
      )}
    </Stack>
  );
}

function ArtistSpotify({ profiles, limit }: { profiles: ArtistProfile[]; limit: number }) {
  const { t } = useTranslation();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | undefined>();
  const connect = useConnectArtist();
  const disconnect = useDisconnectArtist();
  const tracks = useArtistTracks(profiles.length > 0);
  const submit = async () => {
    setError(undefined);
    try {
      await connect.mutateAsync(link.trim());
      setLink('');
    } catch (e) {
      applyServerErrors(e, (_field, err) => setError(err.message));
    }
  };
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group gap="xs">
          <IconBrandSpotify size={22} />
          <Title order={4}>{t('artist_connections.spotify_artist')}</Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('artist_connections.spotify_artist_hint', { n: limit })}
        </Text>
        <Group align="flex-start" gap="xs" wrap="wrap">
          <TextInput
            style={{ flex: 1, minWidth: 240 }}
            aria-label={t('artist_connections.link')}
            placeholder="https://open.spotify.com/artist/…"
            dir="ltr"
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            error={error}
            disabled={profiles.length >= limit}
            data-testid="artist-link"
          />
          <Button
            leftSection={<IconPlugConnected size={16} />}
            onClick={submit}
            loading={connect.isPending}
            disabled={link.trim() === '' || profiles.length >= limit}
            data-testid="connect-artist"
          >
            {t('artist_connections.connect')}
          </Button>
        </Group>
        {profiles.map((p) => (
          <Group key={p.id} justify="space-between" wrap="nowrap" data-testid="artist-profile">
            <Group gap="sm" wrap="nowrap">
              <Avatar src={p.image_url} radius="xl" alt="">
                {p.name.slice(0, 1)}
              </Avatar>
              <div>
                <Text fw={500} dir="auto">
                  {p.name}
                </Text>
                {p.followers !== null && (
                  <Text size="xs" c="dimmed">
                    {t('artist_connections.followers', { n: p.followers })}
                  </Text>
                )}
              </div>
            </Group>
            <Group gap="xs" wrap="nowrap">
              <StatusBadge status={spotifyConnectionStatus(p.is_active)} />
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={async () => {
                  if (await confirmAction({ confirmLabel: t('artist_connections.disconnect') }))
                    disconnect.mutate(p.id);
                }}
              >
                {t('artist_connections.disconnect')}
              </Button>
            </Group>
          </Group>
        ))}
        {profiles.length > 0 && (
          <Stack gap="xs">
            <Title order={5}>{t('artist_connections.tracks')}</Title>
            {tracks.data?.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('artist_connections.no_tracks')}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {(tracks.data ?? []).map((track) => (
                <Card key={track.id} withBorder padding="xs" data-testid="artist-track">
                  <Group gap="sm" wrap="nowrap">
                    {track.cover_url ? (
                      <Image src={track.cover_url} w={48} h={48} radius="sm" alt="" loading="lazy" />
                    ) : (
                      <IconMusic size={32} />
                    )}
                    <div style={{ minWidth: 0, flex: 1 }}>
                      <Text size="sm" fw={500} truncate dir="auto">
                        {track.name}
                      </Text>
                      <Text size="xs" c="dimmed" truncate dir="auto">
                        {track.album}
                      </Text>
                    </div>
                    <Anchor
                      href={track.external_url}
                      target="_blank"
                      rel="noreferrer"
                      aria-label={t('artist_connections.open_track', { name: track.name })}
                    >
                      <IconExternalLink size={16} />
                    </Anchor>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
