import '@mantine/charts/styles.layer.css';
import { BarChart } from '@mantine/charts';
import { Card, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chartDirection } from '../components/chart-direction';
import { LEGEND_PROPS } from '../components/chart-props';
import { formatDate } from '../i18n/format';
import type { PayoutDayStat } from './payout-types';

/** Bar chart of the last 30 days: coins requested and pounds paid per day. */
export function PayoutsChart({ days }: { days: PayoutDayStat[] }) {
  const { t, i18n } = useTranslation();
  const data = days.map((d) => ({
    day: formatDate(d.date, i18n.language, 'D MMM'),
    requested: d.requested_coins,
    paid: d.paid_amount,
  }));
  return (
    <Card padding="lg" radius="md" data-testid="payouts-chart">
      <Text fw={600} mb="md">
        {t('payouts.chart.title')}
      </Text>
      <BarChart
        h={220}
        {...chartDirection(i18n.language)}
        data={data}
        dataKey="day"
        withLegend
        {...LEGEND_PROPS}
        series={[
          { name: 'requested', label: t('payouts.chart.requested'), color: 'yellow.6' },
          { name: 'paid', label: t('payouts.chart.paid'), color: 'teal.6' },
        ]}
        tickLine="y"
      />
    </Card>
  );
}
