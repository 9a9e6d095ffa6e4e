import '@mantine/charts/styles.layer.css';
import { EXPRESS_CAMPAIGN_STATUSES } from '@lm/contracts/statuses';
import { chartDirection, formatDate, formatMoney, formatNumber, LEGEND_PROPS, statusLabelKey } from '@lm/ui';
import { BarChart, LineChart } from '@mantine/charts';
import { Card, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import {
  IconCash,
  IconCoins,
  IconReceipt,
  IconSpeakerphone,
  IconUserPlus,
  IconWallet,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FigureCard } from '../../components/FigureCard';
import type { Report } from '../../hooks/use-staff';

/** Payout status ids of the payouts module: 1 pending, 2 processing, 3 paid, 4 declined, 5 failed. */
const PAYOUT_STATUS_KEYS: Record<number, string> = {
  1: 'ui.status.pending',
  2: 'ui.status.processing',
  3: 'ui.status.paid',
  4: 'ui.status.declined',
  5: 'ui.status.failed',
};

function ChartCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card padding="lg" data-testid={testId}>
      <Title order={5} mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}

/**
 * Rows of the "Payouts per day" chart: coins requested and coins paid out each day, one unit on the
 * axis (pounds paid beside coins requested read as one scale). `label` formats the day.
 */
export function payoutsPerDay(report: Report, label: (day: string) => string) {
  return report.payouts.days.map((d) => ({
    day: label(d.day),
    requested: d.requested_coins,
    paid: d.paid_coins,
  }));
}

/**
 * The report's figures and charts (every number from `GET admin/reports`): totals, coins sold and the
 * platform's revenue per day (coins: fees net of refunds), card payments per day (£), new users by type,
 * campaigns by status, payouts requested and paid (coins). One unit per chart axis.
 */
export function ReportCharts({ report, loading }: { report: Report | undefined; loading?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  if (!report) return <Skeleton h={420} visible={loading !== false} />;
  const day = (d: string) => formatDate(d, lang, 'D MMM');
  const axes = chartDirection(lang);
  const counts = chartDirection(lang, 'horizontal', { counts: true });
  const sideways = chartDirection(lang, 'vertical', { counts: true });
  const gbp = report.sales.totals.revenue.find((r) => r.currency === 'GBP')?.amount_minor ?? 0;
  const others = report.sales.totals.revenue.filter((r) => r.currency !== 'GBP');
  const newUsers =
    report.users.totals.artists + report.users.totals.curators + report.users.totals.influencers;
  const campaignCount = report.campaigns.by_status.reduce((s, c) => s + c.count, 0);
  return (
    <Stack gap="lg" data-testid="report">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <FigureCard
          label={t('staff.reports.coins_sold')}
          value={formatNumber(report.sales.totals.coins, lang)}
          icon={<IconCoins size={22} />}
          color="yellow"
        />
        <FigureCard
          label={t('staff.reports.revenue')}
          value={t('common.coins', { count: report.sales.totals.fees })}
          hint={t('staff.reports.revenue_hint')}
          dir="auto"
          icon={<IconReceipt size={22} />}
          color="teal"
          testId="stat-revenue"
          valueTestId="stat-revenue-value"
        />
        <FigureCard
          label={t('staff.reports.card_payments')}
          value={[
            formatMoney(gbp, 'GBP', lang),
            ...others.map((o) => formatMoney(o.amount_minor, o.currency, lang)),
          ].join(' + ')}
          icon={<IconCash size={22} />}
          color="cyan"
          testId="stat-card-payments"
          valueTestId="stat-card-payments-value"
        />
        <FigureCard
          label={t('staff.reports.new_users')}
          value={formatNumber(newUsers, lang)}
          icon={<IconUserPlus size={22} />}
          color="blue"
        />
        <FigureCard
          label={t('staff.reports.campaigns')}
          value={formatNumber(campaignCount, lang)}
          icon={<IconSpeakerphone size={22} />}
          color="grape"
        />
        <FigureCard
          label={t('staff.reports.payouts_paid')}
          value={formatMoney(report.payouts.totals.paid_minor, 'GBP', lang)}
          icon={<IconWallet size={22} />}
          color="orange"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <ChartCard title={t('staff.reports.sales_per_day')} testId="chart-sales">
          <BarChart
            h={240}
            {...counts}
            withLegend
            {...LEGEND_PROPS}
            data={report.sales.days.map((d) => ({ day: day(d.day), coins: d.coins, fees: d.fees }))}
            dataKey="day"
            series={[
              { name: 'coins', label: t('staff.reports.coins_sold'), color: 'yellow.6' },
              { name: 'fees', label: t('staff.reports.revenue_coins'), color: 'teal.6' },
            ]}
            tickLine="y"
          />
        </ChartCard>
        <ChartCard title={t('staff.reports.card_payments_per_day')} testId="chart-revenue">
          <LineChart
            h={240}
            {...axes}
            data={report.sales.days.map((d) => ({ day: day(d.day), gbp: (d.revenue.GBP ?? 0) / 100 }))}
            dataKey="day"
            series={[{ name: 'gbp', label: t('staff.reports.card_payments_gbp'), color: 'cyan.6' }]}
            valueFormatter={(v) => formatMoney(Math.round(v * 100), 'GBP', lang)}
            curveType="monotone"
          />
        </ChartCard>
        <ChartCard title={t('staff.reports.users_per_day')} testId="chart-users">
          <BarChart
            h={240}
            {...counts}
            type="stacked"
            withLegend
            {...LEGEND_PROPS}
            data={report.users.days.map((d) => ({ ...d, day: day(d.day) }))}
            dataKey="day"
            series={[
              { name: 'artists', label: t('user_types.1'), color: 'blue.6' },
              { name: 'curators', label: t('user_types.2'), color: 'grape.6' },
              { name: 'influencers', label: t('user_types.3'), color: 'pink.6' },
            ]}
            tickLine="y"
          />
        </ChartCard>
        <ChartCard title={t('staff.reports.campaigns_by_status')} testId="chart-campaigns">
          <BarChart
            h={300}
            {...sideways}
            orientation="vertical"
            data={EXPRESS_CAMPAIGN_STATUSES.map((s) => ({
              status: t(statusLabelKey(s.label), { defaultValue: s.label }),
              count: report.campaigns.by_status.find((c) => c.status_id === s.id)?.count ?? 0,
            }))}
            dataKey="status"
            yAxisProps={{ ...sideways.yAxisProps, width: 170 }}
            series={[{ name: 'count', label: t('staff.reports.campaigns'), color: 'grape.6' }]}
          />
        </ChartCard>
        <ChartCard title={t('staff.reports.payouts_per_day')} testId="chart-payouts">
          <BarChart
            h={240}
            {...counts}
            withLegend
            {...LEGEND_PROPS}
            data={payoutsPerDay(report, day)}
            dataKey="day"
            series={[
              { name: 'requested', label: t('staff.reports.payouts_requested_coins'), color: 'orange.6' },
              { name: 'paid', label: t('staff.reports.payouts_paid_coins'), color: 'teal.6' },
            ]}
            tickLine="y"
          />
        </ChartCard>
        <ChartCard title={t('staff.reports.payouts_by_status')} testId="chart-payout-status">
          <BarChart
            h={240}
            {...counts}
            data={[1, 2, 3, 4, 5].map((id) => ({
              status: t(PAYOUT_STATUS_KEYS[id] ?? 'ui.status.pending'),
              count: report.payouts.by_status.find((c) => c.status_id === id)?.count ?? 0,
            }))}
            dataKey="status"
            series={[{ name: 'count', label: t('staff.reports.payouts'), color: 'orange.6' }]}
          />
        </ChartCard>
      </SimpleGrid>
    </Stack>
  );
}
