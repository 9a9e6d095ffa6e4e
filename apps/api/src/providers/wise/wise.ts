import { verify } from 'node:crypto';
import {
  toMinor,
  type WebhookHeaders,
  type WiseAccountType,
  WiseApiError,
  type WiseFunding,
  type WiseProvider,
  type WiseQuote,
  type WiseRequirementField,
  WiseSignatureError,
  type WiseStateChange,
  type WiseTransfer,
} from './contract';

/** Documented API hosts of Wise. */
export const WISE_HOSTS = {
  sandbox: 'https://api.sandbox.transferwise.tech',
  production: 'https://api.transferwise.com',
} as const;

/** Settings of the real Wise provider. */
export interface WiseClientOptions {
  apiToken: string;
  profileId: string;
  environment: keyof typeof WISE_HOSTS;
  /** PEM public key Wise signs webhooks with (`X-Signature-SHA256`, RSA-SHA256). */
  webhookPublicKey: string;
  /** Transport (recorded responses in tests); the global fetch otherwise. */
  fetchImpl?: typeof fetch;
  /** Per-request timeout in ms. Default 20000. */
  timeoutMs?: number;
}

interface RawField {
  key: string;
  name?: string;
  type?: string;
  required?: boolean;
  example?: string | null;
  minLength?: number | null;
  maxLength?: number | null;
  validationRegexp?: string | null;
  valuesAllowed?: { key: string; name: string }[] | null;
}
interface RawRequirement {
  type: string;
  title?: string;
  fields?: { name?: string; group?: RawField[] }[];
}
interface RawQuote {
  id: string;
  sourceCurrency: string;
  targetCurrency: string;
  sourceAmount?: number;
  targetAmount?: number;
  rate: number;
  payOut?: string;
  expirationTime?: string;
  paymentOptions?: {
    payIn: string;
    payOut: string;
    disabled?: boolean;
    sourceAmount: number;
    targetAmount: number;
    fee: { total: number };
  }[];
}
interface RawTransfer {
  id: number | string;
  status: string;
  customerTransactionId?: string | null;
}

const FIELD_TYPES = new Set(['text', 'select', 'radio', 'date']);

/** Read Wise's account requirements into the product's shape. */
export function parseRequirements(raw: RawRequirement[]): WiseAccountType[] {
  return raw.map((r) => ({
    type: r.type,
    title: r.title ?? r.type,
    fields: (r.fields ?? []).flatMap((f) =>
      (f.group ?? []).map(
        (g): WiseRequirementField => ({
          key: g.key,
          name: f.name ?? g.name ?? g.key,
          type: (FIELD_TYPES.has(g.type ?? '') ? g.type : 'text') as WiseRequirementField['type'],
          required: g.required ?? false,
          example: g.example || null,
          minLength: g.minLength ?? null,
          maxLength: g.maxLength ?? null,
          pattern: g.validationRegexp || null,
          values: g.valuesAllowed ?? [],
        }),
      ),
    ),
  }));
}

/** Read a v3 quote: the payment option paid from the Wise balance with the quote's payout method. */
export function parseQuote(raw: RawQuote): WiseQuote {
  const options = (raw.paymentOptions ?? []).filter((o) => !o.disabled);
  const option =
    options.find((o) => o.payIn === 'BALANCE' && o.payOut === raw.payOut) ??
    options.find((o) => o.payIn === 'BALANCE') ??
    options[0];
  if (!option)
    throw new WiseApiError(422, 'quote.no_payment_option', 'the quote has no usable payment option');
  return {
    id: raw.id,
    sourceCurrency: raw.sourceCurrency,
    targetCurrency: raw.targetCurrency,
    sourceAmountMinor: toMinor(option.sourceAmount),
    targetAmountMinor: toMinor(option.targetAmount),
    feeMinor: toMinor(option.fee.total),
    rate: raw.rate,
    expiresAt: raw.expirationTime ? new Date(raw.expirationTime) : new Date(Date.now() + 30 * 60_000),
  };
}

const toTransfer = (raw: RawTransfer): WiseTransfer => ({
  id: String(raw.id),
  status: raw.status,
  customerTransactionId: raw.customerTransactionId ?? null,
});

const header = (headers: WebhookHeaders, name: string): string | undefined => {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
};

/**
 * Read a `transfers#state-change` body. The event id is the transfer, state and `occurred_at`
 * (Wise's `X-Delivery-Id` changes on every retry, so it cannot tell a replay).
 */
export function parseStateChange(rawBody: string): WiseStateChange | null {
  const body = JSON.parse(rawBody) as {
    event_type?: string;
    data?: {
      resource?: { type?: string; id?: number | string };
      current_state?: string;
      previous_state?: string | null;
      occurred_at?: string;
    };
  };
  const d = body.data;
  if (body.event_type !== 'transfers#state-change' || !d?.resource?.id || !d.current_state || !d.occurred_at)
    return null;
  const occurredAt = new Date(d.occurred_at);
  if (Number.isNaN(occurredAt.getTime())) return null;
  const transferId = String(d.resource.id);
  return {
    deliveryId: `${transferId}:${d.current_state}:${occurredAt.toISOString()}`,
    transferId,
    currentState: d.current_state,
    previousState: d.previous_state ?? null,
    occurredAt,
  };
}

/**
 * The Wise REST API (Wise Platform, personal API token of the business profile). Every call is
 * one documented endpoint; errors answer WiseApiError with Wise's code and per-field messages.
 */
export function createWiseProvider(options: WiseClientOptions): WiseProvider {
  const host = WISE_HOSTS[options.environment];
  const doFetch = options.fetchImpl ?? fetch;
  const profile = options.profileId;

  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await doFetch(`${host}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${options.apiToken}`,
        accept: 'application/json',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as unknown) : null;
    if (!res.ok) {
      const errs =
        (json as { errors?: { code?: string; message?: string; path?: string }[] } | null)?.errors ?? [];
      const fields: Record<string, string> = {};
      for (const e of errs) if (e.path) fields[e.path] = e.message ?? e.code ?? 'invalid';
      const first = errs[0];
      throw new WiseApiError(
        res.status,
        first?.code ?? (json as { error?: string } | null)?.error ?? `http_${res.status}`,
        first?.message ?? `Wise answered ${res.status}`,
        fields,
      );
    }
    return json as T;
  }

  return {
    name: 'wise',
    async accountRequirements({ target, sourceAmountMinor }) {
      const quote = await call<RawQuote>('POST', `/v3/profiles/${profile}/quotes`, {
        sourceCurrency: 'GBP',
        targetCurrency: target,
        sourceAmount: sourceAmountMinor / 100,
        payOut: 'BANK_TRANSFER',
      });
      const raw = await call<RawRequirement[]>('GET', `/v1/quotes/${quote.id}/account-requirements`);
      return parseRequirements(raw);
    },
    async createQuote(input) {
      const raw = await call<RawQuote>('POST', `/v3/profiles/${profile}/quotes`, {
        sourceCurrency: input.sourceCurrency,
        targetCurrency: input.targetCurrency,
        sourceAmount: input.sourceAmountMinor / 100,
        targetAccount: Number(input.recipientId),
        payOut: 'BANK_TRANSFER',
        preferredPayIn: 'BALANCE',
      });
      return parseQuote(raw);
    },
    async createRecipient(input) {
      const raw = await call<{ id: number }>('POST', '/v1/accounts', {
        profile: Number(profile),
        currency: input.currency,
        type: input.type,
        accountHolderName: input.accountHolderName,
        ownedByCustomer: false,
        details: { ...input.details, legalType: input.details.legalType ?? 'PRIVATE' },
      });
      return { id: String(raw.id) };
    },
    async deleteRecipient(id) {
      await call('DELETE', `/v1/accounts/${encodeURIComponent(id)}`);
    },
    async createTransfer(input) {
      const raw = await call<RawTransfer>('POST', '/v1/transfers', {
        targetAccount: Number(input.recipientId),
        quoteUuid: input.quoteId,
        customerTransactionId: input.customerTransactionId,
        details: { reference: input.reference },
      });
      return toTransfer(raw);
    },
    async getTransfer(id) {
      return toTransfer(await call<RawTransfer>('GET', `/v1/transfers/${encodeURIComponent(id)}`));
    },
    async fundTransfer(id): Promise<WiseFunding> {
      const raw = await call<{
        status: string;
        errorCode?: string | null;
        balanceTransactionId?: number | null;
      }>('POST', `/v3/profiles/${profile}/transfers/${encodeURIComponent(id)}/payments`, { type: 'BALANCE' });
      return {
        status: raw.status === 'COMPLETED' ? 'COMPLETED' : 'REJECTED',
        errorCode: raw.errorCode ?? null,
        balanceTransactionId: raw.balanceTransactionId != null ? String(raw.balanceTransactionId) : null,
      };
    },
    async cancelTransfer(id) {
      return toTransfer(await call<RawTransfer>('PUT', `/v1/transfers/${encodeURIComponent(id)}/cancel`));
    },
    verifyWebhook(rawBody, headers) {
      const signature = header(headers, 'x-signature-sha256');
      if (!signature) throw new WiseSignatureError();
      let ok = false;
      try {
        ok = verify(
          'RSA-SHA256',
          Buffer.from(rawBody),
          options.webhookPublicKey,
          Buffer.from(signature, 'base64'),
        );
      } catch {
        ok = false;
      }
      if (!ok) throw new WiseSignatureError();
      if (header(headers, 'x-test-notification') === 'true') return null;
      return parseStateChange(rawBody);
    },
  };
}
