import type { ApiKey, CreatedApiKey } from '@lm/contracts/api-keys-api';
import { apiKeyKeys, type NewApiKey, useApi } from '@lm/ui';
import { useMutation, useQuery } from '@tanstack/react-query';

/** `GET admin/api-keys`: the staff member's own API keys, newest first (revoked and expired ones with their status). */
export function useApiKeys() {
  const { api } = useApi();
  return useQuery({
    queryKey: apiKeyKeys.list,
    queryFn: async () => (await api.get<ApiKey[]>('admin/api-keys')).data,
  });
}

/** `POST admin/api-keys`: a new staff key with some of the staff member's permissions, answered with its secret this once. */
export function useCreateApiKey() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: NewApiKey) => (await api.post<CreatedApiKey>('admin/api-keys', body)).data,
    meta: { invalidates: [apiKeyKeys.all] },
  });
}

/** `DELETE admin/api-keys/{id}`: revokes the key (programs using it are refused from their next request). */
export function useRevokeApiKey() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (id: number) => (await api.delete<ApiKey>(`admin/api-keys/${id}`)).data,
    meta: { invalidates: [apiKeyKeys.all] },
  });
}

/** `GET admin/users/{id}/api-keys`: a user's API keys, for the user overview. */
export function useUserApiKeys(userId: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: apiKeyKeys.user(userId),
    queryFn: async () => (await api.get<ApiKey[]>(`admin/users/${userId}/api-keys`)).data,
  });
}

/** `POST admin/users/{id}/api-keys/{keyId}/revoke` (users.edit). */
export function useRevokeUserApiKey(userId: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (keyId: number) =>
      (await api.post<ApiKey>(`admin/users/${userId}/api-keys/${keyId}/revoke`)).data,
    meta: { invalidates: [apiKeyKeys.user(userId)] },
  });
}
