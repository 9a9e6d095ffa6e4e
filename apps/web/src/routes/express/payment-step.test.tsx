// @vitest-environment jsdom
import type { TopUpQuote } from '@lm/contracts';
import de from '@lm/ui/i18n/locales/de.json';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { act, cleanup, screen } from '@testing-library/react';
import i18next from 'i18next';
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

describe("the order's payment step", () => {
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

const packageQuote: TopUpQuote = {
  total: 500,
  balance: 40,
  missing: 460,
  at_coin_price_minor: 46000,
  purchase: {
    kind: 'package',
    package_id: 7,
    package_name: 'Gold',
    coins: 500,
    amount_minor: 40000,
    currency: 'GBP',
  },
  reason: 'package_cheaper',
};

function renderCard(quote: TopUpQuote) {
  renderWithUi(
    <MemoryRouter>
      <PaymentStep
        lines={[{ key: 1, label: 'Indie Mornings', sub: 'Premium', price: quote.total }]}
        balance={quote.balance}
        method="card"
        onMethod={() => {}}
        payError={null}
        cardQuote={quote}
      />
    </MemoryRouter>,
  );
}

describe('the card payment says what it charges and why', () => {
  afterEach(async () => {
    await act(() => i18next.changeLanguage('en'));
  });

  it('a cheaper package: the card is priced at the package, the extra coins stay in the wallet', () => {
    renderCard(packageQuote);
    expect(document.body.textContent).toContain('Pay £400.00 by card (500 coins bought for this campaign)');
    expect(screen.getByTestId('card-quote').textContent).toBe(
      'A 500 coins package (Gold) at £400.00 covers the 460 coins you are missing for less than £460.00 at the coin price; the 40 coins left over stay in your wallet.',
    );
  });

  it('no cheaper package: the missing coins at the coin price, said plainly', () => {
    renderCard({
      ...packageQuote,
      balance: 300,
      missing: 200,
      at_coin_price_minor: 20000,
      purchase: {
        kind: 'coins',
        package_id: null,
        package_name: null,
        coins: 200,
        amount_minor: 20000,
        currency: 'GBP',
      },
      reason: 'no_cheaper_package',
    });
    expect(screen.getByTestId('card-quote').textContent).toBe(
      'The card buys the 200 coins you are missing at the coin price: £200.00. No coin package covers them for less.',
    );
  });

  it("the amounts follow the reader's language through Intl (German)", async () => {
    i18next.addResourceBundle('de', 'ui', de);
    await act(() => i18next.changeLanguage('de'));
    renderCard(packageQuote);
    const text = screen.getByTestId('card-quote').textContent ?? '';
    expect(text).toContain('400,00');
    expect(text).toContain('460,00');
    expect(text).toContain('Gold');
  });
});
