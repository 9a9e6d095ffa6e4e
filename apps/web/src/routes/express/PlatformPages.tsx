import { usePageTitle } from '@lm/ui';
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandInstagram, IconBrandSpotify, IconBrandTiktok, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

function PlatformCard({
  icon,
  color,
  name,
  text,
  to,
}: {
  icon: ReactNode;
  color: string;
  name: string;
  text: string;
  to?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card padding="lg" radius="md" data-testid={`platform-${name.toLowerCase()}`}>
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap="xs">
          <Group justify="space-between">
            <ThemeIcon size={48} radius="md" variant="light" color={color}>
              {icon}
            </ThemeIcon>
            {!to && (
              <Badge variant="light" color="gray">
                {t('express.platform.soon')}
              </Badge>
            )}
          </Group>
          <Title order={4}>{name}</Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
        {to ? (
          <Button component={Link} to={to} color={color}>
            {t('express.platform.choose')}
          </Button>
        ) : (
          <Button disabled variant="default">
            {t('express.platform.not_available')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** /select/platform (ARTIST_PERMISSION): Spotify; TikTok and Instagram are not available yet. */
export function SelectPlatformPage() {
  const { t } = useTranslation();
  usePageTitle('express.platform.title');
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('express.platform.title')}</Title>
        <Text c="dimmed">{t('express.platform.intro')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <PlatformCard
          icon={<IconBrandSpotify size={28} />}
          color="green"
          name="Spotify"
          text={t('express.platform.spotify_text')}
          to="/spotify/platform"
        />
        <PlatformCard
          icon={<IconBrandTiktok size={28} />}
          color="pink"
          name="TikTok"
          text={t('express.platform.tiktok_text')}
        />
        <PlatformCard
          icon={<IconBrandInstagram size={28} />}
          color="grape"
          name="Instagram"
          text={t('express.platform.instagram_text')}
        />
      </SimpleGrid>
    </Stack>
  );
}

/** /spotify/platform (ARTIST_PERMISSION): what an express campaign is, and the way in. */
export function SpotifyPlatformPage() {
  const { t } = useTranslation();
  usePageTitle('express.spotify.title');
  const steps = ['step_song', 'step_playlists', 'step_pay', 'step_placed'] as const;
  return (
    <Stack gap="lg" maw={820}>
      <Group gap="sm">
        <ThemeIcon size={48} radius="md" variant="light" color="green">
          <IconBrandSpotify size={28} />
        </ThemeIcon>
        <div>
          <Title order={2}>{t('express.spotify.title')}</Title>
          <Text c="dimmed">{t('express.spotify.intro')}</Text>
        </div>
      </Group>
      <Card padding="lg" radius="md">
        <Title order={4} mb="md">
          {t('express.spotify.how')}
        </Title>
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={22} radius="xl" color="green">
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {steps.map((s) => (
            <List.Item key={s}>{t(`express.spotify.${s}`)}</List.Item>
          ))}
        </List>
        <Group mt="xl">
          <Button component={Link} to="/create/express/campaign" color="green" data-testid="start-express">
            {t('express.spotify.start')}
          </Button>
          <Button component={Link} to="/express/campaigns/list" variant="default">
            {t('express.spotify.my_campaigns')}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
