import dayjs from 'dayjs';

/** `YYYY-MM-DD` of a day (the reports' range format). */
export const isoDay = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/**
 * The reports' default range: the `days` days ending today, as `YYYY-MM-DD` strings. Its own module so
 * that the dashboard reads it without loading the reports screen and its charts.
 */
export function lastDays(days: number): { from: string; to: string } {
  const today = dayjs();
  return { from: isoDay(today.subtract(days - 1, 'day')), to: isoDay(today) };
}
