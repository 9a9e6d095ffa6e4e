import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type {
  CardCheckoutProvider,
  CardWebhookEvent,
  CheckoutSession,
  CreateCheckoutInput,
} from './contract';
import { sandboxCheckoutSessions } from './sandbox.schema';
import { signSandboxPayload, verifySandboxSignature } from './sandbox-signature';
import { toCardEvent } from './stripe';

type SessionRow = typeof sandboxCheckoutSessions.$inferSelect;

/** A signed delivery of a sandbox card event, as Stripe would POST it to the webhook endpoint. */
export interface SandboxCardDelivery {
  rawBody: Buffer;
  /** Value of the `Sandbox-Signature` header for `rawBody`. */
  signatureHeader: string;
}

/**
 * Receives the sandbox's webhook events in place of Stripe's webhook POST. `event` is what
 * `verifyWebhook` would return; `delivery` is the signed body, for a handler that wants to run the
 * very same verify-and-record path as a real delivery. Throwing marks the event undelivered, so the
 * buyer's next press of the same button delivers it again (with the same event id).
 */
export type SandboxEventSink = (
  event: CardWebhookEvent,
  delivery: SandboxCardDelivery,
) => void | Promise<void>;

let eventSink: SandboxEventSink | undefined;

/**
 * Register where sandbox card events go (the payments service does, once per process); until then
 * they are dropped. Events: `checkout.session.completed` on "Pay", `checkout.session.expired` on
 * "Decline" (Stripe sends the latter when a session expires unpaid).
 */
export function setSandboxEventSink(sink: SandboxEventSink | undefined): void {
  eventSink = sink;
}

/** Sign an event body like the sandbox does; tests use it to forge valid deliveries. */
export function signSandboxCardEvent(key: string, body: string | Buffer, nowMs = Date.now()): string {
  return signSandboxPayload(key, body, nowMs);
}

/** A session with what the hosted page shows. */
export interface SandboxCheckoutPage extends CheckoutSession {
  description: string;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** Outcome of a button on the hosted page: where to send the browser, or why not. */
export type SandboxCheckoutOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'conflict'; status: CheckoutSession['status'] }
  | { kind: 'not_found' };

/** The sandbox card provider plus what its hosted page (sandbox.routes.ts) drives. */
export interface SandboxCardProvider extends CardCheckoutProvider {
  readonly name: 'sandbox';
  findSession(id: string): Promise<SandboxCheckoutPage | null>;
  /**
   * "Pay": open -> complete/paid once, then `checkout.session.completed` to the sink; redirect to
   * the success URL with `{CHECKOUT_SESSION_ID}` replaced. Again on a complete session: the same
   * redirect, and the event only if its delivery failed before. Conflict on an expired session.
   * @throws what the event sink throws (the state change stays; the event is retried next time)
   */
  completeSession(id: string): Promise<SandboxCheckoutOutcome>;
  /**
   * "Simulate a declined card": open -> expired (still unpaid) with the payment error `card_declined`
   * (what Stripe reports in the payment intent's `last_payment_error`), `checkout.session.expired` to
   * the sink; redirect to the cancel URL with `sandbox_result=failed`.
   */
  failSession(id: string): Promise<SandboxCheckoutOutcome>;
  /** "Cancel": the session stays open (as with Stripe's back link); redirect to the cancel URL. */
  cancelSession(id: string): Promise<SandboxCheckoutOutcome>;
}

/**
 * Sandbox card checkout (the default while Stripe is not configured): sessions live in
 * `sandbox_checkout_sessions`, the hosted page is served by this API at
 * `${appUrl}/api/sandbox/checkout/<id>`, and webhook events are Stripe-shaped JSON signed with
 * HMAC-SHA256 over `${t}.${body}` under `key` (`Sandbox-Signature: t=<unix>,v1=<hex>`, 5 minutes).
 * @param now clock for signatures (ms), for tests
 */
export function createSandboxCardProvider(options: {
  appUrl: string;
  key: string;
  database: Database;
  now?: () => number;
}): SandboxCardProvider {
  const { appUrl, key, database } = options;
  const now = options.now ?? Date.now;
  const { db } = database;
  const table = sandboxCheckoutSessions;

  const pageUrl = (id: string) => `${appUrl}/api/sandbox/checkout/${id}`;

  function toSession(row: SessionRow): SandboxCheckoutPage {
    return {
      id: row.id,
      // Like Stripe: the hosted page link is only handed out while the session can be paid.
      url: row.status === 'open' ? pageUrl(row.id) : null,
      status: row.status as CheckoutSession['status'],
      paymentStatus: row.paymentStatus as CheckoutSession['paymentStatus'],
      amountTotalMinor: row.amountTotal,
      currency: row.currency,
      clientReferenceId: row.clientReferenceId,
      metadata: row.metadata,
      paymentError: row.paymentError ? { code: row.paymentError, declineCode: 'generic_decline' } : null,
      description: row.description,
      customerEmail: row.customerEmail,
      successUrl: row.successUrl,
      cancelUrl: row.cancelUrl,
    };
  }

  async function find(id: string): Promise<SessionRow | undefined> {
    const [row] = await db.select().from(table).where(eq(table.id, id));
    return row;
  }

  /** The Stripe-shaped event body for a session's terminal state change. */
  function eventBody(
    row: SessionRow,
    type: 'checkout.session.completed' | 'checkout.session.expired',
  ): string {
    return JSON.stringify({
      // Stable per session and type, so a redelivery is recognised as the same event.
      id: `evt_sandbox_${row.id.replace(/^cs_sandbox_/, '')}_${type.split('.').pop()}`,
      object: 'event',
      type,
      created: Math.floor(now() / 1000),
      livemode: false,
      data: {
        object: {
          id: row.id,
          object: 'checkout.session',
          mode: 'payment',
          status: row.status,
          payment_status: row.paymentStatus,
          amount_total: row.amountTotal,
          currency: row.currency.toLowerCase(),
          client_reference_id: row.clientReferenceId,
          customer_email: row.customerEmail,
          metadata: row.metadata,
          success_url: row.successUrl,
          cancel_url: row.cancelUrl,
          url: null,
        },
      },
    });
  }

  /** Hand the state change's event to the sink once: claimed by a guarded update, released if the sink throws. */
  async function deliver(row: SessionRow, type: 'checkout.session.completed' | 'checkout.session.expired') {
    const sink = eventSink;
    if (!sink) return;
    const claimed = await db
      .update(table)
      .set({ eventDeliveredAt: new Date(now()) })
      .where(and(eq(table.id, row.id), isNull(table.eventDeliveredAt)))
      .returning({ id: table.id });
    if (claimed.length === 0) return;
    const body = eventBody(row, type);
    const signatureHeader = signSandboxPayload(key, body, now());
    const rawBody = Buffer.from(body);
    try {
      await sink(verify(rawBody, signatureHeader), { rawBody, signatureHeader });
    } catch (err) {
      await db.update(table).set({ eventDeliveredAt: null }).where(eq(table.id, row.id));
      throw err;
    }
  }

  function verify(rawBody: Buffer, signatureHeader: string | undefined): CardWebhookEvent {
    verifySandboxSignature(key, rawBody, signatureHeader, now());
    let event: unknown;
    try {
      event = JSON.parse(rawBody.toString('utf8'));
    } catch {
      throw new Error('sandbox webhook body is not JSON');
    }
    const e = event as { id?: unknown; type?: unknown; data?: { object?: unknown } } | null;
    if (typeof e?.id !== 'string' || typeof e.type !== 'string' || !e.data) {
      throw new Error('sandbox webhook body is not an event');
    }
    return toCardEvent({ id: e.id, type: e.type, data: { object: e.data.object ?? null } });
  }

  return {
    name: 'sandbox',

    async createCheckoutSession(input: CreateCheckoutInput) {
      validateCreate(input);
      const [created] = await db
        .insert(table)
        .values({
          id: `cs_sandbox_${randomBytes(16).toString('hex')}`,
          idempotencyKey: input.idempotencyKey,
          amountTotal: input.amountMinor,
          currency: input.currency.toUpperCase(),
          description: input.description,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          clientReferenceId: input.clientReferenceId,
          customerEmail: input.customerEmail ?? null,
          metadata: input.metadata,
        })
        .onConflictDoNothing({ target: table.idempotencyKey })
        .returning();
      const row =
        created ?? (await db.select().from(table).where(eq(table.idempotencyKey, input.idempotencyKey)))[0];
      if (!row) throw new Error('sandbox checkout session vanished after an idempotent create');
      return pick(toSession(row));
    },

    async retrieveCheckoutSession(id) {
      const row = await find(id);
      // Stripe's wording for an unknown id.
      if (!row) throw new Error(`No such checkout.session: '${id}'`);
      return pick(toSession(row));
    },

    verifyWebhook: async (rawBody, signatureHeader) => verify(rawBody, signatureHeader),

    async findSession(id) {
      const row = await find(id);
      return row ? toSession(row) : null;
    },

    async completeSession(id) {
      const [changed] = await db
        .update(table)
        .set({ status: 'complete', paymentStatus: 'paid', paymentError: null, closedAt: new Date(now()) })
        .where(and(eq(table.id, id), eq(table.status, 'open')))
        .returning();
      const row = changed ?? (await find(id));
      if (!row) return { kind: 'not_found' };
      if (row.status !== 'complete') return { kind: 'conflict', status: row.status as 'expired' };
      await deliver(row, 'checkout.session.completed');
      return { kind: 'redirect', location: row.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', row.id) };
    },

    async failSession(id) {
      const [changed] = await db
        .update(table)
        .set({ status: 'expired', paymentError: 'card_declined', closedAt: new Date(now()) })
        .where(and(eq(table.id, id), eq(table.status, 'open')))
        .returning();
      const row = changed ?? (await find(id));
      if (!row) return { kind: 'not_found' };
      if (row.status !== 'expired') return { kind: 'conflict', status: row.status as 'complete' };
      await deliver(row, 'checkout.session.expired');
      return { kind: 'redirect', location: withParam(row.cancelUrl, 'sandbox_result', 'failed') };
    },

    async cancelSession(id) {
      const row = await find(id);
      if (!row) return { kind: 'not_found' };
      if (row.status === 'complete') return { kind: 'conflict', status: 'complete' };
      return { kind: 'redirect', location: row.cancelUrl };
    },
  };
}

/** Only the contract's fields leave through the contract's methods. */
function pick(page: SandboxCheckoutPage): CheckoutSession {
  const { description: _d, customerEmail: _c, successUrl: _s, cancelUrl: _u, ...session } = page;
  return session;
}

/** Refuse what Stripe would refuse, so the sandbox does not accept calls the real provider rejects. */
function validateCreate(input: CreateCheckoutInput): void {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
    throw new Error(`amount must be a positive integer in minor units, got ${input.amountMinor}`);
  }
  if (!/^[A-Za-z]{3}$/.test(input.currency)) throw new Error(`invalid currency: ${input.currency}`);
  for (const url of [input.successUrl, input.cancelUrl]) {
    if (!/^https?:\/\//.test(url)) throw new Error(`not an absolute URL: ${url}`);
  }
  if (!input.idempotencyKey) throw new Error('idempotency key required');
}

/** Append a query parameter, keeping the rest of the URL as given. */
export function withParam(url: string, name: string, value: string): string {
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const sep = base.includes('?') ? (base.endsWith('?') || base.endsWith('&') ? '' : '&') : '?';
  return `${base}${sep}${encodeURIComponent(name)}=${encodeURIComponent(value)}${hash}`;
}
