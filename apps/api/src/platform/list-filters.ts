import { type AnyColumn, gte, lt, type SQL } from 'drizzle-orm';
import { ValidationError } from './errors';
import type { ListQuery } from './http';

type Filter = ListQuery['filter'];

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `filter[key]`'s first value, trimmed; undefined when absent or blank. */
export function filterOne(filter: Filter, key: string): string | undefined {
  const v = filter?.[key];
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s || undefined;
}

/** `filter[key]`'s values (repeated keys or one comma-separated value), trimmed, blanks left out. */
export function filterMany(filter: Filter, key: string): string[] {
  const v = filter?.[key];
  const values = v === undefined ? [] : Array.isArray(v) ? v : v.split(',');
  return values.map((s) => s.trim()).filter(Boolean);
}

/**
 * `filter[key]`'s values, each of which must pass `valid` (issue 36: a list, and so its CSV export,
 * never drops a filter it cannot apply and answers more rows than asked for).
 * @param code the message of the refusal (a `validation.*` key)
 * @throws ValidationError 422 `code` on `filter[key]` when any value fails
 */
export function filterValues(
  filter: Filter,
  key: string,
  valid: (value: string) => boolean,
  code = 'validation.invalid',
): string[] {
  const values = filterMany(filter, key);
  if (values.some((v) => !valid(v))) throw new ValidationError({ [`filter[${key}]`]: [code] });
  return values;
}

/** A `YYYY-MM-DD` that is a real calendar day, as its UTC midnight; null when not one. */
function dayOf(v: string): Date | null {
  if (!ISO_DAY.test(v)) return null;
  const d = new Date(`${v}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v ? null : d;
}

/**
 * A list's date range (issue 36 "Lists"): `filter[date_from]` and `filter[date_to]` (`YYYY-MM-DD`,
 * inclusive UTC days) on `column`.
 * @throws ValidationError 422 `validation.date_invalid` for a value that is not a calendar day,
 *   `validation.date_range` (on `filter[date_to]`) when the end is before the start
 */
export function dateRangeFilter(filter: Filter, column: AnyColumn): SQL[] {
  const fromText = filterOne(filter, 'date_from');
  const toText = filterOne(filter, 'date_to');
  const from = fromText === undefined ? undefined : dayOf(fromText);
  const to = toText === undefined ? undefined : dayOf(toText);
  if (from === null) throw new ValidationError({ 'filter[date_from]': ['validation.date_invalid'] });
  if (to === null) throw new ValidationError({ 'filter[date_to]': ['validation.date_invalid'] });
  if (from && to && to < from) throw new ValidationError({ 'filter[date_to]': ['validation.date_range'] });
  return [...(from ? [gte(column, from)] : []), ...(to ? [lt(column, new Date(to.getTime() + DAY_MS))] : [])];
}
