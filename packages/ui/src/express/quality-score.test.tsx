// @vitest-environment jsdom
import type { QualityScore } from '@lm/contracts/score';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initTestI18n, renderWithUi } from '../test/render';
import { QualityScoreImprove } from './QualityScore';

afterEach(cleanup);
beforeAll(initTestI18n);

const score = (over: Partial<QualityScore>): QualityScore => ({
  score: 50,
  is_new: true,
  campaigns: 0,
  parts: { acceptance: null, response: null, delivery: null, keep: null, rating: null, views: null },
  median_response_minutes: null,
  ratings_count: 0,
  rating_average: null,
  improve: null,
  computed_at: new Date(0).toISOString(),
  ...over,
});

describe('<QualityScoreImprove> (sellers see which part would raise their score)', () => {
  it('tells a seller with nothing observed yet that the score is the new one, not that every part is at its best', () => {
    renderWithUi(<QualityScoreImprove score={score({})} />);
    const hint = screen.getByTestId('score-improve');
    expect(hint.textContent).toContain('Fewer than 5 finished campaigns so far (0)');
    expect(hint.textContent).not.toContain('at its best');
  });

  it('names the part with most to gain and its tip', () => {
    renderWithUi(
      <QualityScoreImprove
        score={score({
          score: 71,
          is_new: false,
          campaigns: 9,
          parts: { acceptance: 90, response: 80, delivery: 100, keep: 40, rating: 75, views: 60 },
          improve: 'keep',
        })}
      />,
    );
    expect(screen.getByTestId('score-improve').textContent).toMatch(/keep rate/i);
  });

  it('says every measured part is at its best when the measured ones are', () => {
    renderWithUi(
      <QualityScoreImprove
        score={score({
          score: 100,
          is_new: false,
          campaigns: 6,
          parts: { acceptance: 100, response: 100, delivery: 100, keep: 100, rating: null, views: null },
        })}
      />,
    );
    expect(screen.getByTestId('score-improve').textContent).toContain('Every measured part is at its best.');
  });
});
