import { ListTable, type ListTableProps } from '@lm/ui';
import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type ListCardProps<T> = ListTableProps<T> & {
  /** The list's height in pixels while it has no rows, so "No records" does not sit on a sliver. */
  emptyHeight?: number;
};

/**
 * A back-office list on a card of its own: `ListTable` edge to edge in a paper, striped rows with
 * small spacing, and "No records" (or the caller's `noRecordsText`) at `emptyHeight` while empty.
 * Every other prop goes to the table; `striped={false}` turns the stripes off.
 */
export function ListCard<T>({ emptyHeight = 180, ...table }: ListCardProps<T>) {
  const { t } = useTranslation();
  return (
    <Paper p={0} style={{ overflow: 'hidden' }}>
      <ListTable<T>
        striped
        verticalSpacing="sm"
        noRecordsText={t('ui.list.empty')}
        minHeight={table.records?.length ? undefined : emptyHeight}
        {...(table as ListTableProps<T>)}
      />
    </Paper>
  );
}
