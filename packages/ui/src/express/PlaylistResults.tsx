import type { PlaylistResults } from '@lm/contracts/playlist-results';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../i18n/languages';

function Figure({
  label,
  value,
  source,
  testId,
}: {
  label: string;
  value: string;
  source: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="xs" radius="md" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} size="sm">
        {value}
      </Text>
      <Text size="xs" c="dimmed" data-testid={`${testId}-source`}>
        {source}
      </Text>
    </Paper>
  );
}

/**
 * What a playlist's placements delivered, on its profile (issue "Results"): listeners delivered per
 * placement ("+60 a day") and the average time tracks stay, each labelled with the campaigns and
 * artists it comes from. Each figure only from its minimum; nothing at all when `results` is null.
 */
export function PlaylistResultsView({ results }: { results: PlaylistResults | null }) {
  const { t, i18n } = useTranslation();
  if (!results) return null;
  const locale = intlLocale(i18n.language);
  const signed = new Intl.NumberFormat(locale, { signDisplay: 'exceptZero', maximumFractionDigits: 0 });
  const source = (campaigns: number, artists: number) =>
    t('playlistResults.from', {
      campaigns: t('playlistResults.campaigns', { count: campaigns }),
      artists: t('playlistResults.artists', { count: artists }),
    });
  return (
    <Stack gap="xs" data-testid="playlist-results">
      <Text fw={600}>{t('playlistResults.title')}</Text>
      <Text size="xs" c="dimmed">
        {t('playlistResults.explain')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {results.listeners_per_placement !== null && (
          <Figure
            label={t('playlistResults.listeners')}
            value={t('playlistResults.listeners_value', {
              value: signed.format(results.listeners_per_placement),
            })}
            source={source(results.campaigns, results.artists)}
            testId="results-listeners"
          />
        )}
        {results.stay_days !== null && (
          <Figure
            label={t('playlistResults.stay')}
            value={t('playlistResults.stay_value', { count: results.stay_days })}
            source={source(results.stay_campaigns, results.stay_artists)}
            testId="results-stay"
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}
