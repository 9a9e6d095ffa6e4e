import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { convertMinor } from '../fx/contract';
import { SANDBOX_GBP_RATES } from '../fx/sandbox';
import {
  type WebhookHeaders,
  type WiseAccountType,
  WiseApiError,
  type WiseProvider,
  type WiseRequirementField,
  WiseSignatureError,
  type WiseTransfer,
} from './contract';
import { sandboxWiseTransfers } from './sandbox.schema';
import { parseStateChange } from './wise';

/** A signed webhook delivery produced by the sandbox (body and headers as Wise sends them). */
export interface SandboxDelivery {
  rawBody: string;
  headers: Record<string, string>;
}

/** The sandbox Wise with its dev controls. */
export interface SandboxWiseProvider extends WiseProvider {
  readonly name: 'sandbox';
  /**
   * Move a funded transfer one step (processing -> funds_converted -> outgoing_payment_sent).
   * @returns the signed `transfers#state-change` delivery, or null when nothing moved
   */
  advance(transferId: string): Promise<SandboxDelivery | null>;
  /** Bounce a funded transfer (bounced_back). @returns its delivery, or null when it cannot bounce */
  bounce(transferId: string): Promise<SandboxDelivery | null>;
}

/** Sandbox fee: 0.45 % of the amount sent plus 30 pence (a Wise-like shape, for demos). */
export function sandboxFeeMinor(sourceAmountMinor: number): number {
  return Math.round(sourceAmountMinor * 0.0045) + 30;
}

const text = (
  key: string,
  name: string,
  pattern: string,
  example: string,
  extra: Partial<WiseRequirementField> = {},
): WiseRequirementField => ({
  key,
  name,
  type: 'text',
  required: true,
  example,
  minLength: null,
  maxLength: null,
  pattern,
  values: [],
  ...extra,
});

const IBAN = text('IBAN', 'IBAN', '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$', 'DE89370400440532013000');
const SWIFT: WiseAccountType = {
  type: 'swift_code',
  title: 'SWIFT',
  fields: [
    text('swiftCode', 'SWIFT / BIC code', '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$', 'BUKBGB22'),
    text('accountNumber', 'Account number', '^[A-Z0-9]{4,34}$', '12345678'),
  ],
};

/**
 * Account types of the sandbox, shaped like Wise's answers: GBP in the UK by sort code (or IBAN),
 * EUR by IBAN, USD in the US by ACH routing number, everything else by SWIFT.
 */
export function sandboxRequirements(target: string, country: string | null): WiseAccountType[] {
  const c = country?.toUpperCase() ?? null;
  switch (target) {
    case 'GBP':
      return [
        ...(c === null || c === 'GB'
          ? [
              {
                type: 'sort_code',
                title: 'Local bank account',
                fields: [
                  text('sortCode', 'UK sort code', '^[0-9]{2}-?[0-9]{2}-?[0-9]{2}$', '40-30-20'),
                  text('accountNumber', 'Account number', '^[0-9]{8}$', '12345678'),
                ],
              },
            ]
          : []),
        { type: 'iban', title: 'IBAN', fields: [IBAN] },
      ];
    case 'EUR':
      return [{ type: 'iban', title: 'IBAN', fields: [IBAN] }];
    case 'USD':
      if (c !== null && c !== 'US') return [SWIFT];
      return [
        {
          type: 'aba',
          title: 'Local bank account',
          fields: [
            text('abartn', 'ACH routing number', '^[0-9]{9}$', '111000025'),
            text('accountNumber', 'Account number', '^[0-9]{4,17}$', '12345678'),
            {
              key: 'accountType',
              name: 'Account type',
              type: 'radio',
              required: true,
              example: null,
              minLength: null,
              maxLength: null,
              pattern: null,
              values: [
                { key: 'CHECKING', name: 'Checking' },
                { key: 'SAVINGS', name: 'Savings' },
              ],
            },
            text('address.city', 'City', '^.{1,60}$', 'New York'),
            text('address.firstLine', 'Address', '^.{1,100}$', '50 Main Street'),
            text('address.postCode', 'Post code', '^[0-9]{5}(-[0-9]{4})?$', '10001'),
          ],
        },
      ];
    default:
      return [SWIFT];
  }
}

/**
 * Check recipient details against account types (what Wise's `POST /v1/accounts` refuses).
 * @returns field key -> message for every wrong field (empty when valid)
 */
export function checkRecipientDetails(
  types: WiseAccountType[],
  type: string,
  details: Record<string, string>,
): Record<string, 'required' | 'invalid' | 'type'> {
  const found = types.find((t) => t.type === type);
  if (!found) return { type: 'type' };
  const errors: Record<string, 'required' | 'invalid' | 'type'> = {};
  for (const f of found.fields) {
    const v = (details[f.key] ?? '').trim();
    if (!v) {
      if (f.required) errors[f.key] = 'required';
      continue;
    }
    if (f.pattern && !new RegExp(f.pattern).test(v)) errors[f.key] = 'invalid';
    else if (f.minLength !== null && v.length < f.minLength) errors[f.key] = 'invalid';
    else if (f.maxLength !== null && v.length > f.maxLength) errors[f.key] = 'invalid';
    else if (f.values.length > 0 && !f.values.some((o) => o.key === v)) errors[f.key] = 'invalid';
  }
  return errors;
}

const NEXT: Record<string, string> = {
  processing: 'funds_converted',
  funds_converted: 'outgoing_payment_sent',
};

/**
 * The sandbox Wise (default while WISE_API_TOKEN is unset): quotes from the sandbox FX rates with
 * a Wise-like fee, recipients checked against the sandbox account types, transfers kept in
 * PostgreSQL, webhook deliveries signed with HMAC-SHA256 of APP_KEY in `X-Signature-SHA256`.
 */
export function createSandboxWiseProvider(options: {
  database: Database;
  key: string;
  now?: () => Date;
}): SandboxWiseProvider {
  const { database } = options;
  const now = options.now ?? (() => new Date());
  const sign = (body: string) => createHmac('sha256', options.key).update(body).digest('base64');

  const toTransfer = (row: typeof sandboxWiseTransfers.$inferSelect): WiseTransfer => ({
    id: String(row.id),
    status: row.status,
    customerTransactionId: row.customerTransactionId,
  });
  const find = async (id: string) => {
    if (!/^[0-9]{1,15}$/.test(id)) return undefined;
    const [row] = await database.db
      .select()
      .from(sandboxWiseTransfers)
      .where(eq(sandboxWiseTransfers.id, Number(id)));
    return row;
  };
  const delivery = (id: number, previous: string, current: string): SandboxDelivery => {
    const rawBody = JSON.stringify({
      data: {
        resource: { type: 'transfer', id, profile_id: 1, account_id: 1 },
        current_state: current,
        previous_state: previous,
        occurred_at: now().toISOString(),
      },
      subscription_id: '00000000-0000-4000-8000-000000000000',
      event_type: 'transfers#state-change',
      schema_version: '4.0.0',
      sent_at: now().toISOString(),
    });
    return {
      rawBody,
      headers: { 'x-signature-sha256': sign(rawBody), 'x-delivery-id': randomUUID() },
    };
  };
  /** Guarded state move: only from `from` states; answers the delivery when it happened. */
  const move = async (transferId: string, from: string[], to: (current: string) => string) => {
    const row = await find(transferId);
    if (!row || !from.includes(row.status)) return null;
    const next = to(row.status);
    const [moved] = await database.db
      .update(sandboxWiseTransfers)
      .set({ status: next, updatedAt: now() })
      .where(and(eq(sandboxWiseTransfers.id, row.id), eq(sandboxWiseTransfers.status, row.status)))
      .returning();
    return moved ? delivery(row.id, row.status, next) : null;
  };

  return {
    name: 'sandbox',
    async accountRequirements({ target, country }) {
      if (SANDBOX_GBP_RATES[target] === undefined)
        throw new WiseApiError(422, 'currency.unsupported', `unsupported currency ${target}`);
      return sandboxRequirements(target, country);
    },
    async createQuote(input) {
      const rate = SANDBOX_GBP_RATES[input.targetCurrency];
      if (rate === undefined || input.sourceCurrency !== 'GBP')
        throw new WiseApiError(422, 'currency.unsupported', 'unsupported currency');
      const feeMinor = sandboxFeeMinor(input.sourceAmountMinor);
      if (feeMinor >= input.sourceAmountMinor)
        throw new WiseApiError(422, 'quote.amount_too_low', 'the amount does not cover the fee');
      return {
        id: randomUUID(),
        sourceCurrency: 'GBP',
        targetCurrency: input.targetCurrency,
        sourceAmountMinor: input.sourceAmountMinor,
        targetAmountMinor: convertMinor(input.sourceAmountMinor - feeMinor, rate),
        feeMinor,
        rate,
        expiresAt: new Date(now().getTime() + 30 * 60_000),
      };
    },
    async createRecipient(input) {
      const errors = checkRecipientDetails(
        sandboxRequirements(input.currency, input.country),
        input.type,
        input.details,
      );
      if (Object.keys(errors).length > 0) {
        const fields = Object.fromEntries(
          Object.entries(errors).map(([k, v]) => [k, v === 'required' ? 'Required' : 'Not valid']),
        );
        throw new WiseApiError(422, 'NOT_VALID', 'recipient details are not valid', fields);
      }
      return { id: String(10_000_000 + Math.floor(Math.random() * 89_999_999)) };
    },
    async deleteRecipient() {},
    async createTransfer(input) {
      await database.db
        .insert(sandboxWiseTransfers)
        .values({
          customerTransactionId: input.customerTransactionId,
          quoteId: input.quoteId,
          recipientId: input.recipientId,
          reference: input.reference.slice(0, 100),
        })
        .onConflictDoNothing({ target: sandboxWiseTransfers.customerTransactionId });
      const [row] = await database.db
        .select()
        .from(sandboxWiseTransfers)
        .where(eq(sandboxWiseTransfers.customerTransactionId, input.customerTransactionId));
      return toTransfer(row!);
    },
    async getTransfer(id) {
      const row = await find(id);
      if (!row) throw new WiseApiError(404, 'transfer.not_found', 'transfer not found');
      return toTransfer(row);
    },
    async fundTransfer(id) {
      const row = await find(id);
      if (!row) throw new WiseApiError(404, 'transfer.not_found', 'transfer not found');
      const balanceTransactionId = String(Date.now()) + String(row.id);
      const [funded] = await database.db
        .update(sandboxWiseTransfers)
        .set({ status: 'processing', fundedAt: now(), balanceTransactionId, updatedAt: now() })
        .where(
          and(
            eq(sandboxWiseTransfers.id, row.id),
            eq(sandboxWiseTransfers.status, 'incoming_payment_waiting'),
          ),
        )
        .returning();
      if (!funded) throw new WiseApiError(409, 'transfer.already_funded', 'the transfer cannot be funded');
      return { status: 'COMPLETED', errorCode: null, balanceTransactionId };
    },
    async cancelTransfer(id) {
      const row = await find(id);
      if (!row) throw new WiseApiError(404, 'transfer.not_found', 'transfer not found');
      const [moved] = await database.db
        .update(sandboxWiseTransfers)
        .set({ status: 'cancelled', updatedAt: now() })
        .where(
          and(
            eq(sandboxWiseTransfers.id, row.id),
            inArray(sandboxWiseTransfers.status, ['incoming_payment_waiting', 'cancelled']),
          ),
        )
        .returning();
      if (!moved) throw new WiseApiError(422, 'transfer.not_cancellable', 'the transfer cannot be cancelled');
      return toTransfer(moved);
    },
    verifyWebhook(rawBody, headers: WebhookHeaders) {
      const raw = headers['x-signature-sha256'];
      const signature = Array.isArray(raw) ? raw[0] : raw;
      const expected = Buffer.from(sign(rawBody), 'base64');
      const given = Buffer.from(signature ?? '', 'base64');
      if (!signature || given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new WiseSignatureError();
      return parseStateChange(rawBody);
    },
    advance(transferId) {
      return move(transferId, Object.keys(NEXT), (current) => NEXT[current]!);
    },
    bounce(transferId) {
      return move(
        transferId,
        ['processing', 'funds_converted', 'outgoing_payment_sent'],
        () => 'bounced_back',
      );
    },
  };
}
