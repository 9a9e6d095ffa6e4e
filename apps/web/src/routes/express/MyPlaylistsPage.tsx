import {
  type ExpressPlaylist,
  formatDateTime,
  ListScreen,
  usePageTitle,
  usePlaylistColumns,
  usePlaylistStatusOptions,
} from '@lm/ui';
import { Badge, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/** /express/my/playlists/list (CURATOR_PERMISSION): the curator's express playlists. */
export function MyPlaylistsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('express.playlist.list_title');
  const lang = i18n.language;
  const navigate = useNavigate();
  const statuses = usePlaylistStatusOptions();
  const column = usePlaylistColumns({ avatar: 36 });
  return (
    <ListScreen<ExpressPlaylist>
      title="express.playlist.list_title"
      path="express/curator/playlists"
      searchable
      filters={[{ type: 'select', name: 'status_id', label: 'express.fields.status', options: statuses }]}
      onRowClick={(p) => navigate(`/express/my/playlist/view/${p.id}`)}
      empty={{
        title: 'express.playlist.empty_title',
        hint: 'express.playlist.empty_hint',
        action: (
          <Button
            component={Link}
            to="/express/my/playlist/create"
            size="xs"
            leftSection={<IconPlus size={14} />}
          >
            {t('express.playlist.add')}
          </Button>
        ),
      }}
      actions={
        <Button component={Link} to="/express/my/playlist/create" leftSection={<IconPlus size={16} />}>
          {t('express.playlist.add')}
        </Button>
      }
      columns={[
        column.name,
        column.followers,
        column.tier,
        column.duration,
        {
          accessor: 'renewable',
          title: 'express.fields.renewable',
          render: (p) => (
            <Badge variant="light" color={p.renewable ? 'green' : 'gray'}>
              {t(p.renewable ? 'express.yes' : 'express.no')}
            </Badge>
          ),
        },
        column.status,
        {
          accessor: 'created_at',
          title: 'express.fields.created_at',
          render: (p) => formatDateTime(p.created_at, lang),
        },
      ]}
    />
  );
}
