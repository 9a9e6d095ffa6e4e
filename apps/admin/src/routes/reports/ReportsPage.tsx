import { dayjsLocale, downloadFile, showErrorToast, useApi, usePageTitle } from '@lm/ui';
import { Button, Group, SegmentedControl, Stack, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useReport } from '../../hooks/use-staff';
import { isoDay, lastDays } from './last-days';
import { ReportCharts } from './ReportCharts';

const PRESETS = [7, 30, 90, 365] as const;

/**
 * /reports: coins sold and revenue per day, campaigns by status, payouts, new users by type, for a
 * date range kept in the URL (`from`, `to`, `YYYY-MM-DD`); every number is computed by the server.
 */
export function ReportsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('staff.reports.title');
  const [params, setParams] = useSearchParams();
  const fallback = lastDays(30);
  const from = params.get('from') ?? fallback.from;
  const to = params.get('to') ?? fallback.to;
  const report = useReport(from, to);
  const span = dayjs(to).diff(dayjs(from), 'day') + 1;
  const setRange = (range: { from: string; to: string }) => setParams(range, { replace: true });
  const { api } = useApi();
  // The range's days as CSV (issue 36), with the API's translated refusal when it has one.
  const exporting = useMutation({
    mutationFn: () =>
      downloadFile(api, `admin/reports/export.csv?from=${from}&to=${to}`, `report-${from}-${to}.csv`),
    onError: (error) => showErrorToast(error instanceof Error ? error.message : String(error)),
  });
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{t('staff.reports.title')}</Title>
        <Group gap="sm" align="flex-end">
          <SegmentedControl
            value={to === fallback.to && PRESETS.includes(span as never) ? String(span) : ''}
            onChange={(v) => setRange(lastDays(Number(v)))}
            data={PRESETS.map((d) => ({
              value: String(d),
              label: t('common.days', { count: d }),
            }))}
          />
          <DatePickerInput
            type="range"
            label={t('staff.reports.range')}
            value={[from, to]}
            onChange={([start, end]) => {
              if (start && end) setRange({ from: isoDay(dayjs(start)), to: isoDay(dayjs(end)) });
            }}
            valueFormat="YYYY-MM-DD"
            locale={dayjsLocale(i18n.language)}
            maxDate={new Date()}
            dir="ltr"
            w={260}
            data-testid="report-range"
          />
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
            data-testid="report-export"
          >
            {t('ui.list.export_csv')}
          </Button>
        </Group>
      </Group>
      <ReportCharts report={report.data} loading={report.isLoading} />
    </Stack>
  );
}
