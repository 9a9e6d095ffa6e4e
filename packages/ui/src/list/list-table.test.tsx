// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StatusBadge } from '../components/StatusBadge';
import { initTestI18n, mediaQueryList, renderWithUi } from '../test/render';
import { ListTable } from './ListTable';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeAll(initTestI18n);

/** A viewport `width` px wide, as far as media queries go. */
function viewport(width: number) {
  const px = (q: string, name: string) => {
    const m = q.match(new RegExp(`${name}:\\s*(?:calc\\()?([\\d.]+)em`));
    return m ? Number(m[1]) * 16 : null;
  };
  vi.stubGlobal('matchMedia', (query: string) => {
    const max = px(query, 'max-width');
    const min = px(query, 'min-width');
    return mediaQueryList(query, (max === null || width <= max) && (min === null || width >= min));
  });
  window.matchMedia = globalThis.matchMedia;
}

interface Row {
  id: number;
  track: string;
  amount: string;
  status: string;
}
const rows: Row[] = [
  { id: 1, track: 'Midnight City', amount: '£1,250.00', status: 'Pending for Approval' },
  { id: 2, track: 'Blue Monday', amount: '£80.00', status: 'Completed' },
];
const columns = [
  { accessor: 'track' as const, title: 'Track' },
  { accessor: 'amount' as const, title: 'Amount' },
  { accessor: 'status' as const, title: 'Status', render: (r: Row) => <StatusBadge label={r.status} /> },
  { accessor: 'actions' as const, title: '', render: () => <button type="button">Open</button> },
];

describe('<ListTable>', () => {
  it('renders one card per record below the sm breakpoint, every column a label and its value', () => {
    viewport(390);
    const onRowClick = vi.fn();
    renderWithUi(
      <ListTable<Row>
        records={rows}
        columns={columns}
        onRowClick={onRowClick}
        totalRecords={30}
        recordsPerPage={10}
        page={1}
        onPageChange={() => undefined}
        paginationText={({ from, to, totalRecords }) => `${from}–${to} of ${totalRecords}`}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = screen.getAllByTestId('list-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByText('Amount')).toBeTruthy();
    expect(first.getByText('£1,250.00')).toBeTruthy();
    // The whole status, never cut to "PEN…".
    expect(first.getByText('Pending for Approval').closest('[data-color]')?.getAttribute('data-color')).toBe(
      'yellow',
    );
    // The actions column has no label; its button does not open the record.
    fireEvent.click(first.getByRole('button', { name: 'Open' }));
    expect(onRowClick).not.toHaveBeenCalled();
    fireEvent.click(first.getByText('Midnight City'));
    expect(onRowClick).toHaveBeenCalledWith(expect.objectContaining({ record: rows[0], index: 0 }));
    expect(screen.getByText('1–2 of 30')).toBeTruthy();
  });

  it('renders the data table on wider screens', () => {
    viewport(1280);
    renderWithUi(<ListTable<Row> records={rows} columns={columns} />);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryAllByTestId('list-card')).toHaveLength(0);
  });

  it('shows the empty state in cards too', () => {
    viewport(390);
    renderWithUi(
      <ListTable<Row> records={[]} columns={columns} emptyState={<p>Nothing yet: create one</p>} />,
    );
    expect(screen.getByText('Nothing yet: create one')).toBeTruthy();
  });
});
