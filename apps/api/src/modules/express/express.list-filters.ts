import { type AnyColumn, and, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { users } from '../../db/schema';
import { containsPattern } from '../../db/search';
import type { ListQuery } from '../../platform/http';
import { filterOne } from '../../platform/list-filters';

type Person = Pick<typeof users, 'firstName' | 'lastName' | 'email'>;
type Filter = ListQuery['filter'];

/** A person (an aliased `users`) whose full name or e-mail contains `text` (wildcards literal). */
function personMatches(person: Person, text: string): SQL {
  const pattern = containsPattern(text);
  return or(
    ilike(person.email, pattern),
    ilike(sql`trim(${person.firstName} || ' ' || ${person.lastName})`, pattern),
  )!;
}

/** The campaign lists' date range: the shared list filter (platform/list-filters). */
export { dateRangeFilter } from '../../platform/list-filters';

/**
 * Staff's typed filters of the campaign lists (issue 36 "Lists"): `filter[artist]` and
 * `filter[seller]` (the curator or influencer), each a name or e-mail (contains, case-insensitive),
 * and `filter[track]` (the track's name, contains). Staff lists add the date range of `dateRangeFilter`.
 */
export function staffCampaignFilters(
  filter: Filter,
  columns: { artist: Person; seller: Person; track: AnyColumn },
): SQL | undefined {
  const artist = filterOne(filter, 'artist');
  const seller = filterOne(filter, 'seller');
  const track = filterOne(filter, 'track');
  return and(
    artist ? personMatches(columns.artist, artist) : undefined,
    seller ? personMatches(columns.seller, seller) : undefined,
    track ? ilike(columns.track, containsPattern(track)) : undefined,
  );
}
