import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { CreateOrderInput, PayPalOrder, PayPalProvider } from './contract';
import { parsePayPalEvent, toPayPalEvent } from './paypal';
import { sandboxPaypalOrders } from './sandbox.schema';
import { withParam } from './sandbox-card';
import { SANDBOX_SIGNATURE_HEADER, signSandboxPayload, verifySandboxSignature } from './sandbox-signature';

type OrderRow = typeof sandboxPaypalOrders.$inferSelect;

/** Payer id the sandbox approval page hands back, as PayPal appends `PayerID` to the return URL. */
export const SANDBOX_PAYER_ID = 'SANDBOXPAYER';

/** Sign a PayPal-shaped event body for the sandbox provider's `verifyWebhook` (tests). */
export function signSandboxPayPalEvent(key: string, body: string | Buffer, nowMs = Date.now()): string {
  return signSandboxPayload(key, body, nowMs);
}

/** An order with what the approval page shows. */
export interface SandboxPayPalPage extends PayPalOrder {
  description: string;
  returnUrl: string;
  cancelUrl: string;
}

/** Outcome of a button on the approval page. */
export type SandboxPayPalOutcome =
  | { kind: 'redirect'; location: string }
  | { kind: 'conflict'; status: string }
  | { kind: 'not_found' };

/** The sandbox PayPal provider plus what its approval page (sandbox.routes.ts) drives. */
export interface SandboxPayPalProvider extends PayPalProvider {
  readonly name: 'sandbox';
  findOrder(id: string): Promise<SandboxPayPalPage | null>;
  /** "Approve": CREATED -> APPROVED once; redirect to the return URL with `token=<id>&PayerID=SANDBOXPAYER` (again on an approved or captured order). */
  approveOrder(id: string): Promise<SandboxPayPalOutcome>;
  /** "Cancel": the order stays as it is; redirect to the cancel URL with `token=<id>`, as PayPal does. Conflict once captured. */
  cancelOrder(id: string): Promise<SandboxPayPalOutcome>;
}

/**
 * Sandbox PayPal (the default while PayPal is not configured): orders in `sandbox_paypal_orders`,
 * approval page at `${appUrl}/api/sandbox/paypal/<id>`, webhooks signed like the sandbox card
 * provider's (`Sandbox-Signature`, HMAC-SHA256 over `${t}.${body}` under `key`) with PayPal's event
 * shape. Errors use PayPal's issue names: capturing an order not yet approved throws
 * `Error('ORDER_NOT_APPROVED')`; an unknown order `Error('RESOURCE_NOT_FOUND ...')`.
 * @param now clock for signatures (ms), for tests
 */
export function createSandboxPayPalProvider(options: {
  appUrl: string;
  key: string;
  database: Database;
  now?: () => number;
}): SandboxPayPalProvider {
  const { appUrl, key, database } = options;
  const now = options.now ?? Date.now;
  const { db } = database;
  const table = sandboxPaypalOrders;

  function toPage(row: OrderRow): SandboxPayPalPage {
    return {
      id: row.id,
      status: row.status,
      approveUrl: row.status === 'CREATED' ? `${appUrl}/api/sandbox/paypal/${row.id}` : null,
      amountMinor: row.amountMinor,
      currency: row.currency,
      customId: row.customId,
      captureId: row.captureId,
      captureStatus: row.captureStatus,
      description: row.description,
      returnUrl: row.returnUrl,
      cancelUrl: row.cancelUrl,
    };
  }

  async function find(id: string): Promise<OrderRow | undefined> {
    const [row] = await db.select().from(table).where(eq(table.id, id));
    return row;
  }

  async function getOrder(id: string): Promise<PayPalOrder> {
    const row = await find(id);
    if (!row) throw new Error(`RESOURCE_NOT_FOUND: no sandbox PayPal order ${id}`);
    return pick(toPage(row));
  }

  return {
    name: 'sandbox',

    async createOrder(input: CreateOrderInput) {
      validateCreate(input);
      const [created] = await db
        .insert(table)
        .values({
          id: `SANDBOX-${randomBytes(8).toString('hex').toUpperCase()}`,
          requestId: input.requestId,
          amountMinor: input.amountMinor,
          currency: input.currency.toUpperCase(),
          description: input.description,
          customId: input.customId,
          returnUrl: input.returnUrl,
          cancelUrl: input.cancelUrl,
        })
        .onConflictDoNothing({ target: table.requestId })
        .returning();
      const row = created ?? (await db.select().from(table).where(eq(table.requestId, input.requestId)))[0];
      if (!row) throw new Error('sandbox PayPal order vanished after an idempotent create');
      return pick(toPage(row));
    },

    getOrder,

    async captureOrder(id) {
      const [captured] = await db
        .update(table)
        .set({
          status: 'COMPLETED',
          captureId: `SBXCAP${randomBytes(6).toString('hex').toUpperCase()}`,
          captureStatus: 'COMPLETED',
          capturedAt: new Date(now()),
        })
        .where(and(eq(table.id, id), eq(table.status, 'APPROVED')))
        .returning();
      if (captured) return pick(toPage(captured));
      const order = await getOrder(id);
      if (order.status === 'COMPLETED') return order;
      throw new Error('ORDER_NOT_APPROVED');
    },

    async verifyWebhook(headers, rawBody) {
      const wanted = SANDBOX_SIGNATURE_HEADER.toLowerCase();
      const entry = Object.entries(headers).find(([name]) => name.toLowerCase() === wanted)?.[1];
      verifySandboxSignature(key, rawBody, Array.isArray(entry) ? entry[0] : entry, now());
      return toPayPalEvent(parsePayPalEvent(rawBody.toString('utf8')));
    },

    async findOrder(id) {
      const row = await find(id);
      return row ? toPage(row) : null;
    },

    async approveOrder(id) {
      const [approved] = await db
        .update(table)
        .set({ status: 'APPROVED', payerId: SANDBOX_PAYER_ID, approvedAt: new Date(now()) })
        .where(and(eq(table.id, id), eq(table.status, 'CREATED')))
        .returning();
      const row = approved ?? (await find(id));
      if (!row) return { kind: 'not_found' };
      const location = withParam(withParam(row.returnUrl, 'token', row.id), 'PayerID', SANDBOX_PAYER_ID);
      return { kind: 'redirect', location };
    },

    async cancelOrder(id) {
      const row = await find(id);
      if (!row) return { kind: 'not_found' };
      if (row.status === 'COMPLETED') return { kind: 'conflict', status: row.status };
      return { kind: 'redirect', location: withParam(row.cancelUrl, 'token', row.id) };
    },
  };
}

/** Only the contract's fields leave through the contract's methods. */
function pick(page: SandboxPayPalPage): PayPalOrder {
  const { description: _d, returnUrl: _r, cancelUrl: _c, ...order } = page;
  return order;
}

/** Refuse what PayPal would refuse (INVALID_PARAMETER_VALUE and the like). */
function validateCreate(input: CreateOrderInput): void {
  if (!Number.isSafeInteger(input.amountMinor) || input.amountMinor <= 0) {
    throw new Error(`amount must be a positive integer in minor units, got ${input.amountMinor}`);
  }
  if (!/^[A-Za-z]{3}$/.test(input.currency)) throw new Error(`invalid currency: ${input.currency}`);
  for (const url of [input.returnUrl, input.cancelUrl]) {
    if (!/^https?:\/\//.test(url)) throw new Error(`not an absolute URL: ${url}`);
  }
  if (!input.requestId) throw new Error('PayPal-Request-Id required');
  if (input.customId.length > 127) throw new Error('custom_id longer than 127 characters');
}
