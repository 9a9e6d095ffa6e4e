import {
  type ExpressPlaylist,
  formatDateTime,
  ListScreen,
  LoadingOrNotFound,
  PlaylistCampaigns,
  PlaylistGenres,
  PlaylistSummary,
  usePageTitle,
  usePlaylistColumns,
  usePlaylistStatusOptions,
  useSpotifyCampaignColumns,
} from '@lm/ui';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconBan, IconCheck, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/BackLink';
import { NoteConfirmModal } from '../../components/NoteConfirmModal';
import { useAdminPlaylist, usePlaylistStatus } from '../../hooks/use-express';
import { ExpressNav } from './ExpressNav';

type Action = 'approve' | 'decline' | 'disable';

/** Approve, Decline (with an optional reason) and Disable of a playlist. */
function PlaylistActions({ playlist }: { playlist: ExpressPlaylist }) {
  const { t } = useTranslation();
  const status = usePlaylistStatus();
  const [asking, setAsking] = useState<Action | null>(null);
  const [reason, setReason] = useState('');
  const run = async () => {
    if (!asking) return;
    await status
      .mutateAsync({ id: playlist.id, status: asking, reason: reason.trim() || undefined })
      .then(() => setAsking(null))
      .catch(() => undefined);
  };
  const ask = (a: Action) => {
    setReason('');
    setAsking(a);
  };
  return (
    <Group gap={6} wrap="nowrap" onClick={(e) => e.stopPropagation()}>
      {playlist.status_id !== 1 && (
        <Button size="xs" color="green" leftSection={<IconCheck size={14} />} onClick={() => ask('approve')}>
          {t('express.admin.approve')}
        </Button>
      )}
      {playlist.status_id === 2 && (
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconX size={14} />}
          onClick={() => ask('decline')}
        >
          {t('express.admin.decline')}
        </Button>
      )}
      {playlist.status_id === 1 && (
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconBan size={14} />}
          onClick={() => ask('disable')}
        >
          {t('express.admin.disable')}
        </Button>
      )}
      <NoteConfirmModal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(`express.admin.${asking}`) : ''}
        text={t('express.admin.playlist_confirm', { name: playlist.name })}
        note={
          asking === 'approve'
            ? undefined
            : { label: t('express.admin.reason_optional'), value: reason, onChange: setReason, max: 500 }
        }
        onConfirm={run}
        color={asking === 'approve' ? 'green' : 'red'}
        loading={status.isPending}
      />
    </Group>
  );
}

/** /express/playlists/list (express.playlist.show): every curator's playlists; approve, decline, disable. */
export function PlaylistsPage() {
  const { t } = useTranslation();
  usePageTitle('express.admin.playlists_title');
  const navigate = useNavigate();
  const statuses = usePlaylistStatusOptions();
  const column = usePlaylistColumns({ avatar: 32 });
  return (
    <Stack gap="md">
      <ExpressNav />
      <ListScreen<ExpressPlaylist>
        title="express.admin.playlists_title"
        path="admin/express/playlists"
        searchable
        actions={
          <Button component={Link} to="/express/playlist/create" leftSection={<IconPlus size={16} />}>
            {t('behalf.new_playlist')}
          </Button>
        }
        filters={[{ type: 'select', name: 'status_id', label: 'express.fields.status', options: statuses }]}
        onRowClick={(p) => navigate(`/express/playlist/view/${p.id}`)}
        columns={[
          column.name,
          { accessor: 'by_curator', title: 'express.fields.curator', render: (p) => p.by_curator.name },
          column.followers,
          column.tier,
          column.duration,
          column.score,
          column.status,
          { accessor: 'actions', title: '', render: (p) => <PlaylistActions playlist={p} /> },
        ]}
      />
    </Stack>
  );
}

/** /express/playlist/view/:id (express.playlist.show): details, status actions and its campaigns. */
export function PlaylistViewPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('express.admin.playlist_title');
  const lang = i18n.language;
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const playlist = useAdminPlaylist(id);
  const column = useSpotifyCampaignColumns();
  if (!playlist.data) return <LoadingOrNotFound loading={playlist.isLoading} h={240} homePath="/dashboard" />;
  const p = playlist.data;
  return (
    <Stack gap="lg">
      <BackLink to="/express/playlists/list">{t('express.admin.playlists_title')}</BackLink>
      <Card padding="lg" radius="md">
        <PlaylistSummary
          playlist={p}
          badges={
            <Badge variant="light" color={p.renewable ? 'green' : 'gray'}>
              {t('express.fields.renewable')}: {t(p.renewable ? 'express.yes' : 'express.no')}
            </Badge>
          }
          actions={<PlaylistActions playlist={p} />}
        >
          <Text size="sm" c="dimmed">
            {t('express.fields.curator')}: {p.by_curator.name} ·{' '}
            {t('express.fields.followers_value', { count: p.followers })} ·{' '}
            {formatDateTime(p.created_at, lang)}
          </Text>
          <PlaylistGenres genres={p.genres} />
          {p.decline_reason && (
            <Text c="red" size="sm">
              {p.decline_reason}
            </Text>
          )}
          <Anchor
            component={Link}
            to={`/express/offers/playlist/${p.id}`}
            size="sm"
            data-testid="artists-view"
          >
            {t('offers.artists_view')}
          </Anchor>
        </PlaylistSummary>
      </Card>
      <PlaylistCampaigns
        records={p.campaigns}
        onOpen={(c) => navigate(`/express-campaigns/${c.id}`)}
        columns={[
          column.id,
          { accessor: 'campaign_name', title: 'express.fields.track' },
          column.artist,
          column.status,
          column.created_at,
        ].map((c) => ({ ...c, title: t(c.title) }))}
      />
    </Stack>
  );
}
