import { Table, type TableProps, type TableTdProps, type TableTrProps } from '@mantine/core';
import type { Key, ReactNode } from 'react';

/** One column of a `RowsTable`: its header and what each row shows under it. */
export interface RowsColumn<T> {
  /** The header, already translated; left out for a column without one (a row's buttons). */
  title?: ReactNode;
  /** The header cell's width in pixels, where the column should not take its content's width. */
  width?: number;
  /** What one row shows in this column. */
  cell(row: T): ReactNode;
  /** Props of every body cell of the column, e.g. `dir="ltr"` for addresses, codes and URLs. */
  td?: TableTdProps;
}

/** A row's own props: a test id, a click, a style. */
export type RowsTableRowProps = TableTrProps & { [data: `data-${string}`]: string | undefined };

export type RowsTableProps<T> = TableProps & {
  /** The rows, in the order shown. */
  rows: readonly T[];
  columns: readonly RowsColumn<T>[];
  /** A key unique among the rows (React's list key). */
  rowKey(row: T): Key;
  rowProps?(row: T): RowsTableRowProps;
};

/**
 * A small plain table (Mantine's `Table`: one header row, one body row a record) built from column
 * definitions, for the short lists inside a record page or a dialog that need no paging, sorting or
 * phone cards (those use `ListTable` of `@lm/ui`). Every other prop (striped, borders, test id) goes
 * to the table.
 */
export function RowsTable<T>({ rows, columns, rowKey, rowProps, ...table }: RowsTableProps<T>) {
  return (
    <Table {...table}>
      <Table.Thead>
        <Table.Tr>
          {/* A table's columns are fixed for its life, so a column's place is a stable key. */}
          {columns.map((column, i) => (
            <Table.Th key={i} w={column.width}>
              {column.title}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((column, i) => (
              <Table.Td key={i} {...column.td}>
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
