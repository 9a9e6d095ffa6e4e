/**
 * Keys of Fan Finder in the user app: plans, subscription, the connected accounts and their fans;
 * `all` refreshes every one after a subscription or a connection changes.
 */
export const fanFinderKeys = {
  all: ['fan-finder'] as const,
  plans: ['fan-finder', 'plans'] as const,
  check: ['fan-finder', 'check'] as const,
  subscription: ['fan-finder', 'subscription'] as const,
  connections: ['fan-finder', 'connections'] as const,
  fans: (scope: 'own' | 'related', page: number, band: string | null) =>
    ['fan-finder', 'fans', scope, page, band] as const,
  search: (q: string) => ['fan-finder', 'spotify-search', q] as const,
};

/** Keys of the back-office's Fan Finder screens; `all` refreshes every one after a staff change. */
export const adminFanFinderKeys = {
  all: ['admin-fan-finder'] as const,
  plans: ['admin-fan-finder', 'plans'] as const,
  subscription: (id: number) => ['admin-fan-finder', 'subscription', id] as const,
  userSubscriptions: (userId: number) => ['admin-fan-finder', 'user', userId] as const,
  artist: (userId: number) => ['admin-fan-finder', 'artist', userId] as const,
  fans: (userId: number, scope: string, page: number, band: string | null) =>
    ['admin-fan-finder', 'fans', userId, scope, page, band] as const,
};
