/** Query keys of the user app (one factory, STYLE "One hook file per domain"). */
export const queryKeys = {
  publicSettings: ['settings', 'public'] as const,
  sessions: ['account', 'sessions'] as const,
  resetToken: (email: string, token: string) => ['auth', 'reset-token', email, token] as const,
  notifications: ['notifications', 'notifications'] as const,
  packages: ['wallet', 'packages'] as const,
  balance: ['wallet', 'balance'] as const,
  coinPrice: ['wallet', 'coin-price'] as const,
  invoice: (id: number) => ['wallet', 'invoice', id] as const,
};
