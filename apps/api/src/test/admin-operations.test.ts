import { adminOperations } from '@lm/contracts/operations/admin/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { createTestApp, type TestContext } from './harness';
import { appWithRouteTable, isAccessRoute, type RegisteredRoute } from './route-table';

/**
 * The back-office operations' reference docs (issue 34 "The reference") against the app's route
 * table: every admin route (under `/api/admin`, or declaring `admin` or `both` access elsewhere) has
 * an entry in `adminOperations`, every entry names a registered route, and ids and summaries keep
 * the reference's rules.
 */

let ctx: TestContext;
let routes: RegisteredRoute[] = [];

/** The docs key of a route: `'GET /api/admin/users/{id}'` for Fastify's `/api/admin/users/:id`. */
const keyOf = (route: RegisteredRoute) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`;

/** Routes under /api/admin; staff routes elsewhere are documented with their areas (operation-docs.test.ts). */
const isAdminRoute = (route: RegisteredRoute) => isAccessRoute(route) && route.url.startsWith('/api/admin/');

beforeAll(async () => {
  ctx = await createTestApp();
  const built = await appWithRouteTable(ctx);
  routes = built.routes;
  await built.app.close();
});

afterAll(async () => {
  await ctx?.close();
});

describe('admin operation docs', () => {
  it('document every admin route', () => {
    const adminKeys = routes.filter(isAdminRoute).map(keyOf);
    expect(adminKeys.length).toBeGreaterThan(200);
    expect(adminKeys.filter((key) => !adminOperations[key])).toEqual([]);
  });

  it('name only registered admin routes', () => {
    const adminKeys = new Set(routes.filter(isAdminRoute).map(keyOf));
    expect(Object.keys(adminOperations).filter((key) => !adminKeys.has(key))).toEqual([]);
  });

  it('give each operation a unique admin.<area>.<verbNoun> id', () => {
    const ids = Object.values(adminOperations).map((doc) => doc.id);
    expect(ids.filter((id) => !/^admin\.[a-z][A-Za-z]*\.[a-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('keep summaries to one sentence-case line of at most 80 characters without a final full stop', () => {
    const bad = Object.entries(adminOperations)
      .filter(
        ([, doc]) =>
          doc.summary.length > 80 ||
          doc.summary.includes('\n') ||
          doc.summary.endsWith('.') ||
          doc.summary[0] !== doc.summary[0]?.toUpperCase(),
      )
      .map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it('list only statuses not derived from access and schema (a 404 only on paths without parameters)', () => {
    const bad = Object.entries(adminOperations)
      .filter(([key, doc]) => doc.errors?.includes(404) && key.includes('{'))
      .map(([key]) => key);
    expect(bad).toEqual([]);
  });

  it("give examples that pass the route's own request and response schemas", () => {
    const byKey = new Map(routes.map((route) => [keyOf(route), route]));
    const failures: string[] = [];
    let checked = 0;
    for (const [key, doc] of Object.entries(adminOperations)) {
      const schema = byKey.get(key)?.schema;
      if (!schema || !doc.examples) continue;
      if (doc.examples.request !== undefined) {
        checked++;
        if (!(schema.body as ZodType).safeParse(doc.examples.request).success)
          failures.push(`${key} request`);
      }
      if (doc.examples.response !== undefined) {
        checked++;
        const responses = schema.response as Record<string, ZodType>;
        const success = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1];
        if (!success?.safeParse(doc.examples.response).success) failures.push(`${key} response`);
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  });

  it('describe each operation and name the spec section or issue it implements', () => {
    const bad = Object.entries(adminOperations)
      .filter(
        ([, doc]) => doc.description.length < 40 || !/([Ss]pec section|[Ii]ssue) \d+/.test(doc.description),
      )
      .map(([key]) => key);
    expect(bad).toEqual([]);
  });
});
