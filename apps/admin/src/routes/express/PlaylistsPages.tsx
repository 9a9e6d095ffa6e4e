import {
  CountedTextarea,
  EXPRESS_PLAYLIST_STATUSES,
  type ExpressCampaign,
  type ExpressPlaylist,
  ExpressStatusBadge,
  formatDateTime,
  formatNumber,
  isTooLong,
  ListScreen,
  ListTable,
  LoadingOrNotFound,
  QualityScoreBadge,
  StatusBadge,
  usePageTitle,
} from '@lm/ui';
import { Anchor, Avatar, Badge, Button, Card, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBan, IconCheck, IconPlaylist, IconPlus, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/BackLink';
import { FormActions } from '../../components/FormActions';
import { useAdminPlaylist, usePlaylistStatus } from '../../hooks/use-express';
import { ExpressNav } from './ExpressNav';

function PlaylistStatusBadge({ statusId }: { statusId: number }) {
  return <StatusBadge id={statusId} map={EXPRESS_PLAYLIST_STATUSES} />;
}

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
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t(`express.admin.${asking}`) : ''}
        centered
      >
        <Stack>
          <Text size="sm">{t('express.admin.playlist_confirm', { name: playlist.name })}</Text>
          {asking !== 'approve' && (
            <CountedTextarea
              label={t('express.admin.reason_optional')}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              max={500}
            />
          )}
          <FormActions
            onCancel={() => setAsking(null)}
            color={asking === 'approve' ? 'green' : 'red'}
            loading={status.isPending}
            disabled={isTooLong(reason, 500)}
            onClick={run}
            data-testid="confirm-yes"
          >
            {t('ui.confirm.yes')}
          </FormActions>
        </Stack>
      </Modal>
    </Group>
  );
}

/** /express/playlists/list (express.playlist.show): every curator's playlists; approve, decline, disable. */
export function PlaylistsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('express.admin.playlists_title');
  const lang = i18n.language;
  const navigate = useNavigate();
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
        onRowClick={(p) => navigate(`/express/playlist/view/${p.id}`)}
        columns={[
          {
            accessor: 'name',
            title: 'express.fields.playlist',
            render: (p) => (
              <Group gap="sm" wrap="nowrap">
                <Avatar src={p.image_url} size={32} radius="sm" color="green">
                  <IconPlaylist size={18} />
                </Avatar>
                <Text size="sm" fw={600}>
                  {p.name}
                </Text>
              </Group>
            ),
          },
          { accessor: 'by_curator', title: 'express.fields.curator', render: (p) => p.by_curator.name },
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
            accessor: 'score',
            title: 'score.column',
            render: (p) => <QualityScoreBadge score={p.score} />,
          },
          {
            accessor: 'status',
            title: 'express.fields.status',
            render: (p) => <PlaylistStatusBadge statusId={p.status_id} />,
          },
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
  if (!playlist.data) return <LoadingOrNotFound loading={playlist.isLoading} h={240} homePath="/dashboard" />;
  const p = playlist.data;
  return (
    <Stack gap="lg">
      <BackLink to="/express/playlists/list">{t('express.admin.playlists_title')}</BackLink>
      <Card padding="lg" radius="md">
        <Group justify="space-between" align="flex-start">
          <Group wrap="nowrap" align="flex-start">
            <Avatar src={p.image_url} size={96} radius="md" color="green">
              <IconPlaylist size={48} />
            </Avatar>
            <Stack gap={4}>
              <Title order={3}>{p.name}</Title>
              <Anchor href={p.spotify_url} target="_blank" rel="noreferrer" size="sm" dir="ltr">
                {p.spotify_url}
              </Anchor>
              <Group gap="xs">
                <PlaylistStatusBadge statusId={p.status_id} />
                <Badge variant="light" color="violet">
                  {p.tier.tier_name} · {t('common.coins', { count: p.tier.price })}
                </Badge>
                <Badge variant="light" color="gray">
                  {t('common.days', { count: p.duration.duration })}
                </Badge>
                <Badge variant="light" color={p.renewable ? 'green' : 'gray'}>
                  {t('express.fields.renewable')}: {t(p.renewable ? 'express.yes' : 'express.no')}
                </Badge>
              </Group>
              <Text size="sm" c="dimmed">
                {t('express.fields.curator')}: {p.by_curator.name} ·{' '}
                {t('express.fields.followers_value', { count: p.followers })} ·{' '}
                {formatDateTime(p.created_at, lang)}
              </Text>
              <Group gap={4}>
                {p.genres.map((g) => (
                  <Badge key={g.id} variant="outline" size="sm">
                    {g.name}
                  </Badge>
                ))}
              </Group>
              {p.decline_reason && (
                <Text c="red" size="sm">
                  {p.decline_reason}
                </Text>
              )}
            </Stack>
          </Group>
          <PlaylistActions playlist={p} />
        </Group>
      </Card>
      <Title order={4}>{t('express.playlist.campaigns')}</Title>
      <Paper p={0} style={{ overflow: 'hidden' }}>
        <ListTable<ExpressCampaign>
          records={p.campaigns}
          minHeight={p.campaigns.length ? undefined : 160}
          noRecordsText={t('ui.list.empty')}
          onRowClick={({ record }) => navigate(`/express-campaigns/${record.id}`)}
          highlightOnHover
          striped
          columns={[
            { accessor: 'id', title: '#', width: 70 },
            { accessor: 'campaign_name', title: t('express.fields.track') },
            { accessor: 'artist', title: t('express.fields.artist'), render: (c) => c.artist.name },
            {
              accessor: 'status',
              title: t('express.fields.status'),
              render: (c) => <ExpressStatusBadge statusId={c.status.id} />,
            },
            {
              accessor: 'created_at',
              title: t('express.fields.created_at'),
              render: (c) => formatDateTime(c.created_at, lang),
            },
          ]}
        />
      </Paper>
    </Stack>
  );
}
