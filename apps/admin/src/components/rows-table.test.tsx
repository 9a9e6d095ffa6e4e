// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RowsTable } from './RowsTable';

afterEach(cleanup);
beforeAll(async () => {
  await initTestI18n();
});

describe('RowsTable', () => {
  it('renders one header cell a column and one row a record, with the row and cell props', () => {
    const onClick = vi.fn();
    renderWithUi(
      <RowsTable
        data-testid="t"
        rows={[
          { id: 1, name: 'One', url: 'https://a.test' },
          { id: 2, name: 'Two', url: 'https://b.test' },
        ]}
        rowKey={(r) => r.id}
        rowProps={(r) => ({ 'data-testid': `row-${r.id}`, onClick: () => onClick(r.id) })}
        columns={[
          { title: 'Name', width: 120, cell: (r) => r.name },
          { title: 'Address', td: { dir: 'ltr' }, cell: (r) => <a href={r.url}>{r.url}</a> },
          { cell: (r) => <button type="button">Open {r.name}</button> },
        ]}
      />,
    );
    const table = screen.getByTestId('t');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Address', '']);
    const second = screen.getByTestId('row-2');
    const cells = within(second).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual(['Two', 'https://b.test', 'Open Two']);
    expect(cells[1]?.getAttribute('dir')).toBe('ltr');
    expect(cells[0]?.getAttribute('dir')).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    fireEvent.click(second);
    expect(onClick).toHaveBeenCalledWith(2);
  });
});
