// @vitest-environment jsdom
import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import type { ExpressListenView, ExpressSocialCampaignDetail } from '@lm/contracts/express';
import { type ApiClient, ApiProvider, createQueryClient } from '@lm/ui';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SocialPlatform, useSocialCampaign } from '../../hooks/use-social-express';
import { InfluencerActions, SellerDecision } from './CuratorActions';

afterEach(cleanup);
beforeAll(initTestI18n);

/** The server of one TikTok or Instagram campaign: approving moves it to "waiting for the video". */
function fakeServer(platform: SocialPlatform) {
  let status: number = S.PENDING_APPROVAL;
  const get = vi.fn(async (path: string) =>
    path.endsWith('/listen') ? { data: LISTENED } : campaignOf(platform, status),
  );
  const post = vi.fn(async (path: string) => {
    if (path.endsWith('/approve/campaign')) status = S.WAITING_SUBMISSION;
    return { data: {}, message: 'Campaign approved' };
  });
  const api = { get, post } as unknown as ApiClient;
  return { get, clients: { api, upload: api } };
}

/** The server's answer once the seller has listened long enough. */
const LISTENED: ExpressListenView = {
  campaign_id: 5,
  listened_seconds: 30,
  required_seconds: 30,
  can_decide: true,
  player: { kind: 'audio', url: '/api/sandbox/audio/tiktok/1.wav?seconds=45', reports_playback: true },
  track: {
    name: 'Dance',
    artist: 'Ava',
    url: 'https://www.tiktok.com/music/x-1',
    is_released: true,
    language: null,
  },
  pitch: null,
  artist: { name: 'Ava', bio: null, genres: [], links: [] },
};

function campaignOf(platform: SocialPlatform, status: number) {
  return {
    data: {
      id: 5,
      type: platform,
      campaign_name: 'Dance',
      status: { id: status },
      track: { name: 'Dance' },
      account: { user_name: 'ines.dances' },
    } as unknown as ExpressSocialCampaignDetail,
  };
}

/**
 * The campaign page as the seller sees it: a pending request's decision (player first, then Approve),
 * afterwards the seller's buttons in the header.
 */
function Header({ platform }: { platform: SocialPlatform }) {
  const campaign = useSocialCampaign(platform, 5);
  if (!campaign.data) return null;
  return campaign.data.status.id === S.PENDING_APPROVAL ? (
    <SellerDecision platform={platform as 'tiktok' | 'instagram'} campaign={campaign.data} />
  ) : (
    <InfluencerActions campaign={campaign.data} />
  );
}

// The first render (Mantine, modals, the confirm dialog) takes seconds on a busy machine.
describe('TikTok and Instagram campaign pages after a seller action', {
  timeout: 30_000,
}, () => {
  it.each<SocialPlatform>(['tiktok', 'instagram'])(
    '%s: Approve (once listened) refreshes the campaign, so the header offers the video instead of Approve',
    async (platform) => {
      const server = fakeServer(platform);
      renderWithUi(
        <QueryClientProvider client={createQueryClient()}>
          <ApiProvider clients={server.clients}>
            <ModalsProvider>
              <Header platform={platform} />
            </ModalsProvider>
          </ApiProvider>
        </QueryClientProvider>,
      );
      fireEvent.click(await screen.findByTestId('approve-campaign'));
      fireEvent.click(await screen.findByTestId('confirm-yes'));
      expect(await screen.findByTestId('submit-video')).toBeTruthy();
      await waitFor(() => expect(screen.queryByTestId('approve-campaign')).toBeNull());
      expect(server.get.mock.calls.filter(([path]) => !String(path).endsWith('/listen'))).toHaveLength(2);
    },
  );
});
