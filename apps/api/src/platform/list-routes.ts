import { z } from 'zod';
import { listEnvelope, listQuery, paginate, parseOrder } from './http';

// A paginated list route's schema, sort and answer, built on the shared list query and envelope of
// http.ts, so that every list reads its query and writes its page the same way.

/**
 * Request and response schema of a paginated list route: the shared list query (extended by `extra`,
 * the query fields of a list with filters of its own) and the `{ data: [...], pagination }` envelope
 * of `item`. Spread into a route's `schema` next to its tags and params.
 */
export function listSchema<T extends z.ZodType, S extends z.ZodRawShape = Record<never, never>>(
  item: T,
  extra?: S,
) {
  return { querystring: listQuery.extend(extra ?? ({} as S)), response: { 200: listEnvelope(item) } };
}

/**
 * The answer of a list route: one page of `rows` out of `total` matching rows, at the query's page and
 * limit (`estimated` when the total is an estimate, see `paginate`).
 */
export function listPage<T>(
  { rows, total, estimated = false }: { rows: T[]; total: number; estimated?: boolean },
  { page, limit }: { page: number; limit: number },
) {
  return { data: rows, pagination: paginate(total, page, limit, estimated) };
}

/**
 * The paging of a sorted list: a function that reads from a list query the page, the page size and the
 * sort that the list's service takes, the sort checked against the list's sortable `columns`
 * (`fallback` when `order` is absent or names another column).
 */
export function listPaging<K extends string>(
  columns: readonly K[],
  fallback: { column: K; dir: 'asc' | 'desc' },
) {
  return (query: { page: number; limit: number; order?: string }) => ({
    page: query.page,
    limit: query.limit,
    order: parseOrder(query.order, columns, fallback),
  });
}

const zString = z.string();

/**
 * Request and response schema of a list's CSV export (issue 36): the list's own query (`q`, `order`,
 * `filter[...]`, extended by `extra` like {@link listSchema}) without the paging, answering text/csv.
 */
export function exportSchema<S extends z.ZodRawShape = Record<never, never>>(extra?: S) {
  return {
    querystring: listQuery.omit({ page: true, limit: true }).extend(extra ?? ({} as S)),
    response: { 200: zString },
  };
}
