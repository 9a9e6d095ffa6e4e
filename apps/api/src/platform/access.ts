import { GENERAL } from '@lm/contracts';
import type { ApiScope } from '@lm/contracts/api-keys';
import type { FastifyRequest } from 'fastify';
import type { Preload, PurchaseRow, SessionUserRow, WalletRow } from '../modules/accounts/preload';

/**
 * What a route requires (every /api route declares one; the app refuses to start otherwise):
 * - public: anyone;
 * - user: a signed-in, verified user holding `permission` (or GENERAL for any signed-in user);
 * - admin: a signed-in admin holding `permission` (GENERAL: any admin).
 * - both: a spec path both apps call (`POST tickets`, `ticket_reply`...): a user holding
 *   `user`, or an admin holding `admin`; the handler then applies each side's object-level rules.
 * `passwordChange` marks the few user routes still open while a password change is forced.
 * `preload` (user routes) has the access hook read the route's data in the token's statement
 * (modules/accounts/preload.ts): the principal then carries it as `session` or `wallet`.
 * `scope` (user and admin routes) lets an API key holding that scope call the route (issue 34); a route
 * without one answers 403 to every key (money out and account security never declare one).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user'; permission: string; passwordChange?: boolean; preload?: Preload; scope?: ApiScope }
  | { kind: 'admin'; permission: string; scope?: ApiScope }
  | { kind: 'any'; passwordChange?: boolean }
  | { kind: 'both'; user: string; admin: string };

export const PUBLIC: Access = { kind: 'public' };
export const userAccess = (
  permission: string = GENERAL,
  passwordChange = false,
  preload?: Preload,
): Access => ({ kind: 'user', permission, passwordChange, ...(preload ? { preload } : {}) });
export const adminAccess = (permission: string = GENERAL): Access => ({ kind: 'admin', permission });
/**
 * `access` (a user or admin route) opened to API keys holding `scope` (issue 34; the routes that declare
 * one are listed in docs/decisions.md "API keys"). Money out and account security never call this.
 * @throws Error for a public, any or both route (keys reach only user and admin routes)
 */
export function withScope(access: Access, scope: ApiScope): Access {
  if (access.kind !== 'user' && access.kind !== 'admin')
    throw new Error(`a ${access.kind} route takes no scope`);
  return { ...access, scope };
}
/** A route both apps call on one path: users holding `user`, admins holding `admin`. */
export const bothAccess = (user: string, admin: string): Access => ({ kind: 'both', user, admin });

/**
 * Routes that stay open during maintenance (besides every admin route): staff must be able to sign in
 * to the back-office, and set a forgotten password, to turn maintenance off.
 */
export const MAINTENANCE_OPEN: ReadonlySet<string> = new Set([
  '/api/maintenance-mode-check',
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
  '/api/setting/all',
  '/api/admin/login',
  '/api/admin/check/reset/token',
  '/api/admin/reset-password',
]);

/**
 * The API key a request came with (issue 34): its id (rate limit, request log) and its scopes. Absent
 * for a session token.
 */
export interface KeyOfRequest {
  id: number;
  scopes: ReadonlySet<ApiScope>;
}

/**
 * The signed-in principal of a request. `tokenId` is the session token's id (0 for an API key, which
 * has none); `apiKey` is set when the request came with an API key.
 */
export type Principal =
  | {
      kind: 'user';
      id: number;
      tokenId: number;
      apiKey?: KeyOfRequest;
      userTypeId: 1 | 2 | 3;
      status: string;
      mustChangePassword: boolean;
      language: string;
      permissions: ReadonlySet<string>;
      /** The session user row, when the route preloads `session`. */
      session?: SessionUserRow;
      /** The wallet value row, when the route preloads `wallet`. */
      wallet?: WalletRow;
      /** The settings, when the route preloads `purchase`. */
      purchase?: PurchaseRow;
    }
  | {
      kind: 'admin';
      id: number;
      tokenId: number;
      /** With an API key: the key's permissions that the staff member still holds. */
      permissions: ReadonlySet<string>;
      apiKey?: KeyOfRequest;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    principal: Principal | null;
    lang: import('@lm/contracts').Language;
  }
}

/** The signed-in user of a user route (the access hook guarantees it). */
export function currentUser(req: FastifyRequest): Extract<Principal, { kind: 'user' }> {
  if (req.principal?.kind !== 'user') throw new Error('route is not a user route');
  return req.principal;
}

/** The signed-in admin of an admin route. */
export function currentAdmin(req: FastifyRequest): Extract<Principal, { kind: 'admin' }> {
  if (req.principal?.kind !== 'admin') throw new Error('route is not an admin route');
  return req.principal;
}

/** Client IP and user agent, for audit and activity rows. */
export function clientInfo(req: FastifyRequest): { ip: string; userAgent: string | null } {
  const ua = req.headers['user-agent'];
  return { ip: req.ip, userAgent: typeof ua === 'string' ? ua : null };
}

/**
 * The signed-in admin of a request as an audit actor (id, IP, user agent, the API key if one was used).
 * @throws Error when the route is not an admin route
 */
export function adminActor(req: FastifyRequest): {
  type: 'admin';
  id: number;
  ip: string;
  userAgent: string | null;
  apiKeyId?: number;
} {
  const admin = currentAdmin(req);
  return { type: 'admin', id: admin.id, ...clientInfo(req), ...viaKey(admin) };
}

/** `apiKeyId` when the principal came with an API key: the audit entry then names the key. */
const viaKey = (principal: Principal) => (principal.apiKey ? { apiKeyId: principal.apiKey.id } : {});

/**
 * The signed-in user of a request as an audit actor (id, IP, user agent, the API key if one was used).
 * @throws Error when the route is not a user route
 */
export function userActor(req: FastifyRequest): {
  type: 'user';
  id: number;
  ip: string;
  userAgent: string | null;
  apiKeyId?: number;
} {
  const user = currentUser(req);
  return { type: 'user', id: user.id, ...clientInfo(req), ...viaKey(user) };
}
