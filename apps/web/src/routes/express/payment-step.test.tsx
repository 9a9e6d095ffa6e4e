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

import type { CampaignFunds } from './campaign-funds';

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

const actingFor = {
  organisationId: 7,
  organisationName: 'Northern Lights Records',
  organisationLogoUrl: null,
  artistUserId: 42,
  artistName: 'Aurora Vale',
};

function renderActing(funds: CampaignFunds, payError: string | null = null) {
  renderWithUi(
    <MemoryRouter>
      <PaymentStep
        lines={[{ key: 1, label: 'Indie Mornings', sub: 'Starter', price: 50 }]}
        balance={funds.balance}
        method="coins"
        onMethod={() => {}}
        payError={payError}
        coinsOnly={funds.coinsOnly}
        funds={funds}
      />
    </MemoryRouter>,
  );
}

describe('a team member acting for an artist pays from what the organisation gave the artist (issue 35)', () => {
  it("the artist's budget: named, no card, more coins by raising the budget (a role managing funding)", () => {
    renderActing({
      balance: 20,
      source: 'budget',
      acting: actingFor,
      coinsOnly: true,
      fundTo: '/organisations/7/budgets',
    });
    expect(screen.queryByTestId('method-card')).toBeNull();
    expect(document.body.textContent).toContain("Aurora Vale's budget left this month");
    expect(screen.getByTestId('express-balance').textContent).toBe('20 coins');
    const short = screen.getByTestId('express-short');
    expect(short.textContent).toContain("Aurora Vale's budget for this month is too low for this campaign.");
    expect(short.querySelector('a')?.getAttribute('href')).toBe('/organisations/7/budgets');
    // Never the member's own coin packages.
    expect(document.querySelector('a[href="/wallet/coins/packages"]')).toBeNull();
  });

  it("no budget: the artist's wallet, and a campaign manager (no funding rights) gets no link", () => {
    const funds: CampaignFunds = {
      balance: 0,
      source: 'wallet',
      acting: actingFor,
      coinsOnly: true,
      fundTo: null,
    };
    renderActing(funds);
    expect(document.body.textContent).toContain("Aurora Vale's wallet");
    expect(screen.getByTestId('express-short').textContent).toContain(
      "Aurora Vale's wallet holds too few coins for this campaign.",
    );
    expect(document.querySelector('a')).toBeNull();
    cleanup();
    // The API's refusal (409 organisations.budget_exceeded) shows alone, without a way the role lacks.
    renderActing(funds, 'The budget holds too few coins.');
    expect(screen.getByTestId('pay-error').textContent).toBe('The budget holds too few coins.');
    expect(document.querySelector('a')).toBeNull();
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
