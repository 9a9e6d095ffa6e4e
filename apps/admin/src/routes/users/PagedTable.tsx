import 'mantine-datatable/styles.layer.css';
import { LIMITS } from '@lm/contracts/limits';
import { type ApiPath, formatNumber, ListTable, useApi } from '@lm/ui';
import { Paper } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A table of one of the overview's tabs, paged locally (several tabs share the screen, so their state
 * does not go into the URL as the list screens' does). Reads `{data, pagination?}` from `path`;
 * `paged={false}` for answers without pagination (the last five campaigns).
 */
export function PagedTable<T>({
  path,
  columns,
  filter,
  paged = true,
  onRowClick,
}: {
  path: ApiPath<'get'>;
  columns: DataTableColumn<T>[];
  filter?: Record<string, string>;
  paged?: boolean;
  onRowClick?: (record: T) => void;
}) {
  const { t, i18n } = useTranslation();
  const { api } = useApi();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.defaultPageSize);
  const filterKey = JSON.stringify(filter ?? {});
  // A new filter starts again on the first page.
  useEffect(() => setPage(1), [filterKey]);
  const query: Record<string, string | number> = paged ? { page, limit } : {};
  for (const [k, v] of Object.entries(filter ?? {})) query[`filter[${k}]`] = v;
  const result = useQuery({
    queryKey: ['list', path, JSON.stringify(query)],
    queryFn: ({ signal }) => api.list<T>(path, { query, signal }),
    placeholderData: keepPreviousData,
  });
  const records = result.data?.data ?? [];
  const total = result.data?.pagination?.total ?? records.length;
  // A very long list's total is PostgreSQL's estimate: shown as "about N".
  const estimated = result.data?.pagination?.total_estimated === true;
  const common = {
    records,
    columns: columns.map((c) => ({ ...c, title: typeof c.title === 'string' ? t(c.title) : c.title })),
    fetching: result.isFetching,
    minHeight: records.length ? undefined : 180,
    noRecordsText: result.isError ? t('ui.list.load_failed') : t('ui.list.empty'),
    noRecordsIcon: <IconDatabaseOff size={28} />,
    onRowClick: onRowClick ? ({ record }: { record: T }) => onRowClick(record) : undefined,
    highlightOnHover: true,
    striped: true,
    verticalSpacing: 'sm' as const,
  };
  return (
    <Paper withBorder p={0} style={{ overflow: 'hidden' }}>
      {paged ? (
        <ListTable<T>
          {...common}
          totalRecords={total}
          recordsPerPage={limit}
          page={page}
          onPageChange={setPage}
          recordsPerPageOptions={[...LIMITS.pageSizes]}
          onRecordsPerPageChange={(n) => {
            setLimit(n);
            setPage(1);
          }}
          recordsPerPageLabel={t('ui.list.page_size')}
          paginationText={({ from, to, totalRecords }) =>
            t(estimated ? 'ui.list.showing_estimate' : 'ui.list.showing', {
              from: formatNumber(from, i18n.language),
              to: formatNumber(to, i18n.language),
              total: formatNumber(totalRecords, i18n.language),
            })
          }
        />
      ) : (
        <ListTable<T> {...common} />
      )}
    </Paper>
  );
}
