import { Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCampaignReport } from '../../hooks/use-results';

/**
 * "Before the artist buys again": one line with what the campaign being renewed did
 * ("Last time: +2,800 extra streams, 100 coins per 1,000"), shown on the renew check (page and
 * dialog) of every platform, saying when other campaigns ran at the same time (the rise was theirs
 * together). Nothing while there is no measured result.
 */
export function LastTimeResult({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation();
  const report = useCampaignReport(campaignId).data;
  if (!report || report.results === null) return null;
  const views = report.result_unit === 'views';
  const key =
    report.cost_per_1000 === null
      ? views
        ? 'results.last_time_views_only'
        : 'results.last_time_no_gain'
      : views
        ? 'results.last_time_views'
        : 'results.last_time_streams';
  return (
    <Text size="sm" c="teal.8" fw={500} data-testid="last-time-result">
      <IconChartBar size={14} style={{ verticalAlign: 'middle', marginInlineEnd: 6 }} />
      {t(key, { results: report.results, cost: report.cost_per_1000 ?? 0, per: 1000 })}
      {/* Streams of campaigns running together are one rise: say so rather than credit this one. */}
      {!views &&
        report.overlapping.length > 0 &&
        ` (${t('results.last_time_together', { count: report.overlapping.length })})`}
    </Text>
  );
}
