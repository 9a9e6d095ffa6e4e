import { LIMITS } from '@lm/contracts/limits';
import { CountedTextarea, isTooLong } from '@lm/ui';
import { Button, Group, Modal, Rating, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconHeartHandshake, IconStar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddReview } from '../../hooks/use-express';

/**
 * The artist's review of a completed express campaign of any platform (`express/add/review`): the
 * review dialog, then a thank-you dialog that closes itself after LIMITS.reviewThankYouMs.
 */
// Stays mounted after the review is saved (`reviewed`), so the thank-you dialog is not torn down with the button.
export function ReviewButton({
  campaignId,
  reviewed,
  video = false,
}: {
  campaignId: number;
  reviewed: boolean;
  /** A TikTok or Instagram campaign: the thank-you speaks of creators, not playlists. */
  video?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [thanks, setThanks] = useState(false);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const review = useAddReview();
  useEffect(() => {
    if (!thanks) return;
    const timer = setTimeout(() => setThanks(false), LIMITS.reviewThankYouMs);
    return () => clearTimeout(timer);
  }, [thanks]);
  const submit = async () => {
    if (rating < 1) {
      setError(t('express.review.rating_required'));
      return;
    }
    try {
      await review.mutateAsync({ campaign_id: campaignId, rating, comment: comment.trim() || undefined });
      setOpen(false);
      setThanks(true);
    } catch {
      // The toast shows the server's message.
    }
  };
  return (
    <>
      {!reviewed && (
        <Button
          leftSection={<IconStar size={16} />}
          variant="light"
          color="yellow"
          onClick={() => setOpen(true)}
        >
          {t('express.review.button')}
        </Button>
      )}
      <Modal opened={open} onClose={() => setOpen(false)} title={t('express.review.title')} centered>
        <Stack>
          <div>
            <Text size="sm" mb={4}>
              {t('express.review.rating')}
            </Text>
            <Rating
              value={rating}
              onChange={(v) => {
                setRating(v);
                setError(null);
              }}
              size="lg"
              data-testid="review-rating"
            />
            {error && (
              <Text c="red" size="xs" mt={4}>
                {error}
              </Text>
            )}
          </div>
          <CountedTextarea
            label={t('express.review.comment')}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            max={1000}
            autosize
            minRows={3}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('ui.confirm.cancel')}
            </Button>
            <Button onClick={submit} loading={review.isPending} disabled={isTooLong(comment, 1000)}>
              {t('express.review.send')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={thanks}
        onClose={() => setThanks(false)}
        centered
        withCloseButton={false}
        data-testid="review-thanks"
      >
        <Stack align="center" py="md">
          <ThemeIcon size={56} radius="xl" color="green" variant="light">
            <IconHeartHandshake size={32} />
          </ThemeIcon>
          <Text fw={700} size="lg">
            {t('express.review.thanks_title')}
          </Text>
          <Text c="dimmed" ta="center" size="sm">
            {t(video ? 'express.review.thanks_text_video' : 'express.review.thanks_text')}
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
