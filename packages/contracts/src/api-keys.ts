/**
 * Scopes of an API key (issue 34 "API keys"). A key reaches a route only when the route declares one
 * of these scopes in its access (`userAccess(..., { scope })`, `adminAccess(..., { scope })`) and the
 * key holds it; routes with no scope (money out: withdrawals, payout recipients; account security:
 * password, 2FA, e-mail, sessions, the keys themselves) answer 403 to every key.
 */
export const API_SCOPES = [
  'campaigns:read',
  'campaigns:write',
  'wallet:read',
  'results:read',
  'webhooks:manage',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/**
 * The rules of API keys (docs/decisions.md "API keys"), zod-free so the apps load them as values:
 * - `nameMax`: characters of a key's name;
 * - `activePerAccount`: live keys (neither revoked nor expired) one user or one staff member may hold;
 * - `expiryDays`: the lifetimes offered, in days; the longest is the most a key may live;
 * - `permissionsMax`: back-office permissions one staff key may carry.
 */
export const API_KEY_LIMITS = {
  nameMax: 80,
  activePerAccount: 20,
  expiryDays: [7, 30, 90, 180, 365] as const,
  permissionsMax: 200,
} as const;
export type ApiKeyExpiryDays = (typeof API_KEY_LIMITS.expiryDays)[number];

/** A key's state as lists show it: revoked wins over expired. */
export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/**
 * How a key reads: `lm_<environment>_<8 letters or digits>_<43 URL-safe characters>`; the first three
 * parts are its visible prefix (shown in lists, safe to log), the last its secret. `live` is production's
 * environment, `test` every other one, so a key never works on the other kind of site.
 */
export const API_KEY_PATTERN = /^lm_(live|test)_([A-Za-z0-9]{8})_([A-Za-z0-9_-]{43})$/;
