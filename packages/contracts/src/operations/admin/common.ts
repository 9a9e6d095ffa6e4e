// Phrases many back-office operation docs share, written once.

/** The paging every back-office list route shares (platform/list-routes.ts, spec section 7 "List tables"). */
export const PAGED =
  'Paged: `page` (from 1), `limit` 10, 25, 50, 75 or 100 (default 10; 100000, "show all", is capped at 1000 rows), `order` `column:asc|desc`, `q` and `filter[...]`; answers `{ data, pagination: { total, limit, current_page, total_pages } }`.';

/** A lookup route's query (spec section 7 "Lookups"). */
export const LOOKUP = 'Query `q` (contains, case-insensitive) and `limit` (default 20).';

/** Every back-office write is audited (issue 7). */
export const AUDITED = 'Audited with the acting admin, address and user agent.';

/** Routes registered only outside production (dev tools are never served in production). */
export const DEV_ONLY =
  'Development and test only: the route is not registered when `NODE_ENV=production`, so the production reference does not list it.';

/** The CSV export every back-office list offers (issue 36 "CSV export of every list the filters produced"). */
export const EXPORTED =
  "The same `q` and `filter[...]` as the list (no paging): every matching row in the list's order as text/csv, UTF-8 with a byte order mark, column names in the request language, dates in UTC ISO 8601, cells that a spreadsheet would run as a formula prefixed with an apostrophe. Streamed from a database cursor (a million rows are sent without being held in memory). Audited as `export.<list>` with the filter, before the first byte. At most two exports stream at once per API process: a third answers 429 with Retry-After.";
