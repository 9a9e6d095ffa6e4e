// @vitest-environment jsdom
import { EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { ApiProvider } from '@lm/ui';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import backOfficeEn from '../../i18n/locales/en.json';
import { ForceEnd } from './CampaignsPages';

afterEach(cleanup);
beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('en', 'ui', backOfficeEn, true, false);
});

function setup(statusId: number, seller: 'curator' | 'influencer' = 'curator') {
  const post = vi.fn(async () => ({ data: { id: 7, status_id: S.DECLINED } }));
  const client = { post } as never;
  renderWithUi(
    <QueryClientProvider client={new QueryClient()}>
      <ApiProvider clients={{ api: client, upload: client }}>
        <ForceEnd campaign={{ id: 7, status_id: statusId, price: 50 }} seller={seller} />
      </ApiProvider>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByTestId('force-end'));
  return { post };
}

describe('force-end dialog offers only the outcomes that fit', () => {
  it('Pending for Approval: only the full refund, named by the money, and why paying is not offered', async () => {
    const { post } = setup(S.PENDING_APPROVAL);
    expect(screen.getByText('What happens to the 50 coins held for this campaign?')).toBeTruthy();
    expect(screen.queryByTestId('force-end-completed')).toBeNull();
    expect(
      screen.getByLabelText(
        'Refund the artist in full: every coin goes back to the artist; the curator is paid nothing',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Completed: the curator is paid in full/)).toBeNull();
    expect(screen.getByTestId('force-end-no-pay').textContent).toBe(
      'Paying the curator is not offered: the placement was never seen on the playlist.',
    );
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('admin/express/campaigns/7/force-end', { outcome: 'refunded' });
  });

  it('On Going: paying the influencer in full or refunding the artist', async () => {
    const { post } = setup(S.ON_GOING, 'influencer');
    expect(screen.queryByTestId('force-end-no-pay')).toBeNull();
    fireEvent.click(
      screen.getByLabelText(
        'Pay the influencer in full: the coins go to the influencer, less the platform fee; the artist gets nothing back',
      ),
    );
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith('admin/express/campaigns/7/force-end', { outcome: 'completed' });
  });

  it('an ended campaign offers no force-end at all', () => {
    renderWithUi(
      <QueryClientProvider client={new QueryClient()}>
        <ApiProvider clients={{ api: {} as never, upload: {} as never }}>
          <ForceEnd campaign={{ id: 7, status_id: S.DECLINED, price: 50 }} seller="curator" />
        </ApiProvider>
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('force-end')).toBeNull();
  });
});
