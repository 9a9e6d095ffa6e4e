import { LIMITS } from '@lm/contracts';
import { idNameSchema } from '@lm/contracts/staff';
import { z } from 'zod';
import { PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope } from '../../platform/http';
import { CATALOG_KINDS } from '../../seed/reference';
import * as lookups from './lookups.service';

/**
 * Lookup query of spec section 7 "Lookups": `q` (case-insensitive contains) and `limit` (rows; the
 * default is the spec section 9 page size of that lookup, at most 100, the largest size a client sends).
 */
export const lookupSearchQuery = (defaultLimit: number) =>
  z.object({
    q: z.string().trim().max(100).optional(),
    limit: z.coerce.number().int().min(1).max(LIMITS.bigLookupPageSize).default(defaultLimit),
  });

/** A picker's option: the one shape of every lookup list (`@lm/contracts/staff`). */
export const lookupItemSchema = idNameSchema;
const lookupList = envelope(z.array(lookupItemSchema));
const tags = ['lookups'];

/**
 * Reference-data pickers of spec section 7 "Lookups", plus user types and countries. Public: they hold
 * no personal data and the registration screen reads them before anyone is signed in.
 */
export const lookupsRoutes: RouteModule = (app, deps) => {
  const { database } = deps;
  const standard = lookupSearchQuery(LIMITS.lookupPageSize);

  app.get(
    '/api/user/genre/getAllGenresWithQ',
    {
      config: { access: PUBLIC },
      schema: { tags, querystring: lookupSearchQuery(LIMITS.genrePageSize), response: { 200: lookupList } },
    },
    async (req) => ({ data: await lookups.searchGenres(database, req.query) }),
  );

  app.get(
    '/api/interest/getAllInterestsWithQ',
    { config: { access: PUBLIC }, schema: { tags, querystring: standard, response: { 200: lookupList } } },
    async (req) => ({ data: await lookups.searchInterests(database, req.query) }),
  );

  app.get(
    '/api/language/getAllLanguagesWithQ',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        // Up to the whole list in one answer: pickers name languages in the reader's language and
        // search those names themselves.
        querystring: standard.extend({
          limit: z.coerce.number().int().min(1).max(LIMITS.languageLookupMax).default(LIMITS.lookupPageSize),
        }),
        response: { 200: envelope(z.array(lookupItemSchema.extend({ code: z.string() }))) },
      },
    },
    async (req) => ({ data: await lookups.searchLanguages(database, req.query) }),
  );

  app.get(
    '/api/tier/getAllTiersWithQ',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        querystring: lookupSearchQuery(LIMITS.bigLookupPageSize),
        response: { 200: lookupList },
      },
    },
    async (req) => ({ data: await lookups.searchTiers(database, req.query, req.lang) }),
  );

  app.get(
    '/api/statuses/getAllStatusesWithQ',
    { config: { access: PUBLIC }, schema: { tags, querystring: standard, response: { 200: lookupList } } },
    async (req) => ({ data: await lookups.searchStatuses(database, req.query) }),
  );

  for (const kind of Object.keys(CATALOG_KINDS) as lookups.CatalogKind[]) {
    app.get(
      `/api/user/get_${kind}`,
      { config: { access: PUBLIC }, schema: { tags, querystring: standard, response: { 200: lookupList } } },
      async (req) => ({ data: await lookups.searchCatalogTerms(database, kind, req.query) }),
    );
  }

  app.get(
    '/api/user-types',
    { config: { access: PUBLIC }, schema: { tags, response: { 200: lookupList } } },
    async () => ({
      data: await lookups.listUserTypes(database),
    }),
  );

  app.get(
    '/api/countries',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        response: { 200: envelope(z.array(z.object({ code: z.string(), name: z.string() }))) },
      },
    },
    async () => ({ data: await lookups.listCountries(database) }),
  );
};
