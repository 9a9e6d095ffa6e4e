import type { AppDeps } from '../../platform/app';

/** What a purpose's handler may use: the payments service's own dependencies. */
export type PurposeDeps = Pick<AppDeps, 'config' | 'database' | 'providers' | 'jobs' | 'clock' | 'mail'>;

/** The parts of a credited payment a purpose's handler is told about. */
export interface PurposePayment {
  id: number;
  userId: number;
  /** What the checkout stored with the payment (`startCheckout`'s `campaign.meta`). */
  meta: Record<string, unknown>;
}

/**
 * Something a card or PayPal payment can buy besides coins (an express campaign request, a custom
 * campaign's invoice): the module selling it registers it at boot, so the money code never knows who
 * bought what and never calls into the modules built on it.
 */
export interface PaymentPurpose {
  /** Unique name; registering a purpose under a name already taken replaces it. */
  name: string;
  /**
   * Whether a payment started for a campaign (`purpose` 'campaign') is this purpose's, read from the
   * meta its checkout stored. At most one registered purpose may claim a payment.
   */
  claims(meta: Record<string, unknown>): boolean;
  /**
   * Called exactly once per payment, after its coins are credited and committed, by whichever of
   * return call, cancel-URL return or webhook credited it. The coins stay credited whatever it does;
   * an error it throws reaches that caller (a return call answers it, a webhook is recorded as failed).
   */
  onCredited(deps: PurposeDeps, payment: PurposePayment): Promise<void>;
}

const purposes = new Map<string, PaymentPurpose>();

/**
 * Register (or replace) a purpose. The campaign modules register theirs at boot; a test may add one
 * for its duration.
 * @returns a function restoring what was registered under the name before
 */
export function registerPaymentPurpose(purpose: PaymentPurpose): () => void {
  const before = purposes.get(purpose.name);
  purposes.set(purpose.name, purpose);
  return () => void (before ? purposes.set(purpose.name, before) : purposes.delete(purpose.name));
}

/**
 * The registered purpose of a payment: null for a coin purchase, and for a campaign payment no
 * registered purpose claims (its coins simply stay in the buyer's wallet).
 * @throws Error when two registered purposes claim the payment (a programming error: their meta overlap)
 */
export function purposeOf(payment: { purpose: string; meta: unknown }): PaymentPurpose | null {
  if (payment.purpose !== 'campaign') return null;
  const meta = (payment.meta ?? {}) as Record<string, unknown>;
  const claiming = [...purposes.values()].filter((p) => p.claims(meta));
  if (claiming.length > 1)
    throw new Error(`payment purposes ${claiming.map((p) => p.name).join(', ')} claim the same payment`);
  return claiming[0] ?? null;
}
