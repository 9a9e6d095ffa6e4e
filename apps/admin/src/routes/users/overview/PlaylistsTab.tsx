import { EXPRESS_ADMIN_PERMISSIONS as EXPRESS, type SessionAdmin } from '@lm/contracts';
import { type ExpressPlaylist, usePlaylistColumns, useSession } from '@lm/ui';
import { useNavigate } from 'react-router';
import type { AdminUser } from '../../../hooks/use-users';
import { PagedTable } from '../PagedTable';

/** Express Playlists tab (curators): their playlists; a row opens the playlist for staff who may see playlists. */
export function PlaylistsTab({ user }: { user: AdminUser }) {
  const column = usePlaylistColumns();
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
      columns={[column.name, column.followers, column.tier, column.score, column.status]}
    />
  );
}
