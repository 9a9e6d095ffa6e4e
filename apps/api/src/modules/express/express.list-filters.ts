import { type AnyColumn, and, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import { ValidationError } from '../../platform/errors';
import type { ListQuery } from '../../platform/http';

type Person = Pick<typeof users, 'firstName' | 'lastName' | 'email'>;
type Filter = ListQuery['filter'];

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function one(f: Filter, k: string): string | undefined {
  const v = f?.[k];
  const s = (Array.isArray(v) ? v[0] : v)?.trim();
  return s || undefined;
}

/** A `YYYY-MM-DD` that is a real calendar day, as its UTC midnight; null when not one. */
function dayOf(v: string): Date | null {
  if (!ISO_DAY.test(v)) return null;
  const d = new Date(`${v}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v ? null : d;
}

/** A person (an aliased `users`) whose full name or e-mail contains `text` (wildcards literal). */
function personMatches(person: Person, text: string): SQL {
  const pattern = containsPattern(text);
  return or(
    ilike(person.email, pattern),
    ilike(sql`trim(${person.firstName} || ' ' || ${person.lastName})`, pattern),
  )!;
}

/**
 * The campaign lists' date range (issue 36 "Lists"): `filter[date_from]` and `filter[date_to]`
 * (`YYYY-MM-DD`, inclusive UTC days) on `created`.
 * @throws ValidationError 422 `validation.date_invalid` for a value that is not a calendar day,
 *   `validation.date_range` (on `filter[date_to]`) when the end is before the start
 */
export function dateRangeFilter(filter: Filter, created: AnyColumn): SQL[] {
  const fromText = one(filter, 'date_from');
  const toText = one(filter, 'date_to');
  const from = fromText === undefined ? undefined : dayOf(fromText);
  const to = toText === undefined ? undefined : dayOf(toText);
  if (from === null) throw new ValidationError({ 'filter[date_from]': ['validation.date_invalid'] });
  if (to === null) throw new ValidationError({ 'filter[date_to]': ['validation.date_invalid'] });
  if (from && to && to < from) throw new ValidationError({ 'filter[date_to]': ['validation.date_range'] });
  return [
    ...(from ? [gte(created, from)] : []),
    ...(to ? [lt(created, new Date(to.getTime() + DAY_MS))] : []),
  ];
}

/**
 * Staff's typed filters of the campaign lists (issue 36 "Lists"): `filter[artist]` and
 * `filter[seller]` (the curator or influencer), each a name or e-mail (contains, case-insensitive),
 * and `filter[track]` (the track's name, contains). Staff lists add the date range of `dateRangeFilter`.
 */
export function staffCampaignFilters(
  filter: Filter,
  columns: { artist: Person; seller: Person; track: AnyColumn },
): SQL | undefined {
  const artist = one(filter, 'artist');
  const seller = one(filter, 'seller');
  const track = one(filter, 'track');
  return and(
    artist ? personMatches(columns.artist, artist) : undefined,
    seller ? personMatches(columns.seller, seller) : undefined,
    track ? ilike(columns.track, containsPattern(track)) : undefined,
  );
}
