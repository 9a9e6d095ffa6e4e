import type { Language } from '@lm/contracts';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { localizedSql } from '../../db/localized';
import { containsPattern } from '../../db/search';
import { ValidationError } from '../../platform/errors';
import type { CATALOG_KINDS } from '../../seed/reference';
import {
  catalogTerms,
  countries,
  genres,
  interests,
  languages,
  statuses,
  tiers,
  userTypes,
} from './lookups.schema';

/** Shortest genre search term (spec section 5: "Genre search ... need at least 3 characters"). */
export const GENRE_SEARCH_MIN = 3;

/** A lookup search: `q` (already trimmed; empty means no filter) and `limit` (rows, 1..100). */
export interface LookupSearch {
  q?: string;
  limit: number;
}

/** A lookup row as the pickers read it. */
export interface LookupItem {
  id: number;
  name: string;
}

/** Catalog kinds of the `user/get_spotify_*` and `user/get_apple_*` lookups. */
export type CatalogKind = keyof typeof CATALOG_KINDS;

const term = (q: string | undefined) => (q && q.length > 0 ? q : undefined);

/**
 * Active genres whose name contains `q` (case-insensitive), by name (`user/genre/getAllGenresWithQ`,
 * spec section 7 "Lookups").
 * @throws ValidationError 422 `validation.search_min` on field `q` when `q` is given with fewer than
 *   3 characters (spec section 5)
 */
export async function searchGenres(database: Database, search: LookupSearch): Promise<LookupItem[]> {
  const q = term(search.q);
  if (q !== undefined && q.length < GENRE_SEARCH_MIN)
    throw new ValidationError({ q: ['validation.search_min'] });
  return database.db
    .select({ id: genres.id, name: genres.name })
    .from(genres)
    .where(and(eq(genres.isActive, true), q ? ilike(genres.name, containsPattern(q)) : undefined))
    .orderBy(asc(genres.name), asc(genres.id))
    .limit(search.limit);
}

/** Active interests whose name contains `q`, by name (`interest/getAllInterestsWithQ`). */
export async function searchInterests(database: Database, search: LookupSearch): Promise<LookupItem[]> {
  const q = term(search.q);
  return database.db
    .select({ id: interests.id, name: interests.name })
    .from(interests)
    .where(and(eq(interests.isActive, true), q ? ilike(interests.name, containsPattern(q)) : undefined))
    .orderBy(asc(interests.name), asc(interests.id))
    .limit(search.limit);
}

/**
 * ISO 639-1 languages whose English name contains `q` or whose two-letter code is `q`, by name
 * (`language/getAllLanguagesWithQ`); each with its `code`.
 */
export async function searchLanguages(
  database: Database,
  search: LookupSearch,
): Promise<(LookupItem & { code: string })[]> {
  const q = term(search.q);
  const where: SQL | undefined = q
    ? or(ilike(languages.name, containsPattern(q)), eq(languages.code, q.toLowerCase()))
    : undefined;
  return database.db
    .select({ id: languages.id, name: languages.name, code: languages.code })
    .from(languages)
    .where(where)
    .orderBy(asc(languages.name), asc(languages.id))
    .limit(search.limit);
}

/**
 * Active tiers whose name contains `q`, by name (`tier/getAllTiersWithQ`): names in the reader's
 * language, English where a tier has none, matched and ordered as shown.
 */
export async function searchTiers(
  database: Database,
  search: LookupSearch,
  lang: Language = 'en',
): Promise<LookupItem[]> {
  const q = term(search.q);
  const name = localizedSql(tiers.name, tiers.translations, 'name', lang);
  return database.db
    .select({ id: tiers.id, name })
    .from(tiers)
    .where(and(eq(tiers.isActive, true), q ? ilike(name, containsPattern(q)) : undefined))
    .orderBy(asc(name), asc(tiers.id))
    .limit(search.limit);
}

/** Dictionary statuses (spec section 4) whose name contains `q`, by name (`statuses/getAllStatusesWithQ`). */
export async function searchStatuses(database: Database, search: LookupSearch): Promise<LookupItem[]> {
  const q = term(search.q);
  return database.db
    .select({ id: statuses.id, name: statuses.name })
    .from(statuses)
    .where(q ? ilike(statuses.name, containsPattern(q)) : undefined)
    .orderBy(asc(statuses.name), asc(statuses.id))
    .limit(search.limit);
}

/**
 * Terms of one pitch-form vocabulary (`user/get_spotify_*`, `user/get_apple_*`) whose name contains
 * `q`, in their catalog order (`position`), not alphabetically: the order is the platform's own.
 */
export async function searchCatalogTerms(
  database: Database,
  kind: CatalogKind,
  search: LookupSearch,
): Promise<LookupItem[]> {
  const q = term(search.q);
  return database.db
    .select({ id: catalogTerms.id, name: catalogTerms.name })
    .from(catalogTerms)
    .where(and(eq(catalogTerms.kind, kind), q ? ilike(catalogTerms.name, containsPattern(q)) : undefined))
    .orderBy(asc(catalogTerms.position), asc(catalogTerms.id))
    .limit(search.limit);
}

/** Every user type (1 artist, 2 curator, 3 influencer), by id. */
export async function listUserTypes(database: Database): Promise<LookupItem[]> {
  return database.db
    .select({ id: userTypes.id, name: userTypes.name })
    .from(userTypes)
    .orderBy(asc(userTypes.id));
}

/** Every ISO 3166-1 country (`code` alpha-2), by name. */
export async function listCountries(database: Database): Promise<{ code: string; name: string }[]> {
  return database.db
    .select({ code: countries.code, name: countries.name })
    .from(countries)
    .orderBy(asc(countries.name));
}
