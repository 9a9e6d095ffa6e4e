/** Keys of the signed-in account's API keys (the user's in the user app, the staff member's in the back-office). */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: ['api-keys', 'list'] as const,
};
