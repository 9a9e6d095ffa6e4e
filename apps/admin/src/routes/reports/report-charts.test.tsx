// @vitest-environment jsdom
import { initTestI18n, renderWithUi } from '@lm/ui/test/render.tsx';
import { cleanup, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../hooks/use-staff';
import backOfficeEn from '../../i18n/locales/en.json';
import { payoutsPerDay, ReportCharts } from './ReportCharts';

afterEach(cleanup);
beforeAll(async () => {
  await initTestI18n();
  i18next.addResourceBundle('en', 'ui', backOfficeEn, true, false);
});

/** A day on which the platform kept a 70-coin fee, no card payment came in, and a payout was paid. */
const REPORT: Report = {
  from: '2026-11-28',
  to: '2026-11-28',
  sales: {
    days: [{ day: '2026-11-28', coins: 0, payments: 0, revenue: {}, fees: 70 }],
    totals: { coins: 0, payments: 0, revenue: [], fees: 70 },
  },
  campaigns: { by_status: [{ status_id: 6, count: 1 }], coins: 350 },
  users: {
    days: [{ day: '2026-11-28', artists: 0, curators: 0, influencers: 0 }],
    totals: { artists: 0, curators: 0, influencers: 0 },
  },
  payouts: {
    days: [
      { day: '2026-11-28', requested: 1, requested_coins: 100, paid: 1, paid_coins: 100, paid_minor: 8_000 },
    ],
    by_status: [{ status_id: 3, count: 1 }],
    totals: { requested: 1, requested_coins: 100, paid: 1, paid_coins: 100, paid_minor: 8_000 },
  },
};

describe('reports: revenue is the fees kept, one unit per axis', () => {
  it('shows the 70-coin fee as revenue, not £0, and the card payments apart', () => {
    renderWithUi(<ReportCharts report={REPORT} />);
    expect(screen.getByTestId('stat-revenue-value').textContent).toBe('70 coins');
    expect(screen.getByTestId('stat-revenue').textContent).toContain('Fees kept, net of refunds');
    expect(screen.getByTestId('stat-card-payments-value').textContent).toBe('£0.00');
  });

  it('puts coins requested and coins paid on the payouts chart, never pounds beside coins', () => {
    expect(payoutsPerDay(REPORT, (d) => d)).toEqual([{ day: '2026-11-28', requested: 100, paid: 100 }]);
  });
});
