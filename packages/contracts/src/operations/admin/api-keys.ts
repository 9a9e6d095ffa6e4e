import type { OperationDocs } from '../types';

const RULES =
  'Sent as `Authorization: Bearer <key>`, a staff key reaches only back-office operations naming one of its scopes, and only with permissions it carries that its staff member still holds; a disabled staff member\'s keys answer 401. Issue 34 "API keys".';

/** Staff members' own API keys, and users' keys on the user overview (issue 34 "API keys"). */
export const apiKeysOperations: OperationDocs = {
  'GET /api/admin/api-keys': {
    id: 'admin.apiKeys.list',
    summary: "List the signed-in staff member's API keys",
    description: `Newest first, with status, scopes, permissions, expiry and last use; never a secret. ${RULES}`,
  },
  'POST /api/admin/api-keys': {
    id: 'admin.apiKeys.create',
    summary: 'Create a staff API key; its secret is answered this once',
    description: `As a user's key, plus \`permissions\`: each one the staff member holds (422 \`api_keys.permission_not_held\` otherwise). At most 20 live keys (409). Audited. ${RULES}`,
    errors: [409],
  },
  'DELETE /api/admin/api-keys/{id}': {
    id: 'admin.apiKeys.revoke',
    summary: 'Revoke one of your staff API keys',
    description: `The key answers 401 from its next request; another staff member's key answers 404. Audited. ${RULES}`,
  },
  'GET /api/admin/users/{id}/api-keys': {
    id: 'admin.users.listApiKeys',
    summary: "List a user's API keys (user overview)",
    description:
      'The same list the user sees: status, scopes, expiry, last use and address, never a secret. An unknown or deleted user answers 404. Issue 34 "API keys".',
  },
  'POST /api/admin/users/{id}/api-keys/{keyId}/revoke': {
    id: 'admin.users.revokeApiKey',
    summary: "Revoke a user's API key (user overview)",
    description:
      'For a leaked key, without disabling the account: the key answers 401 from its next request. A key that is not this user\'s answers 404. Audited with the staff member. Issue 34 "API keys".',
  },
};
