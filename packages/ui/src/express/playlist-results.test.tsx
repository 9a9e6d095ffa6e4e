// @vitest-environment jsdom
import type { QualityScore } from '@lm/contracts/score';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { PlaylistResultsView } from './PlaylistResults';
import { QualityScoreParts } from './QualityScore';

afterEach(cleanup);
beforeAll(initTestI18n);

const results = {
  listeners_per_placement: 61.5,
  campaigns: 5,
  artists: 3,
  stay_days: 25.7,
  stay_campaigns: 6,
  stay_artists: 1,
};

describe('<PlaylistResultsView> (what a playlist delivered, on its profile)', () => {
  it('shows both figures, each with the campaigns and artists it comes from', () => {
    renderWithUi(<PlaylistResultsView results={results} />);
    expect(screen.getByTestId('results-listeners').textContent).toContain('+62 a day');
    expect(screen.getByTestId('results-listeners-source').textContent).toBe('from 5 campaigns of 3 artists');
    expect(screen.getByTestId('results-stay').textContent).toContain('25.7 days');
    expect(screen.getByTestId('results-stay-source').textContent).toBe('from 6 campaigns of 1 artist');
  });

  it('shows only the figure that reached its minimum, and nothing below both', () => {
    renderWithUi(<PlaylistResultsView results={{ ...results, listeners_per_placement: null }} />);
    expect(screen.queryByTestId('results-listeners')).toBeNull();
    expect(screen.getByTestId('results-stay')).toBeTruthy();
    cleanup();
    renderWithUi(<PlaylistResultsView results={null} />);
    expect(screen.queryByTestId('playlist-results')).toBeNull();
  });
});

describe('<QualityScoreParts> with result parts', () => {
  const score = (parts: Partial<QualityScore['parts']>): QualityScore => ({
    score: 80,
    is_new: false,
    campaigns: 9,
    parts: { acceptance: 90, response: 80, delivery: 100, keep: 40, rating: 75, views: null, ...parts },
    median_response_minutes: null,
    ratings_count: 0,
    rating_average: null,
    improve: null,
    computed_at: new Date(0).toISOString(),
  });

  it('lists listeners and stay once measured, and not before', () => {
    renderWithUi(<QualityScoreParts score={score({ listeners: 60, stay: 92 })} />);
    expect(screen.getByTestId('score-part-listeners').textContent).toContain('Listeners delivered');
    expect(screen.getByTestId('score-part-stay').textContent).toContain('92 / 100');
    cleanup();
    renderWithUi(<QualityScoreParts score={score({ listeners: null, stay: null })} />);
    expect(screen.queryByTestId('score-part-listeners')).toBeNull();
    expect(screen.queryByTestId('score-part-stay')).toBeNull();
  });
});
