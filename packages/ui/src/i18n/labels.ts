import type { TFunction } from 'i18next';

/**
 * Human words for the codes the API stores, for screens of both apps; each falls back to
 * the code for a value the catalog does not know. The back-office's own ones (audit actions,
 * permissions, roles) live in apps/admin/src/i18n/labels.ts.
 */

/** Wise transfer states (Wise API "Transfer statuses") the payout pages may show. */
export const WISE_STATES = [
  'incoming_payment_waiting',
  'incoming_payment_initiated',
  'processing',
  'funds_converted',
  'outgoing_payment_sent',
  'cancelled',
  'funds_refunded',
  'bounced_back',
  'charged_back',
  'unknown',
] as const;

/** A Wise transfer state in words ("Sent to the bank" for `outgoing_payment_sent`); '—' when none. */
export function wiseStateLabel(state: string | null | undefined, t: TFunction): string {
  if (!state) return '—';
  return (WISE_STATES as readonly string[]).includes(state)
    ? t(`payouts.wise_states.${state}`)
    : t('payouts.wise_state_unlisted', { state });
}
