/**
 * Payment providers behind small contracts (STYLE: providers/payments/{contract,stripe,paypal,sandbox}).
 * Amounts are integers in minor units (pence for GBP) with an ISO 4217 currency code in upper case.
 */

/** A hosted card checkout (Stripe Checkout or the sandbox). */
export interface CheckoutSession {
  id: string;
  /** Hosted page to send the browser to. */
  url: string | null;
  /** 'open' while the buyer is on the page, 'complete' once paid (or async payment started), 'expired'. */
  status: 'open' | 'complete' | 'expired';
  /** 'paid' only when the money is captured. */
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  amountTotalMinor: number;
  currency: string;
  /** Our reference (the payment row id), set at creation. */
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  /**
   * Why the last payment attempt on the page failed (Stripe: the payment intent's
   * `last_payment_error`, e.g. `card_declined` / `insufficient_funds`), or null when none failed.
   * Stripe keeps the session open after a decline (the buyer may try another card); the sandbox's
   * "Simulate a declined card" ends it.
   */
  paymentError: { code: string; declineCode: string | null } | null;
}

export interface CreateCheckoutInput {
  amountMinor: number;
  currency: string;
  /** Line item name shown on the hosted page. */
  description: string;
  /** Stripe replaces `{CHECKOUT_SESSION_ID}` in it. */
  successUrl: string;
  cancelUrl: string;
  clientReferenceId: string;
  customerEmail?: string;
  metadata: Record<string, string>;
  /** Sent as the provider's idempotency key so a retried create makes one session. */
  idempotencyKey: string;
}

/** A verified webhook event of the card provider (only the fields we act on). */
export interface CardWebhookEvent {
  id: string;
  type: string;
  /** The checkout session id for checkout.session.* events. */
  sessionId: string | null;
}

export interface CardCheckoutProvider {
  readonly name: 'stripe' | 'sandbox';
  createCheckoutSession(input: CreateCheckoutInput): Promise<CheckoutSession>;
  /** The session with its payment attempt's error, if any (Stripe: `expand: ['payment_intent']`). */
  retrieveCheckoutSession(id: string): Promise<CheckoutSession>;
  /**
   * Verify the signature of a webhook request and parse it (asynchronous: the real provider loads
   * its SDK on first use).
   * @throws Error (a rejection) when the signature is missing, wrong or too old
   */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<CardWebhookEvent>;
}

/** A PayPal Orders v2 order. */
export interface PayPalOrder {
  id: string;
  /** CREATED, SAVED, APPROVED, VOIDED, COMPLETED, PAYER_ACTION_REQUIRED */
  status: string;
  /** Link the buyer approves the order on (rel "approve" or "payer-action"). */
  approveUrl: string | null;
  amountMinor: number;
  currency: string;
  /** Our reference (purchase_units[0].custom_id). */
  customId: string | null;
  /** Capture id and status once captured. */
  captureId: string | null;
  captureStatus: string | null;
}

export interface CreateOrderInput {
  amountMinor: number;
  currency: string;
  description: string;
  returnUrl: string;
  cancelUrl: string;
  customId: string;
  /** Sent as PayPal-Request-Id so a retried create makes one order. */
  requestId: string;
}

/** A verified PayPal webhook event (only the fields we act on). */
export interface PayPalWebhookEvent {
  id: string;
  eventType: string;
  /** The order id the event is about (CHECKOUT.ORDER.APPROVED resource id, or the capture's related order id). */
  orderId: string | null;
}

export interface PayPalProvider {
  readonly name: 'paypal' | 'sandbox';
  createOrder(input: CreateOrderInput): Promise<PayPalOrder>;
  getOrder(id: string): Promise<PayPalOrder>;
  /** Capture an approved order; capturing an already captured order answers the order as it is. */
  captureOrder(id: string, requestId: string): Promise<PayPalOrder>;
  /**
   * Verify a webhook delivery (PayPal's verify-webhook-signature API for the real provider).
   * @throws Error when it does not verify
   */
  verifyWebhook(
    headers: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
  ): Promise<PayPalWebhookEvent>;
}
