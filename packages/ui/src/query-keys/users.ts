/** Keys of the back-office's user overview; `all` refreshes every one after a change to a user. */
export const adminUserKeys = {
  all: ['admin-users'] as const,
  user: (id: number) => ['admin-users', 'user', id] as const,
  connections: (id: number) => ['admin-users', 'connections', id] as const,
  walletSummary: (id: number) => ['admin-users', 'wallet-summary', id] as const,
  /** Staff notes on the user (issue 36). */
  notes: (id: number) => ['admin-users', 'notes', id] as const,
};

/** Keys of the back-office's pickers over lookups: genres matching a search, tiers, user types. */
export const lookupKeys = {
  all: ['lookups'] as const,
  genres: (q: string) => ['lookups', 'genres', q] as const,
  tiers: ['lookups', 'tiers'] as const,
  userTypes: ['lookups', 'user-types'] as const,
};
