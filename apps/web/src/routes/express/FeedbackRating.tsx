import type { ExpressDecline } from '@lm/contracts/express';
import { Button, Chip, Group, Paper, Rating, Stack, Text } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRateFeedback } from '../../hooks/use-express';

/**
 * Say why: the artist rates the feedback of a declined request once (helpful or not, 1 to 5 stars);
 * the rating counts in the seller's quality score. Once given (or for the seller, `canRate` false) it
 * is shown read-only.
 */
export function FeedbackRating({
  campaignId,
  decline,
  canRate,
}: {
  campaignId: number;
  decline: ExpressDecline;
  canRate: boolean;
}) {
  const { t } = useTranslation();
  const rate = useRateFeedback(campaignId);
  const [helpful, setHelpful] = useState<'yes' | 'no' | null>(null);
  const [stars, setStars] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const starsLabel = useId();
  const helpfulLabel = useId();

  if (decline.rating)
    return (
      <Group gap="xs" data-testid="feedback-rated">
        <Text size="sm" c="dimmed">
          {t(canRate ? 'express.decline.you_rated' : 'express.decline.artist_rated')}
        </Text>
        <Rating
          value={decline.rating.stars}
          readOnly
          size="sm"
          aria-label={t('express.decline.stars_value', { count: decline.rating.stars })}
        />
        <Text size="sm" c="dimmed">
          {t(decline.rating.helpful ? 'express.decline.was_helpful' : 'express.decline.was_not_helpful')}
        </Text>
      </Group>
    );
  if (!canRate) return null;

  const send = async () => {
    if (helpful === null || stars < 1) {
      setError(t('express.decline.rating_required'));
      return;
    }
    try {
      await rate.mutateAsync({ helpful: helpful === 'yes', stars });
    } catch {
      // The toast shows the server's message.
    }
  };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="feedback-rating">
      <Stack gap="xs">
        <Text size="sm" fw={600} id={helpfulLabel}>
          {t('express.decline.helpful_question')}
        </Text>
        <Chip.Group
          value={helpful}
          onChange={(v) => {
            setHelpful(v as 'yes' | 'no');
            setError(null);
          }}
        >
          <Group gap="xs" role="radiogroup" aria-labelledby={helpfulLabel}>
            <Chip value="yes" data-testid="feedback-helpful-yes" icon={<IconThumbUp size={14} />}>
              {t('express.decline.helpful_yes')}
            </Chip>
            <Chip value="no" data-testid="feedback-helpful-no" icon={<IconThumbDown size={14} />}>
              {t('express.decline.helpful_no')}
            </Chip>
          </Group>
        </Chip.Group>
        <Group gap="sm" wrap="wrap">
          <Text size="sm" id={starsLabel}>
            {t('express.decline.stars_label')}
          </Text>
          <Rating
            value={stars}
            onChange={(v) => {
              setStars(v);
              setError(null);
            }}
            aria-labelledby={starsLabel}
            data-testid="feedback-stars"
          />
        </Group>
        {error ? (
          <Text size="xs" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Group>
          <Button size="xs" onClick={send} loading={rate.isPending} data-testid="feedback-rating-submit">
            {t('express.decline.rate_submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
