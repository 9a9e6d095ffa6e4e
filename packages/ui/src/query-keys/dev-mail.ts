/** Keys of the back-office's dev mailbox (the outbox mail driver): whether it is there, its count. */
export const devMailboxKeys = {
  all: ['dev-mailbox'] as const,
  available: ['dev-mailbox', 'available'] as const,
  count: ['dev-mailbox', 'count'] as const,
};
