import { EXPRESS_ADMIN_PERMISSIONS as EXPRESS, type SessionAdmin } from '@lm/contracts';
import { type ApiPath, type ExpressCampaign, TrackCell, useSession, useSpotifyCampaignColumns } from '@lm/ui';
import type { DataTableColumn } from 'mantine-datatable';
import { useNavigate } from 'react-router';
import type { AdminUser } from '../../../hooks/use-users';
import { PagedTable } from '../PagedTable';

/** The columns of the tab: artists' lists name the curator, curators' lists the artist. */
function useColumns(withArtist: boolean): DataTableColumn<ExpressCampaign>[] {
  const column = useSpotifyCampaignColumns();
  return [
    column.id,
    {
      accessor: 'campaign_name',
      title: 'express.fields.track',
      render: (c) => <TrackCell campaign={c} size={30} nameOnly />,
    },
    withArtist ? column.artist : column.curator,
    column.playlist,
    column.price,
    column.status,
    column.created_at,
  ];
}

/**
 * The user's Spotify campaigns as staff list them: all of them (paged), or with `lastFive` the five
 * latest (the Dashboard tab). Artists' lists name the curator, curators' lists the artist; a row opens
 * the campaign for staff who may see campaigns.
 */
export function CampaignsTab({ user, lastFive = false }: { user: AdminUser; lastFive?: boolean }) {
  const navigate = useNavigate();
  const session = useSession<SessionAdmin>();
  const artist = user.user_type_id === 1;
  const curator = user.user_type_id === 2;
  const columns = useColumns(curator);
  const path: ApiPath<'get'> = lastFive
    ? artist
      ? `artist/campaigns/indexLastFiveForArtist/${user.id}`
      : `curator/campaigns/indexLastFiveForCurator/${user.id}`
    : artist
      ? `artist/campaigns/indexAllListByAdminForArtist/${user.id}`
      : `curator/campaigns/all/${user.id}`;
  const openCampaign = (c: ExpressCampaign) =>
    session.ability.can('call', EXPRESS.campaigns) ? navigate(`/express-campaigns/${c.id}`) : undefined;
  return (
    <PagedTable<ExpressCampaign> path={path} paged={!lastFive} columns={columns} onRowClick={openCampaign} />
  );
}
