import type { SessionUser } from '@lm/contracts';
import {
  type ExpressCampaign,
  ListScreen,
  TrackCell,
  useExpressStatusOptions,
  usePageTitle,
  useSession,
  useSpotifyCampaignColumns,
} from '@lm/ui';
import { Anchor, Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useActingAccess } from '../../app/acting-mode';
import { CuratorActions } from './CuratorActions';

/** Table columns of an express campaign list (user app); curators get their actions. */
export function useCampaignColumns(curator: boolean): DataTableColumn<ExpressCampaign>[] {
  const { t } = useTranslation();
  const column = useSpotifyCampaignColumns();
  return [
    {
      accessor: 'campaign_name',
      title: 'express.fields.track',
      render: (c) => (
        <TrackCell campaign={c} size={36}>
          {c.custom_campaign_id !== null && (
            <Anchor
              component={Link}
              to={`/campaigns/${c.custom_campaign_id}`}
              size="xs"
              onClick={(e) => e.stopPropagation()}
              data-testid="custom-placement-of"
            >
              {t('custom.ui.placement_of', { id: c.custom_campaign_id })}
            </Anchor>
          )}
          {curator && c.pitch ? (
            <Text size="xs" fs="italic" lineClamp={2} dir="auto" data-testid="list-pitch" title={c.pitch}>
              “{c.pitch}”
            </Text>
          ) : null}
        </TrackCell>
      ),
    },
    column.playlist,
    curator ? column.artist : column.curator,
    column.tier,
    column.price,
    column.status,
    column.created_at,
    ...(curator
      ? [
          {
            accessor: 'actions',
            title: '',
            render: (c: ExpressCampaign) => <CuratorActions campaign={c} />,
          },
        ]
      : []),
  ];
}

/**
 * /express/campaigns/list: an artist's Spotify express campaigns, or a curator's incoming campaigns
 * with Approve, Decline and "I added it".
 */
export function CampaignsListPage() {
  const { t } = useTranslation();
  const session = useSession<SessionUser>();
  const curator = session.ability.can('call', 'CURATOR_PERMISSION');
  const acting = useActingAccess();
  // While acting for an artist (issue 35), "New campaign" only for a role managing the artist.
  const artist =
    session.ability.can('call', 'ARTIST_PERMISSION') && (!acting.acting || acting.mode === 'manage');
  const title = curator ? 'express.list.incoming_title' : 'express.list.title';
  usePageTitle(title);
  const navigate = useNavigate();
  const statuses = useExpressStatusOptions();
  const columns = useCampaignColumns(curator);
  return (
    <ListScreen<ExpressCampaign>
      title={title}
      path={curator ? 'express/curator/playlist/campaigns' : 'express/artist/campaigns'}
      searchable
      filters={[{ type: 'select', name: 'status', label: 'express.fields.status', options: statuses }]}
      columns={columns}
      onRowClick={(c) => navigate(`/express-campaigns/${c.id}`)}
      empty={
        curator
          ? { title: 'express.list.empty_curator_title', hint: 'express.list.empty_curator_hint' }
          : {
              title: 'express.list.empty_artist_title',
              hint: 'express.list.empty_artist_hint',
              action: artist ? (
                <Button component={Link} to="/select/platform" size="xs" leftSection={<IconPlus size={14} />}>
                  {t('nav.new_campaign')}
                </Button>
              ) : undefined,
            }
      }
      actions={
        artist ? (
          <Button component={Link} to="/select/platform" leftSection={<IconPlus size={16} />}>
            {t('nav.new_campaign')}
          </Button>
        ) : undefined
      }
    />
  );
}
