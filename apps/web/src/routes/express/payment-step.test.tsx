// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../hooks/use-wallet', () => ({
  useCoinPrice: () => ({ data: { pence_per_coin: 100 } }),
  useCardReturn: () => ({ mutateAsync: vi.fn(), isPending: false }),
  useRefreshWallet: () => () => Promise.resolve(),
  rememberSandbox: () => {},
  wasSandbox: () => false,
}));
const { PaymentStep } = await import('./CampaignPayment');

afterEach(cleanup);
beforeAll(initTestI18n);

function render(coinsOnly: boolean) {
  renderWithUi(
    <MemoryRouter>
      <PaymentStep
        lines={[{ key: 1, label: 'Indie Mornings', sub: 'Starter', price: 50 }]}
        balance={20}
        method="coins"
        onMethod={() => {}}
        payError={null}
        coinsOnly={coinsOnly}
      />
    </MemoryRouter>,
  );
}

describe("the order's payment step (issue 28 item 23)", () => {
  it("a curator's order (/express/checkout) is paid with the wallet's coins only: no card, no coin packages", () => {
    render(true);
    expect(screen.queryByTestId('method-card')).toBeNull();
    expect(screen.getByTestId('express-short').querySelector('a')).toBeNull();
    expect(screen.getByTestId('express-total').textContent).toBe('50 coins');
  });

  it("an artist's order keeps the card and the way to the coin packages", () => {
    render(false);
    expect(screen.getByTestId('method-card')).toBeTruthy();
    expect(screen.getByTestId('express-short').querySelector('a')?.getAttribute('href')).toBe(
      '/wallet/coins/packages',
    );
  });
});
