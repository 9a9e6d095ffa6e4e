// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';

let estimated = true;
vi.mock('../api/api-context', () => ({
  useApi: () => ({
    api: {
      list: async () => ({
        data: [{ id: 1, name: 'One' }],
        pagination: {
          total: 200_000,
          limit: 10,
          current_page: 1,
          total_pages: 20_000,
          ...(estimated ? { total_estimated: true } : {}),
        },
      }),
    },
  }),
}));
const { ListScreen } = await import('./ListScreen');

afterEach(cleanup);
beforeAll(initTestI18n);

function show() {
  renderWithUi(
    <QueryClientProvider client={new QueryClient()}>
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
