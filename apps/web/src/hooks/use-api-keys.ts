import type { ApiKey, CreatedApiKey } from '@lm/contracts/api-keys-api';
import { apiKeyKeys, type NewApiKey, useApi } from '@lm/ui';
import { useMutation, useQuery } from '@tanstack/react-query';

/** `GET user/api-keys`: the user's API keys, newest first (revoked and expired ones with their status). */
export function useApiKeys() {
  const { api } = useApi();
  return useQuery({
    queryKey: apiKeyKeys.list,
    queryFn: async () => (await api.get<ApiKey[]>('user/api-keys')).data,
  });
}

/** `POST user/api-keys`: a new key, answered with its secret this once. */
export function useCreateApiKey() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async ({ permissions: _none, ...body }: NewApiKey) =>
      (await api.post<CreatedApiKey>('user/api-keys', body)).data,
    meta: { invalidates: [apiKeyKeys.all] },
  });
}

/** `DELETE user/api-keys/{id}`: revokes the key (programs using it are refused from their next request). */
export function useRevokeApiKey() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<ApiKey>(`user/api-keys/${id}`)).data,
    meta: { invalidates: [apiKeyKeys.all] },
  });
}
