import { CUSTOM_CAMPAIGN_FILTER_STATUSES } from '@lm/contracts';
import type { CustomCampaignListItem } from '@lm/contracts/custom-campaigns';
import { formatDateTime, StatusBadge } from '@lm/ui';
import { Group, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { DataTableColumn } from 'mantine-datatable';

/**
 * Columns of a custom campaigns list (spec section 3 "Custom campaign list item"): the
 * staff list /custom/campaigns/list and the user overview's Custom campaigns tab. Titles are i18n keys.
 */
export function customCampaignColumns(t: TFunction, lang: string): DataTableColumn<CustomCampaignListItem>[] {
  return [
    { accessor: 'id', title: '#', width: 70 },
    {
      accessor: 'name',
      title: 'custom_campaigns.fields.song',
      render: (c) => (
        <Group gap={6} wrap="nowrap">
          {c.warning && (
            <Tooltip label={t('custom_campaigns.warning')}>
              <IconAlertTriangle
                size={18}
                color="var(--mantine-color-orange-6)"
                aria-label={t('custom_campaigns.warning')}
                data-testid="custom-warning"
              />
            </Tooltip>
          )}
          <Text size="sm" fw={600} lineClamp={1}>
            {c.name}
          </Text>
        </Group>
      ),
    },
    { accessor: 'artist', title: 'custom_campaigns.fields.artist', render: (c) => c.artist.name },
    { accessor: 'tier', title: 'custom_campaigns.fields.tier', render: (c) => c.tier.name },
    {
      accessor: 'price',
      title: 'custom_campaigns.fields.price',
      render: (c) => t('common.coins', { count: c.price }),
    },
    {
      accessor: 'status',
      title: 'custom_campaigns.fields.status',
      render: (c) => (
        <StatusBadge
          id={c.completed ? 8 : c.status.id}
          map={CUSTOM_CAMPAIGN_FILTER_STATUSES}
          data-testid="custom-status"
        />
      ),
    },
    {
      accessor: 'is_paid',
      title: 'custom_campaigns.fields.payment',
      render: (c) => (
        <StatusBadge
          label={c.is_paid ? 'Paid' : 'Pending'}
          kind={c.is_paid ? 'success' : 'waiting'}
          text={t(c.is_paid ? 'custom_campaigns.paid' : 'custom_campaigns.payment_pending')}
          data-testid="custom-payment"
        />
      ),
    },
    {
      accessor: 'is_released',
      title: 'custom_campaigns.fields.release',
      render: (c) => (
        <StatusBadge
          label={c.is_released ? 'Released' : 'Not Released'}
          kind={c.is_released ? 'success' : 'neutral'}
          text={t(c.is_released ? 'custom_campaigns.released' : 'custom_campaigns.not_released')}
        />
      ),
    },
    {
      accessor: 'created_at',
      title: 'custom_campaigns.fields.created_at',
      render: (c) => formatDateTime(c.created_at, lang),
    },
  ];
}
