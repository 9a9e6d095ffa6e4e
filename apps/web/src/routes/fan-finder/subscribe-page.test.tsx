// @vitest-environment jsdom
import type { FanFinderPlan } from '@lm/ui';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { ModalsProvider } from '@mantine/modals';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

const plan: FanFinderPlan = {
  id: 3,
  plan_name: 'Monthly',
  plan_days: 30,
  price: 300,
  features: [],
  status: 1,
};
const subscribe = { mutate: vi.fn(), isPending: false };
const idle = { mutate: vi.fn(), isPending: false };
let balance = 1000;
vi.mock('../../hooks/use-fan-finder', () => ({
  useFanFinderPlans: () => ({ isLoading: false, data: [plan] }),
  useFanFinderSubscription: () => ({ isLoading: false, data: null }),
  useSubscribe: () => subscribe,
  useSetAutoRenew: () => idle,
  useCancelSubscription: () => idle,
}));
vi.mock('../../hooks/use-wallet', () => ({
  useWalletBalance: () => ({ data: { balance } }),
}));
const { SubscribePage } = await import('./SubscribePage');

afterEach(cleanup);
beforeAll(initTestI18n);
beforeEach(() => {
  subscribe.mutate.mockReset();
  balance = 1000;
});

function render() {
  renderWithUi(
    <ModalsProvider>
      <MemoryRouter initialEntries={['/fan-finder/subscribe?plan=3']}>
        <SubscribePage />
      </MemoryRouter>
    </ModalsProvider>,
  );
}

describe('/fan-finder/subscribe', { timeout: 30_000 }, () => {
  it('renews only when chosen, and asks to confirm the price before any coin leaves the wallet', async () => {
    render();
    const renew = screen.getByLabelText('Renew automatically') as HTMLInputElement;
    expect(renew.checked).toBe(false);
    fireEvent.click(screen.getByTestId('fan-finder-pay'));
    const dialog = await screen.findByTestId('fan-finder-confirm');
    expect(dialog.textContent).toContain('You pay 300 coins now for the Monthly plan (30 days).');
    expect(dialog.textContent).toContain('Your balance after: 700 coins.');
    expect(screen.getByTestId('fan-finder-confirm-renewal').textContent).toBe(
      'Renewal: none. It ends after 30 days; you can turn renewal on later.',
    );
    expect(subscribe.mutate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('confirm-yes'));
    await waitFor(() => expect(subscribe.mutate).toHaveBeenCalledWith({ plan_id: 3, auto_renew: false }));
  });

  it('sends the renewal the artist chose; cancelling the dialog charges nothing', async () => {
    render();
    fireEvent.click(screen.getByLabelText('Renew automatically'));
    fireEvent.click(screen.getByTestId('fan-finder-pay'));
    expect((await screen.findByTestId('fan-finder-confirm-renewal')).textContent).toBe(
      'Renewal: automatic, every 30 days, for 300 coins from your wallet, until you turn it off.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('fan-finder-confirm')).toBeNull());
    expect(subscribe.mutate).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('fan-finder-pay'));
    fireEvent.click(await screen.findByTestId('confirm-yes'));
    await waitFor(() => expect(subscribe.mutate).toHaveBeenCalledWith({ plan_id: 3, auto_renew: true }));
  });

  it('"Buy coins" leads to the coin page with the way back here', () => {
    balance = 100;
    render();
    expect(screen.getByTestId('fan-finder-buy-coins').getAttribute('href')).toBe(
      `/wallet/coins/packages?return=${encodeURIComponent('/fan-finder/subscribe?plan=3')}`,
    );
  });
});
