// @vitest-environment jsdom
import {
  EXPRESS_CAMPAIGN_STATUSES,
  EXPRESS_PLAYLIST_STATUSES,
  PAYOUT_STATUSES,
  spotifyConnectionStatus,
  USER_STATUS_LABELS,
} from '@lm/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CampaignTimeline, ExpressStatusBadge } from '../express/ExpressCampaignView';
import en from '../i18n/locales/en.json';
import { initTestI18n, renderWithUi } from '../test/render';
import { StatusBadge } from './StatusBadge';
import { badgeColor, statusLabelKey } from './status-colors';

afterEach(cleanup);
beforeAll(initTestI18n);

function leaf(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
}

describe('badge colours', () => {
  it('takes the one palette of the contracts', () => {
    expect(['waiting', 'in_progress', 'success', 'failure', 'neutral'].map(badgeColor)).toEqual([
      'yellow',
      'blue',
      'green',
      'red',
      'gray',
    ]);
    expect(badgeColor('nope')).toBe('gray');
  });

  it('has a translated label for every status of the maps', () => {
    const labels = [
      ...EXPRESS_CAMPAIGN_STATUSES.map((s) => s.label),
      ...EXPRESS_PLAYLIST_STATUSES.map((s) => s.label),
      ...PAYOUT_STATUSES.map((s) => s.label),
      ...Object.values(USER_STATUS_LABELS).map((s) => s.label),
    ];
    for (const label of labels) expect(typeof leaf(statusLabelKey(label)), label).toBe('string');
  });
});

describe('<StatusBadge>', () => {
  const wrap = renderWithUi;

  it('renders the label and colour of a map entry', () => {
    wrap(<StatusBadge id={7} map={EXPRESS_CAMPAIGN_STATUSES} />);
    const badge = screen.getByText('Declined').closest('[data-color]');
    expect(badge?.getAttribute('data-color')).toBe('red');
  });

  it('colours a status by its label the same as its map entry', () => {
    wrap(<StatusBadge label="Pending for Approval" />);
    expect(screen.getByText('Pending for Approval').closest('[data-color]')?.getAttribute('data-color')).toBe(
      'yellow',
    );
  });

  it('shows other words when given, keeping the status colour', () => {
    wrap(<StatusBadge status={spotifyConnectionStatus(2)} text="Inactif" />);
    expect(screen.getByText('Inactif').closest('[data-color]')?.getAttribute('data-color')).toBe('gray');
  });

  it('renders nothing for an unknown id', () => {
    const { container } = wrap(<StatusBadge id={99} map={EXPRESS_CAMPAIGN_STATUSES} />);
    expect(container.querySelector('[data-color]')).toBeNull();
  });

  it('gives the same express status the same colour in a list badge and the timeline', () => {
    wrap(
      <>
        <div data-testid="list">
          <ExpressStatusBadge statusId={1} />
          <ExpressStatusBadge statusId={6} />
        </div>
        <CampaignTimeline
          entries={[
            {
              id: 1,
              to_status: 1,
              from_status: null,
              status: 'Pending for Approval',
              actor_type: 'system',
              actor_name: null,
              note: null,
              listened_seconds: null,
              created_at: '2025-01-01T00:00:00Z',
            },
            {
              id: 2,
              to_status: 6,
              from_status: 5,
              status: 'Completed',
              actor_type: 'system',
              actor_name: null,
              note: null,
              listened_seconds: null,
              created_at: '2025-01-02T00:00:00Z',
            },
          ]}
        />
      </>,
    );
    const colours = (text: string) =>
      screen.getAllByText(text).map((el) => el.closest('[data-color]')?.getAttribute('data-color'));
    expect(colours('Pending for Approval')).toEqual(['yellow', 'yellow']);
    expect(colours('Completed')).toEqual(['green', 'green']);
  });
});
