// @vitest-environment jsdom
import type { CampaignChecks } from '@lm/contracts/campaign-checks';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { CampaignHistory } from './CampaignHistory';

afterEach(cleanup);
beforeAll(initTestI18n);

const history = (over: Partial<CampaignChecks> = {}): CampaignChecks => ({
  campaign_id: 7,
  platform: 'spotify',
  promise: 'placement',
  marks: {
    accepted_at: '2026-12-01T09:00:00.000Z',
    found_at: null,
    on_going_from: null,
    on_going_until: null,
    removed_at: null,
    completed_at: null,
  },
  days: [],
  ...over,
});

describe('<CampaignHistory> (a campaign’s daily history on its page)', () => {
  it('says the first check has not run yet instead of drawing an empty chart', () => {
    renderWithUi(<CampaignHistory history={history()} />);
    expect(screen.getByTestId('campaign-history-empty').textContent).toBe(
      'The first check has not run yet. The history starts on the day the placement or video is first found.',
    );
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByTestId('campaign-history-marks').textContent).toContain('Accepted');
  });

  it('shows nothing for a campaign the seller never accepted', () => {
    const { container } = renderWithUi(
      <CampaignHistory history={history({ marks: { ...history().marks, accepted_at: null } })} />,
    );
    expect(container.querySelector('[data-testid="campaign-history"]')).toBeNull();
  });
});
