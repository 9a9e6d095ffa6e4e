// @vitest-environment jsdom
import {
  EXPRESS_CAMPAIGN_STATUSES,
  expressListBadgeColor,
  expressPlaylistStatusColor,
  genericStatusColor,
  USER_STATUS_LABELS,
} from '@lm/contracts';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../i18n/locales/en.json';
import { initTestI18n, renderWithUi } from '../test/render';
import { StatusBadge } from './StatusBadge';
import { BADGE_COLORS, badgeColor, statusLabelKey } from './status-colors';

afterEach(cleanup);
beforeAll(initTestI18n);

function leaf(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
}

describe('badge colours', () => {
  it('maps the contracts colours to theme colours', () => {
    expect(BADGE_COLORS).toMatchObject({
      success: 'green',
      warning: 'orange',
      danger: 'red',
      primary: 'blue',
      secondary: 'gray',
    });
    expect(badgeColor('nope')).toBe('gray');
  });

  it('colours express statuses as the spec says', () => {
    const colours = Object.fromEntries(EXPRESS_CAMPAIGN_STATUSES.map((s) => [s.id, badgeColor(s.color)]));
    expect(colours).toEqual({
      1: 'orange',
      2: 'orange',
      3: 'orange',
      4: 'orange',
      5: 'orange',
      6: 'green',
      7: 'red',
      8: 'red',
    });
    expect([1, 2, 3, 4, 5, 6, 9].map((id) => badgeColor(expressListBadgeColor(id)))).toEqual([
      'green',
      'orange',
      'red',
      'gray',
      'red',
      'blue',
      'gray',
    ]);
    expect([1, 2, 3].map((id) => badgeColor(expressPlaylistStatusColor(id)))).toEqual([
      'green',
      'orange',
      'red',
    ]);
    expect(badgeColor(genericStatusColor('Invited'))).toBe('blue');
    expect(badgeColor(genericStatusColor('Not Registered'))).toBe('gray');
  });

  it('has a translated label for every status of the maps', () => {
    const labels = [
      ...EXPRESS_CAMPAIGN_STATUSES.map((s) => s.label),
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

  it('uses the list colour function when given', () => {
    wrap(<StatusBadge id={6} map={EXPRESS_CAMPAIGN_STATUSES} color={expressListBadgeColor} />);
    expect(screen.getByText('Completed').closest('[data-color]')?.getAttribute('data-color')).toBe('blue');
  });

  it('renders nothing for an unknown id', () => {
    const { container } = wrap(<StatusBadge id={99} map={EXPRESS_CAMPAIGN_STATUSES} />);
    expect(container.querySelector('[data-color]')).toBeNull();
  });
});
