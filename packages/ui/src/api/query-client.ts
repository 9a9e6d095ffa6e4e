import { MutationCache, type Query, QueryClient, type QueryKey } from '@tanstack/react-query';
import { ApiRequestError } from './api-error';

/**
 * One part of the cached data a mutation changes:
 * - a query-key prefix (`['social-express']` names every query of that domain, `['express', 'campaign']`
 *   a narrower part), compared element by element as TanStack Query does;
 * - `{ list: 'express-tiktok/' }`: every list of the list kit (`['list', path, query]`) whose API path
 *   starts with that text.
 */
export type TouchedData = QueryKey | { readonly list: string };

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /**
       * What the mutation changes on the server: once it succeeds, every query matching one of these
       * is invalidated (the shown ones refetch at once) before the mutation's own `onSuccess` runs and
       * before `mutateAsync` resolves. The one rule of both apps for keeping pages fresh.
       */
      invalidates?: readonly TouchedData[];
    };
  }
}

/** Whether the query key `key` is part of the data `touched` names (see {@link TouchedData}). */
export function isTouched(key: QueryKey, touched: TouchedData): boolean {
  if ('list' in touched) {
    const path = key[1];
    return key[0] === 'list' && typeof path === 'string' && path.startsWith(touched.list);
  }
  const prefix = touched as QueryKey;
  return prefix.length <= key.length && prefix.every((part, i) => samePart(part, key[i]));
}

function samePart(a: unknown, b: unknown): boolean {
  return a === b || (typeof a === 'object' && a !== null && JSON.stringify(a) === JSON.stringify(b));
}

/**
 * TanStack Query client of both apps: client errors (4xx) are not retried, other failures once;
 * no refetch on window focus (notifications poll on their own). A successful mutation invalidates the
 * data its `meta.invalidates` names, so a page shows what the mutation changed
 * without a reload.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: async (_data, _variables, _context, mutation) => {
        const touched = mutation.meta?.invalidates;
        if (!touched?.length) return;
        const predicate = (query: Query) => touched.some((t) => isTouched(query.queryKey, t));
        // A read in flight started before the change was saved: cancelled first, since invalidating a
        // first read still in flight joins it instead of reading again, and its stale answer stays.
        await client.cancelQueries({ predicate });
        await client.invalidateQueries({ predicate });
      },
    }),
    defaultOptions: {
      queries: {
        retry: (count, error) =>
          !(
            error instanceof ApiRequestError &&
            (error.status === 0 || (error.status >= 400 && error.status < 500))
          ) && count < 1,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
