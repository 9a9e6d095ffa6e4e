import '@mantine/charts/styles.layer.css';
import type { CampaignChecks } from '@lm/contracts/campaign-checks';
import { type ChartReferenceLineProps, LineChart } from '@mantine/charts';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { chartDirection } from '../components/chart-direction';
import { LEGEND_PROPS } from '../components/chart-props';
import { formatDate, formatNumber } from '../i18n/format';
import { HISTORY_MARKS } from './campaign-history-marks';

const DAY_MS = 86_400_000;

/** Every UTC day from `first` to `last` (`YYYY-MM-DD`), so days without a check show as gaps. */
function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(first); t <= Date.parse(last); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/** Position ticks that always show the top of the playlist (1), the middle and the lowest position. */
function positionTicks(data: readonly { position: number | null }[]): number[] {
  const lowest = Math.max(1, ...data.map((d) => d.position ?? 1));
  return [...new Set([1, Math.ceil(lowest / 2), lowest])];
}

/**
 * The charts of a campaign's daily history (loaded lazily by {@link CampaignHistory}): a placement's
 * position in the playlist (1 at the top) and the playlist's followers; a video's views, and its likes,
 * comments and shares. The campaign's own dates are dashed lines on the days they fell on (dates
 * outside the checked days are only listed under the chart). Days and numbers in the reader's language;
 * in Arabic time runs right to left.
 */
export default function CampaignHistoryChart({ history }: { history: CampaignChecks }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const byDay = new Map(history.days.map((d) => [d.day, d]));
  const first = history.days[0]!.day;
  const last = history.days.at(-1)!.day;
  // The axis also reaches back to the acceptance, when it is shortly before the first check.
  const accepted = history.marks.accepted_at?.slice(0, 10);
  const start =
    accepted && accepted < first && Date.parse(first) - Date.parse(accepted) <= 14 * DAY_MS
      ? accepted
      : first;
  const data = daysBetween(start, last).map((day) => {
    const d = byDay.get(day);
    return {
      day,
      position: d?.present && d.position !== null ? d.position + 1 : null,
      followers: d?.playlist_followers ?? null,
      views: d?.views ?? null,
      likes: d?.likes ?? null,
      comments: d?.comments ?? null,
      shares: d?.shares ?? null,
    };
  });
  const shown = new Set(data.map((d) => d.day));
  const referenceLines: ChartReferenceLineProps[] = HISTORY_MARKS.flatMap((m) => {
    const day = history.marks[m.key]?.slice(0, 10);
    return day && shown.has(day)
      ? [{ x: day, color: m.color, strokeDasharray: '4 3', ifOverflow: 'extendDomain' as const }]
      : [];
  });
  const dayLabel = (day: string) => formatDate(day, lang, 'D MMM');
  const counts = chartDirection(lang, 'horizontal', { counts: true });
  const common = {
    h: 200,
    data,
    dataKey: 'day',
    referenceLines,
    connectNulls: false,
    curveType: 'monotone' as const,
    tickLine: 'none' as const,
    gridAxis: 'x' as const,
    withDots: data.length < 20,
    ...counts,
    xAxisProps: { ...counts.xAxisProps, tickFormatter: dayLabel },
    tooltipProps: { labelFormatter: (day: unknown) => formatDate(String(day), lang, 'll') },
  };
  const compact = (v: number) => formatNumber(v, lang, { notation: 'compact' });
  const chart = (label: string, testId: string, node: React.ReactNode) => (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {node}
    </Stack>
  );
  if (history.promise === 'placement') {
    return (
      <Stack
        gap="md"
        role="img"
        aria-label={t('campaignHistory.label', { first: dayLabel(first), last: dayLabel(last) })}
      >
        {chart(
          t('campaignHistory.position'),
          'history-position',
          <LineChart
            {...common}
            series={[{ name: 'position', label: t('campaignHistory.position'), color: 'blue.6' }]}
            yAxisProps={{
              ...counts.yAxisProps,
              reversed: true,
              domain: [1, 'dataMax'],
              ticks: positionTicks(data),
            }}
          />,
        )}
        {chart(
          t('campaignHistory.followers'),
          'history-followers',
          <LineChart
            {...common}
            series={[{ name: 'followers', label: t('campaignHistory.followers'), color: 'teal.6' }]}
            yAxisProps={{ ...counts.yAxisProps, domain: ['auto', 'auto'], tickFormatter: compact }}
          />,
        )}
      </Stack>
    );
  }
  return (
    <Stack
      gap="md"
      role="img"
      aria-label={t('campaignHistory.label', { first: dayLabel(first), last: dayLabel(last) })}
    >
      {chart(
        t('campaignHistory.views'),
        'history-views',
        <LineChart
          {...common}
          series={[{ name: 'views', label: t('campaignHistory.views'), color: 'blue.6' }]}
          yAxisProps={{ ...counts.yAxisProps, tickFormatter: compact }}
        />,
      )}
      {chart(
        t('campaignHistory.engagement'),
        'history-engagement',
        <LineChart
          {...common}
          {...LEGEND_PROPS}
          withLegend
          series={[
            { name: 'likes', label: t('campaignHistory.likes'), color: 'pink.6' },
            { name: 'comments', label: t('campaignHistory.comments'), color: 'orange.6' },
            { name: 'shares', label: t('campaignHistory.shares'), color: 'grape.6' },
          ]}
          yAxisProps={{ ...counts.yAxisProps, tickFormatter: compact }}
        />,
      )}
    </Stack>
  );
}
