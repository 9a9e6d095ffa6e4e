// @vitest-environment jsdom
import type { CoinPackage } from '@lm/ui';
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PackageCard } from './PackageCard';

afterEach(cleanup);
beforeAll(initTestI18n);

const pkg: CoinPackage = {
  id: 7,
  name: 'Gold',
  coins: 1000,
  bonus_coins: 150,
  total_coins: 1150,
  price: 90_000,
  currency: 'GBP',
  min_followers: 5000,
  duration_days: 30,
  is_active: true,
  position: 1,
  list_price: 115_000,
  saving: 25_000,
  saving_percent: 21,
  converted: null,
};

describe('coin package card', () => {
  it('says what the purchase brings (price, coins, bonus, total) and nothing about followers or days', () => {
    renderWithUi(<PackageCard pkg={pkg} busy={false} onCard={() => {}} onPayPal={() => {}} />);
    const card = screen.getByTestId('package-7');
    expect(screen.getByTestId('package-price').textContent).toBe('£900.00');
    expect(screen.getByTestId('package-coins').textContent).toBe('Coins1,000');
    expect(screen.getByTestId('package-bonus-coins').textContent).toBe('Bonus coins150');
    expect(screen.getByTestId('package-total-coins').textContent).toBe('Total coins1,150');
    expect(card.textContent).not.toMatch(/Min Followers|Duration in Days|5,000/);
  });
});
