/**
 * Bank payouts through Wise: quotes, recipient accounts, transfers, funding and the
 * `transfers#state-change` webhook. Amounts are minor units (2 decimals) of their currency.
 */

/** Transfer states of Wise (the ones the product acts on; others are kept as text). */
export type WiseTransferState =
  | 'incoming_payment_waiting'
  | 'processing'
  | 'funds_converted'
  | 'outgoing_payment_sent'
  | 'bounced_back'
  | 'funds_refunded'
  | 'cancelled'
  | 'charged_back'
  | (string & {});

/** States after which the money has left our Wise balance (the transfer was funded). */
export const FUNDED_STATES: ReadonlySet<string> = new Set([
  'processing',
  'funds_converted',
  'outgoing_payment_sent',
]);
/** States where the money never reached the recipient (coins go back to the wallet). */
export const FAILED_STATES: ReadonlySet<string> = new Set([
  'bounced_back',
  'funds_refunded',
  'cancelled',
  'charged_back',
]);

/** One field a recipient account needs (from Wise's account requirements). */
export interface WiseRequirementField {
  key: string;
  name: string;
  type: 'text' | 'select' | 'radio' | 'date';
  required: boolean;
  example: string | null;
  minLength: number | null;
  maxLength: number | null;
  /** Regular expression the value must match (Wise's `validationRegexp`). */
  pattern: string | null;
  /** Allowed values of a select or radio field. */
  values: { key: string; name: string }[];
}

/** A way to receive money in a currency (e.g. `sort_code` for GBP, `iban` for EUR). */
export interface WiseAccountType {
  type: string;
  title: string;
  fields: WiseRequirementField[];
}

/** A locked rate for sending `sourceAmountMinor`. */
export interface WiseQuote {
  id: string;
  sourceCurrency: string;
  targetCurrency: string;
  sourceAmountMinor: number;
  targetAmountMinor: number;
  feeMinor: number;
  rate: number;
  expiresAt: Date;
}

/** Bank details of a recipient, as Wise's `POST /v1/accounts` takes them. */
export interface WiseRecipientInput {
  currency: string;
  country: string | null;
  type: string;
  accountHolderName: string;
  details: Record<string, string>;
}

export interface WiseTransfer {
  id: string;
  status: WiseTransferState;
  customerTransactionId: string | null;
}

export interface WiseFunding {
  status: 'COMPLETED' | 'REJECTED';
  errorCode: string | null;
  balanceTransactionId: string | null;
}

/** A verified `transfers#state-change` delivery. */
export interface WiseStateChange {
  deliveryId: string;
  transferId: string;
  currentState: WiseTransferState;
  previousState: WiseTransferState | null;
  occurredAt: Date;
}

/** Headers of a webhook delivery (lower-case names). */
export type WebhookHeaders = Record<string, string | string[] | undefined>;

/** An error answered by Wise (or the sandbox): status, Wise's code and per-field messages. */
export class WiseApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Field errors keyed by the field's key (from Wise's `errors[].path`). */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'WiseApiError';
  }
  /** A 4xx answer other than 429: retrying the same request will not help. */
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

/** Thrown by `verifyWebhook` when the signature is missing or wrong. */
export class WiseSignatureError extends Error {
  constructor() {
    super('invalid Wise webhook signature');
    this.name = 'WiseSignatureError';
  }
}

export interface WiseProvider {
  readonly name: 'wise' | 'sandbox';
  /**
   * The account types and fields needed to receive `target` (Wise: a quote, then
   * `GET /v1/quotes/{id}/account-requirements`; Wise answers every country's types, the sandbox
   * narrows them by `country`).
   */
  accountRequirements(input: {
    target: string;
    country: string | null;
    sourceAmountMinor: number;
  }): Promise<WiseAccountType[]>;
  /** Lock a rate (`POST /v3/profiles/{profileId}/quotes`) from GBP for a recipient account. */
  createQuote(input: {
    sourceCurrency: string;
    targetCurrency: string;
    sourceAmountMinor: number;
    recipientId: string;
  }): Promise<WiseQuote>;
  /** Create a recipient account (`POST /v1/accounts`). @throws WiseApiError with field errors */
  createRecipient(input: WiseRecipientInput): Promise<{ id: string }>;
  /** Deactivate a recipient account. */
  deleteRecipient(id: string): Promise<void>;
  /**
   * Create a transfer (`POST /v1/transfers`); `customerTransactionId` is the idempotency key: the same
   * id answers the same transfer.
   */
  createTransfer(input: {
    quoteId: string;
    recipientId: string;
    customerTransactionId: string;
    reference: string;
  }): Promise<WiseTransfer>;
  getTransfer(id: string): Promise<WiseTransfer>;
  /** Fund a transfer from the Wise balance (`POST /v3/profiles/{profileId}/transfers/{id}/payments`). */
  fundTransfer(id: string): Promise<WiseFunding>;
  /** Cancel a transfer not funded yet (`PUT /v1/transfers/{id}/cancel`). */
  cancelTransfer(id: string): Promise<WiseTransfer>;
  /**
   * Verify a webhook delivery (`X-Signature-SHA256` over the raw body) and read it.
   * @returns the state change, or null for other events and test notifications
   * @throws WiseSignatureError
   */
  verifyWebhook(rawBody: string, headers: WebhookHeaders): WiseStateChange | null;
}

/** Whole minor units of a decimal amount (Wise answers decimals). */
export function toMinor(amount: number): number {
  return Math.round(amount * 100);
}
