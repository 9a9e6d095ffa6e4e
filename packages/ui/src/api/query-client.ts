import { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from './api-error';

/**
 * TanStack Query client of both apps: client errors (4xx) are not retried, other failures once;
 * no refetch on window focus (notifications poll on their own).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}
