// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

const capture = vi.fn();
vi.mock('../../hooks/use-wallet', () => ({
  useConfirmPayPal: () => ({ mutateAsync: capture }),
  useRefreshWallet: () => () => Promise.resolve(),
  wasSandbox: () => false,
}));
const { PayPalCallbackPage } = await import('./PayPalCallbackPage');

afterEach(cleanup);
beforeAll(initTestI18n);

describe('/paypal/callback', () => {
  it('opened without an order says nothing was charged, not "Payment failed", and captures nothing', () => {
    renderWithUi(
      <MemoryRouter initialEntries={['/paypal/callback']}>
        <PayPalCallbackPage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('paypal-no-order').textContent).toContain('No PayPal payment to confirm');
    expect(screen.queryByTestId('payment-result')).toBeNull();
    expect(capture).not.toHaveBeenCalled();
    expect(screen.getByTestId('paypal-to-wallet').getAttribute('href')).toBe('/wallet/user/transaction');
  });
});

describe('/paypal/callback leads back where the artist came from', () => {
  it('once paid, offers to continue on the kept page, and "Back to the packages" keeps the way back', async () => {
    sessionStorage.setItem('COINS_RETURN_TO', '/fan-finder/subscribe?plan=3');
    capture.mockResolvedValueOnce({ status: 'paid', coins: 100, balance: 400 });
    renderWithUi(
      <MemoryRouter initialEntries={['/paypal/callback?token=ORDER-1&PayerID=P']}>
        <PayPalCallbackPage />
      </MemoryRouter>,
    );
    expect((await screen.findByTestId('payment-continue')).getAttribute('href')).toBe(
      '/fan-finder/subscribe?plan=3',
    );
    expect(screen.getByTestId('paypal-back').getAttribute('href')).toBe(
      `/wallet/coins/packages?return=${encodeURIComponent('/fan-finder/subscribe?plan=3')}`,
    );
  });

  it('ignores a kept path that leaves the site', async () => {
    sessionStorage.setItem('COINS_RETURN_TO', '//evil.example/phish');
    capture.mockResolvedValueOnce({ status: 'paid', coins: 100, balance: 400 });
    renderWithUi(
      <MemoryRouter initialEntries={['/paypal/callback?token=ORDER-2&PayerID=P']}>
        <PayPalCallbackPage />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('payment-result')).toBeTruthy();
    expect(screen.queryByTestId('payment-continue')).toBeNull();
    expect(screen.getByTestId('paypal-back').getAttribute('href')).toBe('/wallet/coins/packages');
  });
});
