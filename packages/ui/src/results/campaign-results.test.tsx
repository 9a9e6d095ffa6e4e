// @vitest-environment jsdom
import type { CampaignReport } from '@lm/contracts/results';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { CampaignResults } from './CampaignResults';

afterEach(cleanup);
beforeAll(initTestI18n);

const report: CampaignReport = {
  campaign_id: 1,
  type: 'spotify',
  status: 6,
  track: { id: 't1', name: 'Wild Fireflies' },
  target: { id: 3, name: 'Indie Pop Rising', tier: 'Premium' },
  window: { from: '2026-04-01', to: '2026-04-28', days: 28 },
  baseline: { from: '2026-03-04', to: '2026-03-31' },
  metrics: [
    {
      metric: 'streams',
      scope: 'track',
      before: { from: '2026-03-04', to: '2026-03-31', days: 28, mean: 200 },
      during: { from: '2026-04-01', to: '2026-04-28', days: 28, mean: 300 },
      enough_data: true,
      difference: 100,
      change_percent: 50,
      extra_total: 2800,
    },
  ],
  missing: [],
  coins_spent: 280,
  cost_per_1000: 100,
  result_unit: 'extra_streams',
  results: 2800,
  overlapping: [
    {
      id: 9,
      type: 'tiktok',
      target_name: '@dance',
      track_name: 'Wild Fireflies',
      same_track: true,
      from: '2026-04-10',
      to: '2026-04-20',
    },
  ],
};

const show = (r: CampaignReport, uploadsPath?: string) =>
  renderWithUi(
    <MemoryRouter>
      <CampaignResults
        report={r}
        loading={false}
        campaignPath={(type, id) => `/${type}/${id}`}
        uploadsPath={uploadsPath}
      />
    </MemoryRouter>,
  );

describe('campaign results', () => {
  it('shows the comparison, the cost and the campaigns it cannot separate', () => {
    show(report, '/results/uploads');
    const row = screen.getByTestId('results-metrics');
    expect(row.textContent).toContain('Streams of the song');
    expect(row.textContent).toContain('+100');
    expect(row.textContent).toContain('+50%');
    expect(screen.getByTestId('results-coins').textContent).toBe('280 coins');
    expect(screen.getByTestId('results-result').textContent).toBe('+2,800');
    expect(screen.getByTestId('results-cost').textContent).toBe('100 coins');
    const overlap = screen.getByTestId('results-overlapping');
    expect(overlap.textContent).toContain('1 other campaign ran at the same time');
    expect(overlap.textContent).toContain('cannot separate');
    expect(overlap.querySelector('a')?.getAttribute('href')).toBe('/tiktok/9');
    expect(screen.getByTestId('results-method').textContent).toContain('UTC calendar days');
    expect(screen.queryByTestId('results-missing')).toBeNull();
  });

  it('says what is missing and links the artist to the uploads', () => {
    show(
      { ...report, metrics: [], missing: ['no_upload'], results: null, cost_per_1000: null, overlapping: [] },
      '/results/uploads',
    );
    expect(screen.getByTestId('results-missing').textContent).toContain('No figures yet');
    expect(screen.getByTestId('results-upload-link').getAttribute('href')).toBe('/results/uploads');
    expect(screen.getByTestId('results-cost').textContent).toBe('—');
    cleanup();
    // Staff read the same without the artist's upload link.
    show({
      ...report,
      metrics: [],
      missing: ['no_upload'],
      results: null,
      cost_per_1000: null,
      overlapping: [],
    });
    expect(screen.queryByTestId('results-upload-link')).toBeNull();
  });
});
