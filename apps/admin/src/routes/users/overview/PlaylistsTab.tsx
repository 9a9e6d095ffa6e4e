import { EXPRESS_ADMIN_PERMISSIONS as EXPRESS, type SessionAdmin } from '@lm/contracts';
import {
  EXPRESS_PLAYLIST_STATUSES,
  type ExpressPlaylist,
  formatNumber,
  QualityScoreBadge,
  StatusBadge,
  useSession,
} from '@lm/ui';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AdminUser } from '../../../hooks/use-users';
import { PagedTable } from '../PagedTable';

/** Express Playlists tab (curators): their playlists; a row opens the playlist for staff who may see playlists. */
export function PlaylistsTab({ user }: { user: AdminUser }) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const navigate = useNavigate();
  const session = useSession<SessionAdmin>();
  return (
    <PagedTable<ExpressPlaylist>
      path={`express/users/all/playlists/${user.id}`}
      onRowClick={(p) =>
        session.ability.can('call', EXPRESS.playlists)
          ? navigate(`/express/playlist/view/${p.id}`)
          : undefined
      }
      columns={[
        {
          accessor: 'name',
          title: 'express.fields.playlist',
          render: (p) => (
            <Text fw={600} size="sm">
              {p.name}
            </Text>
          ),
        },
        {
          accessor: 'followers',
          title: 'express.fields.followers',
          render: (p) => formatNumber(p.followers, lang),
        },
        { accessor: 'tier', title: 'express.fields.tier', render: (p) => p.tier.tier_name },
        {
          accessor: 'score',
          title: 'score.column',
          render: (p) => <QualityScoreBadge score={p.score} />,
        },
        {
          accessor: 'status',
          title: 'express.fields.status',
          render: (p) => <StatusBadge id={p.status_id} map={EXPRESS_PLAYLIST_STATUSES} />,
        },
      ]}
    />
  );
}
