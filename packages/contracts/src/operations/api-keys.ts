import type { OperationDocs } from './types';

const RULES =
  'A key is `lm_<env>_<8 letters or digits>_<43 characters>` (`live` in production, `test` elsewhere), sent as `Authorization: Bearer <key>`; it reaches only operations naming one of its scopes, never money out or account security. Only its SHA-256 is stored. Issue 34 "API keys".';

/** A user's own API keys (issue 34 "API keys"). */
export const apiKeysOperations: OperationDocs = {
  'GET /api/user/api-keys': {
    id: 'apiKeys.list',
    summary: "List the signed-in user's API keys",
    description: `Newest first, at most 100, revoked and expired ones with their \`status\`; each with its visible \`prefix\`, scopes, expiry, \`last_used_at\` and \`last_used_ip\` (written at most once a minute), never its secret. ${RULES}`,
  },
  'POST /api/user/api-keys': {
    id: 'apiKeys.create',
    summary: 'Create an API key; its secret is answered this once',
    description: `A \`name\`, one or more \`scopes\` (\`campaigns:read\`, \`campaigns:write\`, \`wallet:read\`, \`results:read\`, \`webhooks:manage\`) and \`expires_in_days\` (7, 30, 90, 180 or 365). At most 20 live keys per account (409 \`api_keys.too_many\`). Audited. ${RULES}`,
    errors: [409],
    examples: {
      request: { name: 'Label dashboard', scopes: ['campaigns:read', 'wallet:read'], expires_in_days: 90 },
    },
  },
  'DELETE /api/user/api-keys/{id}': {
    id: 'apiKeys.revoke',
    summary: 'Revoke one of your API keys',
    description: `The key answers 401 from its next request. Revoking a revoked key changes nothing. Another user's key answers 404. Audited. ${RULES}`,
  },
};
