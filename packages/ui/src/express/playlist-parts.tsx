import { Anchor, Avatar, Badge, Group, type MantineSpacing, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlaylist } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../components/StatusBadge';
import { formatNumber } from '../i18n/format';
import { ListTable } from '../list/ListTable';
import { EXPRESS_PLAYLIST_STATUSES, type ExpressCampaign, type ExpressPlaylist } from './express-types';
import { QualityScoreBadge } from './QualityScore';

/** Badge of an express playlist status (1 approved, 2 pending, 3 declined), in the one status palette. */
export function PlaylistStatusBadge({ statusId }: { statusId: number }) {
  return <StatusBadge id={statusId} map={EXPRESS_PLAYLIST_STATUSES} data-testid="playlist-status" />;
}

/** The status filter's choices of a playlist list (approved, pending, declined), translated. */
export function usePlaylistStatusOptions(): { value: string; label: string }[] {
  const { t } = useTranslation();
  return EXPRESS_PLAYLIST_STATUSES.map((s) => ({
    value: String(s.id),
    label: t(`ui.status.${s.label.toLowerCase()}`),
  }));
}

/**
 * The columns every express playlist list shows alike, in both apps (the curator's own list, staff's
 * lists): name, followers, tier, duration, quality score and status. Titles are i18n keys (the list
 * screens translate them); each list picks the columns it shows. `avatar` is the cover's size in px;
 * without it the name stands alone.
 */
export function usePlaylistColumns({ avatar }: { avatar?: number } = {}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const name = (p: ExpressPlaylist) => (
    <Text size="sm" fw={600}>
      {p.name}
    </Text>
  );
  return {
    name: {
      accessor: 'name',
      title: 'express.fields.playlist',
      render: (p) =>
        avatar ? (
          <Group gap="sm" wrap="nowrap">
            <Avatar src={p.image_url} size={avatar} radius="sm" color="green">
              {/* The note icon, shown until the cover loads, fills a little over half of it. */}
              <IconPlaylist size={Math.round(avatar * 0.56)} />
            </Avatar>
            {name(p)}
          </Group>
        ) : (
          name(p)
        ),
    },
    followers: {
      accessor: 'followers',
      title: 'express.fields.followers',
      render: (p) => formatNumber(p.followers, lang),
    },
    tier: { accessor: 'tier', title: 'express.fields.tier', render: (p) => p.tier.tier_name },
    duration: {
      accessor: 'duration',
      title: 'express.fields.duration',
      render: (p) => t('common.days', { count: p.duration.duration }),
    },
    score: { accessor: 'score', title: 'score.column', render: (p) => <QualityScoreBadge score={p.score} /> },
    status: {
      accessor: 'status',
      title: 'express.fields.status',
      render: (p) => <PlaylistStatusBadge statusId={p.status_id} />,
    },
  } satisfies Record<string, DataTableColumn<ExpressPlaylist>>;
}

/**
 * The top of a playlist's page in both apps: cover, name, Spotify link, status, tier and duration
 * badges (then `badges`), then `children` (the facts each role reads); `actions` stand at the end.
 */
export function PlaylistSummary({
  playlist: p,
  badges,
  actions,
  children,
}: {
  playlist: ExpressPlaylist;
  badges?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" align="flex-start">
      <Group wrap="nowrap" align="flex-start" miw={0}>
        <Avatar src={p.image_url} size={96} radius="md" color="green">
          <IconPlaylist size={48} />
        </Avatar>
        {/* On a phone the name, the long Spotify address and the badges wrap inside the card. */}
        <Stack gap={4} miw={0}>
          <Title order={3}>{p.name}</Title>
          <Anchor
            href={p.spotify_url}
            target="_blank"
            rel="noreferrer"
            size="sm"
            dir="ltr"
            style={{ overflowWrap: 'anywhere' }}
          >
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
            {badges}
          </Group>
          {children}
        </Stack>
      </Group>
      {actions}
    </Group>
  );
}

/** A playlist's genres as outlined badges. */
export function PlaylistGenres({ genres }: { genres: ExpressPlaylist['genres'] }) {
  return (
    <Group gap={4}>
      {genres.map((g) => (
        <Badge key={g.id} variant="outline" size="sm">
          {g.name}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * The campaigns of a playlist under its summary, in both apps: a heading and a table whose row opens
 * the campaign. `columns` carry translated titles; `props` go to the table (loading state).
 */
export function PlaylistCampaigns({
  records,
  columns,
  onOpen,
  ...props
}: {
  records: ExpressCampaign[];
  columns: DataTableColumn<ExpressCampaign>[];
  onOpen: (campaign: ExpressCampaign) => void;
  fetching?: boolean;
  verticalSpacing?: MantineSpacing;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Title order={4}>{t('express.playlist.campaigns')}</Title>
      <Paper p={0} style={{ overflow: 'hidden' }}>
        <ListTable<ExpressCampaign>
          records={records}
          columns={columns}
          minHeight={records.length ? undefined : 160}
          noRecordsText={t('ui.list.empty')}
          onRowClick={({ record }) => onOpen(record)}
          highlightOnHover
          striped
          {...props}
        />
      </Paper>
    </>
  );
}
