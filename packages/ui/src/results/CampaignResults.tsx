import type { CampaignReport, MetricComparison } from '@lm/contracts/results';
import {
  RESULTS_BASELINE_DAYS,
  RESULTS_MIN_BASELINE_DAYS,
  RESULTS_MIN_WINDOW_DAYS,
} from '@lm/contracts/results-terms';
import {
  Alert,
  Anchor,
  Card,
  Center,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../i18n/format';

/** A signed number in the reader's language: "+100", "−12.5", "0". */
export function formatSigned(value: number, language: string, digits = 0): string {
  return formatNumber(value, language, { maximumFractionDigits: digits, signDisplay: 'exceptZero' });
}

/** A change in percent in the reader's language: "+50 %", "−3.2 %". */
export function formatChange(percent: number, language: string): string {
  return formatNumber(percent / 100, language, {
    style: 'percent',
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
}

/** The name of one comparison's figure: "Streams of the song", "Listeners (all your songs)"... */
function metricLabel(m: MetricComparison, t: (key: string) => string): string {
  return t(`results.metrics.${m.metric}_${m.scope}`);
}

function MetricRow({ m }: { m: MetricComparison }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const mean = (v: number | null) => (v === null ? '—' : formatNumber(v, lang, { maximumFractionDigits: 1 }));
  return (
    <Table.Tr data-testid={`result-metric-${m.metric}`}>
      <Table.Td>
        <Text size="sm" fw={500}>
          {metricLabel(m, t)}
        </Text>
        <Text size="xs" c="dimmed">
          {t('results.days_with_figures', { before: m.before.days, during: m.during.days })}
        </Text>
      </Table.Td>
      <Table.Td ta="end">{mean(m.before.mean)}</Table.Td>
      <Table.Td ta="end">{mean(m.during.mean)}</Table.Td>
      {m.enough_data ? (
        <>
          <Table.Td ta="end" fw={600}>
            {m.difference === null ? '—' : formatSigned(m.difference, lang, 1)}
          </Table.Td>
          <Table.Td ta="end">
            {m.change_percent === null ? '—' : formatChange(m.change_percent, lang)}
          </Table.Td>
        </>
      ) : (
        <Table.Td colSpan={2} ta="end">
          <Text size="sm" c="dimmed">
            {t('results.not_enough_data')}
          </Text>
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/** One comparison as a small block, for phones (the table needs more width than a phone has). */
function MetricBlock({ m }: { m: MetricComparison }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const mean = (v: number | null) => (v === null ? '—' : formatNumber(v, lang, { maximumFractionDigits: 1 }));
  const pair = (label: string, value: string, strong = false) => (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400}>
        {value}
      </Text>
    </Group>
  );
  return (
    <Stack gap={2} data-testid={`result-metric-block-${m.metric}`}>
      <Text size="sm" fw={600}>
        {metricLabel(m, t)}
      </Text>
      {pair(t('results.columns.before'), mean(m.before.mean))}
      {pair(t('results.columns.during'), mean(m.during.mean))}
      {m.enough_data ? (
        <>
          {pair(
            t('results.columns.difference'),
            m.difference === null ? '—' : formatSigned(m.difference, lang, 1),
            true,
          )}
          {pair(
            t('results.columns.change'),
            m.change_percent === null ? '—' : formatChange(m.change_percent, lang),
          )}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('results.not_enough_data')}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('results.days_with_figures', { before: m.before.days, during: m.during.days })}
      </Text>
    </Stack>
  );
}

/** One figure of the report's money part: a label over its value. */
function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500} tt="uppercase">
        {label}
      </Text>
      <Text fw={700} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The "Results" section of a campaign page, the same in the user app (the artist) and the
 * back-office (staff): the campaign's live days against the 28 days before (daily means, the
 * difference, the change), coins spent, cost per 1,000, the method in plain words, why figures are
 * missing, and the campaigns running at the same time, which the report cannot separate.
 * @param campaignPath the address of another campaign of this app (the overlapping ones link to it)
 * @param uploadsPath the artist's upload page, linked where figures are missing (artists only)
 */
export function CampaignResults({
  report,
  loading,
  campaignPath,
  uploadsPath,
}: {
  report: CampaignReport | undefined;
  loading: boolean;
  campaignPath: (type: CampaignReport['type'], id: number) => string;
  uploadsPath?: string;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const lang = i18n.language;
  if (!report && !loading) return null;
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby={titleId}
      data-testid="campaign-results"
    >
      <Title order={3} size="h4" id={titleId} mb="sm">
        {t('results.title')}
      </Title>
      {!report ? (
        <Center h={80}>
          <Loader size="sm" />
        </Center>
      ) : (
        <Stack gap="md">
          {report.window && report.baseline && (
            <Text size="sm">
              {t('results.window', {
                from: report.window.from,
                to: report.window.to,
                days: report.window.days,
                before_from: report.baseline.from,
                before_to: report.baseline.to,
              })}
            </Text>
          )}
          {report.missing.length > 0 && (
            <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="results-missing">
              <Stack gap={4}>
                {report.missing.map((m) => (
                  <Text size="sm" key={m}>
                    {t(`results.missing.${m}`, {
                      before: RESULTS_MIN_BASELINE_DAYS,
                      baseline: RESULTS_BASELINE_DAYS,
                      during: RESULTS_MIN_WINDOW_DAYS,
                    })}
                  </Text>
                ))}
                {uploadsPath && report.missing.some((m) => m !== 'not_live_yet') && (
                  <Anchor
                    component={Link}
                    to={uploadsPath}
                    size="sm"
                    fw={700}
                    // The alert's own text colour, underlined: the link colour on the yellow alert
                    // misses the contrast ratio in the dark skins.
                    c="inherit"
                    underline="always"
                    data-testid="results-upload-link"
                  >
                    {t('results.upload_link')}
                  </Anchor>
                )}
              </Stack>
            </Alert>
          )}
          {report.metrics.length > 0 && (
            <Stack gap="sm" hiddenFrom="sm">
              {report.metrics.map((m) => (
                <MetricBlock key={`${m.metric}-${m.scope}`} m={m} />
              ))}
            </Stack>
          )}
          {report.metrics.length > 0 && (
            <Table.ScrollContainer minWidth={480} visibleFrom="sm">
              <Table verticalSpacing="xs" data-testid="results-metrics">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('results.columns.figure')}</Table.Th>
                    <Table.Th ta="end">{t('results.columns.before')}</Table.Th>
                    <Table.Th ta="end">{t('results.columns.during')}</Table.Th>
                    <Table.Th ta="end">{t('results.columns.difference')}</Table.Th>
                    <Table.Th ta="end">{t('results.columns.change')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.metrics.map((m) => (
                    <MetricRow key={`${m.metric}-${m.scope}`} m={m} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            <Figure
              label={t('results.coins_spent')}
              value={t('results.coins_value', { coins: report.coins_spent })}
              testId="results-coins"
            />
            <Figure
              label={t(report.result_unit === 'views' ? 'results.views' : 'results.extra_streams')}
              value={
                report.results === null
                  ? '—'
                  : report.result_unit === 'views'
                    ? formatNumber(report.results, lang)
                    : formatSigned(report.results, lang)
              }
              testId="results-result"
            />
            <Figure
              label={t(
                report.result_unit === 'views' ? 'results.cost_per_views' : 'results.cost_per_streams',
                {
                  per: 1000,
                },
              )}
              value={
                report.cost_per_1000 === null
                  ? '—'
                  : t('results.coins_value', { coins: report.cost_per_1000 })
              }
              testId="results-cost"
            />
          </SimpleGrid>
          {report.overlapping.length > 0 && (
            <Stack gap={6} data-testid="results-overlapping">
              <Text size="sm" fw={600}>
                {t('results.overlap', { count: report.overlapping.length })}
              </Text>
              <List size="sm" spacing={2}>
                {report.overlapping.map((o) => (
                  <List.Item key={o.id}>
                    <Group gap={6} wrap="wrap">
                      <Anchor component={Link} to={campaignPath(o.type, o.id)} size="sm">
                        #{o.id}
                      </Anchor>
                      <Text size="sm" dir="auto">
                        {t('results.overlap_item', {
                          platform: t(`results.platform.${o.type}`),
                          target: o.target_name,
                          track: o.track_name,
                          from: o.from,
                          to: o.to,
                        })}
                      </Text>
                    </Group>
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
          <Stack gap={4} data-testid="results-method">
            <Text size="xs" c="dimmed" fw={500} tt="uppercase">
              {t('results.method_title')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('results.method_window', {
                baseline: RESULTS_BASELINE_DAYS,
                before: RESULTS_MIN_BASELINE_DAYS,
                during: RESULTS_MIN_WINDOW_DAYS,
              })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('results.method_scope')}
            </Text>
            <Text size="sm" c="dimmed">
              {t(
                report.result_unit === 'views' ? 'results.method_cost_views' : 'results.method_cost_streams',
              )}
            </Text>
          </Stack>
        </Stack>
      )}
    </Card>
  );
}
