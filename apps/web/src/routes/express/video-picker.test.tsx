// @vitest-environment jsdom
import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import type { ExpressSocialCampaign } from '@lm/contracts/express';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const refetch = vi.fn();
let videos: Record<string, unknown> = {};
const idle = { mutateAsync: vi.fn(), isPending: false };
vi.mock('../../hooks/use-express', () => ({
  useSellerActions: () => ({ approve: idle, decline: idle, added: idle, submitVideo: idle, review: idle }),
  useSellerDeclineReasons: () => ({ data: [] }),
  useSubmittableVideos: () => videos,
}));
const { InfluencerActions } = await import('./CuratorActions');

afterEach(cleanup);
beforeAll(initTestI18n);

const campaign = {
  id: 7,
  type: 'tiktok',
  status: { id: S.WAITING_SUBMISSION },
  track: { name: 'Dance' },
  account: { user_name: 'ines.dances' },
} as unknown as ExpressSocialCampaign;

describe("the influencer's video picker", () => {
  it('offers to read the posts again when reading them failed, not only when there are none', () => {
    videos = { isLoading: false, isError: true, error: new Error('network'), isFetching: false, refetch };
    renderWithUi(<InfluencerActions campaign={campaign} />);
    fireEvent.click(screen.getByTestId('submit-video'));
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(screen.getByTestId('refresh-videos'));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('offers it with the empty state too', () => {
    videos = { isLoading: false, isError: false, data: [], isFetching: false, refetch };
    renderWithUi(<InfluencerActions campaign={campaign} />);
    fireEvent.click(screen.getByTestId('submit-video'));
    expect(screen.getByTestId('empty-state')).toBeTruthy();
    expect(screen.getByTestId('refresh-videos')).toBeTruthy();
  });
});
