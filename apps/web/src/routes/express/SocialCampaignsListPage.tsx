import type { SessionUser } from '@lm/contracts';
import type { ExpressSocialCampaign } from '@lm/contracts/express';
import {
  getPlatform,
  ListScreen,
  useCampaignColumns,
  useExpressStatusOptions,
  usePageTitle,
  useSession,
} from '@lm/ui';
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { InfluencerActions } from './CuratorActions';

type Platform = 'tiktok' | 'instagram';

/** Columns of a TikTok or Instagram campaign list; the other side's name depends on who reads. */
function useColumns(influencer: boolean): DataTableColumn<ExpressSocialCampaign>[] {
  const { t } = useTranslation();
  const column = useCampaignColumns<ExpressSocialCampaign>({ video: true });
  const number = (n: number | null) => (n === null ? '—' : t('express.social.views_value', { count: n }));
  return [
    column.campaign_name,
    {
      accessor: 'account',
      title: 'express.social.account',
      // A handle reads left to right in Arabic too (the @ stays in front).
      render: (c) => <span dir="ltr">@{c.account.user_name}</span>,
    },
    influencer
      ? column.artist
      : { accessor: 'influencer', title: 'express.social.influencer', render: (c) => c.influencer.name },
    column.price,
    {
      accessor: 'last_views',
      title: 'express.social.views',
      noWrap: true,
      render: (c) => number(c.last_views),
    },
    {
      accessor: 'target_views',
      title: 'express.social.target_views',
      noWrap: true,
      render: (c) => number(c.target_views),
    },
    column.status,
    column.created_at,
    // The influencer acts from the list: approve, decline, submit the video.
    ...(influencer
      ? [
          {
            accessor: 'actions',
            title: '',
            render: (c: ExpressSocialCampaign) => <InfluencerActions campaign={c} />,
          },
        ]
      : []),
  ];
}

/**
 * /tiktok/express/campaigns/list and /instagram/express/campaigns/list: an artist's
 * TikTok or Instagram campaigns, or an influencer's incoming ones, with views against the target.
 */
function SocialCampaignsList({ platform }: { platform: Platform }) {
  const session = useSession<SessionUser>();
  const influencer =
    session.ability.can('call', 'INFLUENCER_PERMISSION') && !session.ability.can('call', 'ARTIST_PERMISSION');
  const title = influencer ? 'express.list.incoming_title' : getPlatform(platform).listTitleKey;
  usePageTitle(title);
  const statuses = useExpressStatusOptions(true);
  const columns = useColumns(influencer);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const info = getPlatform(platform);
  // The artist starts a campaign of this platform from its list.
  const start = (size: 'xs' | 'sm') => (
    <Button component={Link} to={info.platformPath} size={size} leftSection={<IconPlus size={14} />}>
      {t('nav.new_campaign')}
    </Button>
  );
  return (
    <ListScreen<ExpressSocialCampaign>
      title={title}
      path={`express-${platform}/${influencer ? 'influencer' : 'artist'}/campaigns`}
      filters={[{ type: 'select', name: 'status', label: 'express.fields.status', options: statuses }]}
      columns={columns}
      onRowClick={(c) => navigate(info.detailPath(c.id))}
      actions={influencer ? undefined : start('sm')}
      empty={
        influencer
          ? { title: 'express.social.empty_influencer_title', hint: 'express.social.empty_influencer_hint' }
          : {
              title: 'express.list.empty_artist_title',
              hint: 'express.social.empty_artist_hint',
              action: start('xs'),
            }
      }
    />
  );
}

/** /tiktok/express/campaigns/list. */
export function TikTokCampaignsListPage() {
  return <SocialCampaignsList platform="tiktok" />;
}

/** /instagram/express/campaigns/list. */
export function InstagramCampaignsListPage() {
  return <SocialCampaignsList platform="instagram" />;
}
