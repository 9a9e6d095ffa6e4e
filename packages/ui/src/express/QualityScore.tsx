import { statusColor } from '@lm/contracts';
import type { QualityScore } from '@lm/contracts/score';
import {
  NEW_SELLER_MIN_CAMPAIGNS,
  RESULT_SCORE_PARTS,
  SCORE_PARTS,
  type ScorePart,
  scoreKind,
} from '@lm/contracts/score-parts';
import { Badge, Group, Popover, Progress, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type { QualityScore } from '@lm/contracts/score';

/** Median minutes as the score texts show them: minutes under two hours, whole hours above. */
function duration(minutes: number): { key: string; n: number } {
  return minutes < 120
    ? { key: 'score.minutes', n: minutes }
    : { key: 'score.hours', n: Math.round(minutes / 60) };
}

/**
 * The parts behind a quality score: each part's bar and value (or "not measured yet"), the
 * median answer time, the ratings, and for a new seller why the score is neutral. Used inside the
 * badge's popover and on the seller's own screen. A playlist's result parts (listeners delivered, time
 * tracks stay) are shown only once measured: below their minimum they are not part of the score.
 */
export function QualityScoreParts({ score }: { score: QualityScore }) {
  const { t } = useTranslation();
  const parts = [
    ...SCORE_PARTS.filter((p) => p !== 'views' || score.parts.views !== null),
    ...RESULT_SCORE_PARTS.filter((p) => (score.parts[p] ?? null) !== null),
  ];
  return (
    <Stack gap={8}>
      <Text size="xs" c="dimmed">
        {score.is_new
          ? t('score.new_hint', { min: NEW_SELLER_MIN_CAMPAIGNS, n: score.campaigns })
          : t('score.explain')}
      </Text>
      {parts.map((p) => {
        const v = score.parts[p] ?? null;
        return (
          <Stack key={p} gap={2} data-testid={`score-part-${p}`}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm" fw={500}>
                {t(`score.parts.${p}`)}
              </Text>
              <Text size="sm" fw={600} c={v === null ? 'dimmed' : undefined}>
                {v === null ? t('score.not_measured') : t('score.value', { score: v })}
              </Text>
            </Group>
            <Progress
              value={v ?? 0}
              size="sm"
              color={v === null ? 'gray' : statusColor(scoreKind(v, false))}
              aria-label={t(`score.parts.${p}`)}
            />
            <Text size="xs" c="dimmed">
              {p === 'response' && score.median_response_minutes !== null
                ? t('score.median', {
                    value: t(duration(score.median_response_minutes).key, {
                      n: duration(score.median_response_minutes).n,
                    }),
                  })
                : p === 'rating' && score.rating_average !== null
                  ? t('score.ratings', { avg: score.rating_average, n: score.ratings_count })
                  : t(`score.hints.${p}`)}
            </Text>
          </Stack>
        );
      })}
    </Stack>
  );
}

/**
 * A playlist's or account's quality score as a badge:
 * a button that opens, on click or tap (phones have no hover), a popover with the parts behind it.
 * It never toggles the card it sits on. Labelled for screen readers; the popover closes on Escape and
 * returns focus to the badge.
 */
export function QualityScoreBadge({
  score,
  testId = 'quality-score',
}: {
  score: QualityScore;
  testId?: string;
}) {
  const { t } = useTranslation();
  const color = statusColor(scoreKind(score.score, score.is_new));
  return (
    <Popover width={300} position="bottom-start" withArrow shadow="md" trapFocus returnFocus>
      <Popover.Target>
        <UnstyledButton
          data-testid={testId}
          data-score={score.score}
          aria-label={score.is_new ? t('score.open_new') : t('score.open', { score: score.score })}
          onClick={(e) => e.stopPropagation()}
          onKeyDown={(e) => e.stopPropagation()}
        >
          <Badge
            color={color}
            variant="light"
            size="sm"
            leftSection={<IconShieldCheck size={12} aria-hidden />}
            style={{ cursor: 'pointer' }}
          >
            {score.is_new ? t('score.new') : t('score.value', { score: score.score })}
          </Badge>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown
        data-testid={`${testId}-details`}
        onClick={(e) => e.stopPropagation()}
        role="dialog"
        aria-label={t('score.title')}
      >
        <Group justify="space-between" mb="xs">
          <Text fw={700}>{t('score.title')}</Text>
          <Badge color={color} variant="light">
            {score.is_new ? t('score.new') : t('score.value', { score: score.score })}
          </Badge>
        </Group>
        <QualityScoreParts score={score} />
      </Popover.Dropdown>
    </Popover>
  );
}

/**
 * The seller's own score: the badge with its parts, and the part with most to gain with a tip.
 */
export function QualityScoreImprove({ score }: { score: QualityScore }) {
  const { t } = useTranslation();
  const part: ScorePart | null = score.improve;
  return (
    <Group gap="xs" wrap="wrap" data-testid="score-improve">
      <Text size="sm" fw={500}>
        {t('score.yours')}
      </Text>
      <QualityScoreBadge score={score} testId="own-quality-score" />
      <Text size="xs" c="dimmed">
        {part
          ? `${t('score.improve', { part: t(`score.parts.${part}`) })} ${t(`score.tips.${part}`)}`
          : Object.values(score.parts).every((v) => v === null)
            ? // Nothing observed yet: no part is "at its best", the score is still the new seller's.
              t('score.new_hint', { min: NEW_SELLER_MIN_CAMPAIGNS, n: score.campaigns })
            : t('score.improve_none')}
      </Text>
    </Group>
  );
}
