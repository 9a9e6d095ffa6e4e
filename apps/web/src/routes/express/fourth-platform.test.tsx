// @vitest-environment jsdom
import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import type { ExpressSocialCampaignDetail } from '@lm/contracts/express';
import {
  type ApiClient,
  type ApiPath,
  ApiProvider,
  createQueryClient,
  type PlatformDescriptor,
  registerPlatform,
  TIKTOK,
} from '@lm/ui';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The signed-in artist (the session provider would read it from the server).
vi.mock('@lm/ui', async (original) => {
  const ui = await original<typeof import('@lm/ui')>();
  const ability = await ui.buildAbility([{ action: 'call', subject: 'ARTIST_PERMISSION' }]);
  return { ...ui, useSession: () => ({ ability, user: { user_type_id: 1 }, balance: 100 }) };
});
const { CampaignDetailPage } = await import('./CampaignDetailPage');
const { NewCampaignPage } = await import('./NewCampaignPage');

/**
 * A platform that exists only here: a video platform whose artist confirms the sound, which promotes
 * released songs only, with its own paths and embed. Its texts reuse TikTok's catalog entries.
 */
const FAKE: PlatformDescriptor = {
  ...TIKTOK,
  key: 'fakeclips',
  name: 'FakeClips',
  color: 'orange',
  labelKey: 'nav.tiktok',
  // A platform only this test knows: the API document has no such path.
  checkPath: 'express-check-fakeclips-music' as ApiPath<'post'>,
  linkPlaceholder: 'https://fakeclips.example/sound/…',
  unreleased: { allowed: false, needsCover: false },
  artistConfirmsSound: true,
  platformPath: '/create/fakeclips/campaign',
  createPath: '/create/fakeclips/campaign',
  releasedCreatePath: null,
  listPath: '/fakeclips/campaigns/list',
  detailPath: (id) => `/fakeclips/campaigns/${id}`,
  renewPath: (id) => `/fakeclips/renew?campaign_id=${id}`,
  embedPagePath: (id) => `/fakeclips/embed?campaign_id=${id}`,
  connectionsPath: null,
  connectionNoteKey: null,
  adminDetailPath: (id) => `/express-fakeclips-campaigns/${id}`,
  embedUrl: (video) => `https://fakeclips.example/embed/${video.id}`,
};

const campaign = {
  id: 42,
  type: 'fakeclips',
  campaign_name: 'Night Drive',
  status: { id: S.COMPLETED },
  is_released: true,
  pitch: null,
  decline_reason: null,
  track: { name: 'Night Drive' },
  account: { user_name: 'clipper', follower_count: 1200 },
  tier: { tier_name: 'Micro' },
  influencer: { name: 'Clip Per' },
  video: { id: 'v77', url: 'https://fakeclips.example/v/v77' },
  last_views: 900,
  last_views_at: null,
  target_views: 1000,
  price: 30,
  paid_coins: 30,
  refunded_coins: 0,
  review: null,
  dispute: null,
  confirmed_at: '2026-11-01T10:00:00Z',
  confirm_until: null,
  submission_deadline: null,
  on_going_until: null,
  auditing_until: null,
  completed_at: null,
  created_at: '2026-10-28T10:00:00Z',
  timeline: [],
} as unknown as ExpressSocialCampaignDetail;

/** The server: the fake platform's campaign, tiers and accounts at its own `express-fakeclips/` paths. */
function fakeServer() {
  const get = vi.fn(async (path: string) => {
    if (path === 'express-fakeclips/artist/show/campaign/42') return { data: campaign };
    if (path === 'wallet/user/current/balance') return { data: { balance: 100 } };
    if (path.startsWith('express-fakeclips/')) return { data: [] };
    throw new Error(`unexpected GET ${path}`);
  });
  const post = vi.fn(async () => ({ data: {} }));
  const api = { get, post } as unknown as ApiClient;
  return { get, clients: { api, upload: api } };
}

function renderAt(path: string, page: ReactNode, route: string) {
  const server = fakeServer();
  renderWithUi(
    <QueryClientProvider client={createQueryClient()}>
      <ApiProvider clients={server.clients}>
        <ModalsProvider>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route path={route} element={page} />
            </Routes>
          </MemoryRouter>
        </ModalsProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
  return server;
}

let unregister: () => void;
afterEach(cleanup);
beforeAll(async () => {
  await initTestI18n();
  unregister = registerPlatform(FAKE);
});
afterAll(() => unregister());

// The first render (Mantine, the wizard) takes seconds on a busy machine.
describe('a fourth platform, registered only by this test, gets the create and detail pages from its descriptor', {
  timeout: 30_000,
}, () => {
  it('create: the video wizard at its create path, with its link placeholder and no unreleased choice', async () => {
    const server = renderAt('/create/fakeclips/campaign', <NewCampaignPage />, '/create/fakeclips/campaign');
    const link = await screen.findByPlaceholderText('https://fakeclips.example/sound/…');
    expect(link).toBeTruthy();
    // The descriptor allows released songs only: no released/unreleased switch.
    expect(screen.queryByTestId('release-state')).toBeNull();
    // Its tiers are read from its own API paths.
    expect(server.get).toHaveBeenCalledWith('express-fakeclips/user/get-tiers');
  });

  it('detail: its campaign, its embed, its renewal path and its sound confirmation', async () => {
    renderAt('/fakeclips/campaigns/42', <CampaignDetailPage />, '/fakeclips/campaigns/:campaignId');
    expect((await screen.findByTestId('campaign-name')).textContent).toBe('Night Drive');
    expect(screen.getByTestId('video-embed').querySelector('iframe')?.getAttribute('src')).toBe(
      'https://fakeclips.example/embed/v77',
    );
    expect(screen.getByTestId('renew').getAttribute('href')).toBe('/fakeclips/renew?campaign_id=42');
    // artistConfirmsSound: the confirmation is shown, and the embed page is linked.
    expect(screen.getByTestId('sound-confirmed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See it full size' }).getAttribute('href')).toBe(
      '/fakeclips/embed?campaign_id=42',
    );
  });

  it('an address no registered platform serves is not found', async () => {
    renderAt('/nowhere/campaigns/42', <CampaignDetailPage />, '/nowhere/campaigns/:campaignId');
    expect(await screen.findByTestId('not-found')).toBeTruthy();
  });
});
