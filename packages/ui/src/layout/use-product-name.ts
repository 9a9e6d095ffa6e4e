import { QueryClient, QueryClientContext, useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { useOptionalApi } from '../api/api-context';
import { settingsKeys } from '../query-keys/settings';

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
      queryKey: settingsKeys.public,
      queryFn: async () =>
        (await clients!.api.get<{ product_name?: string }>('setting/all', { silent: true })).data,
      enabled: clients !== null && client !== undefined,
      staleTime: 5 * 60_000,
    },
    client ?? NO_CLIENT,
  );
  const name = typeof data?.product_name === 'string' ? data.product_name.trim() : '';
  return name || t('ui.brand.name');
}
