import type { ExpressPlaylist } from '@lm/ui';
import { type MatchReason, MatchReasonLine, MoodBadges, OfferProfileButton, QualityScoreBadge } from '@lm/ui';
import { Badge, Card, Center, Checkbox, Group, Image, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCoins, IconPlaylist, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The acceptance rate a card shows ("Accepts 42 %"), or "New" when none is observed yet. */
export function AcceptanceText({ acceptance }: { acceptance: number | null }) {
  const { t, i18n } = useTranslation();
  return (
    <Text size="xs" c="dimmed" data-testid="acceptance">
      {acceptance === null
        ? t('offers.acceptance_new')
        : t('offers.acceptance', {
            rate: new Intl.NumberFormat(i18n.language, { style: 'percent' }).format(acceptance / 100),
          })}
    </Text>
  );
}

/**
 * One offer to choose in a wizard (issue "Choose with evidence"): cover, name, genres and moods, quality
 * score, acceptance rate, audience and price; the profile opens in a side panel without toggling the
 * card; `why` is the matched list's one-line reason. The whole card toggles the selection.
 */
export function OfferCard({
  name,
  imageUrl,
  genres,
  moods,
  score,
  audience,
  price,
  selected,
  onToggle,
  onProfile,
  why,
  fallbackIcon,
  testId,
}: {
  name: string;
  imageUrl: string | null;
  genres: readonly { id: number; name: string }[];
  moods: ExpressPlaylist['moods'];
  score: ExpressPlaylist['score'];
  audience: ReactNode;
  price: number;
  selected: boolean;
  onToggle(): void;
  onProfile(): void;
  why?: MatchReason;
  fallbackIcon?: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  // On a phone the cover is a thumbnail beside the name: a long list stays short to scroll.
  const phone = useMediaQuery('(max-width: 36em)');
  const cover = (size: number) =>
    imageUrl ? (
      // A list of up to a hundred covers: each is fetched when it nears the screen, not all at once.
      <Image
        src={imageUrl}
        h={size}
        w={phone ? size : undefined}
        radius={phone ? 'sm' : 0}
        alt=""
        loading="lazy"
        decoding="async"
      />
    ) : (
      <Center
        h={size}
        w={phone ? size : undefined}
        bg="var(--mantine-color-green-light)"
        style={{ flexShrink: 0 }}
      >
        {fallbackIcon ?? <IconPlaylist size={phone ? 28 : 44} color="var(--mantine-color-green-6)" />}
      </Center>
    );
  return (
    <Card
      padding="sm"
      radius="md"
      withBorder
      data-testid={testId}
      data-selected={selected || undefined}
      onClick={onToggle}
      style={{
        cursor: 'pointer',
        borderColor: selected ? 'var(--mantine-color-green-6)' : undefined,
        borderWidth: selected ? 2 : undefined,
      }}
    >
      {!phone && <Card.Section>{cover(120)}</Card.Section>}
      <Group justify="space-between" mt={phone ? 0 : 'sm'} wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
          {phone && cover(56)}
          <Text fw={600} size="sm" lineClamp={2} data-testid="offer-name">
            {name}
          </Text>
        </Group>
        <Checkbox
          checked={selected}
          onChange={onToggle}
          onClick={(e) => e.stopPropagation()}
          aria-label={name}
        />
      </Group>
      {(genres.length > 0 || moods.length > 0) && (
        <Group gap={4} mt={6}>
          {genres.slice(0, 3).map((g) => (
            <Badge key={g.id} variant="light" size="xs">
              {g.name}
            </Badge>
          ))}
          <MoodBadges moods={moods.slice(0, 2)} />
        </Group>
      )}
      <Group gap={6} mt={6}>
        <QualityScoreBadge score={score} />
        <AcceptanceText acceptance={score.parts.acceptance} />
      </Group>
      <Group gap={4} c="dimmed" mt={6} wrap="nowrap">
        <IconUsers size={14} />
        <Text size="xs">{audience}</Text>
      </Group>
      {why && (
        <div style={{ marginTop: 6 }}>
          <MatchReasonLine why={why} />
        </div>
      )}
      <Group justify="space-between" mt="xs" wrap="nowrap" gap="xs">
        <Group gap={4} wrap="nowrap">
          <IconCoins size={16} color="var(--mantine-color-yellow-6)" />
          <Text fw={700} size="sm">
            {t('common.coins', { count: price })}
          </Text>
        </Group>
        <OfferProfileButton onOpen={onProfile} name={name} />
      </Group>
    </Card>
  );
}
