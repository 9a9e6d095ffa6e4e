import { LIMITS } from '@lm/contracts/limits';
import { toIsoDate } from '../i18n/format';

/** A filter value as the Search Filter panel holds it. */
export type FilterValue = string | number | boolean | Date | null | undefined | readonly (string | number)[];

/** State of a list screen; it lives in the URL search params under the API's own names. */
export interface ListParams {
  page: number;
  limit: number;
  /** `field:asc` or `field:desc`, e.g. `created_at:desc`. */
  order?: string;
  q?: string;
  filter: Record<string, string | string[]>;
}

export const PAGE_SIZES: readonly number[] = LIMITS.pageSizes;

const FILTER_KEY = /^filter\[([^\]]+)\]$/;

function isEmpty(value: FilterValue): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Date) return Number.isNaN(value.getTime());
  return false;
}

/**
 * Normalises what the Search Filter panel submits (spec section 5: "Filter panel sends only
 * non-empty values; dates as Y-MM-DD; selects send value(s)"): empty strings, nulls and empty
 * arrays are dropped, dates become `YYYY-MM-DD`, strings are trimmed, numbers and booleans become
 * strings, multi-selects stay lists.
 */
export function cleanFilters(values: Record<string, FilterValue>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [field, value] of Object.entries(values)) {
    if (isEmpty(value)) continue;
    if (value instanceof Date) out[field] = toIsoDate(value);
    else if (Array.isArray(value)) out[field] = value.map(String);
    else out[field] = typeof value === 'string' ? value.trim() : String(value);
  }
  return out;
}

/**
 * Query of a list call: `page`, `limit`, `order`, `q` and `filter[field]=value`
 * (a multi-select repeats `filter[field]`). Only non-empty values are sent.
 */
export function buildListQuery(params: ListParams): URLSearchParams {
  const query = new URLSearchParams();
  query.set('page', String(params.page));
  query.set('limit', String(params.limit));
  if (params.order) query.set('order', params.order);
  if (params.q?.trim()) query.set('q', params.q.trim());
  for (const [field, value] of Object.entries(cleanFilters(params.filter))) {
    for (const item of Array.isArray(value) ? value : [value]) query.append(`filter[${field}]`, item);
  }
  return query;
}

function positiveInt(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Reads list state from URL search params; unknown page sizes fall back to the default (10). */
export function parseListParams(
  search: URLSearchParams,
  defaults: { order?: string; limit?: number } = {},
): ListParams {
  const filter: Record<string, string | string[]> = {};
  for (const [key, value] of search) {
    const match = FILTER_KEY.exec(key);
    if (!match || value === '') continue;
    const field = match[1]!;
    const current = filter[field];
    filter[field] =
      current === undefined ? value : [...(Array.isArray(current) ? current : [current]), value];
  }
  const limit = positiveInt(search.get('limit'), defaults.limit ?? LIMITS.defaultPageSize);
  return {
    page: positiveInt(search.get('page'), 1),
    limit: PAGE_SIZES.includes(limit) ? limit : LIMITS.defaultPageSize,
    order: search.get('order') || defaults.order,
    q: search.get('q') ?? undefined,
    filter,
  };
}

/** Splits `field:dir` into a DataTable sort status. */
export function parseOrder(
  order: string | undefined,
): { columnAccessor: string; direction: 'asc' | 'desc' } | undefined {
  if (!order) return undefined;
  const [column, direction] = order.split(':');
  if (!column) return undefined;
  return { columnAccessor: column, direction: direction === 'asc' ? 'asc' : 'desc' };
}
