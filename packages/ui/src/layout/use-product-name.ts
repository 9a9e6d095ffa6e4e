import { QueryClient, QueryClientContext, queryOptions, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiClient } from '../api/api-client';
import { useOptionalApi } from '../api/api-context';
import { settingsKeys } from '../query-keys/settings';

/**
 * `GET setting/all` (public, silent), kept five minutes: the query behind the product's name and the
 * user app's public settings, shared with the entry's prefetch. `S` is the shape the caller reads.
 */
export function publicSettingsQuery<S extends object = { product_name?: string }>(api: ApiClient) {
  return queryOptions({
    queryKey: settingsKeys.public,
    queryFn: async () => (await api.get<S>('setting/all', { silent: true })).data,
    staleTime: 5 * 60_000,
  });
}

/** Stands in for a missing QueryClientProvider (the query is then off). */
const NO_CLIENT = new QueryClient();

/**
 * The product's name as staff set it in the back-office settings (`product_name` of the public
 * `GET setting/all`), for the header, page titles and texts that name the product.
 * Until the answer arrives (or without an API provider) it is the catalog's `ui.brand.name`.
 */
export function useProductName(): string {
  const { t } = useTranslation();
  const clients = useOptionalApi();
  const client = useContext(QueryClientContext);
  const { data } = useQuery(
    {
      ...publicSettingsQuery<{ product_name?: string }>(clients?.api as ApiClient),
      enabled: clients !== null && client !== undefined,
    },
    client ?? NO_CLIENT,
  );
  const name = typeof data?.product_name === 'string' ? data.product_name.trim() : '';
  return name || t('ui.brand.name');
}
