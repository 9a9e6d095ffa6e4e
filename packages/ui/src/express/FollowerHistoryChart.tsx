import '@mantine/charts/styles.layer.css';
import { AreaChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { chartDirection } from '../components/chart-direction';
import { formatDate } from '../i18n/format';
import { intlLocale } from '../i18n/languages';

/**
 * An offer's daily follower counts (the trust module's snapshots) as an area chart, dates and numbers
 * in the reader's language. Loaded lazily by the profile (the charts library stays out of the wizard).
 */
export default function FollowerHistoryChart({
  history,
}: {
  history: { date: string; followers: number }[];
}) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language), { notation: 'compact' });
  const data = history.map((h) => ({
    day: formatDate(h.date, i18n.language, 'D MMM'),
    followers: h.followers,
  }));
  return (
    <div
      data-testid="follower-history"
      role="img"
      aria-label={t('offers.follower_history_label', {
        first: number.format(history[0]?.followers ?? 0),
        last: number.format(history.at(-1)?.followers ?? 0),
        count: history.length,
      })}
    >
      <AreaChart
        h={160}
        {...chartDirection(i18n.language)}
        data={data}
        dataKey="day"
        series={[{ name: 'followers', label: t('offers.followers'), color: 'teal.6' }]}
        curveType="monotone"
        withDots={false}
        tickLine="none"
        gridAxis="y"
        valueFormatter={(v) => number.format(v)}
      />
    </div>
  );
}
