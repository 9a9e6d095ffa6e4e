import type { OperationDocs } from './types';

const H =
  'Issue 34 "Webhooks"; the events, their `data`, signatures and retries are in docs/api.md "Webhooks".';
const OWN =
  "An account reaches only its own endpoints and deliveries (another's answers 404); an API key needs the `webhooks:manage` scope.";

const endpoint = {
  id: 3,
  url: 'https://hooks.example.com/liberty',
  description: 'Our label dashboard',
  events: ['campaign.created', 'campaign.completed', 'campaign.refunded'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  created_at: '2026-11-30T10:00:00.000Z',
  updated_at: '2026-11-30T10:00:00.000Z',
};
const delivery = {
  id: 41,
  event_id: 'msg_4f0c1e2d3b4a59687766554433221100',
  event_type: 'webhook.test',
  status: 'succeeded',
  attempts: 1,
  response_status: 200,
  response_excerpt: 'ok',
  error: null,
  duration_ms: 84,
  next_attempt_at: null,
  delivered_at: '2026-11-30T10:05:01.000Z',
  created_at: '2026-11-30T10:05:00.000Z',
};

/** The account's outbound webhook endpoints and their delivery log (tag `webhooks`). */
export const webhooksOperations: OperationDocs = {
  'GET /api/user/webhooks': {
    id: 'webhooks.listEndpoints',
    summary: "List the account's webhook endpoints",
    description: `Every endpoint of the signed-in account, oldest first, with its events and state (\`enabled\`, \`disabled_reason\` \`failing\` or \`owner\`, \`failing_since\`); the signing secret is never listed. ${OWN} ${H}`,
    examples: { response: { data: [endpoint] } },
  },
  'POST /api/user/webhooks': {
    id: 'webhooks.createEndpoint',
    summary: 'Add a webhook endpoint',
    description: `A URL, an optional description and at least one event of \`WEBHOOK_EVENT_TYPES\`; a signing secret (\`whsec_...\`) is made for it. At most 10 endpoints per account (409 \`webhooks.too_many_endpoints\`). In production the URL must be \`https://\` and must not name a private, loopback, link-local or internal address (422); the address is checked again at every send. ${OWN} ${H}`,
    errors: [409, 422],
    examples: {
      request: {
        url: 'https://hooks.example.com/liberty',
        description: 'Our label dashboard',
        events: ['campaign.created', 'campaign.completed', 'campaign.refunded'],
      },
      response: { data: endpoint, message: 'Webhook endpoint added' },
    },
  },
  'PUT /api/user/webhooks/{id}': {
    id: 'webhooks.updateEndpoint',
    summary: 'Change a webhook endpoint',
    description: `Any of URL, description, events and \`enabled\`. Turning it off fails its pending deliveries; turning it on clears its failure state (an endpoint failing for 24 hours is turned off by the product and its owner told). ${OWN} ${H}`,
    errors: [422],
    examples: { request: { enabled: true }, response: { data: endpoint, message: 'Webhook endpoint saved' } },
  },
  'DELETE /api/user/webhooks/{id}': {
    id: 'webhooks.deleteEndpoint',
    summary: 'Delete a webhook endpoint',
    description: `The endpoint and its delivery log; attempts still queued for it send nothing. ${OWN} ${H}`,
  },
  'GET /api/user/webhooks/{id}/secret': {
    id: 'webhooks.getSecret',
    summary: "Read an endpoint's signing secret",
    description: `The secret (\`whsec_\` and base64) that signs every request to this endpoint (Standard Webhooks \`webhook-signature\`); stored sealed, each reveal audited, never cached. ${OWN} ${H}`,
    examples: { response: { data: { secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' } } },
  },
  'POST /api/user/webhooks/{id}/secret/roll': {
    id: 'webhooks.rollSecret',
    summary: "Replace an endpoint's signing secret",
    description: `A new secret, answered once in clear; the old one stops signing at once. Audited. ${OWN} ${H}`,
  },
  'POST /api/user/webhooks/{id}/test': {
    id: 'webhooks.sendTestEvent',
    summary: 'Send the test event to an endpoint',
    description: `Queues the event \`webhook.test\` (\`data\`: \`endpoint_id\`, \`message\`) to this endpoint, whatever it subscribes to and even when it is off; answers the delivery (pending), which the delivery log then shows. ${OWN} ${H}`,
    examples: {
      response: {
        data: {
          ...delivery,
          status: 'pending',
          attempts: 0,
          response_status: null,
          response_excerpt: null,
          duration_ms: null,
          delivered_at: null,
        },
        message: 'Test event sent',
      },
    },
  },
  'GET /api/user/webhooks/{id}/deliveries': {
    id: 'webhooks.listDeliveries',
    summary: "Read an endpoint's delivery log",
    description: `The endpoint's deliveries, newest first, paged: event, status (\`pending\`, \`succeeded\`, \`failed\`), attempts, the latest answer's code and first 500 characters, or why there was none (\`timeout\`, \`address_refused\`, \`dns\`, \`connection\`, \`redirect\`, \`endpoint_disabled\`), the next attempt's time. Kept 30 days. ${OWN} ${H}`,
    examples: {
      response: { data: [delivery], pagination: { total: 1, limit: 10, current_page: 1, total_pages: 1 } },
    },
  },
  'POST /api/user/webhooks/deliveries/{id}/resend': {
    id: 'webhooks.resendDelivery',
    summary: 'Send a delivery again',
    description: `One new attempt of delivery \`id\`, at once, with the same \`webhook-id\` (receivers deduplicate on it); a failure leaves it failed. Refused while its endpoint is off (409 \`webhooks.endpoint_disabled\`). ${OWN} ${H}`,
    errors: [409],
  },
};
