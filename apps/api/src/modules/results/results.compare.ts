import {
  type MetricComparison,
  RESULTS_BASELINE_DAYS,
  RESULTS_MIN_BASELINE_DAYS,
  RESULTS_MIN_WINDOW_DAYS,
  type ResultMetric,
} from '@lm/contracts/results';

/**
 * The arithmetic of a campaign's results (issue "Results"; docs/decisions.md "Results"): a window of
 * live days compared with the {@link RESULTS_BASELINE_DAYS} days before it, as Spotify's Discovery Mode
 * report does. Pure functions on calendar days written `YYYY-MM-DD`; every instant is turned into its
 * UTC calendar day first, so a campaign that went live at 23:30 in New York starts on the UTC day.
 */

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** One day's figure of a series (streams, listeners, saves or views of that day). */
export interface DailyFigure {
  day: string;
  value: number;
}

/** A range of calendar days, both ends included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The UTC calendar day (`YYYY-MM-DD`) of an instant. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

/**
 * The calendar day `n` days after `day` (before when negative).
 * @throws RangeError when `day` is not a real `YYYY-MM-DD` day
 */
export function addDays(day: string, n: number): string {
  return utcDay(new Date(dayMs(day) + n * DAY_MS));
}

/** Days from `from` to `to`, both included (0 when `to` is before `from`). */
export function daysIn(range: DayRange): number {
  return Math.max(0, Math.round((dayMs(range.to) - dayMs(range.from)) / DAY_MS) + 1);
}

function dayMs(day: string): number {
  const m = DAY.exec(day);
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : Number.NaN;
  if (!m || Number.isNaN(ms) || utcDayOfMs(ms) !== day) throw new RangeError(`not a calendar day: ${day}`);
  return ms;
}

function utcDayOfMs(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/**
 * A campaign's live days: from the UTC day its placement or video was first seen to the day it was
 * removed, its On Going period ended, or today, whichever comes first.
 * @param liveFrom when the placement or video was first seen (null: never live yet)
 * @param liveUntil when it stopped counting (removal or the end of On Going), null while it runs
 * @returns null when it was never live
 */
export function campaignWindow(liveFrom: Date | null, liveUntil: Date | null, now: Date): DayRange | null {
  if (!liveFrom || liveFrom > now) return null;
  let end = liveUntil && liveUntil < now ? liveUntil : now;
  if (end < liveFrom) end = liveFrom;
  return { from: utcDay(liveFrom), to: utcDay(end) };
}

/** The {@link RESULTS_BASELINE_DAYS} days before a window's first day. */
export function baselineOf(window: DayRange): DayRange {
  return { from: addDays(window.from, -RESULTS_BASELINE_DAYS), to: addDays(window.from, -1) };
}

/** Do two ranges share at least one day? */
export function rangesMeet(a: DayRange, b: DayRange): boolean {
  return a.from <= b.to && b.from <= a.to;
}

/** Daily mean of the figures inside `range` and how many days had one (missing days left out). */
export function meanIn(
  series: readonly DailyFigure[],
  range: DayRange,
): { days: number; mean: number | null } {
  let days = 0;
  let sum = 0;
  for (const f of series) {
    if (f.day < range.from || f.day > range.to) continue;
    days += 1;
    sum += f.value;
  }
  return { days, mean: days === 0 ? null : sum / days };
}

const round = (n: number, places: number) => {
  const k = 10 ** places;
  return Math.round(n * k) / k;
};

/**
 * One figure of a campaign window against its baseline. Missing days count neither as zero nor at
 * all; with fewer than {@link RESULTS_MIN_BASELINE_DAYS} baseline days or
 * {@link RESULTS_MIN_WINDOW_DAYS} window days with a figure the comparison has `enough_data` false and
 * no difference. The change in percent is null when the baseline mean is 0 (any rise from nothing is
 * not a percentage).
 * @param series the days of one figure, in any order, each day at most once
 * @returns means rounded to 2 places, difference to 2, change to 1, extra total to a whole number
 */
export function compareWindow(
  series: readonly DailyFigure[],
  window: DayRange,
  metric: ResultMetric,
  scope: 'track' | 'artist',
): MetricComparison {
  const baseline = baselineOf(window);
  const before = meanIn(series, baseline);
  const during = meanIn(series, window);
  const enough =
    before.days >= RESULTS_MIN_BASELINE_DAYS &&
    during.days >= RESULTS_MIN_WINDOW_DAYS &&
    before.mean !== null &&
    during.mean !== null;
  const difference = enough ? during.mean! - before.mean! : null;
  return {
    metric,
    scope,
    before: { ...baseline, days: before.days, mean: before.mean === null ? null : round(before.mean, 2) },
    during: { ...window, days: during.days, mean: during.mean === null ? null : round(during.mean, 2) },
    enough_data: enough,
    difference: difference === null ? null : round(difference, 2),
    change_percent:
      difference === null || before.mean === 0 ? null : round((difference / before.mean!) * 100, 1),
    extra_total: difference === null ? null : Math.round(difference * during.days),
  };
}

/**
 * Coins per 1,000 results (extra streams or views), rounded to 2 places.
 * @returns null when there is no positive result to divide by
 */
export function costPer1000(coins: number, results: number | null): number | null {
  if (results === null || results <= 0) return null;
  return round((coins * 1000) / results, 2);
}
