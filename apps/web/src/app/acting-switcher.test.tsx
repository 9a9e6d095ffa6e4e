// @vitest-environment jsdom
import { ACTING_FOR_HEADER } from '@lm/contracts/organisations';
import type { MyOrganisation } from '@lm/contracts/organisations-api';
import {
  ACTING_STORAGE_KEY,
  ApiProvider,
  actingHeaders,
  createQueryClient,
  readActing,
  useApi,
} from '@lm/ui';
import { jsonResponse, testClients } from '@lm/ui/test/api.ts';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ActingBanner, ActingSwitcher } from './ActingSwitcher';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});
beforeAll(initTestI18n);

const label: MyOrganisation = {
  id: 7,
  kind: 'label',
  name: 'Moonlight Records',
  logo_url: null,
  status: 'active',
  member_id: 3,
  role: 'campaign_manager',
  artist_user_ids: [42],
  rules: [],
  artists: [{ user_id: 42, artist_name: 'Nova', avatar_url: null, managed: true }],
};

/** A screen reading an artist route: shows who the API answered for. */
function Probe() {
  const { api } = useApi();
  const q = useQuery({
    queryKey: ['probe'],
    queryFn: async () => (await api.get<{ for: string }>('artist/my-campaigns')).data,
  });
  return <div data-testid="probe">{q.data?.for ?? ''}</div>;
}

/** The switcher, banner and a probe on a fake API that records the acting header of each request. */
function renderShell() {
  const seen: { url: string; acting: string | null }[] = [];
  const fetchImpl = async (url: string, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const acting = headers[ACTING_FOR_HEADER] ?? null;
    seen.push({ url, acting });
    if (url.endsWith('/api/organisations')) return jsonResponse({ data: [label] });
    return jsonResponse({ data: { for: acting ? `artist ${acting}` : 'me' } });
  };
  renderWithUi(
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider clients={testClients(fetchImpl, { extraHeaders: actingHeaders })}>
        <ActingSwitcher />
        <ActingBanner />
        <Probe />
      </ApiProvider>
    </QueryClientProvider>,
  );
  return seen;
}

describe('acting context (issue 35)', () => {
  it('acts for a roster artist: stored per tab, X-Acting-For on every request, screens read again, back to me', {
    timeout: 60_000,
  }, async () => {
    const seen = renderShell();
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('me'));
    expect(seen.every((r) => r.acting === null)).toBe(true);
    expect(screen.queryByTestId('acting-banner')).toBeNull();

    fireEvent.click(await screen.findByTestId('acting-switcher'));
    fireEvent.click(await screen.findByTestId('acting-artist-42'));

    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('artist 42'));
    expect(screen.getByTestId('acting-banner').textContent).toContain('Acting for Nova · Moonlight Records');
    expect(JSON.parse(sessionStorage.getItem(ACTING_STORAGE_KEY) ?? 'null')).toMatchObject({
      organisationId: 7,
      artistUserId: 42,
    });
    const afterSwitch = seen.slice(seen.findIndex((r) => r.acting === '42'));
    expect(afterSwitch.length).toBeGreaterThan(0);
    // The artist's routes carry the header; the organisation routes (which refuse it) never do, so the
    // switcher keeps its list while acting.
    const own = (r: { url: string }) => /\/api\/organisations(\/|\?|$)/.test(r.url);
    expect(afterSwitch.filter((r) => !own(r)).every((r) => r.acting === '42')).toBe(true);
    expect(seen.filter(own).every((r) => r.acting === null)).toBe(true);

    fireEvent.click(screen.getByTestId('acting-back'));
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('me'));
    expect(sessionStorage.getItem(ACTING_STORAGE_KEY)).toBeNull();
    expect(screen.queryByTestId('acting-banner')).toBeNull();
    expect(seen.at(-1)?.acting).toBeNull();
  });

  it('keeps the choice over a reload, and drops one the organisations no longer allow', {
    timeout: 60_000,
  }, async () => {
    sessionStorage.setItem(
      ACTING_STORAGE_KEY,
      JSON.stringify({
        organisationId: 7,
        organisationName: 'Moonlight Records',
        organisationLogoUrl: null,
        artistUserId: 99,
        artistName: 'Gone',
      }),
    );
    expect(actingHeaders()).toEqual({ [ACTING_FOR_HEADER]: '99' });
    expect(actingHeaders('artist/my-campaigns')).toEqual({ [ACTING_FOR_HEADER]: '99' });
    expect(actingHeaders('organisations')).toEqual({});
    expect(actingHeaders('organisations/7/dashboard')).toEqual({});
    expect(actingHeaders('organisation-invites/abc/accept')).toEqual({});
    expect(actingHeaders('user/organisation')).toEqual({});
    // The member's own session: the app's session check and sign-out are never the artist's.
    expect(actingHeaders('user/info')).toEqual({});
    expect(actingHeaders('user/logout')).toEqual({});
    expect(actingHeaders('organisationsx')).toEqual({ [ACTING_FOR_HEADER]: '99' });
    renderShell();
    // Artist 99 is not among the artists I may act for any more: back to "me".
    await waitFor(() => expect(readActing()).toBeNull());
    await waitFor(() => expect(screen.getByTestId('probe').textContent).toBe('me'));
  });

  it('treats a malformed stored value as "me"', () => {
    sessionStorage.setItem(ACTING_STORAGE_KEY, '{"artistUserId":"42"}');
    expect(readActing()).toBeNull();
    expect(actingHeaders()).toEqual({});
  });
});
