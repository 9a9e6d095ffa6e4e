import { EXPRESS_ADMIN_PERMISSIONS as EXPRESS, type SessionAdmin } from '@lm/contracts';
import { type ExpressCampaign, ExpressStatusBadge, formatDateTime, useSession } from '@lm/ui';
import { Avatar, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AdminUser } from '../../../hooks/use-users';
import { PagedTable } from '../PagedTable';

function campaignColumns(t: TFunction, lang: string, withArtist: boolean) {
  const columns: DataTableColumn<ExpressCampaign>[] = [
    { accessor: 'id', title: '#', width: 70 },
    {
      accessor: 'campaign_name',
      title: 'express.fields.track',
      render: (c) => (
        <Group gap="sm" wrap="nowrap">
          <Avatar src={c.track.cover_url} size={30} radius="sm" />
          <Text size="sm" fw={600} lineClamp={1}>
            {c.track.name}
          </Text>
        </Group>
      ),
    },
  ];
  columns.push(
    withArtist
      ? { accessor: 'artist', title: 'express.fields.artist', render: (c) => c.artist.name }
      : { accessor: 'curator', title: 'express.fields.curator', render: (c) => c.curator.name },
    { accessor: 'playlist', title: 'express.fields.playlist', render: (c) => c.playlist.name },
    {
      accessor: 'price',
      title: 'express.fields.price',
      noWrap: true,
      render: (c) => t('common.coins', { count: c.price }),
    },
    {
      accessor: 'status',
      title: 'express.fields.status',
      noWrap: true,
      render: (c) => <ExpressStatusBadge statusId={c.status.id} />,
    },
    {
      accessor: 'created_at',
      title: 'express.fields.created_at',
      render: (c) => formatDateTime(c.created_at, lang),
    },
  );
  return columns;
}

/**
 * The user's Spotify campaigns as staff list them: all of them (paged), or with `lastFive` the five
 * latest (the Dashboard tab). Artists' lists name the curator, curators' lists the artist; a row opens
 * the campaign for staff who may see campaigns.
 */
export function CampaignsTab({ user, lastFive = false }: { user: AdminUser; lastFive?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const session = useSession<SessionAdmin>();
  const artist = user.user_type_id === 1;
  const curator = user.user_type_id === 2;
  const path = lastFive
    ? artist
      ? `artist/campaigns/indexLastFiveForArtist/${user.id}`
      : `curator/campaigns/indexLastFiveForCurator/${user.id}`
    : artist
      ? `artist/campaigns/indexAllListByAdminForArtist/${user.id}`
      : `curator/campaigns/all/${user.id}`;
  const openCampaign = (c: ExpressCampaign) =>
    session.ability.can('call', EXPRESS.campaigns) ? navigate(`/express-campaigns/${c.id}`) : undefined;
  return (
    <PagedTable<ExpressCampaign>
      path={path}
      paged={!lastFive}
      columns={campaignColumns(t, lang, curator)}
      onRowClick={openCampaign}
    />
  );
}
