import { socialConnectionStatus, spotifyConnectionStatus } from '@lm/contracts';
import { badgeColor, formatDate, QualityScoreBadge, StatusBadge } from '@lm/ui';
import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandInstagram, IconBrandSpotify, IconBrandTiktok } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type AdminUser, useUserConnections } from '../../../hooks/use-users';

/**
 * Connections tab (spec section 2 "Connections (Spotify, TikTok, Instagram accounts)"), for every user
 * type: each platform's accounts with their status, and for TikTok and Instagram the followers and tier.
 */
export function ConnectionsTab({ user }: { user: AdminUser }) {
  const { t, i18n } = useTranslation();
  const connections = useUserConnections(user.id);
  if (connections.isLoading) return <Loader />;
  const spotify = connections.data?.spotify ?? [];
  const none = (
    <Text c="dimmed" size="sm">
      {t('users.connections.none')}
    </Text>
  );
  return (
    <Stack gap="lg">
      <Stack gap="sm" data-testid="connections-spotify">
        <Title order={4}>
          <Group gap={6}>
            <IconBrandSpotify size={20} /> {t('users.connections.spotify')}
          </Group>
        </Title>
        {spotify.length === 0
          ? none
          : spotify.map((c) => (
              <Paper key={c.id} withBorder p="sm" radius="md">
                <Group justify="space-between">
                  <div>
                    <Text fw={600}>{c.name}</Text>
                    <Text size="xs" c="dimmed" dir="ltr">
                      {c.user_email ?? c.user_name}
                    </Text>
                  </div>
                  <Group gap="xs">
                    <Text size="xs" c="dimmed">
                      {formatDate(c.created_at, i18n.language)}
                    </Text>
                    <Badge variant="light" color={badgeColor(spotifyConnectionStatus(c.is_active).kind)}>
                      {t(c.is_active === 1 ? 'users.connections.active' : 'users.connections.inactive')}
                    </Badge>
                  </Group>
                </Group>
              </Paper>
            ))}
      </Stack>
      {(['tiktok', 'instagram'] as const).map((platform) => {
        const rows = connections.data?.[platform] ?? [];
        const Icon = platform === 'tiktok' ? IconBrandTiktok : IconBrandInstagram;
        return (
          <Stack gap="sm" key={platform} data-testid={`connections-${platform}`}>
            <Title order={4}>
              <Group gap={6}>
                <Icon size={20} /> {t(`nav.${platform}`)}
              </Group>
            </Title>
            {rows.length === 0
              ? none
              : rows.map((c) => (
                  <Paper key={c.id} withBorder p="sm" radius="md" data-testid="social-connection">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <div>
                        <Text fw={600}>{c.display_name}</Text>
                        <Text size="xs" c="dimmed" dir="ltr">
                          @{c.user_name}
                        </Text>
                      </div>
                      <Group gap="xs" wrap="wrap">
                        <Text size="xs" c="dimmed">
                          {c.follower_count === null
                            ? '—'
                            : `${t('social.count', { n: c.follower_count })} ${t('social.followers')}`}
                        </Text>
                        <Badge variant="outline" color="gray">
                          {c.tier?.tier_name ?? t('users.connections.no_tier')}
                        </Badge>
                        {c.score ? <QualityScoreBadge score={c.score} /> : null}
                        <Text size="xs" c="dimmed">
                          {formatDate(c.connected_at, i18n.language)}
                        </Text>
                        <StatusBadge status={socialConnectionStatus(c.status)} />
                      </Group>
                    </Group>
                  </Paper>
                ))}
          </Stack>
        );
      })}
    </Stack>
  );
}
