// @vitest-environment jsdom
import { ApiProvider } from '@lm/ui/api/api-context.tsx';
import { jsonResponse, testClients } from '@lm/ui/test/api.ts';
import { initTestI18n, mediaQueryList, renderWithUi } from '@lm/ui/test/render.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import backOfficeEn from '../../i18n/locales/en.json';

// Issue 36 "Lists": the users list's bulk bar (approve, decline) over the existing bulk routes.

let granted = new Set<string>();
vi.mock('@lm/ui', async (original) => ({
  ...(await original<typeof import('@lm/ui')>()),
  useSession: () => ({ ability: { can: (_action: string, p: string) => granted.has(p) } }),
}));
const { UsersListPage } = await import('./UsersListPage');

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('en', 'ui', backOfficeEn, true, false);
});

const user = (id: number, name: string, status_key: string) => ({
  id,
  name,
  email: `${name.toLowerCase()}@test.test`,
  image: null,
  user_type_id: 1,
  user_type: { id: 1, name: 'Artist' },
  tier: null,
  status_key,
  country: null,
  member_since: '2026-11-01T00:00:00Z',
});

/**
 * The page on a phone (390 px: the list's cards, where staff select too) over a fake API answering
 * the list and the bulk routes; answers the bulk calls made.
 */
function show() {
  vi.stubGlobal('matchMedia', (query: string) => mediaQueryList(query, /max-width/.test(query)));
  window.matchMedia = globalThis.matchMedia;
  const posted: { path: string; body: unknown }[] = [];
  const fetchImpl = async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://x').pathname;
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body));
      posted.push({ path, body });
      return jsonResponse({
        data: {
          results: [
            { id: 11, ok: true, code: null, message: null },
            { id: 12, ok: false, code: 'user.not_pending', message: 'This user is not waiting for approval' },
          ],
          succeeded: 1,
          refused: 1,
        },
        message: '1 done, 1 refused',
      });
    }
    if (path === '/api/admin/users')
      return jsonResponse({
        data: [user(11, 'Casey', 'pending_approval'), user(12, 'Robin', 'approved')],
        pagination: { total: 2, limit: 10, current_page: 1, total_pages: 1 },
      });
    return jsonResponse({ data: [] });
  };
  renderWithUi(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ApiProvider clients={testClients(fetchImpl)}>
        <MemoryRouter>
          <UsersListPage />
        </MemoryRouter>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return posted;
}

describe('users list bulk decisions', () => {
  it('offers no selection without users.edit', async () => {
    granted = new Set(['view.main.users.tab.list']);
    show();
    expect(await screen.findByText('Casey', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'Select this row' })).toBeNull();
  });

  it('approves the selected users after confirming the count, then lists what was done and refused', async () => {
    granted = new Set(['view.main.users.tab.list', 'users.edit']);
    const posted = show();
    expect(await screen.findByText('Casey', {}, { timeout: 8000 })).toBeTruthy();
    const rows = screen.getAllByRole('checkbox', { name: 'Select this row' });
    fireEvent.click(rows[0]!);
    fireEvent.click(rows[1]!);
    expect(screen.getByTestId('bulk-count').textContent).toBe('2 selected');
    fireEvent.click(screen.getByTestId('bulk-approve'));
    expect(
      await screen.findByText(
        'Approve 2 users? Each is checked like a single approval; those refused are listed with the reason.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByTestId('bulk-confirm'));
    const result = await screen.findByTestId('bulk-result');
    expect(posted).toEqual([{ path: '/api/admin/users/bulk/approve', body: { ids: [11, 12] } }]);
    expect(within(result).getByTestId('bulk-result-11').textContent).toContain('#11 · Casey');
    expect(within(result).getByTestId('bulk-result-12').textContent).toContain(
      'This user is not waiting for approval',
    );
  });

  it('declines with the optional reason sent to each user', async () => {
    granted = new Set(['view.main.users.tab.list', 'users.edit']);
    const posted = show();
    expect(await screen.findByText('Casey', {}, { timeout: 8000 })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Select this row' })[0]!);
    fireEvent.click(screen.getByTestId('bulk-decline'));
    fireEvent.change(await screen.findByTestId('bulk-reason'), {
      target: { value: 'Your links do not lead to your music' },
    });
    fireEvent.click(screen.getByTestId('bulk-confirm'));
    await waitFor(() =>
      expect(posted).toEqual([
        {
          path: '/api/admin/users/bulk/decline',
          body: { ids: [11], reason: 'Your links do not lead to your music' },
        },
      ]),
    );
  });
});
