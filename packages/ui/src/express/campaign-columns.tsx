import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../i18n/format';
import { AnswerBy, type AnswerInTimeFields, EndReasonBadge } from './AnswerInTime';
import { UnreadMessagesBadge } from './CampaignMessages';
import { ExpressStatusBadge } from './ExpressCampaignView';
import type { ExpressCampaign } from './express-types';

/** What every express campaign row carries, whatever the platform (Spotify, TikTok, Instagram). */
export type CampaignRow = Pick<
  ExpressCampaign,
  'id' | 'campaign_name' | 'tier' | 'price' | 'status' | 'created_at'
> &
  AnswerInTimeFields & {
    artist: { name: string };
    /** The reader's unread messages of the campaign's conversation (artist's and seller's lists). */
    unread_messages?: number;
  };

/**
 * The columns every express campaign list shows alike, in both apps: id, the campaign's name (the
 * Spotify lists show the track instead, {@link TrackCell}), artist, tier, price, status and creation
 * time. Titles are i18n keys (the list screens translate them); each list picks the
 * columns it shows, in its own order. `video` gives the status badge the video campaigns' wording.
 */
export function useCampaignColumns<T extends CampaignRow>({ video = false }: { video?: boolean } = {}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return {
    id: { accessor: 'id', title: '#', width: 70 },
    campaign_name: {
      accessor: 'campaign_name',
      title: 'express.fields.track',
      render: (c) => (
        <Text size="sm" fw={600} lineClamp={1} dir="auto">
          {c.campaign_name}
        </Text>
      ),
    },
    artist: { accessor: 'artist', title: 'express.fields.artist', render: (c) => c.artist.name },
    tier: { accessor: 'tier', title: 'express.fields.tier', render: (c) => c.tier.tier_name },
    price: {
      accessor: 'price',
      title: 'express.fields.price',
      noWrap: true,
      render: (c) => t('common.coins', { count: c.price }),
    },
    status: {
      accessor: 'status',
      title: 'express.fields.status',
      noWrap: true,
      // The badge, then why it ended ("Withdrawn", "Not answered in time") or until when a request
      // may be answered, and the reader's unread messages.
      render: (c) => (
        <Stack gap={2} align="flex-start">
          <Group gap={4} wrap="nowrap">
            <ExpressStatusBadge statusId={c.status.id} video={video} />
            <EndReasonBadge campaign={c} />
          </Group>
          <AnswerBy campaign={c} size="xs" />
          <UnreadMessagesBadge count={c.unread_messages} />
        </Stack>
      ),
    },
    created_at: {
      accessor: 'created_at',
      title: 'express.fields.created_at',
      render: (c) => formatDateTime(c.created_at, lang),
    },
  } satisfies Record<string, DataTableColumn<T>>;
}

/**
 * The columns of a Spotify campaign list: those of {@link useCampaignColumns} and the playlist and
 * curator (the track column is {@link TrackCell}, which each list fills with its own extras).
 */
export function useSpotifyCampaignColumns() {
  return {
    ...useCampaignColumns<ExpressCampaign>(),
    playlist: { accessor: 'playlist', title: 'express.fields.playlist', render: (c) => c.playlist.name },
    curator: { accessor: 'curator', title: 'express.fields.curator', render: (c) => c.curator.name },
  } satisfies Record<string, DataTableColumn<ExpressCampaign>>;
}

/**
 * A Spotify campaign's track in a list: its cover (`size` px), its name and, unless `nameOnly`, the
 * track's artist; `children` go below (a link, the pitch).
 */
export function TrackCell({
  campaign,
  size,
  nameOnly = false,
  children,
}: {
  campaign: Pick<ExpressCampaign, 'track'>;
  size: number;
  nameOnly?: boolean;
  children?: ReactNode;
}) {
  const name = (
    <Text size="sm" fw={600} lineClamp={1}>
      {campaign.track.name}
    </Text>
  );
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={campaign.track.cover_url} size={size} radius="sm" />
      {nameOnly ? (
        name
      ) : (
        <div>
          {name}
          <Text size="xs" c="dimmed" lineClamp={1}>
            {campaign.track.artist}
          </Text>
          {children}
        </div>
      )}
    </Group>
  );
}
