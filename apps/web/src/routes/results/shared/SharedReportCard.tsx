import type { CampaignReport } from '@lm/contracts/results';
import { formatDate, formatNumber } from '@lm/ui';
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const PLATFORM = {
  spotify: 'resultsShare.platform_spotify',
  tiktok: 'resultsShare.platform_tiktok',
  instagram: 'resultsShare.platform_instagram',
} as const;
const METRIC = {
  streams: 'resultsShare.metric_streams',
  listeners: 'resultsShare.metric_listeners',
  saves: 'resultsShare.metric_saves',
  views: 'resultsShare.metric_views',
} as const;
const SCOPE = { track: 'resultsShare.scope_track', artist: 'resultsShare.scope_artist' } as const;
const MISSING = {
  not_live_yet: 'resultsShare.missing_not_live_yet',
  no_upload: 'resultsShare.missing_no_upload',
  baseline_short: 'resultsShare.missing_baseline_short',
  window_short: 'resultsShare.missing_window_short',
} as const;
const RESULT = {
  extra_streams: { label: 'resultsShare.result_extra_streams', cost: 'resultsShare.cost_extra_streams' },
  views: { label: 'resultsShare.result_views', cost: 'resultsShare.cost_views' },
} as const;

/** One campaign's report as a share link shows it: read-only, no links into the app. */
export function SharedReportCard({ report }: { report: CampaignReport }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const day = (d: string) => formatDate(d, lang);
  const num = (n: number | null, digits = 0) =>
    n === null ? '–' : formatNumber(n, lang, { maximumFractionDigits: digits });
  const result = RESULT[report.result_unit];
  return (
    <Paper withBorder radius="md" p="lg" data-testid="shared-report">
      <Stack gap="md">
        <div>
          <Group gap="xs" wrap="wrap">
            <Title order={3}>{report.track.name}</Title>
            <Badge variant="light">{t(PLATFORM[report.type])}</Badge>
          </Group>
          <Text c="dimmed" size="sm">
            {report.target.name}
            {report.target.tier ? ` · ${report.target.tier}` : ''}
          </Text>
          {report.window && report.baseline && (
            <Text size="sm" mt={4}>
              {t('resultsShare.live', { from: day(report.window.from), to: day(report.window.to) })}{' '}
              <Text span c="dimmed" size="sm">
                (
                {t('resultsShare.baseline', { from: day(report.baseline.from), to: day(report.baseline.to) })}
                )
              </Text>
            </Text>
          )}
        </div>
        {report.missing.map((m) => (
          <Alert key={m} color="gray" variant="light">
            {t(MISSING[m])}
          </Alert>
        ))}
        {report.metrics.length > 0 && (
          <Table.ScrollContainer minWidth={420}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('resultsShare.metric')}</Table.Th>
                  <Table.Th ta="end">{t('resultsShare.before')}</Table.Th>
                  <Table.Th ta="end">{t('resultsShare.during')}</Table.Th>
                  <Table.Th ta="end">{t('resultsShare.change')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.metrics.map((m) => (
                  <Table.Tr key={`${m.metric}-${m.scope}`}>
                    <Table.Td>
                      {t(METRIC[m.metric])}{' '}
                      <Text span c="dimmed" size="xs">
                        ({t(SCOPE[m.scope])})
                      </Text>
                    </Table.Td>
                    <Table.Td ta="end">{num(m.before.mean, 1)}</Table.Td>
                    <Table.Td ta="end">{num(m.during.mean, 1)}</Table.Td>
                    <Table.Td ta="end">
                      {m.enough_data && m.change_percent !== null ? (
                        <Text span c={m.change_percent >= 0 ? 'teal' : 'red'} fw={600}>
                          {formatNumber(m.change_percent / 100, lang, {
                            style: 'percent',
                            signDisplay: 'exceptZero',
                            maximumFractionDigits: 1,
                          })}
                        </Text>
                      ) : (
                        <Text span c="dimmed" size="sm">
                          {t('resultsShare.not_enough')}
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Figure label={t('resultsShare.coins_spent')} value={num(report.coins_spent)} />
          <Figure label={t(result.label)} value={num(report.results)} />
          <Figure label={t(result.cost)} value={num(report.cost_per_1000, 1)} />
        </SimpleGrid>
        {report.overlapping.length > 0 && (
          <Alert color="yellow" variant="light">
            {t('resultsShare.overlap', { names: report.overlapping.map((o) => o.target_name).join(', ') })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper bg="var(--mantine-color-default-hover)" radius="sm" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}
