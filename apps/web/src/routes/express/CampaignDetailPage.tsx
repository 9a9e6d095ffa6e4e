import { EXPRESS_CAMPAIGN_STATUS as S, type SessionUser } from '@lm/contracts';
import { LIMITS } from '@lm/contracts/limits';
import {
  CountedTextarea,
  ExpressCampaignView,
  isTooLong,
  NotFoundPage,
  usePageTitle,
  useSession,
} from '@lm/ui';
import { Anchor, Button, Center, Group, Loader, Modal, Rating, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconArrowLeft, IconHeartHandshake, IconRefresh, IconStar } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useAddReview, useExpressCampaign } from '../../hooks/express';
import { CuratorActions } from './CuratorActions';

/** The review dialog, then a thank-you dialog that closes itself after LIMITS.reviewThankYouMs. */
// Stays mounted after the review is saved (`reviewed`), so the thank-you dialog is not torn down with the button.
function ReviewButton({ campaignId, reviewed }: { campaignId: number; reviewed: boolean }) {
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
            {t('express.review.thanks_text')}
          </Text>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * /express-campaigns/:campaignId: status, timeline of every transition, placement evidence,
 * performance, deadlines and money. Artists can renew and (once completed) review; curators act on it.
 */
export function CampaignDetailPage() {
  const { t } = useTranslation();
  usePageTitle('express.detail.title');
  const id = Number(useParams().campaignId);
  const session = useSession<SessionUser>();
  const curator = session.ability.can('call', 'CURATOR_PERMISSION');
  const campaign = useExpressCampaign(id);
  if (campaign.isLoading)
    return (
      <Center h={240}>
        <Loader />
      </Center>
    );
  if (!campaign.data) return <NotFoundPage />;
  const c = campaign.data;
  const ended =
    c.status.id === S.COMPLETED || c.status.id === S.DECLINED || c.status.id === S.FAILED_TO_SUBMIT;
  const actions = curator ? (
    <CuratorActions campaign={c} size="sm" />
  ) : (
    <Group gap="xs">
      {ended && (
        <Button
          component={Link}
          to={`/renew/express/campaign?campaign_id=${c.id}`}
          leftSection={<IconRefresh size={16} />}
          variant="light"
        >
          {t('express.renew.button')}
        </Button>
      )}
      {c.status.id === S.COMPLETED && <ReviewButton campaignId={c.id} reviewed={Boolean(c.review)} />}
      {c.review && <Rating value={c.review.rating} readOnly />}
    </Group>
  );
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/express/campaigns/list" size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} className="lm-flip-rtl" />
          {t('express.detail.back')}
        </Group>
      </Anchor>
      <ExpressCampaignView campaign={c} actions={actions} />
    </Stack>
  );
}
