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

describe('/paypal/callback (issue 20)', () => {
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
