import 'mantine-datatable/styles.layer.css';
import type { WebVitalFigure, WebVitalsRow } from '@lm/contracts/web-vitals';
import {
  CORE_WEB_VITALS,
  type CoreWebVital,
  WEB_VITAL_APPS,
  WEB_VITAL_FORM_FACTORS,
  WEB_VITAL_THRESHOLDS,
  WEB_VITALS_WINDOWS,
  type WebVitalMetric,
  type WebVitalRating,
  type WebVitalsWindow,
  webVitalRating,
} from '@lm/contracts/web-vitals-terms';
import { badgeColor, EmptyState, formatDate, formatNumber, usePageTitle } from '@lm/ui';
import {
  Badge,
  Group,
  Paper,
  Progress,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconDeviceDesktop,
  IconDeviceMobile,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListCard } from '../../components/ListCard';
import { useWebVitals } from '../../hooks/use-web-vitals';

/** Colour kind and icon of each of web.dev's bands (the icon says it without the colour). */
const BANDS: Record<
  WebVitalRating,
  { kind: string; icon: typeof IconCircleCheck; key: keyof WebVitalFigure }
> = {
  good: { kind: 'success', icon: IconCircleCheck, key: 'good' },
  'needs-improvement': { kind: 'waiting', icon: IconAlertTriangle, key: 'needs_improvement' },
  poor: { kind: 'failure', icon: IconCircleX, key: 'poor' },
};
const BAND_LABEL: Record<WebVitalRating, string> = {
  good: 'web_vitals.good',
  'needs-improvement': 'web_vitals.needs_improvement',
  poor: 'web_vitals.poor',
};

/** A metric's value in the reader's language: seconds from 1 s for paints, ms for INP, CLS unitless. */
export function formatVital(metric: WebVitalMetric, value: number, language: string): string {
  if (metric === 'CLS')
    return formatNumber(value, language, { minimumFractionDigits: 2, maximumFractionDigits: 3 });
  if (metric !== 'INP' && value >= 1000)
    return formatNumber(value / 1000, language, { style: 'unit', unit: 'second', maximumFractionDigits: 2 });
  return formatNumber(Math.round(value), language, { style: 'unit', unit: 'millisecond' });
}

/** One metric of a row: the p75 badge (its band's colour and icon), the band shares, the sample count. */
function FigureCell({ metric, figure }: { metric: CoreWebVital; figure: WebVitalFigure | null }) {
  const { t, i18n } = useTranslation();
  if (!figure)
    return (
      <Text size="sm" c="dimmed">
        {t('web_vitals.none')}
      </Text>
    );
  const rating = webVitalRating(metric, figure.p75);
  const { kind, icon: Icon } = BANDS[rating];
  const share = (n: number) =>
    formatNumber(n / figure.samples, i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const bands = (Object.keys(BANDS) as WebVitalRating[]).map((band) => ({
    band,
    count: figure[BANDS[band].key] as number,
    label: t('web_vitals.band', {
      band: t(BAND_LABEL[band]),
      share: share(figure[BANDS[band].key] as number),
    }),
  }));
  return (
    <Stack gap={6} miw={130} data-testid={`vital-${metric}`}>
      <Tooltip label={t(BAND_LABEL[rating])} withinPortal>
        <Badge
          variant="light"
          color={badgeColor(kind)}
          size="lg"
          radius="sm"
          leftSection={<Icon size={14} aria-hidden />}
          styles={{ label: { textTransform: 'none' } }}
          aria-label={`${formatVital(metric, figure.p75, i18n.language)}, ${t(BAND_LABEL[rating])}`}
        >
          {formatVital(metric, figure.p75, i18n.language)}
        </Badge>
      </Tooltip>
      <Tooltip label={bands.map((b) => b.label).join(' · ')} withinPortal multiline maw={260}>
        <Progress.Root size="md" aria-label={bands.map((b) => b.label).join(', ')}>
          {bands
            .filter((b) => b.count > 0)
            .map((b) => (
              <Progress.Section
                key={b.band}
                value={(100 * b.count) / figure.samples}
                color={badgeColor(BANDS[b.band].kind)}
                aria-label={b.label}
              />
            ))}
        </Progress.Root>
      </Tooltip>
      <Text size="xs" c="dimmed">
        {t('web_vitals.samples', { count: figure.samples })}
      </Text>
    </Stack>
  );
}

const isWindow = (v: string | null): v is `${WebVitalsWindow}` =>
  (WEB_VITALS_WINDOWS as readonly number[]).includes(Number(v));

/**
 * /system/web-vitals (view.main.web.vitals.tab.list, issue 37): what people's browsers measured on each
 * screen of both apps over the last 1, 7 or 28 UTC days: per route pattern and app, on phones and on
 * desktops, the samples, the 75th percentile of LCP, INP and CLS (estimated from the stored
 * histograms) and the shares web.dev rates good, needs improvement and poor (routes with none of
 * the three are left out). Period, app and device are kept in the address.
 */
export function WebVitalsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('web_vitals.title');
  const [params, setParams] = useSearchParams();
  const days = (isWindow(params.get('days')) ? Number(params.get('days')) : 7) as WebVitalsWindow;
  const app = params.get('app') ?? 'all';
  const device = params.get('device') ?? 'all';
  const set = (key: string, value: string, fallback: string) =>
    setParams(
      (p) => {
        if (value === fallback) p.delete(key);
        else p.set(key, value);
        return p;
      },
      { replace: true },
    );
  const summary = useWebVitals(days);
  // A page left just as the reporter started may send only FCP and TTFB (web-vitals had not read its
  // paints and shifts yet): such a route has none of the three to show.
  const rows = (summary.data?.rows ?? []).filter(
    (r) =>
      (app === 'all' || r.app === app) &&
      (device === 'all' || r.form_factor === device) &&
      CORE_WEB_VITALS.some((m) => r.metrics[m]),
  );
  const limit = (metric: CoreWebVital, i: 0 | 1) =>
    formatVital(metric, WEB_VITAL_THRESHOLDS[metric][i], i18n.language);
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{t('web_vitals.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('web_vitals.subtitle')}
        </Text>
      </Stack>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="web-vitals-period">
            {t('web_vitals.window_label')}
          </Text>
          <SegmentedControl
            aria-labelledby="web-vitals-period"
            value={String(days)}
            onChange={(v) => set('days', v, '7')}
            data={WEB_VITALS_WINDOWS.map((d) => ({ value: String(d), label: t(`web_vitals.window_${d}`) }))}
            data-testid="web-vitals-days"
          />
        </Stack>
        <Select
          label={t('web_vitals.app_label')}
          value={app}
          onChange={(v) => set('app', v ?? 'all', 'all')}
          allowDeselect={false}
          w={180}
          data={['all', ...WEB_VITAL_APPS].map((a) => ({ value: a, label: t(`web_vitals.app_${a}`) }))}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="web-vitals-device">
            {t('web_vitals.device_label')}
          </Text>
          <SegmentedControl
            aria-labelledby="web-vitals-device"
            value={device}
            onChange={(v) => set('device', v, 'all')}
            data={['all', ...WEB_VITAL_FORM_FACTORS].map((d) => ({
              value: d,
              label: t(`web_vitals.device_${d}`),
            }))}
          />
        </Stack>
      </Group>
      <Paper p="md">
        <Stack gap={4}>
          {summary.data && (
            <Text size="sm" fw={500}>
              {t('web_vitals.period', {
                from: formatDate(summary.data.from, i18n.language),
                to: formatDate(summary.data.to, i18n.language),
              })}
            </Text>
          )}
          <Text size="sm">{t('web_vitals.bands_lead')}</Text>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing={4}>
            {CORE_WEB_VITALS.map((metric) => (
              <Text size="sm" key={metric} data-testid={`threshold-${metric}`}>
                <Text span fw={700} inherit dir="ltr">
                  {metric}
                </Text>{' '}
                {t('web_vitals.threshold', { good: limit(metric, 0), poor: limit(metric, 1) })}
              </Text>
            ))}
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('web_vitals.p75_hint')}
          </Text>
        </Stack>
      </Paper>
      {summary.data && rows.length === 0 ? (
        <Paper p="md">
          <EmptyState title={t('web_vitals.empty_title')} hint={t('web_vitals.empty_hint')} />
        </Paper>
      ) : (
        <ListCard<WebVitalsRow>
          records={rows}
          idAccessor={(r) => `${r.app} ${r.route} ${r.form_factor}`}
          fetching={summary.isFetching && !summary.data}
          columns={[
            {
              accessor: 'route',
              title: t('web_vitals.route'),
              render: (r) => (
                <Stack gap={4} data-testid="web-vitals-route">
                  <Text size="sm" ff="monospace" fw={600} dir="ltr" style={{ wordBreak: 'break-all' }}>
                    {r.route}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`web_vitals.app_${r.app}`)}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'form_factor',
              title: t('web_vitals.device'),
              render: (r) => (
                <Group gap={6} wrap="nowrap">
                  {r.form_factor === 'phone' ? (
                    <IconDeviceMobile size={16} aria-hidden />
                  ) : (
                    <IconDeviceDesktop size={16} aria-hidden />
                  )}
                  <Text size="sm">{t(`web_vitals.device_${r.form_factor}`)}</Text>
                </Group>
              ),
            },
            ...CORE_WEB_VITALS.map((metric) => ({
              accessor: metric,
              title: t(`web_vitals.${metric.toLowerCase()}`),
              render: (r: WebVitalsRow) => <FigureCell metric={metric} figure={r.metrics[metric]} />,
            })),
          ]}
        />
      )}
    </Stack>
  );
}
