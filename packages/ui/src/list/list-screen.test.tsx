// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../api/api-error';
import { createQueryClient } from '../api/query-client';
import { initTestI18n, renderWithUi } from '../test/render';

let estimated = true;
let refusal: ApiRequestError | null = null;
vi.mock('../api/api-context', () => ({
  useApi: () => ({
    api: {
      options: { baseUrl: '/api', getLanguage: () => 'fr' },
      token: () => 'tok',
      list: async () => {
        if (refusal) throw refusal;
        return {
          data: [{ id: 1, name: 'One' }],
          pagination: {
            total: 200_000,
            limit: 10,
            current_page: 1,
            total_pages: 20_000,
            ...(estimated ? { total_estimated: true } : {}),
          },
        };
      },
    },
  }),
}));
const { ListScreen } = await import('./ListScreen');

afterEach(cleanup);
beforeAll(initTestI18n);

function show(client = new QueryClient()) {
  renderWithUi(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <ListScreen<{ id: number; name: string }>
          title="Things"
          path="admin/admins"
          columns={[{ accessor: 'name', title: 'Name' }]}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('list totals', () => {
  it('shows an estimated total as "about N"', async () => {
    estimated = true;
    show();
    expect(await screen.findByText(/of about 200,000$/)).toBeTruthy();
  });

  it('shows an exact total as it is', async () => {
    estimated = false;
    show();
    expect(await screen.findByText(/of 200,000$/)).toBeTruthy();
  });
});

describe('a query the API refuses', () => {
  it('says the filters cannot be applied, with the API’s reason, and offers to reset them (not "check your connection")', async () => {
    refusal = new ApiRequestError(422, {
      message: 'The given data was invalid.',
      code: 'VALIDATION',
      errors: { 'filter[date_from]': ['Please enter a valid date (YYYY-MM-DD)'] },
    });
    // The apps' client: a 4xx is not retried, so the refusal shows at once.
    show(createQueryClient());
    expect(await screen.findByText('These filters cannot be applied')).toBeTruthy();
    expect(screen.getByText('Please enter a valid date (YYYY-MM-DD)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeTruthy();
    expect(screen.queryByText('The list could not be loaded')).toBeNull();
    refusal = null;
  });
});

describe('CSV export', () => {
  it('downloads every row of the current search, filters and order (no paging), with the reader’s language', async () => {
    estimated = false;
    const fetchMock = vi.fn(async () => new Response('\uFEFFid\n1\n', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    renderWithUi(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter
          initialEntries={['/x?q=ann&filter%5Bstatus%5D=approved&order=name%3Aasc&page=3&limit=25']}
        >
          <ListScreen<{ id: number; name: string }>
            title="Things"
            path="admin/users"
            exportPath="admin/users/export.csv"
            exportName="users"
            columns={[{ accessor: 'name', title: 'Name' }]}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const query = new URL(url, 'http://x').searchParams;
    expect(url.startsWith('/api/admin/users/export.csv?')).toBe(true);
    expect(query.get('q')).toBe('ann');
    expect(query.get('filter[status]')).toBe('approved');
    expect(query.get('order')).toBe('name:asc');
    expect(query.has('page')).toBe(false);
    expect(query.has('limit')).toBe(false);
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', 'X-Lang': 'fr' });
    vi.unstubAllGlobals();
  });
});
