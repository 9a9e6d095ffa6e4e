import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointUpdate,
} from '@lm/contracts/webhooks';
import { useApi, webhookKeys } from '@lm/ui';
import { useMutation, useQuery } from '@tanstack/react-query';

export type { WebhookDelivery, WebhookEndpoint };

/** Deliveries shown per page of an endpoint's log. */
export const DELIVERIES_PAGE_SIZE = 10;

/** `GET user/webhooks`: the account's endpoints, oldest first. */
export function useWebhookEndpoints() {
  const { api } = useApi();
  return useQuery({
    queryKey: webhookKeys.endpoints,
    queryFn: async () => (await api.get<WebhookEndpoint[]>('user/webhooks')).data,
  });
}

/** `POST user/webhooks`. */
export function useCreateWebhookEndpoint() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: WebhookEndpointCreate) =>
      (await api.post<WebhookEndpoint>('user/webhooks', body)).data,
    meta: { invalidates: [webhookKeys.all] },
  });
}

/** `PUT user/webhooks/{id}`. */
export function useUpdateWebhookEndpoint() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async ({ id, ...body }: WebhookEndpointUpdate & { id: number }) =>
      (await api.put<WebhookEndpoint>(`user/webhooks/${id}`, body)).data,
    meta: { invalidates: [webhookKeys.all] },
  });
}

/** `DELETE user/webhooks/{id}`. */
export function useDeleteWebhookEndpoint() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (id: number) => api.delete(`user/webhooks/${id}`),
    meta: { invalidates: [webhookKeys.all] },
  });
}

/** `GET user/webhooks/{id}/secret` (on demand: the secret is never part of the list). */
export function useRevealWebhookSecret() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.get<{ secret: string }>(`user/webhooks/${id}/secret`, { silent: true })).data.secret,
  });
}

/** `POST user/webhooks/{id}/secret/roll`: a new secret, answered in clear. */
export function useRollWebhookSecret() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.post<{ secret: string }>(`user/webhooks/${id}/secret/roll`)).data.secret,
  });
}

/** `POST user/webhooks/{id}/test`: the test event to one endpoint. */
export function useSendWebhookTest() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (id: number) => (await api.post<WebhookDelivery>(`user/webhooks/${id}/test`)).data,
    meta: { invalidates: [webhookKeys.all] },
  });
}

/** `POST user/webhooks/deliveries/{id}/resend`: one new attempt of a delivery. */
export function useResendWebhookDelivery() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.post<WebhookDelivery>(`user/webhooks/deliveries/${id}/resend`)).data,
    meta: { invalidates: [webhookKeys.all] },
  });
}

/**
 * `GET user/webhooks/{id}/deliveries`: a page of the endpoint's delivery log, newest first. Refreshed
 * every few seconds while a delivery is pending (an attempt is queued or retrying).
 */
export function useWebhookDeliveries(endpointId: number, page: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId, page),
    queryFn: () =>
      api.list<WebhookDelivery>(`user/webhooks/${endpointId}/deliveries`, {
        query: { page, limit: DELIVERIES_PAGE_SIZE },
      }),
    refetchInterval: (query) => (query.state.data?.data.some((d) => d.status === 'pending') ? 2_000 : false),
  });
}
