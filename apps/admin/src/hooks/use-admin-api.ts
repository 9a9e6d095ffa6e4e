import { type ApiPath, type RequestOptions, useApi } from '@lm/ui';
import {
  type QueryKey,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';

/** True for an id a record can have (a positive whole number); a record's query waits for one. */
export function isRecordId(id: number): boolean {
  return Number.isInteger(id) && id > 0;
}

/** A GET's request options (query string, silence) and TanStack's query options (enabled, refetch…). */
export type GetOptions<T> = Pick<RequestOptions, 'query' | 'silent'> &
  Omit<UseQueryOptions<T>, 'queryKey' | 'queryFn'>;

/**
 * `GET path` of the back-office API, its `data` cached under `queryKey`. Errors are the API client's
 * (`ApiError`, with the toast it shows unless `silent`).
 */
export function useGet<T>(
  queryKey: QueryKey,
  path: ApiPath<'get'>,
  { query, silent, ...options }: GetOptions<T> = {},
) {
  const { api } = useApi();
  return useQuery({
    queryKey,
    queryFn: async () => (await api.get<T>(path, { query, silent })).data,
    ...options,
  });
}

/**
 * A change (`mutationFn`) after whose success the screens showing `keys` ask again (their queries are
 * marked stale), or `refresh` runs (a domain's own refresh, covering its paged lists too).
 */
export function useChange<V, R>(
  mutationFn: (vars: V) => Promise<R>,
  after: readonly QueryKey[] | (() => unknown),
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      typeof after === 'function'
        ? after()
        : Promise.all(after.map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/**
 * The refresh of one back-office area after a change: its queries (under `rootKey`, a key factory's
 * constant root) and its paged lists (whose API path starts with `listPrefix`).
 */
export function useRefreshArea(rootKey: QueryKey, listPrefix: string) {
  const client = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        client.invalidateQueries({ queryKey: rootKey }),
        client.invalidateQueries({
          predicate: (q) => q.queryKey[0] === 'list' && String(q.queryKey[1]).startsWith(listPrefix),
        }),
      ]),
    [client, rootKey, listPrefix],
  );
}
