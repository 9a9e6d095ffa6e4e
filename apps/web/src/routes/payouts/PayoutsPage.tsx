import {
  formatMoney,
  ListScreen,
  majorToMinor,
  type Payout,
  PayoutsChart,
  payoutColumns,
  payoutStatusFilter,
  usePageTitle,
} from '@lm/ui';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { usePayoutStats, usePayoutSums } from '../../hooks/use-payouts';

function Stat({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <Card padding="lg" radius="md">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={26} fw={700} mt={4} data-testid={testId} dir="auto" ta="start">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed" mt={2} dir="auto">
          {hint}
        </Text>
      )}
    </Card>
  );
}

/**
 * /payouts/list (curators and influencers; Wallet Balance in the menu): withdrawable balance and
 * totals (`curator/sum/payouts`), the last 30 days chart (`curator/payouts/last/month/stats`) and the
 * payouts list.
 */
export function PayoutsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  usePageTitle('payouts.title');
  const navigate = useNavigate();
  const sums = usePayoutSums();
  const stats = usePayoutStats();
  const s = sums.data;
  const columns = payoutColumns<Payout>(lang);
  return (
    <ListScreen<Payout>
      title="payouts.title"
      path="curator/payouts"
      empty={{ title: 'payouts.empty_title', hint: 'payouts.empty_hint' }}
      actions={
        <Button
          component={Link}
          to="/withdrawal/list"
          leftSection={<IconBuildingBank size={16} />}
          data-testid="withdraw"
        >
          {t('payouts.withdraw')}
        </Button>
      }
      header={
        <Stack gap="md">
          {s ? (
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Stat
                label={t('payouts.withdrawable')}
                value={t('common.coins', { count: s.balance })}
                hint={t('wallet.approx_value', { value: formatMoney(s.total_minor, s.currency, lang) })}
                testId="withdrawable"
              />
              <Stat
                label={t('payouts.total_paid')}
                value={formatMoney(majorToMinor(s.total_paid), 'GBP', lang)}
                hint={t('common.coins', { count: s.total_paid_coins })}
              />
              <Stat label={t('payouts.in_progress')} value={t('common.coins', { count: s.pending_coins })} />
            </SimpleGrid>
          ) : (
            <Skeleton h={110} radius="md" />
          )}
          {stats.data ? <PayoutsChart days={stats.data} /> : <Skeleton h={280} radius="md" />}
        </Stack>
      }
      filters={[payoutStatusFilter(t)]}
      onRowClick={(p) => navigate(`/payouts/${p.id}`)}
      columns={[
        columns.number,
        columns.date,
        columns.coins,
        columns.amount,
        columns.received,
        columns.status,
        {
          accessor: 'actions',
          title: '',
          render: (p) => (
            <Group justify="flex-end">
              <Button
                size="xs"
                variant="subtle"
                component={Link}
                to={`/payouts/${p.id}`}
                onClick={(e) => e.stopPropagation()}
              >
                {t('wallet.tx.view')}
              </Button>
            </Group>
          ),
        },
      ]}
    />
  );
}
