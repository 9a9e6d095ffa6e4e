/**
 * Public surface of the accounts module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { accountsRoutes } from './accounts.routes';
export { consumeEmailCode, issueEmailCode } from './email-codes';
export { assertLoginAllowed, recordLoginAttempt } from './login-throttle';
export { type PurchaseRow, WALLET_COLUMNS, WALLET_JOIN, type WalletRow } from './preload';
export { permissionsOf } from './principal';
export { issueResetLink, liveResetLink, markResetLinkUsed } from './reset-links';
export { issueToken, revokeAllAdminTokens, revokeAllUserTokens, revokeToken } from './tokens';
