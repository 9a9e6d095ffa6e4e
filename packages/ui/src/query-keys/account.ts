/** Keys of the signed-in account (user app): its open sessions. */
export const accountKeys = {
  all: ['account'] as const,
  sessions: ['account', 'sessions'] as const,
};

/** Keys of the signed-out screens of both apps: whether a password-reset link is still valid. */
export const authKeys = {
  resetToken: (email: string, token: string) => ['auth', 'reset-token', email, token] as const,
};
