import type Stripe from 'stripe';
import type { CardCheckoutProvider, CardWebhookEvent, CheckoutSession } from './contract';

/** Options of the real Stripe provider. */
export interface StripeProviderOptions {
  /** Transport for tests (recorded responses); the SDK's Node HTTP client otherwise. */
  fetch?: typeof fetch;
}

/**
 * Real card provider on the official `stripe` SDK: hosted Checkout Sessions (mode `payment`, one
 * line item priced inline) and webhooks verified with `stripe.webhooks.constructEvent` against the
 * endpoint's signing secret (`whsec_...`, 5-minute tolerance).
 *
 * The SDK (about 6 MiB of heap once loaded, 218 modules) is imported and the client built on the
 * first call, not at start: the API's hot paths never use it (resident memory under 300 MB;
 * docs/decisions.md "Memory under load (session 8)"). Concurrent first calls share one client.
 * @param secretKey the account's secret key (`sk_live_...` / `sk_test_...`)
 * @param webhookSecret the webhook endpoint's signing secret
 */
export function createStripeProvider(
  secretKey: string,
  webhookSecret: string,
  options: StripeProviderOptions = {},
): CardCheckoutProvider {
  let client: Promise<Stripe> | undefined;
  /** The client, created on first use; a failed import is retried by the next call. */
  const getStripe = (): Promise<Stripe> => {
    client ??= import('stripe').then(
      ({ default: StripeSdk }) =>
        new StripeSdk(secretKey, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          telemetry: false,
          ...(options.fetch ? { httpClient: StripeSdk.createFetchHttpClient(options.fetch) } : {}),
        }),
      (err: unknown) => {
        client = undefined;
        throw err;
      },
    );
    return client;
  };

  return {
    name: 'stripe',
    async createCheckoutSession(input) {
      const stripe = await getStripe();
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountMinor,
                product_data: { name: input.description },
              },
            },
          ],
          client_reference_id: input.clientReferenceId,
          metadata: input.metadata,
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
        },
        // The SDK also reuses this key for its own network retries.
        { idempotencyKey: input.idempotencyKey },
      );
      return toCheckoutSession(session);
    },
    async retrieveCheckoutSession(id) {
      const stripe = await getStripe();
      // The payment intent carries the decline of the last attempt (the session stays open after it).
      return toCheckoutSession(await stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent'] }));
    },
    async verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new Error('stripe webhook without Stripe-Signature header');
      const stripe = await getStripe();
      const event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
      return toCardEvent(event);
    },
  };
}

/**
 * Stripe's session in the contract's shape (currency upper-cased, null metadata as empty); the
 * payment error only when the payment intent was expanded and its last attempt failed.
 */
function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  const intent = typeof session.payment_intent === 'object' ? session.payment_intent : null;
  const error = intent?.last_payment_error ?? null;
  return {
    id: session.id,
    url: session.url ?? null,
    // The SDK types leave both open to future values: an unknown one is never taken as paid.
    status: oneOf(session.status, ['open', 'complete', 'expired'] as const, 'open'),
    paymentStatus: oneOf(
      session.payment_status,
      ['paid', 'unpaid', 'no_payment_required'] as const,
      'unpaid',
    ),
    amountTotalMinor: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    clientReferenceId: session.client_reference_id ?? null,
    metadata: { ...(session.metadata ?? {}) },
    paymentError: error
      ? { code: error.code ?? error.type ?? 'payment_failed', declineCode: error.decline_code ?? null }
      : null,
  };
}

function oneOf<T extends string>(value: string | null, known: readonly T[], fallback: T): T {
  return known.includes(value as T) ? (value as T) : fallback;
}

/**
 * Keep only what the platform acts on: the event id (for replay dedupe), its type and, for
 * checkout.session.* events, the session id. Shared with the sandbox, whose events have Stripe's shape.
 */
export function toCardEvent(event: {
  id: string;
  type: string;
  data: { object: unknown };
}): CardWebhookEvent {
  const object = event.data.object as { id?: unknown } | null;
  const sessionId =
    event.type.startsWith('checkout.session.') && typeof object?.id === 'string' ? object.id : null;
  return { id: event.id, type: event.type, sessionId };
}
