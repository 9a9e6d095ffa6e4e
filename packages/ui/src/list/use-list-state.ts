import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { buildListQuery, type ListParams, parseListParams } from './list-query';

export interface ListState {
  params: ListParams;
  /** The API query for these params. */
  query: URLSearchParams;
  setPage(page: number): void;
  /** Changes the page size and goes back to page 1. */
  setLimit(limit: number): void;
  setOrder(order: string | undefined): void;
  /** Applies a new search (q and filters) and goes back to page 1. */
  setSearch(search: { q?: string; filter: Record<string, string | string[]> }): void;
  reset(): void;
}

/**
 * List state kept in the URL search params (STYLE "Tables keep their state in the URL"), so a list
 * can be shared and reloaded. The URL carries the API's own names: page, limit, order, q, filter[x].
 */
export function useListState(defaults: { order?: string; limit?: number } = {}): ListState {
  const [search, setSearchParams] = useSearchParams();
  const { order: defaultOrder, limit: defaultLimit } = defaults;
  const params = useMemo(
    () => parseListParams(search, { order: defaultOrder, limit: defaultLimit }),
    [search, defaultOrder, defaultLimit],
  );

  const write = useCallback(
    (next: ListParams) => setSearchParams(buildListQuery(next), { replace: false }),
    [setSearchParams],
  );

  return {
    params,
    query: useMemo(() => buildListQuery(params), [params]),
    setPage: (page) => write({ ...params, page }),
    setLimit: (limit) => write({ ...params, limit, page: 1 }),
    setOrder: (order) => write({ ...params, order, page: 1 }),
    setSearch: ({ q, filter }) => write({ ...params, q, filter, page: 1 }),
    reset: () => write({ page: 1, limit: params.limit, order: defaultOrder, filter: {} }),
  };
}
