import { describe, expect, it } from 'vitest';
import {
  type CommenterActivity,
  isNewFan,
  isQualityComment,
  qualityShare,
  RATING_WEIGHTS,
  rateCommenter,
  ratingBand,
  recencyFactor,
} from './rating';

const full: CommenterActivity = {
  postsAnalysed: 6,
  postsCommented: 6,
  artistsAnalysed: 3,
  artistsCommented: 3,
  comments: ['Love this chorus', 'When is the tour?'],
  daysSinceLastComment: 0,
};

describe('rating bands (spec section 4: >=85 Super, >=70 Regular, >=55 Mixed, else Low)', () => {
  it.each([
    [100, 'Super'],
    [85, 'Super'],
    [84, 'Regular'],
    [84.99, 'Regular'],
    [70, 'Regular'],
    [69, 'Mixed'],
    [69.99, 'Mixed'],
    [55, 'Mixed'],
    [54, 'Low'],
    [54.99, 'Low'],
    [0, 'Low'],
  ] as const)('%s is %s', (score, band) => {
    expect(ratingBand(score)).toBe(band);
  });
});

describe('rating components', () => {
  it('weights add up to 100, and a fan who did everything scores 100', () => {
    expect(Object.values(RATING_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    expect(rateCommenter(full)).toEqual({ posts: 40, artists: 20, quality: 25, recency: 15, score: 100 });
  });

  it('someone who never commented scores 0', () => {
    expect(
      rateCommenter({
        ...full,
        postsCommented: 0,
        artistsCommented: 0,
        comments: [],
        daysSinceLastComment: 365,
      }).score,
    ).toBe(0);
  });

  it('lands on each band edge from its components', () => {
    // 40 + 20 + 25 + 0 (last comment 90 days ago) = 85: Super; one post fewer is below.
    const edge85 = rateCommenter({ ...full, daysSinceLastComment: 90 });
    expect(edge85.score).toBe(85);
    expect(ratingBand(edge85.score)).toBe('Super');
    // 5/6 posts: 33.33 + 20 + 25 + 0 = 78.33 -> 78 Regular.
    expect(ratingBand(rateCommenter({ ...full, postsCommented: 5, daysSinceLastComment: 90 }).score)).toBe(
      'Regular',
    );
    // 40 + 0 + 25 + 5 (recency 1/3) = 70: Regular.
    const edge70 = rateCommenter({ ...full, artistsCommented: 0, daysSinceLastComment: 90 - 83 / 3 });
    expect(edge70.score).toBe(70);
    expect(ratingBand(edge70.score)).toBe('Regular');
    // 40 + 0 + 0 + 15 = 55: Mixed (emoji-only comments give no quality).
    const edge55 = rateCommenter({ ...full, artistsCommented: 0, comments: ['🔥🔥', '😍'] });
    expect(edge55.score).toBe(55);
    expect(ratingBand(edge55.score)).toBe('Mixed');
    // 3/6 posts: 20 + 20 + 0 + 14.82 (8 days) = 54.8 -> 55; 9 days: 54.64 -> 55; 10 days: 54.46 -> 54 Low.
    const low = rateCommenter({ ...full, postsCommented: 3, comments: ['🔥'], daysSinceLastComment: 10 });
    expect(low.score).toBe(54);
    expect(ratingBand(low.score)).toBe('Low');
  });

  it('comment quality: not emoji-only, not copy-paste, not self-promotion', () => {
    expect(isQualityComment('🔥🔥🔥')).toBe(false);
    expect(isQualityComment('!!! ❤️ ...')).toBe(false);
    expect(isQualityComment('   ')).toBe(false);
    expect(isQualityComment('Check out my page for beats')).toBe(false);
    expect(isQualityComment('follow me back')).toBe(false);
    expect(isQualityComment('https://spam.example/promo')).toBe(false);
    expect(isQualityComment('This bridge gives me chills 🔥')).toBe(true);
    expect(isQualityComment('صوتك رائع')).toBe(true);
    // The same text pasted three times counts once.
    expect(qualityShare(['Amazing track', 'amazing   TRACK', 'Amazing track'])).toBeCloseTo(1 / 3);
    expect(qualityShare([])).toBe(0);
  });

  it('recency: full within 7 days, none from 90', () => {
    expect(recencyFactor(0)).toBe(1);
    expect(recencyFactor(7)).toBe(1);
    expect(recencyFactor(8)).toBeLessThan(1);
    expect(recencyFactor(90)).toBe(0);
    expect(recencyFactor(400)).toBe(0);
  });
});

describe('NEW badge (created on the day of the last sync)', () => {
  const sync = new Date('2026-11-24T03:00:00Z');
  it('is NEW when created on the sync day (UTC), even hours apart', () => {
    expect(isNewFan(new Date('2026-11-24T00:00:00Z'), sync)).toBe(true);
    expect(isNewFan(new Date('2026-11-24T23:59:59Z'), sync)).toBe(true);
  });
  it('is not NEW the day before or after, nor before any sync', () => {
    expect(isNewFan(new Date('2026-11-23T23:59:59Z'), sync)).toBe(false);
    expect(isNewFan(new Date('2026-11-25T00:00:00Z'), sync)).toBe(false);
    expect(isNewFan(new Date('2026-11-24T10:00:00Z'), null)).toBe(false);
  });
});
