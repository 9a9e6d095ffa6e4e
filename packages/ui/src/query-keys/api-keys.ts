/**
 * Keys of API keys: the signed-in account's own (the user's in the user app, the staff member's in the
 * back-office) and, in the back-office, a user's on the user overview.
 */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: ['api-keys', 'list'] as const,
  user: (userId: number) => ['api-keys', 'user', userId] as const,
};
