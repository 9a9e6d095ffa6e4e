import type { CampaignChecks } from '@lm/contracts/campaign-checks';
import { Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../i18n/format';
import { HISTORY_MARKS } from './campaign-history-marks';

const CampaignHistoryChart = lazy(() => import('./CampaignHistoryChart'));

/**
 * A campaign's daily history on its page (both apps, every platform): the checks' figures charted day
 * by day with the campaign's own dates marked (the chart, and the charts library, load lazily), and the
 * dates listed under it. Before the first check, a sentence says so instead of an empty chart; nothing
 * for a campaign the seller never accepted (no check will ever run).
 */
export function CampaignHistory({
  history,
  loading,
}: {
  history: CampaignChecks | undefined;
  loading?: boolean;
}) {
  const { t, i18n } = useTranslation();
  if (!history) return loading ? <Loader size="sm" /> : null;
  if (history.days.length === 0 && history.marks.accepted_at === null) return null;
  const marks = HISTORY_MARKS.filter((m) => history.marks[m.key] !== null);
  return (
    <Card padding="lg" radius="md" data-testid="campaign-history">
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={4}>{t('campaignHistory.title')}</Title>
          <Text size="sm" c="dimmed">
            {t(
              history.promise === 'video'
                ? 'campaignHistory.caption_video'
                : 'campaignHistory.caption_placement',
            )}
          </Text>
        </Stack>
        {history.days.length === 0 ? (
          <Text size="sm" data-testid="campaign-history-empty">
            {t('campaignHistory.empty')}
          </Text>
        ) : (
          <Suspense fallback={<Loader size="sm" />}>
            <CampaignHistoryChart history={history} />
          </Suspense>
        )}
        {marks.length > 0 && (
          <Group gap="md" data-testid="campaign-history-marks">
            {marks.map((m) => (
              <Group key={m.key} gap={6} wrap="nowrap">
                <span
                  aria-hidden
                  style={{
                    display: 'inline-block',
                    width: 14,
                    borderTop: `2px dashed var(--mantine-color-${m.color.replace('.', '-')})`,
                  }}
                />
                <Text size="xs">
                  {t(`campaignHistory.marks.${m.key}`)}: {formatDate(history.marks[m.key], i18n.language)}
                </Text>
              </Group>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
