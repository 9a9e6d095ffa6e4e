// @vitest-environment jsdom
import type { RosterDashboardRow } from '@lm/contracts/organisation-money-api';
import { type OrganisationRole, organisationRules } from '@lm/contracts/organisations';
import type { MyOrganisation, RosterArtist } from '@lm/contracts/organisations-api';
import { ApiProvider, createQueryClient } from '@lm/ui';
import { jsonResponse, testClients } from '@lm/ui/test/api.ts';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OrganisationPage } from './OrganisationPage';

afterEach(cleanup);
beforeAll(initTestI18n);

function membership(role: OrganisationRole, artistIds: number[] | null): MyOrganisation {
  return {
    id: 7,
    kind: 'label',
    name: 'Moonlight Records',
    logo_url: null,
    status: 'active',
    member_id: 3,
    role,
    artist_user_ids: artistIds,
    rules: organisationRules(7, role, artistIds),
    artists: [{ user_id: 42, artist_name: 'Nova', avatar_url: null, managed: true }],
  };
}

const nova: RosterArtist = {
  id: 1,
  artist_user_id: 42,
  artist_name: 'Nova',
  avatar_url: null,
  country_code: 'GB',
  status: 'active',
  managed: true,
  invited_at: '2026-11-01T10:00:00.000Z',
  joined_at: '2026-11-01T10:00:00.000Z',
  ended_at: null,
};
const row: RosterDashboardRow = {
  artist_user_id: 42,
  artist_name: 'Nova',
  avatar_url: null,
  managed: true,
  open_campaigns: 2,
  finished_campaigns: 5,
  spent_this_month: 450,
  monthly_budget: 500,
  placements: 31,
  streams: 120_000,
};

/** The organisation page at `path` for a member with `role`, on a fake API recording the calls. */
function renderAt(path: string, role: OrganisationRole, artistIds: number[] | null = null) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchImpl = async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (url.endsWith('/api/organisations')) return jsonResponse({ data: [membership(role, artistIds)] });
    if (url.endsWith('/organisations/7/dashboard')) return jsonResponse({ data: [row] });
    if (url.endsWith('/organisations/7/artists')) return jsonResponse({ data: [nova] });
    if (url.endsWith('/organisations/7/budgets') && method === 'GET') return jsonResponse({ data: [] });
    if (url.endsWith('/organisations/7/budgets/42'))
      return jsonResponse({
        data: {
          artist_user_id: 42,
          artist_name: 'Nova',
          monthly_coins: 300,
          available: 300,
          spent_this_month: 0,
          month: '2026-12',
        },
        message: 'Budget saved',
      });
    return jsonResponse({ message: 'Not found' }, 404);
  };
  renderWithUi(
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider clients={testClients(fetchImpl)}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/organisations/:id" element={<OrganisationPage />} />
            <Route path="/organisations/:id/:section" element={<OrganisationPage />} />
          </Routes>
        </MemoryRouter>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return calls;
}

describe('organisation page (issue 35)', () => {
  it("shows the owner every section and each artist's spend against the budget, with Act for", {
    timeout: 60_000,
  }, async () => {
    renderAt('/organisations/7', 'owner');
    const card = await screen.findByTestId('dashboard-42', {}, { timeout: 10_000 });
    expect(card.textContent).toContain('450 coins spent this month of 500 coins');
    expect(card.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow')).toBe('90');
    expect(screen.getByTestId('act-for-42')).toBeTruthy();
    for (const tab of ['dashboard', 'roster', 'team', 'budgets', 'billing', 'statement', 'settings'])
      expect(screen.getByTestId(`org-tab-${tab}`)).toBeTruthy();
  });

  it('hides what a campaign manager may not use, and a forbidden section URL is not found', {
    timeout: 60_000,
  }, async () => {
    renderAt('/organisations/7/settings', 'campaign_manager', [42]);
    expect(await screen.findByTestId('not-found', {}, { timeout: 10_000 })).toBeTruthy();
    cleanup();
    renderAt('/organisations/7/roster', 'campaign_manager', [42]);
    await screen.findByTestId('roster-42', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('org-tab-settings')).toBeNull();
    expect(screen.queryByTestId('org-tab-statement')).toBeNull();
    expect(screen.getByTestId('org-tab-budgets')).toBeTruthy();
    // Reads the roster, may not change it.
    expect(screen.queryByTestId('roster-add-managed')).toBeNull();
    expect(screen.queryByTestId('roster-remove-42')).toBeNull();
  });

  it('lets finance set a monthly budget, checked as the server checks it', { timeout: 60_000 }, async () => {
    const calls = renderAt('/organisations/7/budgets', 'finance');
    fireEvent.click(await screen.findByTestId('budget-set-42', {}, { timeout: 10_000 }));
    const input = await screen.findByTestId('budget-coins');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('budget-save'));
    expect(await screen.findByText('The amount must be a whole number of coins above zero')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(input, { target: { value: '300' } });
    fireEvent.click(screen.getByTestId('budget-save'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        url: '/api/organisations/7/budgets/42',
        body: { monthly_coins: 300 },
      }),
    );
  });
});
