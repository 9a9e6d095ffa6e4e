/** Keys of a seller's earnings and payouts; `all` refreshes every one after a payout changes. */
export const payoutKeys = {
  all: ['payouts'] as const,
  sums: ['payouts', 'sums'] as const,
  stats: ['payouts', 'stats'] as const,
  open: ['payouts', 'open'] as const,
  recipients: ['payouts', 'recipients'] as const,
  types: (currency: string, country: string | null) => ['payouts', 'types', currency, country] as const,
  currencies: ['payouts', 'currencies'] as const,
  quote: (id: string) => ['payouts', 'quote', id] as const,
  payout: (id: number) => ['payouts', 'payout', id] as const,
};

/**
 * Keys of the back-office's payout screens: one payout request, and the transfer of a quote. Their
 * changes refresh every list instead (`['list']`), so they have no common prefix.
 */
export const adminPayoutKeys = {
  /** Every payout request's key (a bulk decision refreshes them all). */
  payouts: ['admin-payouts'] as const,
  payout: (id: number) => ['admin-payouts', id] as const,
  transfer: (quote: string) => ['admin-transfers', quote] as const,
};
