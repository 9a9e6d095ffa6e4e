import type { Client, OAuthToken, Order, OrdersController } from '@paypal/paypal-server-sdk';
import type { PayPalOrder, PayPalProvider, PayPalWebhookEvent } from './contract';
import { decimalToMinor, minorToDecimal } from './money';

/** Settings of the real PayPal provider. */
export interface PayPalProviderOptions {
  clientId: string;
  clientSecret: string;
  /** Id of the webhook registered in the PayPal app (its events are verified against it). */
  webhookId: string;
  environment: 'sandbox' | 'production';
  /** Transport for every call (recorded responses in tests); the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** Documented REST hosts of PayPal. */
export const PAYPAL_API_BASE = {
  sandbox: 'https://api-m.sandbox.paypal.com',
  production: 'https://api-m.paypal.com',
} as const;

/** Headers PayPal signs a webhook delivery with (lower-case, as Node hands them over). */
const TRANSMISSION_HEADERS = {
  transmission_id: 'paypal-transmission-id',
  transmission_time: 'paypal-transmission-time',
  transmission_sig: 'paypal-transmission-sig',
  cert_url: 'paypal-cert-url',
  auth_algo: 'paypal-auth-algo',
} as const;

/**
 * Real PayPal provider (Orders v2, intent CAPTURE).
 *
 * Transport: orders go through the official `@paypal/paypal-server-sdk` (OrdersController, with its
 * client-credentials token manager). The SDK runs on axios; we select axios' fetch adapter with our
 * `fetch` (`unstable_httpClientOptions`), so production and the recorded-response tests take the
 * same path. The SDK has no webhook API, so `verifyWebhook` calls the documented
 * `POST /v1/notifications/verify-webhook-signature` with fetch, using the SDK's cached token.
 *
 * Orders are created with `payment_source.paypal.experience_context` (return/cancel URLs, no
 * shipping, "Pay Now"): PayPal then answers PAYER_ACTION_REQUIRED with a `payer-action` link (the
 * older `application_context` answers CREATED with an `approve` link; both are mapped). Calls ask
 * for `Prefer: return=representation` so amounts and captures are always in the answer.
 *
 * Errors: an SDK/HTTP failure is rethrown as `Error('paypal <operation> failed: <status> <issue>')`
 * with the SDK error as `cause`; capturing an unapproved order throws `Error('ORDER_NOT_APPROVED')`
 * (the same message as the sandbox provider).
 *
 * The SDK (about 10 MiB of heap once loaded, 377 modules and axios) is imported and the client built
 * on the first call, not at start: the API's hot paths never use it (resident memory under
 * 300 MB; docs/decisions.md "Memory under load (session 8)"). Concurrent first calls share one client.
 */
export function createPayPalProvider(options: PayPalProviderOptions): PayPalProvider {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const base = PAYPAL_API_BASE[options.environment];
  let token: OAuthToken | undefined;
  let pendingToken: Promise<OAuthToken> | undefined;
  let loaded: Promise<{ sdk: PayPalSdk; client: Client; orders: OrdersController }> | undefined;

  /** The SDK, its client and the orders controller, created on first use (a failed import is retried). */
  function paypal(): Promise<{ sdk: PayPalSdk; client: Client; orders: OrdersController }> {
    loaded ??= import('@paypal/paypal-server-sdk').then(
      (sdk) => {
        const client = new sdk.Client({
          environment:
            options.environment === 'production' ? sdk.Environment.Production : sdk.Environment.Sandbox,
          timeout: 20_000,
          clientCredentialsAuthCredentials: {
            oAuthClientId: options.clientId,
            oAuthClientSecret: options.clientSecret,
            // One token cache for the SDK's calls and our webhook verification.
            oAuthTokenProvider: () => accessToken(),
          },
          unstable_httpClientOptions: { adapter: 'fetch', env: { fetch: fetchImpl } },
        });
        return { sdk, client, orders: new sdk.OrdersController(client) };
      },
      (err: unknown) => {
        loaded = undefined;
        throw err;
      },
    );
    return loaded;
  }

  /** The cached client-credentials token, fetched once when missing or about to expire. */
  async function accessToken(): Promise<OAuthToken> {
    const manager = (await paypal()).client.clientCredentialsAuthManager;
    if (token && manager.isValid(token) && !manager.isExpired(token)) return Promise.resolve(token);
    pendingToken ??= manager
      .fetchToken()
      .then((fresh) => {
        token = fresh;
        return fresh;
      })
      .finally(() => {
        pendingToken = undefined;
      });
    return pendingToken;
  }

  async function getOrder(id: string): Promise<PayPalOrder> {
    const { sdk, orders } = await paypal();
    const { result } = await call(sdk, 'getOrder', () => orders.getOrder({ id }));
    return toPayPalOrder(result);
  }

  return {
    name: 'paypal',
    getOrder,
    async createOrder(input) {
      const { sdk, orders } = await paypal();
      const { result } = await call(sdk, 'createOrder', () =>
        orders.createOrder({
          paypalRequestId: input.requestId,
          prefer: 'return=representation',
          body: {
            intent: sdk.CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                amount: {
                  currencyCode: input.currency.toUpperCase(),
                  value: minorToDecimal(input.amountMinor, input.currency),
                },
                customId: input.customId,
                description: input.description,
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  returnUrl: input.returnUrl,
                  cancelUrl: input.cancelUrl,
                  shippingPreference: sdk.PaypalWalletContextShippingPreference.NoShipping,
                  userAction: sdk.PaypalExperienceUserAction.PayNow,
                },
              },
            },
          },
        }),
      );
      return toPayPalOrder(result);
    },
    async captureOrder(id, requestId) {
      const { sdk, orders } = await paypal();
      try {
        const { result } = await orders.captureOrder({
          id,
          paypalRequestId: requestId,
          prefer: 'return=representation',
          body: {},
        });
        return toPayPalOrder(result);
      } catch (err) {
        const issue = errorIssue(sdk, err);
        // A capture retried after its answer was lost: the order as it is now is the answer.
        if (issue === 'ORDER_ALREADY_CAPTURED') return getOrder(id);
        if (issue === 'ORDER_NOT_APPROVED') throw new Error('ORDER_NOT_APPROVED', { cause: err });
        throw wrapError(sdk, 'captureOrder', err);
      }
    },
    async verifyWebhook(headers, rawBody) {
      const transmission: Record<string, string> = {};
      for (const [field, header] of Object.entries(TRANSMISSION_HEADERS)) {
        const value = headers[header];
        const single = Array.isArray(value) ? value[0] : value;
        if (!single) throw new Error(`paypal webhook without ${header} header`);
        transmission[field] = single;
      }
      const text = rawBody.toString('utf8');
      const event = parsePayPalEvent(text);
      // The event goes back byte for byte: re-serialising it can change what PayPal signed.
      const body = `{${Object.entries({ ...transmission, webhook_id: options.webhookId })
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
        .join(',')},"webhook_event":${text}}`;
      const { accessToken: bearer } = await accessToken();
      const res = await fetchImpl(`${base}/v1/notifications/verify-webhook-signature`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      const answer = (await res.json().catch(() => ({}))) as { verification_status?: string };
      if (!res.ok) throw new Error(`paypal webhook verification failed: HTTP ${res.status}`);
      if (answer.verification_status !== 'SUCCESS') {
        throw new Error(
          `paypal webhook signature not verified: ${answer.verification_status ?? 'no status'}`,
        );
      }
      return toPayPalEvent(event);
    },
  };
}

/** The SDK's module, loaded on first use. */
type PayPalSdk = typeof import('@paypal/paypal-server-sdk');

/** Run an SDK call, turning its errors into plain Errors that name the operation. */
async function call<T>(sdk: PayPalSdk, operation: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw wrapError(sdk, operation, err);
  }
}

function wrapError(sdk: PayPalSdk, operation: string, err: unknown): Error {
  const status = err instanceof sdk.ApiError ? ` ${err.statusCode}` : '';
  const issue = errorIssue(sdk, err) ?? (err instanceof Error ? err.message : String(err));
  return new Error(`paypal ${operation} failed:${status} ${issue}`, { cause: err });
}

/** The `details[0].issue` (or `name`) of a PayPal error answer, e.g. ORDER_ALREADY_CAPTURED. */
function errorIssue(sdk: PayPalSdk, err: unknown): string | undefined {
  if (!(err instanceof sdk.ApiError)) return undefined;
  const result = err.result as { name?: string; details?: { issue?: string }[] } | undefined;
  return result?.details?.[0]?.issue ?? result?.name;
}

/** The SDK's order in the contract's shape: amounts back to minor units, approve link, first capture. */
function toPayPalOrder(order: Order): PayPalOrder {
  const unit = order.purchaseUnits?.[0];
  if (!order.id || !order.status || !unit?.amount) {
    throw new Error('paypal order answer has no id, status or amount');
  }
  const capture = unit.payments?.captures?.[0];
  const approve = order.links?.find((link) => link.rel === 'approve' || link.rel === 'payer-action');
  return {
    id: order.id,
    status: order.status,
    approveUrl: approve?.href ?? null,
    amountMinor: decimalToMinor(unit.amount.value, unit.amount.currencyCode),
    currency: unit.amount.currencyCode.toUpperCase(),
    customId: unit.customId ?? null,
    captureId: capture?.id ?? null,
    captureStatus: capture?.status ?? null,
  };
}

/** The parts of a PayPal webhook event we read. */
export interface RawPayPalEvent {
  id?: unknown;
  event_type?: unknown;
  resource?: { id?: unknown; supplementary_data?: { related_ids?: { order_id?: unknown } } };
}

/**
 * Parse a webhook body (shared with the sandbox provider).
 * @throws Error when it is not a JSON object
 */
export function parsePayPalEvent(text: string): RawPayPalEvent {
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed && typeof parsed === 'object') return parsed as RawPayPalEvent;
  } catch {
    // Reported below with the same message as any other malformed body.
  }
  throw new Error('paypal webhook body is not a JSON event');
}

/**
 * The fields we act on. CHECKOUT.ORDER.* events carry the order as their resource; PAYMENT.CAPTURE.*
 * events carry the capture, whose order is `supplementary_data.related_ids.order_id`.
 * Shared with the sandbox provider so both map events identically.
 */
export function toPayPalEvent(event: RawPayPalEvent): PayPalWebhookEvent {
  if (typeof event.id !== 'string' || typeof event.event_type !== 'string') {
    throw new Error('paypal webhook event has no id or event_type');
  }
  let orderId: unknown = null;
  if (event.event_type.startsWith('CHECKOUT.ORDER.')) orderId = event.resource?.id;
  else if (event.event_type.startsWith('PAYMENT.CAPTURE.')) {
    orderId = event.resource?.supplementary_data?.related_ids?.order_id;
  }
  return {
    id: event.id,
    eventType: event.event_type,
    orderId: typeof orderId === 'string' ? orderId : null,
  };
}
