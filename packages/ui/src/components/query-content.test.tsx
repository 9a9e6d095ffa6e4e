// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { initTestI18n, renderWithUi } from '../test/render';
import { QueryContent } from './QueryContent';

afterEach(cleanup);
beforeAll(initTestI18n);

const draw = (query: { isLoading: boolean; data?: { name: string } | null }) =>
  renderWithUi(
    <QueryContent query={query} skeletonHeight={120} notFound="payouts.not_found">
      {(record) => <p data-testid="record">{record.name}</p>}
    </QueryContent>,
  );

describe('QueryContent', () => {
  it('draws a placeholder while the record loads, and neither the record nor the notice', () => {
    const { container } = draw({ isLoading: true });
    expect(container.querySelector('.mantine-Skeleton-root')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByTestId('record')).toBeNull();
  });

  it('says in a red notice that there is no record once the query ended without one', () => {
    draw({ isLoading: false, data: null });
    expect(screen.getByRole('alert').textContent).toContain(en.payouts.not_found);
    expect(screen.queryByTestId('record')).toBeNull();
  });

  it('draws the record', () => {
    const { container } = draw({ isLoading: false, data: { name: 'Payout #7' } });
    expect(screen.getByTestId('record').textContent).toBe('Payout #7');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(container.querySelector('.mantine-Skeleton-root')).toBeNull();
  });
});
