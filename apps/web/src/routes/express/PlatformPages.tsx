import { INSTAGRAM, type PlatformDescriptor, SPOTIFY, TIKTOK, useActing, usePageTitle } from '@lm/ui';
import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routeAt } from '../../app/acting-mode';

/**
 * A platform's filled button. Mantine's auto-contrast misjudges pink and grape in the dark scheme (black
 * text on pink.8 3.7:1, on grape.8 3.6:1); their shade 9 with white text reads at 7.2:1 in every skin.
 * Green keeps the theme's choice (dark text on green, 4.5:1 or more).
 */
function filled(color: string): { color: string; autoContrast?: boolean } {
  return color === 'pink' || color === 'grape' ? { color: `${color}.9`, autoContrast: false } : { color };
}

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
          <Button component={Link} to={to} {...filled(color)}>
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

/** The platforms an artist chooses among, each with the line that says what its campaign does. */
const CHOICES = [
  { platform: SPOTIFY, text: 'express.platform.spotify_text' },
  { platform: TIKTOK, text: 'express.platform.tiktok_text' },
  { platform: INSTAGRAM, text: 'express.platform.instagram_text' },
];

/**
 * /select/platform (ARTIST_PERMISSION): Spotify, TikTok and Instagram. While acting for an artist
 * (issue 35) only the platforms whose screens work while acting (`acting` in routes.tsx).
 */
export function SelectPlatformPage() {
  const { t } = useTranslation();
  usePageTitle('express.platform.title');
  const acting = useActing();
  const choices = acting ? CHOICES.filter(({ platform }) => routeAt(platform.platformPath)?.acting) : CHOICES;
  return (
    <Stack gap="lg">
      <div>
        <Title order={2}>{t('express.platform.title')}</Title>
        <Text c="dimmed">{t('express.platform.intro')}</Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {choices.map(({ platform, text }) => (
          <PlatformCard
            key={platform.key}
            icon={<platform.Icon size={28} />}
            color={platform.color}
            name={platform.name}
            text={t(text)}
            to={platform.platformPath}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/**
 * A platform's page: what its express campaign is, how it goes in four steps, and the ways in (one
 * layout for every platform, spec section 2 "/spotify/platform", "/tiktok/platform").
 */
function PlatformIntro({
  platform,
  texts,
  extra,
}: {
  /** Its icon and colour, where a campaign starts (`createPath`) and the artist's list (`listPath`). */
  platform: PlatformDescriptor;
  /** Its texts are `express.<texts>.title`, intro, how, step_*, start and my_campaigns. */
  texts: string;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const color = platform.color;
  usePageTitle(`express.${texts}.title`);
  const steps = ['step_song', 'step_playlists', 'step_pay', 'step_placed'] as const;
  return (
    <Stack gap="lg" maw={820}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={48} radius="md" variant="light" color={color}>
          <platform.Icon size={28} />
        </ThemeIcon>
        <div>
          <Title order={2}>{t(`express.${texts}.title`)}</Title>
          <Text c="dimmed">{t(`express.${texts}.intro`)}</Text>
        </div>
      </Group>
      <Card padding="lg" radius="md">
        <Title order={4} mb="md">
          {t(`express.${texts}.how`)}
        </Title>
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={22} radius="xl" {...filled(color)}>
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {steps.map((s) => (
            <List.Item key={s}>{t(`express.${texts}.${s}`)}</List.Item>
          ))}
        </List>
        <Group mt="xl">
          <Button component={Link} to={platform.createPath} {...filled(color)} data-testid="start-express">
            {t(`express.${texts}.start`)}
          </Button>
          {extra}
          <Button component={Link} to={platform.listPath} variant="default">
            {t(`express.${texts}.my_campaigns`)}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}

/** /spotify/platform (ARTIST_PERMISSION): what an express campaign is, and the way in. */
export function SpotifyPlatformPage() {
  return <PlatformIntro platform={SPOTIFY} texts="spotify" />;
}

/**
 * /tiktok/platform (ARTIST_PERMISSION): what a TikTok campaign is; start one (released or not), start
 * one for a released song directly (/create/tiktok/released/campaign), or see mine.
 */
export function TikTokPlatformPage() {
  const { t } = useTranslation();
  return (
    <PlatformIntro
      platform={TIKTOK}
      texts="social_artist.tiktok"
      extra={
        <Button component={Link} to="/create/tiktok/released/campaign" variant="light" color="pink">
          {t('express.social_artist.tiktok.start_released')}
        </Button>
      }
    />
  );
}
