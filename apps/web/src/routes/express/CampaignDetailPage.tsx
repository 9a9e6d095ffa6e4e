import { EXPRESS_CAMPAIGN_STATUS as S, type SessionUser } from '@lm/contracts';
import type { ExpressSocialCampaignDetail } from '@lm/contracts/express';
import {
  ExpressCampaignView,
  LoadingOrNotFound,
  type PlatformDescriptor,
  PlatformScreen,
  usePageTitle,
  useSession,
} from '@lm/ui';
import { Anchor, Group, Rating, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useExpressCampaign } from '../../hooks/use-express';
import { useSocialCampaign } from '../../hooks/use-social-express';
import { ArtistCampaignActions, WithdrawButton } from './ArtistCampaignActions';
import { CampaignHistorySection } from './CampaignHistorySection';
import { CampaignMessagesSection } from './CampaignMessagesSection';
import { CampaignResultsSection } from './CampaignResultsSection';
import { CuratorActions, InfluencerActions, SellerDecision } from './CuratorActions';
import { FeedbackRating } from './FeedbackRating';
import { SocialCampaignDetail } from './SocialCampaignDetailPage';

/** A playlist campaign: status, timeline, placement evidence, performance, deadlines and money. */
function PlaylistCampaignDetail({ platform, id }: { platform: PlatformDescriptor; id: number }) {
  const { t } = useTranslation();
  usePageTitle('express.detail.title');
  const session = useSession<SessionUser>();
  const curator = session.ability.can('call', 'CURATOR_PERMISSION');
  const campaign = useExpressCampaign(id);
  if (!campaign.data) return <LoadingOrNotFound loading={campaign.isLoading} />;
  const c = campaign.data;
  // A curator is the seller of an incoming request, or the buyer of a placement for a track of their
  // own (/express/checkout): a buyer may withdraw a pending request; renewing and reviewing are the
  // artists' (a curator buys again at the checkout).
  const seller = curator && c.curator.id === session.user?.id;
  // Hear it first: a pending request is decided under its player, above the campaign.
  const deciding = seller && c.status.id === S.PENDING_APPROVAL;
  const actions = seller ? (
    deciding ? null : (
      <CuratorActions campaign={c} size="sm" />
    )
  ) : curator ? (
    c.status.id === S.PENDING_APPROVAL && <WithdrawButton campaign={c} />
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
      {deciding && <SellerDecision platform="spotify" campaign={c} />}
      <ExpressCampaignView
        campaign={c}
        actions={actions}
        declineRating={
          c.decline && <FeedbackRating campaignId={c.id} decline={c.decline} canRate={!curator} />
        }
      />
    </Stack>
  );
}

/** The influencer's submit and review actions (the one seller actions component). */
const influencerActions = (c: ExpressSocialCampaignDetail) =>
  c.status.id === S.PENDING_APPROVAL ? null : <InfluencerActions campaign={c} />;
/** Hear it first: a pending request's player, listening and Approve / Decline, above the campaign. */
const influencerDecision = (c: ExpressSocialCampaignDetail) =>
  c.status.id === S.PENDING_APPROVAL ? (
    <SellerDecision platform={c.type as 'tiktok' | 'instagram'} campaign={c} />
  ) : null;

/**
 * The sections under a campaign (history, results, messages). They render, and fetch their data,
 * from the start, but are shown with the campaign: shown earlier, the campaign's card arriving above
 * them pushed them down the screen (a layout shift of 0.29 on a phone, Lighthouse, issue 37).
 */
function CampaignSections({ id, ready }: { id: number; ready: boolean }) {
  return (
    <Stack gap="md" display={ready ? undefined : 'none'}>
      <CampaignHistorySection campaignId={id} />
      <CampaignResultsSection campaignId={id} />
      <CampaignMessagesSection campaignId={id} />
    </Stack>
  );
}

function PlaylistCampaignSections({ id }: { id: number }) {
  return <CampaignSections id={id} ready={useExpressCampaign(id).data !== undefined} />;
}

function SocialCampaignSections({ platform, id }: { platform: PlatformDescriptor; id: number }) {
  const campaign = useSocialCampaign(platform.key, id);
  return <CampaignSections id={id} ready={campaign.data !== undefined} />;
}

/**
 * One campaign page for every platform: /express-campaigns/:campaignId (Spotify),
 * /tiktok/express-campaigns/:campaignId, /instagram/express-campaigns/:campaignId and those of any
 * registered platform. The platform is the one whose detail path is the current address; what the
 * seller placed the song in (a playlist or a video) chooses the body. Artists renew and review;
 * sellers act on the campaign. Below the campaign, its daily history (charted), the artist's
 * "Results" and both sides'
 * conversation ("Messages").
 */
export function CampaignDetailPage() {
  const id = Number(useParams().campaignId);
  return (
    <PlatformScreen screen="detail">
      {(platform) => (
        <Stack gap="md">
          {platform.placement === 'playlist' ? (
            <PlaylistCampaignDetail platform={platform} id={id} />
          ) : (
            <SocialCampaignDetail
              platform={platform}
              sellerActions={influencerActions}
              sellerDecision={influencerDecision}
            />
          )}
          {platform.placement === 'playlist' ? (
            <PlaylistCampaignSections id={id} />
          ) : (
            <SocialCampaignSections platform={platform} id={id} />
          )}
        </Stack>
      )}
    </PlatformScreen>
  );
}
