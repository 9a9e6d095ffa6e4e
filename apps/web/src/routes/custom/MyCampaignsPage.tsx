import {
  CUSTOM_CAMPAIGN_FILTER_STATUSES,
  EXPRESS_CAMPAIGN_STATUSES,
  EXPRESS_VIDEO_CAMPAIGN_STATUSES,
  type StatusEntry,
} from '@lm/contracts';
import { MY_CAMPAIGN_TYPES, type MyCampaignItem, type MyCampaignType } from '@lm/contracts/custom-campaigns';
import { formatDate, ListScreen, StatusBadge, usePageTitle } from '@lm/ui';
import { Anchor, Button, Group, Text } from '@mantine/core';
import {
  IconBrandInstagram,
  IconBrandSpotify,
  IconBrandTiktok,
  IconPlaylist,
  IconPlus,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useActingAccess } from '../../app/acting-mode';

/** Each type's status map (the one palette of `@lm/contracts/statuses`). */
const STATUS_MAPS: Record<MyCampaignType, readonly StatusEntry[]> = {
  spotify: EXPRESS_CAMPAIGN_STATUSES,
  tiktok: EXPRESS_VIDEO_CAMPAIGN_STATUSES,
  instagram: EXPRESS_VIDEO_CAMPAIGN_STATUSES,
  custom: CUSTOM_CAMPAIGN_FILTER_STATUSES,
};
const ICONS = {
  spotify: IconBrandSpotify,
  tiktok: IconBrandTiktok,
  instagram: IconBrandInstagram,
  custom: IconPlaylist,
} as const;

/** Where each kind's detail lives in the user app. */
export function myCampaignPath(c: Pick<MyCampaignItem, 'type' | 'id'>): string {
  switch (c.type) {
    case 'spotify':
      return `/express-campaigns/${c.id}`;
    case 'tiktok':
      return `/tiktok/express-campaigns/${c.id}`;
    case 'instagram':
      return `/instagram/express-campaigns/${c.id}`;
    default:
      return `/campaigns/${c.id}`;
  }
}

/**
 * /my-campaigns (spec section 2): the artist's campaigns of every kind in one list (`artist/my-campaigns`),
 * with the type, the status badge of the type's own map, the price and the date; each row opens its
 * detail. Filters: type, name. Cards on phones (ListScreen).
 */
export function MyCampaignsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('custom.ui.my_title');
  const navigate = useNavigate();
  const acting = useActingAccess();
  // While acting for an artist (issue 35), "New campaign" only for a role managing the artist.
  const create =
    acting.acting && acting.mode !== 'manage' ? undefined : (
      <Button
        component={Link}
        to="/select/platform"
        leftSection={<IconPlus size={16} />}
        data-testid="my-campaigns-new"
      >
        {t('custom.ui.my_new')}
      </Button>
    );
  return (
    <ListScreen<MyCampaignItem>
      title="custom.ui.my_title"
      path="artist/my-campaigns"
      searchable
      idAccessor={(c) => `${c.type}-${c.id}`}
      filters={[
        {
          type: 'select',
          name: 'type',
          label: 'custom.ui.my_type',
          options: MY_CAMPAIGN_TYPES.map((type) => ({ value: type, label: t(`custom.ui.my_types.${type}`) })),
        },
      ]}
      onRowClick={(c) => navigate(myCampaignPath(c))}
      actions={create}
      empty={{ title: 'custom.ui.my_empty', hint: 'custom.ui.my_empty_hint', action: create }}
      columns={[
        {
          accessor: 'name',
          title: 'custom.ui.song_name',
          render: (c) => (
            <Anchor
              component={Link}
              to={myCampaignPath(c)}
              size="sm"
              fw={600}
              lineClamp={1}
              onClick={(e) => e.stopPropagation()}
              data-testid="my-campaign-link"
            >
              {c.name}
            </Anchor>
          ),
        },
        {
          accessor: 'type',
          title: 'custom.ui.my_type',
          render: (c) => {
            const Icon = ICONS[c.type];
            return (
              <Group gap={6} wrap="nowrap" data-testid="my-campaign-type" data-type={c.type}>
                <Icon size={16} aria-hidden />
                <Text size="sm">{t(`custom.ui.my_types.${c.type}`)}</Text>
              </Group>
            );
          },
        },
        {
          accessor: 'status',
          title: 'custom.ui.status',
          render: (c) => (
            <StatusBadge id={c.status.id} map={STATUS_MAPS[c.type]} data-testid="my-campaign-status" />
          ),
        },
        {
          accessor: 'price',
          title: 'custom.ui.price',
          noWrap: true,
          render: (c) => t('common.coins', { count: c.price }),
        },
        {
          accessor: 'created_at',
          title: 'custom.ui.my_created',
          noWrap: true,
          render: (c) => formatDate(c.created_at, i18n.language),
        },
      ]}
    />
  );
}
