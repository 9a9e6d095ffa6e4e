import { RESULT_GROUPS, type ResultGroup } from '@lm/contracts/results-terms';
import { formatNumber, usePageTitle } from '@lm/ui';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  useMatches,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconFileTypePdf, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type ResultGroupRow, useDownloadResults, useResultSummary } from '../../hooks/use-results';
import { RESULT_UPLOADS_PATH } from './paths';
import { ShareLinks } from './ShareLinks';

/** The groups as blocks on a phone (eight columns do not fit its width). */
function SummaryBlocks({ rows }: { rows: ResultGroupRow[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const num = (n: number | null, digits = 0) =>
    n === null ? '—' : formatNumber(n, lang, { maximumFractionDigits: digits });
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
    <Stack gap="md" hiddenFrom="sm" data-testid="results-summary-blocks">
      {rows.map((r) => (
        <Stack key={r.key} gap={2}>
          <Text fw={600} dir="auto">
            {r.label}
          </Text>
          {pair(t('results.summary.campaigns'), num(r.campaigns))}
          {pair(t('results.summary.measured'), num(r.measured))}
          {pair(t('results.coins_spent'), num(r.coins_spent))}
          {r.extra_streams !== null && pair(t('results.extra_streams'), num(r.extra_streams))}
          {r.views !== null && pair(t('results.views'), num(r.views))}
          {(r.extra_streams !== null || r.views === null) &&
            pair(t('results.cost_per_streams', { per: 1000 }), num(r.cost_per_1000_streams, 2), true)}
          {r.views !== null &&
            pair(t('results.cost_per_views', { per: 1000 }), num(r.cost_per_1000_views, 2), true)}
        </Stack>
      ))}
    </Stack>
  );
}

function SummaryTable({ rows }: { rows: ResultGroupRow[] }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const num = (n: number | null, digits = 0) =>
    n === null ? '—' : formatNumber(n, lang, { maximumFractionDigits: digits });
  return (
    <Table.ScrollContainer minWidth={760} visibleFrom="sm">
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="results-summary">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('results.summary.group')}</Table.Th>
            <Table.Th ta="end">{t('results.summary.campaigns')}</Table.Th>
            <Table.Th ta="end">{t('results.summary.measured')}</Table.Th>
            <Table.Th ta="end">{t('results.coins_spent')}</Table.Th>
            <Table.Th ta="end">{t('results.extra_streams')}</Table.Th>
            <Table.Th ta="end">{t('results.views')}</Table.Th>
            <Table.Th ta="end">{t('results.cost_per_streams', { per: 1000 })}</Table.Th>
            <Table.Th ta="end">{t('results.cost_per_views', { per: 1000 })}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Td dir="auto" fw={500}>
                {r.label}
              </Table.Td>
              <Table.Td ta="end">{num(r.campaigns)}</Table.Td>
              <Table.Td ta="end">{num(r.measured)}</Table.Td>
              <Table.Td ta="end">{num(r.coins_spent)}</Table.Td>
              <Table.Td ta="end">{num(r.extra_streams)}</Table.Td>
              <Table.Td ta="end">{num(r.views)}</Table.Td>
              <Table.Td ta="end" fw={600}>
                {num(r.cost_per_1000_streams, 2)}
              </Table.Td>
              <Table.Td ta="end" fw={600}>
                {num(r.cost_per_1000_views, 2)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * /results (ARTIST_PERMISSION), "What worked for me": the artist's campaigns added up by platform,
 * playlist, creator, tier or genre (the group is kept in the address, `?group=`), cheapest result
 * first; the CSV and PDF downloads; a link to the upload page.
 */
export function ResultsPage() {
  const { t } = useTranslation();
  usePageTitle('results.page_title');
  const [params, setParams] = useSearchParams();
  const asked = params.get('group');
  const group: ResultGroup = (RESULT_GROUPS as readonly string[]).includes(asked ?? '')
    ? (asked as ResultGroup)
    : 'platform';
  const summary = useResultSummary(group);
  const download = useDownloadResults();
  const save = (kind: 'csv' | 'pdf') =>
    download.mutate(kind, {
      onError: () => notifications.show({ color: 'red', message: t('results.download_failed') }),
    });
  const order: ResultGroup[] = ['platform', 'playlist', 'creator', 'tier', 'genre'];
  // Five choices do not fit a phone's width side by side.
  const vertical = useMatches({ base: true, sm: false });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Title order={2}>{t('results.page_title')}</Title>
          <Text c="dimmed" size="sm" maw={640}>
            {t('results.page_intro')}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconDownload size={16} />}
            loading={download.isPending && download.variables === 'csv'}
            onClick={() => save('csv')}
            data-testid="results-csv"
          >
            {t('results.download_csv')}
          </Button>
          <Button
            variant="light"
            leftSection={<IconFileTypePdf size={16} />}
            loading={download.isPending && download.variables === 'pdf'}
            onClick={() => save('pdf')}
            data-testid="results-pdf"
          >
            {t('results.download_pdf')}
          </Button>
        </Group>
      </Group>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <SegmentedControl
            data-testid="results-group"
            value={group}
            onChange={(value) => setParams({ group: value }, { replace: true })}
            data={order.map((g) => ({ value: g, label: t(`results.groups.${g}`) }))}
            fullWidth
            orientation={vertical ? 'vertical' : 'horizontal'}
          />
          {summary.isLoading ? (
            <Center h={120}>
              <Loader />
            </Center>
          ) : summary.data && summary.data.length > 0 ? (
            <>
              <SummaryTable rows={summary.data} />
              <SummaryBlocks rows={summary.data} />
            </>
          ) : (
            <Text c="dimmed" ta="center" py="lg">
              {t('results.summary.empty')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('results.summary.how')}
          </Text>
        </Stack>
      </Card>
      <Alert variant="light" icon={<IconUpload size={18} />}>
        <Group justify="space-between" gap="xs">
          <Text size="sm">{t('results.uploads_hint')}</Text>
          <Anchor component={Link} to={RESULT_UPLOADS_PATH} size="sm" fw={600}>
            {t('results.upload_link')}
          </Anchor>
        </Group>
      </Alert>
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={3}>{t('resultsShare.page_title')}</Title>
          <Text size="sm" c="dimmed">
            {t('resultsShare.page_intro')}
          </Text>
          <ShareLinks />
        </Stack>
      </Card>
    </Stack>
  );
}
