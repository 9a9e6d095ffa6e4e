import { z } from 'zod';

/**
 * Outbound webhooks (issue 34 "Webhooks"): the events an account's endpoints subscribe to, what each
 * event's `data` holds, and the shapes of `/api/user/webhooks`. Every delivery is a POST of
 * `{ type, timestamp, data }` signed per the Standard Webhooks specification (`webhook-id`,
 * `webhook-timestamp`, `webhook-signature`); docs/api.md "Webhooks" shows how to verify it.
 */

/** Events an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  'campaign.created',
  'campaign.status_changed',
  'placement.verified',
  'video.verified',
  'campaign.completed',
  'campaign.refunded',
  'message.received',
  'payout.status_changed',
  'ticket.replied',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The event "send test event" delivers to one endpoint (never subscribed to, never emitted by a change). */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Every type a delivery may carry. */
export type WebhookDeliveredType = WebhookEventType | typeof WEBHOOK_TEST_EVENT;

/** Limits and timings of webhooks (docs/decisions.md "Webhooks"). */
export const WEBHOOK_LIMITS = {
  /** Endpoints one account may have (checked in the database). */
  endpointsPerAccount: 10,
  urlMax: 500,
  descriptionMax: 200,
  /** A delivery attempt's whole time: connection, request and answer (ms). */
  timeoutMs: 10_000,
  /** Characters of the receiver's answer kept in the delivery log. */
  excerptChars: 500,
  /**
   * Seconds before each retry after a failed attempt (Svix's schedule): the first attempt is at once,
   * then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; eight attempts in all over about 27.5 hours.
   */
  retryScheduleSeconds: [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000] as const,
  /** An endpoint whose deliveries have failed without a success for this long is disabled (hours). */
  disableAfterHours: 24,
} as const;

/** A campaign's platform as events name it: `spotify`, `tiktok`, `instagram` (more may come). */
const platform = z.string();
const campaignRef = { campaign_id: z.number().int(), platform };

/** `data` of each event type (the body's `data`). Amounts are coins (integers). */
export const webhookEventData = {
  'campaign.created': z.object({
    ...campaignRef,
    status_id: z.number().int(),
    price_coins: z.number().int(),
    track_name: z.string(),
  }),
  'campaign.status_changed': z.object({
    ...campaignRef,
    /** Express status ids 1..8 (`EXPRESS_CAMPAIGN_STATUS`); null when the move came from several. */
    from_status: z.number().int().nullable(),
    to_status: z.number().int(),
  }),
  'placement.verified': z.object({ ...campaignRef, on_going_until: z.string().nullable() }),
  'video.verified': z.object({ ...campaignRef, on_going_until: z.string().nullable() }),
  'campaign.completed': z.object({
    ...campaignRef,
    price_coins: z.number().int(),
    /** Coins paid to the seller (before the platform fee). */
    paid_coins: z.number().int(),
    /** Coins given back to the artist. */
    refunded_coins: z.number().int(),
  }),
  'campaign.refunded': z.object({
    ...campaignRef,
    price_coins: z.number().int(),
    refunded_coins: z.number().int(),
    /** Why: declined, withdrawn, unanswered, expired, dispute_upheld, force_refund, partial. */
    reason: z.string(),
  }),
  'message.received': z.object({
    ...campaignRef,
    message_id: z.number().int(),
    sender_id: z.number().int(),
    /** The message as stored (e-mail addresses and phone numbers already replaced). */
    body: z.string(),
  }),
  'payout.status_changed': z.object({
    payout_id: z.number().int(),
    /** Payout status ids 1..5 (`PAYOUT_STATUS`). */
    status_id: z.number().int(),
    status: z.enum(['processing', 'paid', 'declined', 'failed']),
    coins: z.number().int(),
  }),
  'ticket.replied': z.object({
    ticket_id: z.number().int(),
    reply_id: z.number().int(),
    subject: z.string(),
  }),
} satisfies Record<WebhookEventType, z.ZodType>;

export type WebhookEventData<T extends WebhookEventType> = z.infer<(typeof webhookEventData)[T]>;

/** `data` of the test event. */
export const webhookTestData = z.object({ endpoint_id: z.number().int(), message: z.string() });

/** The JSON body of every delivery. */
export const webhookBodySchema = z.object({
  type: z.string(),
  /** When the event happened (ISO 8601). */
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});

const httpUrl = z.url({ protocol: /^https?$/ });
const url = z
  .string()
  .trim()
  .min(1, 'validation.required')
  .max(WEBHOOK_LIMITS.urlMax, 'validation.invalid')
  .refine((v) => httpUrl.safeParse(v).success, 'webhooks.url_invalid');

/** `POST /api/user/webhooks`: a new endpoint. */
export const webhookEndpointCreateBody = z.object({
  url,
  description: z.string().trim().max(WEBHOOK_LIMITS.descriptionMax).default(''),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, 'webhooks.events_required')
    .transform((v) => [...new Set(v)]),
});
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreateBody>;

/** `PUT /api/user/webhooks/{id}`: what changes; `enabled: true` turns a disabled endpoint on again. */
export const webhookEndpointUpdateBody = z.object({
  url: url.optional(),
  description: z.string().trim().max(WEBHOOK_LIMITS.descriptionMax).optional(),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES))
    .min(1, 'webhooks.events_required')
    .transform((v) => [...new Set(v)])
    .optional(),
  enabled: z.boolean().optional(),
});
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateBody>;

/** An endpoint as its owner reads it (the signing secret apart: `GET .../{id}/secret`). */
export const webhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  enabled: z.boolean(),
  /** Why it is off: `failing` (24 hours of failed deliveries) or `owner` (turned off); null when on. */
  disabled_reason: z.enum(['failing', 'owner']).nullable(),
  /** Since when every delivery has failed; null while the last one succeeded. */
  failing_since: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointAnswer = z.object({
  data: webhookEndpointSchema,
  message: z.string().optional(),
});
export const webhookEndpointListAnswer = z.object({ data: z.array(webhookEndpointSchema) });

/** `GET /api/user/webhooks/{id}/secret` and `POST .../secret/roll`: the signing secret (`whsec_...`). */
export const webhookSecretAnswer = z.object({
  data: z.object({ secret: z.string() }),
  message: z.string().optional(),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** One event sent to one endpoint, with its latest attempt. */
export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  /** The `webhook-id` header: the same on every attempt of this delivery. */
  event_id: z.string(),
  event_type: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** HTTP status of the latest attempt; null when none answered (refused, timed out, not yet tried). */
  response_status: z.number().int().nullable(),
  response_excerpt: z.string().nullable(),
  /** Why the latest attempt failed without an HTTP answer (a message key), or null. */
  error: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  next_attempt_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryAnswer = z.object({
  data: webhookDeliverySchema,
  message: z.string().optional(),
});
