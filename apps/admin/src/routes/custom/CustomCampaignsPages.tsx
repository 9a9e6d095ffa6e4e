import { CUSTOM_CAMPAIGN_FILTER_STATUSES } from '@lm/contracts';
import type { CustomCampaignListItem } from '@lm/contracts/custom-campaigns';
import { formatDateTime, ListScreen, StatusBadge, usePageTitle } from '@lm/ui';
import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * /custom/campaigns/list and /campaigns/list (custom.campaigns.show; issue 13): every custom campaign
 * with the status map 1-7 (+ Completed filter), the Payment badge (Paid when a transaction exists,
 * else Pending), the Release badge and the warning icon (no form, invoice paid, not released).
 */
export function CustomCampaignsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('custom.admin.title');
  const statusOptions = CUSTOM_CAMPAIGN_FILTER_STATUSES.map((s) => ({
    value: String(s.id),
    label: t(`custom.admin.status.${s.id}`),
  }));
  const yesNo = (yes: string, no: string) => [
    { value: '1', label: t(yes) },
    { value: '0', label: t(no) },
  ];
  return (
    <Stack gap="md">
      <ListScreen<CustomCampaignListItem>
        title="custom.admin.title"
        path="admin/custom-campaigns"
        searchable
        empty={{ title: 'custom.admin.empty', hint: 'custom.admin.empty_hint' }}
        filters={[
          { type: 'select', name: 'status', label: 'custom.admin.fields.status', options: statusOptions },
          {
            type: 'select',
            name: 'is_paid',
            label: 'custom.admin.fields.payment',
            options: yesNo('custom.admin.paid', 'custom.admin.payment_pending'),
          },
          {
            type: 'select',
            name: 'is_released',
            label: 'custom.admin.fields.release',
            options: yesNo('custom.admin.released', 'custom.admin.not_released'),
          },
          { type: 'text', name: 'artist_id', label: 'custom.admin.fields.artist_id' },
        ]}
        columns={[
          { accessor: 'id', title: '#', width: 70 },
          {
            accessor: 'name',
            title: 'custom.admin.fields.song',
            render: (c) => (
              <Group gap={6} wrap="nowrap">
                {c.warning && (
                  <Tooltip label={t('custom.admin.warning')}>
                    <IconAlertTriangle
                      size={18}
                      color="var(--mantine-color-orange-6)"
                      aria-label={t('custom.admin.warning')}
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
          { accessor: 'artist', title: 'custom.admin.fields.artist', render: (c) => c.artist.name },
          { accessor: 'tier', title: 'custom.admin.fields.tier', render: (c) => c.tier.name },
          {
            accessor: 'price',
            title: 'custom.admin.fields.price',
            render: (c) => t('custom.admin.coins', { n: c.price }),
          },
          {
            accessor: 'status',
            title: 'custom.admin.fields.status',
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
            title: 'custom.admin.fields.payment',
            render: (c) => (
              <StatusBadge
                label={c.is_paid ? 'Paid' : 'Pending'}
                kind={c.is_paid ? 'success' : 'waiting'}
                text={t(c.is_paid ? 'custom.admin.paid' : 'custom.admin.payment_pending')}
                data-testid="custom-payment"
              />
            ),
          },
          {
            accessor: 'is_released',
            title: 'custom.admin.fields.release',
            render: (c) => (
              <StatusBadge
                label={c.is_released ? 'Released' : 'Not Released'}
                kind={c.is_released ? 'success' : 'neutral'}
                text={t(c.is_released ? 'custom.admin.released' : 'custom.admin.not_released')}
              />
            ),
          },
          {
            accessor: 'created_at',
            title: 'custom.admin.fields.created_at',
            render: (c) => formatDateTime(c.created_at, i18n.language),
          },
        ]}
      />
    </Stack>
  );
}
