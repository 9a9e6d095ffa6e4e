import { GENERAL } from '@lm/contracts';
import type { ApiScope } from '@lm/contracts/api-keys';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
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
  | {
      kind: 'user';
      permission: string;
      passwordChange?: boolean;
      preload?: Preload;
      scope?: ApiScope;
      /** Whether a team member may call it for an artist of their roster (`X-Acting-For`), and how. */
      organisation?: ActingMode;
    }
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
/**
 * `access` (a user route) opened to a team member acting for an artist of their organisation's roster
 * (issue 35, header `X-Acting-For`): `read` routes need the member's `Artist read` on that artist,
 * `manage` routes `Artist manage`. The request then runs as the artist. A user route without it refuses
 * the header (403 `organisations.not_in_context`): account security, payouts, API keys, the
 * organisation routes themselves.
 * @throws Error for any other kind of route
 */
export function forArtist(access: Access, mode: ActingMode): Access {
  if (access.kind !== 'user') throw new Error(`a ${access.kind} route cannot be called for an artist`);
  return { ...access, organisation: mode };
}

/** How a route acts on the artist a member acts for: reading, or changing. */
export type ActingMode = 'read' | 'manage';

/** The team member behind a request made for an artist (`Principal.actingMember`). */
export interface ActingMember {
  /** The member's own user id (the audit actor). */
  userId: number;
  memberId: number;
  organisationId: number;
  role: string;
}

/**
 * Works out whether user `memberUserId` may act for `artistUserId` in `mode`, and the artist's principal
 * parts if so. Registered by the organisations module at boot (`apps/api/src/wiring.ts`): the platform
 * never imports a module's logic.
 * @throws ForbiddenError 403 when the member may not
 */
export type ActingResolver = (
  database: Database,
  memberUserId: number,
  artistUserId: number,
  mode: ActingMode,
) => Promise<{
  member: ActingMember;
  artist: { userTypeId: 1 | 2 | 3; status: string; permissions: ReadonlySet<string> };
}>;

let actingResolver: ActingResolver | null = null;

/** Hand the platform the resolver of `X-Acting-For` (issue 35). Registering again replaces it. */
export function registerActingResolver(resolver: ActingResolver): void {
  actingResolver = resolver;
}

/**
 * The resolver of `X-Acting-For`.
 * @throws Error when no module registered one (the wiring was skipped)
 */
export function actingResolverOf(): ActingResolver {
  if (!actingResolver) throw new Error('no acting resolver registered (wireModules not called)');
  return actingResolver;
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
      /**
       * Set when a team member acts for an artist (issue 35): the principal is then the artist (id,
       * type, permissions) and this names the member who acts, for the audit and the organisation's
       * rules.
       */
      actingMember?: ActingMember;
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
  actingFor?: { artistUserId: number; organisationId: number };
} {
  const user = currentUser(req);
  // A member acting for an artist: the member acted, for the artist (issue 35).
  if (user.actingMember)
    return {
      type: 'user',
      id: user.actingMember.userId,
      ...clientInfo(req),
      ...viaKey(user),
      actingFor: { artistUserId: user.id, organisationId: user.actingMember.organisationId },
    };
  return { type: 'user', id: user.id, ...clientInfo(req), ...viaKey(user) };
}
