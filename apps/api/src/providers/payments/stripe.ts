import Stripe from 'stripe';
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
 * @param secretKey the account's secret key (`sk_live_...` / `sk_test_...`)
 * @param webhookSecret the webhook endpoint's signing secret
 */
export function createStripeProvider(
  secretKey: string,
  webhookSecret: string,
  options: StripeProviderOptions = {},
): CardCheckoutProvider {
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(options.fetch ? { httpClient: Stripe.createFetchHttpClient(options.fetch) } : {}),
  });

  return {
    name: 'stripe',
    async createCheckoutSession(input) {
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
      return toCheckoutSession(await stripe.checkout.sessions.retrieve(id));
    },
    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new Error('stripe webhook without Stripe-Signature header');
      const event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
      return toCardEvent(event);
    },
  };
}

/** Stripe's session in the contract's shape (currency upper-cased, null metadata as empty). */
function toCheckoutSession(session: Stripe.Checkout.Session): CheckoutSession {
  return {
    id: session.id,
    url: session.url ?? null,
    // A session is born open; Stripe only answers null for sessions of other modes.
    status: session.status ?? 'open',
    paymentStatus: session.payment_status,
    amountTotalMinor: session.amount_total ?? 0,
    currency: (session.currency ?? '').toUpperCase(),
    clientReferenceId: session.client_reference_id ?? null,
    metadata: { ...(session.metadata ?? {}) },
  };
}

/** Keep only what the platform acts on: the event id (for replay dedupe), its type and the session. */
function toCardEvent(event: Stripe.Event): CardWebhookEvent {
  const object = event.data.object as { id?: unknown; object?: unknown };
  const isSession = event.type.startsWith('checkout.session.') && typeof object.id === 'string';
  return { id: event.id, type: event.type, sessionId: isSession ? (object.id as string) : null };
}
