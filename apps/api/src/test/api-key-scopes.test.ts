import { DEFAULT_USER_ROLES, GENERAL, type UserTypeId } from '@lm/contracts';
import { API_SCOPES, type ApiScope } from '@lm/contracts/api-keys';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../modules/api-keys/api-keys.service';
import type { Access } from '../platform/access';
import { createTestApp, type TestContext } from './harness';
import { appWithRouteTable, isAccessRoute, type RegisteredRoute } from './route-table';

/**
 * API key scopes over the whole route table (issue 34 "API keys"), so a new route is covered without
 * being listed:
 * - money out (withdrawals, payout recipients and quotes, payout decisions by staff) and account
 *   security (password, two-step sign-in, e-mail and profile changes, sessions, account deletion, the
 *   API keys themselves, staff accounts and roles) never declare a scope, so no key ever reaches them;
 * - every route declaring a scope answers 403 `API_KEY_SCOPE` to a key holding every other scope, and
 *   lets through (neither 401 nor 403) a key holding only that one, of an owner allowed on the route.
 * Path parameters get the id of a row that does not exist and bodies are empty, so no call changes data.
 */

type Route = RegisteredRoute & { access: Access };
const PARAM = '999999';

/**
 * Money out and account security, by path (method-independent). Each pattern must match a route, so a
 * renamed path cannot leave its pattern matching nothing.
 */
const CLOSED_TO_KEYS: readonly RegExp[] = [
  // Withdrawals: payout recipients, quotes, e-mailed codes, transfers; the payees' payout screens.
  /^\/api\/payments\/(transfer|wise\/(user|unpaid|create)|send\/verification|verify\/code|outgoing)/,
  /^\/api\/curator\/(payouts?|withdrawable|sum\/payouts)(\/|$)/,
  // Staff: payout decisions and transfers, the wallet's money-out lists and adjustments.
  /^\/api\/admin\/(payouts|transfers)(\/|$)/,
  // Account security: password, two-step sign-in, profile and e-mail, sessions, deletion, keys.
  /^\/api\/user\/(logout|info|reset|reset-password|sessions|two-factor|update-user|delete|api-keys)(\/|$)/,
  /^\/api\/(login-2fa|forget-password)$/,
  // Staff accounts: their passwords, the staff list, roles and permissions, their keys.
  /^\/api\/admin\/(password|reset-password|admins|api-keys|info|login)(\/|$)/,
  /^\/api\/admin\/users\/:id\/api-keys/,
  /^\/api\/(roles|permissions)(\/|$)/,
];

let ctx: TestContext;
let app: FastifyInstance;
const routes: Route[] = [];
const users: Record<UserTypeId, number> = { 1: 0, 2: 0, 3: 0 };

beforeAll(async () => {
  ctx = await createTestApp();
  const built = await appWithRouteTable(ctx);
  app = built.app;
  routes.push(...built.routes.filter(isAccessRoute));
  for (const type of [1, 2, 3] as const) users[type] = (await ctx.makeUser({ userTypeId: type })).id;
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

const scopeOf = (access: Access): ApiScope | undefined =>
  access.kind === 'user' || access.kind === 'admin' ? access.scope : undefined;
const show = (r: Route) => `${r.method} ${r.url}`;

/** Keys made once per owner and set of scopes. */
const keys = new Map<string, string>();
async function keyOf(
  owner: { userId: number } | { adminId: number },
  scopes: ApiScope[],
  permissions: string[] = [],
) {
  const id = `${JSON.stringify(owner)} ${scopes.join(',')} ${permissions.join(',')}`;
  const known = keys.get(id);
  if (known) return known;
  const made = await createApiKey(
    ctx.deps,
    owner,
    { name: 'scopes test', scopes, expires_in_days: 30 },
    { type: 'system' },
    permissions,
  );
  keys.set(id, made.secret);
  return made.secret;
}

async function call(route: Route, key: string) {
  const res = await app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:[A-Za-z_]+/g, PARAM),
    headers: { authorization: `Bearer ${key}` },
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });
  return {
    status: res.statusCode,
    code: res.statusCode === 403 ? (res.json() as { code?: string }).code : undefined,
  };
}

/** An owner who may call the route with a session: a user type whose default role holds it, or a staff member. */
async function ownerFor(access: Access & { kind: 'user' | 'admin' }) {
  if (access.kind === 'user') {
    const type = ([1, 2, 3] as const).find(
      (t) =>
        access.permission === GENERAL ||
        (DEFAULT_USER_ROLES[t] as readonly string[]).includes(access.permission),
    );
    if (!type) throw new Error(`no user type holds ${access.permission}`);
    return { owner: { userId: users[type] }, permissions: [] };
  }
  const admin = await ctx.makeAdmin(
    access.permission === GENERAL ? { permissions: [] } : { permissions: [access.permission] },
  );
  return {
    owner: { adminId: admin.id },
    permissions: access.permission === GENERAL ? [] : [access.permission],
  };
}

describe('API key scopes over every route', () => {
  it('no money-out or account-security route declares a scope', () => {
    for (const pattern of CLOSED_TO_KEYS)
      expect(
        routes.some((r) => pattern.test(r.url)),
        String(pattern),
      ).toBe(true);
    const open = routes
      .filter((r) => CLOSED_TO_KEYS.some((p) => p.test(r.url)) && scopeOf(r.access))
      .map(show);
    expect(open).toEqual([]);
  });

  it('every scope is declared by user routes (webhooks:manage by the webhook endpoints, when they exist)', () => {
    const declared = new Set(
      routes.flatMap((r) => (r.access.kind === 'user' && r.access.scope ? [r.access.scope] : [])),
    );
    expect([...declared].sort()).toEqual(
      API_SCOPES.filter((s) => s !== 'webhooks:manage' || declared.has(s)).sort(),
    );
  });

  it('a key holding the other scopes gets 403 API_KEY_SCOPE; one holding the route’s scope is let through', {
    timeout: 300_000,
  }, async () => {
    const scoped = routes.filter((r) => scopeOf(r.access));
    expect(scoped.length).toBeGreaterThan(25);
    const failures: string[] = [];
    for (const route of scoped) {
      const access = route.access as Access & { kind: 'user' | 'admin' };
      const scope = scopeOf(access)!;
      const { owner, permissions } = await ownerFor(access);
      const others = API_SCOPES.filter((s) => s !== scope);
      const refused = await call(route, await keyOf(owner, [...others], permissions));
      if (refused.status !== 403 || refused.code !== 'API_KEY_SCOPE')
        failures.push(`${show(route)} with [${others}]: ${refused.status} ${refused.code ?? ''}`);
      const allowed = await call(route, await keyOf(owner, [scope], permissions));
      if (allowed.status === 401 || allowed.status === 403)
        failures.push(`${show(route)} with [${scope}]: ${allowed.status} ${allowed.code ?? ''}`);
    }
    expect(failures).toEqual([]);
  });

  it('a key holding every scope reaches no route without one (user, admin, any and both routes)', async () => {
    const key = await keyOf({ userId: users[1] }, [...API_SCOPES]);
    const unscoped = routes.filter((r) => r.access.kind !== 'public' && !scopeOf(r.access));
    const kinds = new Set(unscoped.map((r) => r.access.kind));
    expect([...kinds].sort()).toEqual(['admin', 'any', 'both', 'user']);
    const failures: string[] = [];
    for (const route of unscoped) {
      const res = await call(route, key);
      if (res.status !== 403 || res.code !== 'API_KEY_SCOPE') failures.push(`${show(route)}: ${res.status}`);
    }
    expect(failures).toEqual([]);
  });
});
