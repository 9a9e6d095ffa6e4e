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
