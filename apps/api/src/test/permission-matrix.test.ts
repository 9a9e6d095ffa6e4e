import { DEFAULT_USER_ROLES, GENERAL, type UserTypeId } from '@lm/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../modules/accounts/tokens';
import type { Access } from '../platform/access';
import { createTestApp, type TestContext } from './harness';
import { appWithRouteTable, isAccessRoute, type RegisteredRoute } from './route-table';

/**
 * The permission matrix: every registered /api route of the built app, read with its
 * `config.access`, called by each kind of caller, answers what its access says:
 * - no token: 401 unless the route is public;
 * - a user token (artist, curator, influencer) on an admin route, or an admin token on a user route:
 *   401 (not a session of that side);
 * - a user route: 403 for a user type whose default role lacks the permission, otherwise let through;
 * - an admin route: 403 for an admin without the permission, let through for an admin holding exactly
 *   that permission and for the Super Admin.
 * "Let through" means neither 401 nor 403 (the handler then answers 2xx, 404, 409, 422 ...). Path
 * parameters get a valid-format id of a row that does not exist, so no call changes real data.
 * New routes are covered automatically.
 */

type RouteEntry = RegisteredRoute & { access: Access };

let ctx: TestContext;
let app: FastifyInstance;
const routes: RouteEntry[] = [];
const PARAM = '999999';
const TTL = 30 * 86_400_000;

type Caller = 'none' | 'artist' | 'curator' | 'influencer' | 'admin_without' | 'admin_with' | 'super_admin';
const ids: Record<'artist' | 'curator' | 'influencer' | 'super_admin' | 'admin_none', number> = {
  artist: 0,
  curator: 0,
  influencer: 0,
  super_admin: 0,
  admin_none: 0,
};
const permissionAdmins = new Map<string, number>();

beforeAll(async () => {
  ctx = await createTestApp();
  // The same app as production; its /api routes under the access rules are the matrix's rows.
  const built = await appWithRouteTable(ctx);
  app = built.app;
  routes.push(...built.routes.filter(isAccessRoute));
  ids.artist = (await ctx.makeUser({ userTypeId: 1 })).id;
  ids.curator = (await ctx.makeUser({ userTypeId: 2 })).id;
  ids.influencer = (await ctx.makeUser({ userTypeId: 3 })).id;
  ids.super_admin = (await ctx.makeAdmin()).id;
  ids.admin_none = (await ctx.makeAdmin({ permissions: [] })).id;
  const adminPermissions = new Set(
    routes.flatMap((r) => {
      const permission = adminPermissionOf(r.access);
      return permission && permission !== GENERAL ? [permission] : [];
    }),
  );
  for (const permission of adminPermissions) {
    permissionAdmins.set(permission, (await ctx.makeAdmin({ permissions: [permission] })).id);
  }
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

/** A fresh token for each call: a call may sign its caller out (logout) without touching the next. */
async function tokenOf(caller: Caller, route: RouteEntry): Promise<string | undefined> {
  const meta = { ip: '127.0.0.1', userAgent: 'permission-matrix' };
  const issue = (owner: { userId: number } | { adminId: number }) =>
    issueToken(ctx.deps.database, owner, meta, ctx.clock, TTL);
  switch (caller) {
    case 'none':
      return undefined;
    case 'artist':
    case 'curator':
    case 'influencer':
      return issue({ userId: ids[caller] });
    case 'super_admin':
      return issue({ adminId: ids.super_admin });
    case 'admin_without':
      return issue({ adminId: ids.admin_none });
    case 'admin_with': {
      const permission = adminPermissionOf(route.access) ?? GENERAL;
      return issue({ adminId: permissionAdmins.get(permission) ?? ids.admin_none });
    }
  }
}

const USER_TYPE: Record<'artist' | 'curator' | 'influencer', UserTypeId> = {
  artist: 1,
  curator: 2,
  influencer: 3,
};

/** The admin permission a route asks of admins (admin routes and routes both apps call). */
function adminPermissionOf(access: Access): string | undefined {
  if (access.kind === 'admin') return access.permission;
  if (access.kind === 'both') return access.admin;
  return undefined;
}

/** What a caller must get: 401, 403, or 'through' (anything but 401 and 403). */
function expected(access: Access, caller: Caller): 401 | 403 | 'through' {
  if (access.kind === 'public') return 'through';
  if (caller === 'none') return 401;
  const isUser = caller === 'artist' || caller === 'curator' || caller === 'influencer';
  if (access.kind === 'any') return 'through';
  if (access.kind === 'both') {
    if (isUser)
      return access.user === GENERAL ||
        (DEFAULT_USER_ROLES[USER_TYPE[caller]] as readonly string[]).includes(access.user)
        ? 'through'
        : 403;
    if (access.admin === GENERAL || caller === 'super_admin' || caller === 'admin_with') return 'through';
    return 403;
  }
  if (access.kind === 'user') {
    if (!isUser) return 401;
    if (access.permission === GENERAL) return 'through';
    return (DEFAULT_USER_ROLES[USER_TYPE[caller]] as readonly string[]).includes(access.permission)
      ? 'through'
      : 403;
  }
  if (isUser) return 401;
  if (access.permission === GENERAL || caller === 'super_admin' || caller === 'admin_with') return 'through';
  return 403;
}

/**
 * Routes whose declared access lets a caller in but whose handler refuses it by a business rule (403),
 * listed one by one so that any new case is a conscious decision. Payouts are reached from
 * screens every signed-in role has (spec section 2: /withdrawal/list, /payouts/list), but only curators
 * and influencers withdraw (payouts.service: 'payouts.not_payee').
 */
const HANDLER_RULES: Record<string, Partial<Record<Caller, 403>>> = Object.fromEntries(
  [
    'GET /api/payments/transfer/info',
    'DELETE /api/payments/wise/user/info/delete/:id',
    'GET /api/payments/wise/unpaid/payouts/check',
    'GET /api/payments/wise/user/transfer/view/:id',
    'GET /api/curator/payouts',
    'GET /api/curator/payouts/last/month/stats',
    'GET /api/curator/payouts/:id',
    'GET /api/curator/sum/payouts',
    'GET /api/curator/withdrawable',
    'POST /api/curator/payout/:id',
  ].map((route) => [route, { artist: 403 }]),
);

const CALLERS: Caller[] = [
  'none',
  'artist',
  'curator',
  'influencer',
  'admin_without',
  'admin_with',
  'super_admin',
];

async function call(route: RouteEntry, caller: Caller) {
  const token = await tokenOf(caller, route);
  const url = route.url.replace(/:[A-Za-z_]+/g, PARAM);
  const res = await app.inject({
    method: route.method as 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });
  return res.statusCode;
}

describe('permission matrix over every /api route', () => {
  it('finds the route table (user, admin, public and any routes)', () => {
    const kinds = new Set(routes.map((r) => r.access.kind));
    expect([...kinds].sort()).toEqual(['admin', 'any', 'both', 'public', 'user']);
    expect(routes.length).toBeGreaterThan(100);
    // The routes of this issue are in the table.
    for (const path of [
      '/api/admin/users',
      '/api/admin/users/:id',
      '/api/users/activities/:id',
      '/api/admin/admins/:id/reset-password',
      '/api/admin/password',
    ]) {
      expect(routes.some((r) => r.url === path)).toBe(true);
    }
  });

  // Several thousand calls: the callers of one route run at once, and the whole sweep may take minutes
  // on a loaded 2-core machine (no timing is asserted).
  it('answers every route as its access says, for every kind of caller', { timeout: 300_000 }, async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      // Public routes answer the same to everybody; one anonymous call checks them.
      const callers = route.access.kind === 'public' ? (['none'] as Caller[]) : CALLERS;
      const statuses = await Promise.all(callers.map((caller) => call(route, caller)));
      callers.forEach((caller, i) => {
        const want =
          HANDLER_RULES[`${route.method} ${route.url}`]?.[caller] ?? expected(route.access, caller);
        const status = statuses[i]!;
        checked += 1;
        const ok = want === 'through' ? status !== 401 && status !== 403 : status === want;
        if (!ok) failures.push(`${route.method} ${route.url} as ${caller}: ${status}, expected ${want}`);
      });
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(routes.length * 3);
  });

  it('keeps back-office routes on the admin side (a route declared public by mistake would pass above)', () => {
    const adminPaths = [
      /^\/api\/admin\//,
      /^\/api\/users\/activities\//,
      /^\/api\/artist\/campaigns\/index/,
      /^\/api\/curator\/campaigns\/(indexLastFiveForCurator|all)\//,
      /^\/api\/express\/users\/all\/playlists\//,
      /^\/api\/wallet\/admin\//,
    ];
    // Signing in, and the emailed link that sets an admin's password, are public; so
    // are Spotify's redirect when staff connect the platform's account (its signed state proves the
    // admin) and the outcome the public /spotify/callback/{accessToken} page shows.
    const publicAdminRoutes = [
      'POST /api/admin/login',
      'GET /api/admin/check/reset/token',
      'POST /api/admin/reset-password',
      'GET /api/admin/spotify/platform/callback',
      'GET /api/admin/spotify/platform/outcome',
    ];
    const wrong = routes.filter(
      (r) =>
        adminPaths.some((re) => re.test(r.url)) &&
        r.access.kind !== 'admin' &&
        !publicAdminRoutes.includes(`${r.method} ${r.url}`),
    );
    expect(wrong.map((r) => `${r.method} ${r.url} (${r.access.kind})`)).toEqual([]);
  });

  it('the matrix rule itself: wrong side 401, missing permission 403', () => {
    const admin: Access = { kind: 'admin', permission: 'users.edit' };
    expect(expected(admin, 'artist')).toBe(401);
    expect(expected(admin, 'admin_without')).toBe(403);
    expect(expected(admin, 'admin_with')).toBe('through');
    const curatorOnly: Access = { kind: 'user', permission: 'CURATOR_PERMISSION' };
    expect(expected(curatorOnly, 'artist')).toBe(403);
    expect(expected(curatorOnly, 'curator')).toBe('through');
    expect(expected(curatorOnly, 'super_admin')).toBe(401);
  });
});
