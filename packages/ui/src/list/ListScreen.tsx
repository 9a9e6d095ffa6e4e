import { LIMITS } from '@lm/contracts/limits';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconDownload, IconFilterOff } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApi } from '../api/api-context';
import { isApiError } from '../api/api-error';
import type { ApiPath } from '../api/api-paths';
import { downloadFile } from '../api/download';
import { showErrorToast } from '../api/toasts';
import { formatNumber } from '../i18n/format';
import { type BulkAction, BulkBar } from './BulkActions';
import { EmptyState } from './EmptyState';
import { ListTable } from './ListTable';
import { parseOrder } from './list-query';
import { type FilterField, SearchFilterPanel } from './SearchFilterPanel';
import { useListState } from './use-list-state';

export interface ListScreenProps<T> {
  /** i18n key of the page title. */
  title: string;
  /** API path of the list, e.g. `admin/dev/mailbox`. */
  path: ApiPath<'get'>;
  columns: DataTableColumn<T>[];
  filters?: readonly FilterField[];
  /** Offers the free-text `q` search. */
  searchable?: boolean;
  /** e.g. `created_at:desc`. */
  defaultOrder?: string;
  idAccessor?: keyof T | ((record: T) => string | number);
  /** Buttons beside the title (New …). */
  actions?: ReactNode;
  /** Content above the table (stats cards). */
  header?: ReactNode;
  onRowClick?: (record: T) => void;
  /**
   * The empty state when nothing exists yet (i18n keys, and an action such as a "New …" button):
   * what to do next. With filters applied the screen offers to reset them instead.
   */
  empty?: { title?: string; hint?: string; action?: ReactNode };
  /**
   * Ask the list again this often (ms) while it shows something that moves (a live progress); a
   * function decides from the rows shown.
   */
  refetchInterval?: number | false | ((records: T[]) => number | false);
  /**
   * The list's CSV export (issue 36), e.g. `admin/users/export.csv`: an "Export CSV" button beside
   * the title downloads every row the current search, filters and order select (not just the page),
   * saved as `<exportName>-<day>.csv`.
   */
  exportPath?: ApiPath<'get'>;
  /** The downloaded file's name before the day (`users`). */
  exportName?: string;
  /**
   * Bulk actions (issue 36 "Lists"): a checkbox column (with "select the page" in its header) and the
   * bulk bar over the table; `describe` names an item in the result dialog. Rows need a numeric `id`.
   */
  bulk?: { actions: BulkAction[]; describe: (record: T) => string };
}

/**
 * Generic list screen (spec section 2 "Generic list screens"): collapsible
 * Search Filter panel, data table with sorting, page-size selector 10/25/50/75/100, pagination,
 * loading and empty states; the state lives in the URL. Reads `{ data, pagination }` from `path`.
 */
export function ListScreen<T>({
  title,
  path,
  columns,
  filters = [],
  searchable,
  defaultOrder,
  idAccessor,
  actions,
  header,
  onRowClick,
  empty,
  refetchInterval,
  exportPath,
  exportName = 'export',
  bulk,
}: ListScreenProps<T>) {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const list = useListState({ order: defaultOrder });
  const queryString = list.query.toString();
  const result = useQuery({
    queryKey: ['list', path, queryString],
    queryFn: ({ signal }) => api.list<T>(path, { query: list.query, signal }),
    placeholderData: keepPreviousData,
    refetchInterval:
      typeof refetchInterval === 'function'
        ? (query) => refetchInterval(query.state.data?.data ?? [])
        : refetchInterval,
  });

  const exporting = useMutation({
    mutationFn: () => {
      const query = new URLSearchParams(list.query);
      query.delete('page');
      query.delete('limit');
      const search = query.toString();
      const day = new Date().toISOString().slice(0, 10);
      return downloadFile(api, `${exportPath}${search ? `?${search}` : ''}`, `${exportName}-${day}.csv`);
    },
    onError: (error) => showErrorToast(error instanceof Error ? error.message : String(error)),
  });

  const [selected, setSelected] = useState<T[]>([]);
  const sort = parseOrder(list.params.order);
  const records = result.data?.data ?? [];
  const total = result.data?.pagination.total ?? 0;
  // A very long list's total is PostgreSQL's estimate: shown as "about N".
  const estimated = result.data?.pagination.total_estimated === true;
  const filtered = Boolean(list.params.q) || Object.keys(list.params.filter).length > 0;
  // A query the API refuses (422: a filter value it cannot apply) is the reader's to change, not a
  // connection problem: say why, in the API's words, and offer to reset the filters.
  const refusal = isApiError(result.error, 422) ? result.error : null;
  const emptyState = refusal ? (
    <EmptyState
      icon={<IconFilterOff size={24} />}
      title={t('ui.list.filters_refused')}
      hint={Object.values(refusal.errors ?? {}).flat()[0] ?? refusal.message}
      action={
        <Button size="xs" variant="light" onClick={list.reset}>
          {t('ui.list.reset')}
        </Button>
      }
    />
  ) : result.isError ? (
    <EmptyState title={t('ui.list.load_failed')} hint={t('ui.list.load_failed_hint')} />
  ) : filtered ? (
    <EmptyState
      icon={<IconFilterOff size={24} />}
      title={t('ui.list.empty')}
      hint={t('ui.list.empty_filtered_hint')}
      action={
        <Button size="xs" variant="light" onClick={list.reset}>
          {t('ui.list.reset')}
        </Button>
      }
    />
  ) : (
    <EmptyState
      title={t(empty?.title ?? 'ui.list.empty')}
      hint={t(empty?.hint ?? 'ui.list.empty_hint')}
      action={empty?.action}
    />
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2}>{t(title)}</Title>
        {(actions || exportPath) && (
          <Group gap="xs">
            {exportPath && (
              <Button
                variant="default"
                leftSection={<IconDownload size={16} />}
                loading={exporting.isPending}
                onClick={() => exporting.mutate()}
              >
                {t('ui.list.export_csv')}
              </Button>
            )}
            {actions}
          </Group>
        )}
      </Group>
      {header}
      {(filters.length > 0 || searchable) && (
        <SearchFilterPanel
          fields={filters}
          searchable={searchable}
          q={list.params.q}
          filter={list.params.filter}
          onSearch={list.setSearch}
          onReset={list.reset}
        />
      )}
      {bulk && (
        <BulkBar
          selectedIds={selected.map((r) => (r as { id: number }).id)}
          describe={(id) => {
            const record = selected.find((r) => (r as { id: number }).id === id);
            return record ? bulk.describe(record) : `#${id}`;
          }}
          actions={bulk.actions}
          onClear={() => setSelected([])}
        />
      )}
      <Paper p={0} style={{ overflow: 'hidden' }}>
        <ListTable<T>
          {...(bulk
            ? {
                selectedRecords: selected,
                onSelectedRecordsChange: setSelected,
                allRecordsSelectionCheckboxProps: { 'aria-label': t('ui.bulk.select_page') },
                selectionCheckboxProps: { 'aria-label': t('ui.bulk.select_row') },
              }
            : {})}
          records={records}
          columns={columns.map((c) => ({ ...c, title: typeof c.title === 'string' ? t(c.title) : c.title }))}
          idAccessor={(idAccessor as never) ?? 'id'}
          fetching={result.isFetching}
          minHeight={records.length ? undefined : 240}
          emptyState={emptyState}
          loadingText={t('ui.list.loading')}
          totalRecords={total}
          recordsPerPage={list.params.limit}
          page={list.params.page}
          onPageChange={list.setPage}
          recordsPerPageOptions={[...LIMITS.pageSizes]}
          onRecordsPerPageChange={list.setLimit}
          recordsPerPageLabel={t('ui.list.page_size')}
          paginationText={({ from, to, totalRecords }) =>
            t(estimated ? 'ui.list.showing_estimate' : 'ui.list.showing', {
              from: formatNumber(from, i18n.language),
              to: formatNumber(to, i18n.language),
              total: formatNumber(totalRecords, i18n.language),
            })
          }
          sortStatus={{
            columnAccessor: (sort?.columnAccessor ?? '') as never,
            direction: sort?.direction ?? 'desc',
          }}
          onSortStatusChange={(s) => list.setOrder(`${String(s.columnAccessor)}:${s.direction}`)}
          onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
          highlightOnHover
          striped
          verticalSpacing="sm"
          horizontalSpacing="md"
        />
      </Paper>
    </Stack>
  );
}
