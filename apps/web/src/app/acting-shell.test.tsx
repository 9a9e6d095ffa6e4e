// @vitest-environment jsdom
import { ACTING_FOR_HEADER, type OrganisationRole, organisationRules } from '@lm/contracts/organisations';
import type { MyOrganisation } from '@lm/contracts/organisations-api';
import {
  ACTING_STORAGE_KEY,
  ApiProvider,
  actingHeaders,
  createQueryClient,
  PreferencesProvider,
  readActing,
  SessionProvider,
  STORAGE_KEYS,
  useApi,
  writeToken,
} from '@lm/ui';
import { jsonResponse, testClients } from '@lm/ui/test/api.ts';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Outlet, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ActingGate } from './ActingGate';
import { SignedInShell } from './SignedInLayout';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});
beforeAll(initTestI18n);

const ORG = 7;
/** Generous waits: the shell's first render is slow on a loaded machine. */
const SLOW = { timeout: 15_000 };
const ARTIST = 42;

/** The member's organisation with the rules the API sends for `role`, limited to the artist. */
function organisation(role: OrganisationRole): MyOrganisation {
  return {
    id: ORG,
    kind: 'label',
    name: 'Moonlight Records',
    logo_url: null,
    status: 'active',
    member_id: 3,
    role,
    artist_user_ids: [ARTIST],
    rules: organisationRules(ORG, role, [ARTIST]),
    artists: [{ user_id: ARTIST, artist_name: 'Nova', avatar_url: null, managed: true }],
  };
}

/** A screen reading `probe/<name>`: the test sees whether it rendered and whether it called the API. */
function Probe({ name }: { name: string }) {
  const { api } = useApi();
  useQuery({
    queryKey: ['probe', name],
    queryFn: async () => (await api.get(`probe/${name}` as never)).data,
  });
  return <div data-testid={`screen-${name}`}>{name}</div>;
}

/**
 * The signed-in shell around probe screens at real paths of routes.tsx, on a fake API: the member
 * (an artist account, user type 1) belongs to one organisation with `role`, and the tab acts for its
 * artist Nova. Answers `seen`, the requests made.
 */
function renderShell(role: OrganisationRole, path: string) {
  const seen: { url: string; acting: string | null }[] = [];
  writeToken('AUTH_TOKEN', 'tok');
  // The side menu expanded (labels and groups), as a member who opened it sees it.
  localStorage.setItem(STORAGE_KEYS.menuCollapsed, 'false');
  sessionStorage.setItem(
    ACTING_STORAGE_KEY,
    JSON.stringify({
      organisationId: ORG,
      organisationName: 'Moonlight Records',
      organisationLogoUrl: null,
      artistUserId: ARTIST,
      artistName: 'Nova',
    }),
  );
  const fetchImpl = async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    seen.push({ url, acting: headers[ACTING_FOR_HEADER] ?? null });
    if (url.includes('/api/user/info'))
      return jsonResponse({
        data: {
          id: 5,
          first_name: 'Marco',
          last_name: 'Rossi',
          full_name: 'Marco Rossi',
          email: 'marco@example.test',
          user_type_id: 1,
          email_verified: true,
          must_change_password: false,
          abilities: [{ action: 'call', subject: ['general', 'ARTIST_PERMISSION', 'ARTIST_ALL_PERMISSION'] }],
        },
      });
    if (url.includes('/api/organisations')) return jsonResponse({ data: [organisation(role)] });
    return jsonResponse({ data: [] });
  };
  renderWithUi(
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider clients={testClients(fetchImpl, { extraHeaders: actingHeaders })}>
        <PreferencesProvider>
          <SessionProvider tokenKey="AUTH_TOKEN" infoPath="user/info" logoutPath="user/logout">
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route
                  element={
                    <SignedInShell>
                      <ActingGate>
                        <Outlet />
                      </ActingGate>
                    </SignedInShell>
                  }
                >
                  <Route path="/dashboard" element={<Probe name="dashboard" />} />
                  <Route path="/fan-finder/dashboard" element={<Probe name="fan-finder" />} />
                  <Route path="/select/platform" element={<Probe name="select-platform" />} />
                </Route>
              </Routes>
            </MemoryRouter>
          </SessionProvider>
        </PreferencesProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return seen;
}

/** The menu's link targets. */
const menuLinks = () =>
  [...document.querySelectorAll('a[href]')]
    .map((a) => a.getAttribute('href'))
    .filter((h) => h?.startsWith('/'));

describe('the shell while acting for an artist (issue 35)', { timeout: 60_000 }, () => {
  it('shows a manager the artist side with New campaign, never the member’s own screens', async () => {
    renderShell('campaign_manager', '/dashboard');
    await screen.findByTestId('screen-dashboard', {}, SLOW);
    await waitFor(() => expect(menuLinks()).toContain('/select/platform'), SLOW);
    const links = menuLinks();
    expect(links).toEqual(
      expect.arrayContaining(['/dashboard', '/my-campaigns', '/wallet/user/transaction', '/organisations']),
    );
    for (const own of [
      '/fan-finder/dashboard',
      '/tickets',
      '/connections',
      '/forms',
      '/wallet/coins/packages',
      '/account',
      '/security',
      '/account/api-keys',
      '/account/webhooks',
    ])
      expect(links).not.toContain(own);
  });

  it('shows a viewer the artist side without New campaign', async () => {
    renderShell('viewer', '/dashboard');
    await screen.findByTestId('screen-dashboard', {}, SLOW);
    await waitFor(() => expect(menuLinks()).toContain('/my-campaigns'), SLOW);
    const links = menuLinks();
    expect(links).not.toContain('/select/platform');
    expect(links).not.toContain('/fan-finder/dashboard');
    expect(links).not.toContain('/tickets');
  });

  it('shows the panel instead of a screen not available while acting, and goes back to my account', async () => {
    const seen = renderShell('campaign_manager', '/fan-finder/dashboard');
    expect(await screen.findByTestId('acting-unavailable-own_account', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Not available while acting for Nova')).toBeTruthy();
    expect(screen.queryByTestId('screen-fan-finder')).toBeNull();
    expect(seen.some((r) => r.url.includes('probe/'))).toBe(false);

    fireEvent.click(screen.getByTestId('acting-unavailable-back'));
    await screen.findByTestId('screen-fan-finder', {}, SLOW);
    expect(readActing()).toBeNull();
    await waitFor(
      () => expect(seen.some((r) => r.url.includes('probe/fan-finder') && r.acting === null)).toBe(true),
      SLOW,
    );
  });

  it('shows a viewer the read-only panel on a screen that creates a campaign', async () => {
    const seen = renderShell('viewer', '/select/platform');
    expect(await screen.findByTestId('acting-unavailable-read_only', {}, SLOW)).toBeTruthy();
    expect(
      screen.getByText("Your role in Moonlight Records lets you read Nova's campaigns, not create them."),
    ).toBeTruthy();
    expect(seen.some((r) => r.url.includes('probe/'))).toBe(false);
  });

  it('opens a screen that creates a campaign to a manager', async () => {
    renderShell('campaign_manager', '/select/platform');
    await screen.findByTestId('screen-select-platform', {}, SLOW);
    expect(screen.queryByTestId('acting-unavailable')).toBeNull();
  });
});
