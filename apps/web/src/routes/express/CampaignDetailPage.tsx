import { EXPRESS_CAMPAIGN_STATUS as S, type SessionUser } from '@lm/contracts';
import type { ExpressSocialCampaignDetail } from '@lm/contracts/express';
import {
  ExpressCampaignView,
  NotFoundPage,
  type PlatformDescriptor,
  platformOfPath,
  usePageTitle,
  useSession,
} from '@lm/ui';
import { Anchor, Button, Center, Group, Loader, Rating, Stack } from '@mantine/core';
import { IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { useExpressCampaign } from '../../hooks/express';
import { CuratorActions, InfluencerActions } from './CuratorActions';
import { ReviewButton } from './ReviewButton';
import { SocialCampaignDetail } from './SocialCampaignDetailPage';

/** Statuses after which the artist may renew the campaign (buy the same placement again). */
const ENDED: number[] = [S.COMPLETED, S.DECLINED, S.FAILED_TO_SUBMIT];

/**
 * The artist's buttons on an ended or completed campaign, the same on every platform: renew (a link
 * to the platform's renewal page, or `onRenew` where the platform renews in a dialog), review once
 * completed, and the review's stars once given.
 */
export function ArtistCampaignActions({
  platform,
  campaign,
  onRenew,
}: {
  platform: PlatformDescriptor;
  campaign: { id: number; status: { id: number }; review?: { rating: number } | null };
  /** Opens the renewal dialog (platforms without a renewal page). */
  onRenew?(): void;
}) {
  const { t } = useTranslation();
  const ended = ENDED.includes(campaign.status.id);
  const renew = platform.renewPath;
  return (
    <>
      {ended &&
        (renew ? (
          <Button
            component={Link}
            to={renew(campaign.id)}
            leftSection={<IconRefresh size={16} />}
            variant="light"
            data-testid="renew"
          >
            {t('express.renew.button')}
          </Button>
        ) : (
          <Button
            leftSection={<IconRefresh size={16} />}
            variant="light"
            onClick={onRenew}
            data-testid="renew"
          >
            {t('express.renew.button')}
          </Button>
        ))}
      {campaign.status.id === S.COMPLETED && (
        <ReviewButton
          campaignId={campaign.id}
          reviewed={Boolean(campaign.review)}
          video={platform.placement === 'video'}
        />
      )}
    </>
  );
}

/** A playlist campaign: status, timeline, placement evidence, performance, deadlines and money. */
function PlaylistCampaignDetail({ platform, id }: { platform: PlatformDescriptor; id: number }) {
  const { t } = useTranslation();
  usePageTitle('express.detail.title');
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
  const actions = curator ? (
    <CuratorActions campaign={c} size="sm" />
  ) : (
    <Group gap="xs">
      <ArtistCampaignActions platform={platform} campaign={c} />
      {c.review && <Rating value={c.review.rating} readOnly />}
    </Group>
  );
  return (
    <Stack gap="md">
      <Anchor component={Link} to={platform.listPath} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} className="lm-flip-rtl" />
          {t('express.detail.back')}
        </Group>
      </Anchor>
      <ExpressCampaignView campaign={c} actions={actions} />
    </Stack>
  );
}

/** The influencer's approve, decline, submit and review actions (the one seller actions component). */
const influencerActions = (c: ExpressSocialCampaignDetail) => <InfluencerActions campaign={c} />;

/**
 * One campaign page for every platform: /express-campaigns/:campaignId (Spotify),
 * /tiktok/express-campaigns/:campaignId, /instagram/express-campaigns/:campaignId and those of any
 * registered platform. The platform is the one whose detail path is the current address; what the
 * seller placed the song in (a playlist or a video) chooses the body. Artists renew and review;
 * sellers act on the campaign.
 */
export function CampaignDetailPage() {
  const id = Number(useParams().campaignId);
  const platform = platformOfPath(useLocation().pathname, 'detail');
  if (!platform) return <NotFoundPage />;
  return platform.placement === 'playlist' ? (
    <PlaylistCampaignDetail platform={platform} id={id} />
  ) : (
    <SocialCampaignDetail platform={platform} sellerActions={influencerActions} />
  );
}
