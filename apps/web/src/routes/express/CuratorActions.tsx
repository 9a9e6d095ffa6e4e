import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import type { ExpressListenView, ExpressSocialCampaign, SocialVideo } from '@lm/contracts/express';
import {
  CountedTextarea,
  confirmAction,
  EmptyState,
  type ExpressCampaign,
  formatDateTime,
  getPlatform,
  isApiError,
  isTooLong,
  ListenPanel,
  MadeWithAi,
} from '@lm/ui';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Radio,
  Rating,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import {
  IconCheck,
  IconHeadphones,
  IconMovie,
  IconPlaylistAdd,
  IconRefresh,
  IconStar,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListen, useSellerActions, useSubmittableVideos } from '../../hooks/use-express';
import { DeclineDialog } from './DeclineDialog';

/** `@handle` isolated left-to-right inside a translated sentence (Arabic keeps the @ in front). */
const handle = (c: ExpressSocialCampaign) => `\u2068@${c.account.user_name}\u2069`;

/** Longest comment of an influencer's review of the artist (the API's limit). */
const REVIEW_MAX = 1000;

type Size = 'xs' | 'sm';
/**
 * Hear it first: whether the server says the seller has listened long enough to decide. Given on the
 * request's page (beside its player); left out in lists, whose pending rows link to that page instead.
 */
type Decision = { canDecide?: boolean };
/** A Spotify campaign for its curator, or a TikTok or Instagram campaign for its influencer. */
export type SellerActionsProps =
  | ({ platform: 'spotify'; campaign: ExpressCampaign; size?: Size } & Decision)
  | VideoSellerActionsProps;
type VideoSellerActionsProps = {
  platform: 'tiktok' | 'instagram';
  campaign: ExpressSocialCampaign;
  size?: Size;
} & Decision;

/** The seller posts a video for the campaign (the platform's descriptor says so, not its name). */
const isVideo = (props: SellerActionsProps): props is VideoSellerActionsProps =>
  getPlatform(props.platform).placement === 'video';

/**
 * A seller's actions on an incoming express campaign, for every platform: Approve and
 * Decline (`DeclineDialog`: a reason from the platform's list and written feedback) while it waits
 * for approval; then the submission: Spotify's "I added it" (checked on the playlist), or for TikTok
 * and Instagram the choice of one of the account's own posts since the acceptance, submitted for
 * verification. The result of a check is shown under the buttons.
 */
export function SellerActions(props: SellerActionsProps) {
  const { platform, campaign, size = 'xs', canDecide } = props;
  const { t } = useTranslation();
  const { approve, added } = useSellerActions(platform);
  const [declining, setDeclining] = useState(false);
  const [picking, setPicking] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const status = campaign.status.id;
  const video = isVideo(props);

  const doApprove = async () => {
    if (
      !(await confirmAction({
        message: t(video ? 'express.influencer.approve_confirm' : 'express.curator.approve_confirm', {
          track: campaign.track.name,
        }),
      }))
    )
      return;
    await approve.mutateAsync(campaign.id).catch(() => undefined);
  };
  const doAdded = async () => {
    if (isVideo(props)) return;
    setResult(null);
    try {
      const r = await added.mutateAsync(props.campaign);
      setResult({ ok: r.data.found, message: r.message ?? '' });
    } catch (e) {
      setResult({ ok: false, message: isApiError(e) ? e.message : t('ui.errors.unexpected') });
    }
  };

  return (
    <Stack gap={6} onClick={(e) => e.stopPropagation()}>
      <Group gap="xs" wrap="nowrap">
        {status === S.PENDING_APPROVAL && canDecide === undefined && (
          <Button
            size={size}
            variant="light"
            component={Link}
            to={getPlatform(platform).detailPath(campaign.id)}
            leftSection={<IconHeadphones size={14} />}
            data-testid="listen-to-decide"
          >
            {t('express.listen.decide_here')}
          </Button>
        )}
        {status === S.PENDING_APPROVAL && canDecide !== undefined && (
          <>
            <Button
              size={size}
              color="green"
              leftSection={<IconCheck size={14} />}
              loading={approve.isPending}
              disabled={!canDecide}
              onClick={doApprove}
              data-testid="approve-campaign"
            >
              {t('express.curator.approve')}
            </Button>
            <Button
              size={size}
              color="red"
              variant="light"
              leftSection={<IconX size={14} />}
              disabled={!canDecide}
              onClick={() => setDeclining(true)}
              data-testid="decline-campaign"
            >
              {t('express.curator.decline')}
            </Button>
          </>
        )}
        {status === S.WAITING_SUBMISSION && !video && (
          <Button
            size={size}
            variant="light"
            leftSection={<IconPlaylistAdd size={14} />}
            loading={added.isPending}
            onClick={doAdded}
            data-testid="added-it"
          >
            {t('express.curator.added_it')}
          </Button>
        )}
        {status === S.COMPLETED && isVideo(props) && !props.campaign.influencer_review && (
          <Button
            size={size}
            variant="light"
            leftSection={<IconStar size={14} />}
            onClick={() => setReviewing(true)}
            data-testid="review-artist"
          >
            {t('express.influencer.review_artist')}
          </Button>
        )}
        {isVideo(props) && props.campaign.influencer_review && (
          <Text size="xs" c="dimmed" data-testid="artist-reviewed">
            {t('express.influencer.your_review', { rating: props.campaign.influencer_review.rating })}
          </Text>
        )}
        {status === S.WAITING_SUBMISSION && video && (
          <Button
            size={size}
            variant="light"
            leftSection={<IconMovie size={14} />}
            onClick={() => {
              setResult(null);
              setPicking(true);
            }}
            data-testid="submit-video"
          >
            {t('express.influencer.submit_video')}
          </Button>
        )}
      </Group>
      {result && (
        <Alert
          color={result.ok ? 'green' : 'orange'}
          p="xs"
          withCloseButton
          onClose={() => setResult(null)}
          data-testid="added-result"
        >
          {result.message}
        </Alert>
      )}
      {declining && (
        <DeclineDialog
          platform={platform}
          campaignId={campaign.id}
          track={campaign.track.name}
          onClose={() => setDeclining(false)}
        />
      )}
      {isVideo(props) && reviewing && (
        <ReviewArtist
          platform={props.platform}
          campaign={props.campaign}
          onClose={() => setReviewing(false)}
        />
      )}
      {isVideo(props) && picking && (
        <VideoPicker
          platform={props.platform}
          campaign={props.campaign}
          onClose={() => setPicking(false)}
          onResult={(r) => {
            setResult(r);
            if (r.ok) setPicking(false);
          }}
        />
      )}
    </Stack>
  );
}

/**
 * The influencer picks the video (TikTok) or reel (Instagram) that uses the campaign's sound among the
 * account's posts since the acceptance, and submits it (`check-tiktok-video`,
 * `influencer/check/music`).
 */
function VideoPicker({
  platform,
  campaign,
  onClose,
  onResult,
}: {
  platform: 'tiktok' | 'instagram';
  campaign: ExpressSocialCampaign;
  onClose: () => void;
  onResult: (r: { ok: boolean; message: string }) => void;
}) {
  const { t, i18n } = useTranslation();
  const videos = useSubmittableVideos(platform, campaign.id, true);
  const { submitVideo } = useSellerActions(platform);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    if (!chosen) {
      setError(t('express.influencer.choose_video'));
      return;
    }
    try {
      const r = await submitVideo.mutateAsync({ campaign, video_id: chosen });
      onResult({
        ok: r.data.found,
        // A found video that does not prove the campaign says why (e.g. no #ad): the API's words.
        message:
          r.data.reason ??
          t(r.data.found ? 'express.influencer.video_found' : 'express.influencer.video_not_proven'),
      });
    } catch (e) {
      setError(isApiError(e) ? e.message : t('ui.errors.unexpected'));
    }
  };
  const list: SocialVideo[] = videos.data ?? [];
  // Reads the account's posts again: after posting the video, or after a failed read.
  const refresh = (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconRefresh size={14} />}
      loading={videos.isFetching}
      onClick={() => videos.refetch()}
      data-testid="refresh-videos"
    >
      {t('express.influencer.refresh')}
    </Button>
  );
  let body: ReactNode;
  if (videos.isLoading) body = <Loader size="sm" />;
  else if (videos.isError)
    body = (
      <Stack gap="xs" align="flex-start">
        <Alert color="orange" p="xs" w="100%">
          {isApiError(videos.error) ? videos.error.message : t('ui.errors.unexpected')}
        </Alert>
        {refresh}
      </Stack>
    );
  else if (list.length === 0)
    body = (
      <EmptyState
        title={t('express.influencer.no_videos_title')}
        hint={t(`express.influencer.no_videos_hint_${platform}`, {
          account: handle(campaign),
        })}
        icon={<IconMovie size={24} />}
        action={refresh}
      />
    );
  else
    body = (
      <ScrollArea.Autosize mah={360}>
        <Radio.Group
          value={chosen}
          onChange={(v) => {
            setChosen(v);
            setError(null);
          }}
          error={error}
        >
          <Stack gap="xs">
            {list.map((v) => (
              <Paper key={v.id} withBorder p="sm" radius="md" data-testid="video-option">
                <Radio
                  value={v.id}
                  label={
                    <Stack gap={2}>
                      <Text size="sm" fw={600} lineClamp={2} dir="auto">
                        {v.caption || t('express.influencer.untitled')}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(v.posted_at, i18n.language)}
                        {v.views !== null ? ` · ${t('express.social.views_value', { count: v.views })}` : ''}
                      </Text>
                      <Anchor href={v.url} target="_blank" rel="noreferrer" size="xs" dir="ltr">
                        {t('express.influencer.open_post')}
                      </Anchor>
                    </Stack>
                  }
                />
              </Paper>
            ))}
          </Stack>
        </Radio.Group>
      </ScrollArea.Autosize>
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('express.influencer.pick_title', { track: campaign.track.name })}
      centered
    >
      <Stack>
        <Text size="sm" c="dimmed">
          {t(`express.influencer.pick_hint_${platform}`, { account: handle(campaign) })}{' '}
          <Anchor href={campaign.track.url} target="_blank" rel="noreferrer" size="sm">
            {t('express.influencer.open_sound')}
          </Anchor>
        </Text>
        {body}
        {error && list.length === 0 && (
          <Alert color="orange" p="xs">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('ui.confirm.cancel')}
          </Button>
          <Button
            loading={submitVideo.isPending}
            disabled={list.length === 0}
            onClick={submit}
            data-testid="submit-video-confirm"
          >
            {t('express.influencer.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The influencer rates the artist 1 to 5 with an optional comment once the campaign is completed. */
function ReviewArtist({
  platform,
  campaign,
  onClose,
}: {
  platform: 'tiktok' | 'instagram';
  campaign: ExpressSocialCampaign;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { review } = useSellerActions(platform);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    if (rating < 1) {
      setError(t('express.influencer.rating_required'));
      return;
    }
    try {
      await review.mutateAsync({ campaign_id: campaign.id, rating, comment: comment.trim() || undefined });
      onClose();
    } catch {
      // The toast shows the server's message.
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('express.influencer.review_title', { name: campaign.artist.name })}
      centered
    >
      <Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`rating-${campaign.id}`}>
            {t('express.influencer.rating')}
          </Text>
          <Rating
            value={rating}
            onChange={(v) => {
              setRating(v);
              setError(null);
            }}
            size="lg"
            aria-labelledby={`rating-${campaign.id}`}
            data-testid="review-rating"
          />
          {error ? (
            <Text size="xs" c="red" role="alert">
              {error}
            </Text>
          ) : null}
        </Stack>
        <CountedTextarea
          label={t('express.influencer.review_comment')}
          value={comment}
          onChange={(e) => setComment(e.currentTarget.value)}
          max={REVIEW_MAX}
          autosize
          minRows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('ui.confirm.cancel')}
          </Button>
          <Button
            loading={review.isPending}
            disabled={isTooLong(comment, REVIEW_MAX)}
            onClick={send}
            data-testid="review-submit"
          >
            {t('express.influencer.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The seller's decision on a pending request, for every platform: the
 * player, the listening the server counted and what the artist tells sellers (`ListenPanel`), then
 * Approve and Decline, which open when the server says the listening time is reached.
 */
export function SellerDecision(props: SellerActionsProps) {
  const { view, report } = useListen(props.campaign.id, true);
  if (!view.data) return view.isLoading ? <Loader size="sm" /> : null;
  const v = view.data as ExpressListenView;
  return (
    <Stack gap="sm" data-testid="seller-decision">
      <ListenPanel
        track={v.track.name}
        player={v.player}
        progress={v}
        about={{ pitch: v.pitch, language: v.track.language, artist: v.artist }}
        onEvent={(event, position) =>
          report.mutate({ event, position: Math.max(0, Math.min(86_400, position)) })
        }
      />
      <MadeWithAi value={props.campaign.made_with_ai} />
      <SellerActions {...props} size="sm" canDecide={v.can_decide} />
    </Stack>
  );
}

/** A curator's actions on an incoming Spotify campaign ({@link SellerActions} for Spotify). */
export function CuratorActions({ campaign, size }: { campaign: ExpressCampaign; size?: Size }) {
  return <SellerActions platform="spotify" campaign={campaign} size={size} />;
}

/**
 * An influencer's actions on an incoming TikTok or Instagram campaign ({@link SellerActions} for the
 * campaign's platform): rendered in the influencer's list and on /tiktok/express-campaigns/{id} and
 * /instagram/express-campaigns/{id} for the influencer.
 */
export function InfluencerActions({ campaign, size }: { campaign: ExpressSocialCampaign; size?: Size }) {
  // The social API sets the campaign's type to its platform's key.
  const platform = campaign.type as VideoSellerActionsProps['platform'];
  return <SellerActions platform={platform} campaign={campaign} size={size} />;
}
