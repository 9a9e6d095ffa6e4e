import { describe, expect, it } from 'vitest';
import {
  addDays,
  baselineOf,
  campaignWindow,
  compareWindow,
  costPer1000,
  type DailyFigure,
  daysIn,
  rangesMeet,
  utcDay,
} from './results.compare';

/** `days` consecutive days from `from`, each with `value(i)` (i from 0). */
function series(from: string, days: number, value: (i: number) => number): DailyFigure[] {
  return Array.from({ length: days }, (_, i) => ({ day: addDays(from, i), value: value(i) }));
}

const window = { from: '2026-03-01', to: '2026-03-28' };

describe('campaign results arithmetic', () => {
  it('a flat series reports no change', () => {
    const r = compareWindow(
      series('2026-01-01', 120, () => 250),
      window,
      'streams',
      'track',
    );
    expect(r.enough_data).toBe(true);
    expect(r.before).toMatchObject({ from: '2026-02-01', to: '2026-02-28', days: 28, mean: 250 });
    expect(r.during).toMatchObject({ days: 28, mean: 250 });
    expect(r.difference).toBe(0);
    expect(r.change_percent).toBe(0);
    expect(r.extra_total).toBe(0);
  });

  it('a step at the campaign start reports the step', () => {
    const r = compareWindow(
      series('2026-01-01', 120, (i) => (addDays('2026-01-01', i) >= '2026-03-01' ? 300 : 200)),
      window,
      'streams',
      'track',
    );
    expect(r.difference).toBe(100);
    expect(r.change_percent).toBe(50);
    expect(r.extra_total).toBe(2800);
  });

  it('missing days are left out of the means, not counted as zero', () => {
    const full = series('2026-02-01', 56, (i) => (i < 28 ? 100 : 160));
    // Every third day missing on both sides.
    const gappy = full.filter((_, i) => i % 3 !== 0);
    const r = compareWindow(gappy, window, 'streams', 'track');
    expect(r.before.days).toBe(18);
    expect(r.during.days).toBe(19);
    expect(r.before.mean).toBe(100);
    expect(r.during.mean).toBe(160);
    expect(r.difference).toBe(60);
    // The extra is counted over the days that have a figure only.
    expect(r.extra_total).toBe(60 * 19);
  });

  it('too few days of baseline or of window is not enough data, with no difference', () => {
    const shortBaseline = compareWindow(
      series('2026-02-20', 30, () => 10),
      window,
      'streams',
      'track',
    );
    expect(shortBaseline.before.days).toBe(9);
    expect(shortBaseline.enough_data).toBe(false);
    expect(shortBaseline.difference).toBeNull();
    expect(shortBaseline.change_percent).toBeNull();

    const shortWindow = compareWindow(
      series('2026-01-01', 61, () => 10),
      window,
      'streams',
      'track',
    );
    expect(shortWindow.during.days).toBe(2);
    expect(shortWindow.enough_data).toBe(false);
  });

  it('a rise from a zero baseline has a difference but no percentage', () => {
    const r = compareWindow(
      series('2026-02-01', 56, (i) => (i < 28 ? 0 : 40)),
      window,
      'listeners',
      'artist',
    );
    expect(r.difference).toBe(40);
    expect(r.change_percent).toBeNull();
    expect(r.scope).toBe('artist');
  });

  it('days are UTC calendar days whatever the offset the instant was written with', () => {
    // 23:30 in New York on 1 March is 04:30 UTC on 2 March.
    expect(utcDay(new Date('2026-03-01T23:30:00-05:00'))).toBe('2026-03-02');
    // 00:30 in Istanbul on 2 March is 21:30 UTC on 1 March.
    expect(utcDay(new Date('2026-03-02T00:30:00+03:00'))).toBe('2026-03-01');
    const w = campaignWindow(new Date('2026-03-01T23:30:00-05:00'), null, new Date('2026-03-10T12:00:00Z'));
    expect(w).toEqual({ from: '2026-03-02', to: '2026-03-10' });
  });

  it('the window ends at the removal or the end of On Going, and never after today', () => {
    const now = new Date('2026-04-10T00:00:00Z');
    expect(campaignWindow(new Date('2026-03-01T10:00:00Z'), new Date('2026-03-29T10:00:00Z'), now)).toEqual({
      from: '2026-03-01',
      to: '2026-03-29',
    });
    expect(campaignWindow(new Date('2026-04-01T10:00:00Z'), new Date('2026-04-29T10:00:00Z'), now)).toEqual({
      from: '2026-04-01',
      to: '2026-04-10',
    });
    expect(campaignWindow(null, null, now)).toBeNull();
  });

  it('day arithmetic crosses months, leap days and refuses days that do not exist', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(baselineOf({ from: '2026-03-01', to: '2026-03-10' })).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(daysIn({ from: '2026-03-30', to: '2026-04-02' })).toBe(4);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
    expect(
      rangesMeet({ from: '2026-03-01', to: '2026-03-05' }, { from: '2026-03-05', to: '2026-03-09' }),
    ).toBe(true);
    expect(
      rangesMeet({ from: '2026-03-01', to: '2026-03-04' }, { from: '2026-03-05', to: '2026-03-09' }),
    ).toBe(false);
  });

  it('cost per 1,000 results needs a positive result', () => {
    expect(costPer1000(500, 2800)).toBe(178.57);
    expect(costPer1000(500, 0)).toBeNull();
    expect(costPer1000(500, -20)).toBeNull();
    expect(costPer1000(500, null)).toBeNull();
  });
});
