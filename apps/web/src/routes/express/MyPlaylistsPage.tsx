import {
  EXPRESS_PLAYLIST_STATUSES,
  type ExpressPlaylist,
  formatDateTime,
  formatNumber,
  ListScreen,
  StatusBadge,
  usePageTitle,
} from '@lm/ui';
import { Avatar, Badge, Button, Group, Text } from '@mantine/core';
import { IconPlaylist, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';

/** Badge of an express playlist status (1 approved, 2 pending, 3 declined), in the one status palette. */
export function PlaylistStatusBadge({ statusId }: { statusId: number }) {
  return <StatusBadge id={statusId} map={EXPRESS_PLAYLIST_STATUSES} data-testid="playlist-status" />;
}

/** /express/my/playlists/list (CURATOR_PERMISSION): the curator's express playlists. */
export function MyPlaylistsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('express.playlist.list_title');
  const lang = i18n.language;
  const navigate = useNavigate();
  return (
    <ListScreen<ExpressPlaylist>
      title="express.playlist.list_title"
      path="express/curator/playlists"
      searchable
      filters={[
        {
          type: 'select',
          name: 'status_id',
          label: 'express.fields.status',
          options: EXPRESS_PLAYLIST_STATUSES.map((s) => ({
            value: String(s.id),
            label: t(`ui.status.${s.label.toLowerCase()}`),
          })),
        },
      ]}
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
        {
          accessor: 'name',
          title: 'express.fields.playlist',
          render: (p) => (
            <Group gap="sm" wrap="nowrap">
              <Avatar src={p.image_url} size={36} radius="sm" color="green">
                <IconPlaylist size={20} />
              </Avatar>
              <Text size="sm" fw={600}>
                {p.name}
              </Text>
            </Group>
          ),
        },
        {
          accessor: 'followers',
          title: 'express.fields.followers',
          render: (p) => formatNumber(p.followers, lang),
        },
        { accessor: 'tier', title: 'express.fields.tier', render: (p) => p.tier.tier_name },
        {
          accessor: 'duration',
          title: 'express.fields.duration',
          render: (p) => t('common.days', { count: p.duration.duration }),
        },
        {
          accessor: 'renewable',
          title: 'express.fields.renewable',
          render: (p) => (
            <Badge variant="light" color={p.renewable ? 'green' : 'gray'}>
              {t(p.renewable ? 'express.yes' : 'express.no')}
            </Badge>
          ),
        },
        {
          accessor: 'status',
          title: 'express.fields.status',
          render: (p) => <PlaylistStatusBadge statusId={p.status_id} />,
        },
        {
          accessor: 'created_at',
          title: 'express.fields.created_at',
          render: (p) => formatDateTime(p.created_at, lang),
        },
      ]}
    />
  );
}
