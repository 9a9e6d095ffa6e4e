/**
 * Keys of the account's webhooks (issue 34): the endpoints, and one endpoint's delivery log by page. A
 * change to an endpoint, a test event or a "send again" refreshes them through `all`.
 */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: ['webhooks', 'endpoints'] as const,
  deliveries: (endpointId: number, page: number) => ['webhooks', 'deliveries', endpointId, page] as const,
};
