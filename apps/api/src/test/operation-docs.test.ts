import { OPERATIONS } from '@lm/contracts/operations';
import { adminOperations } from '@lm/contracts/operations/admin/index';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../platform/openapi';
import { createTestApp, type TestContext } from './harness';
import { appWithRouteTable, isAccessRoute, type RegisteredRoute } from './route-table';

/**
 * Every registered /api route is in the reference with a summary, a unique operationId, a security
 * requirement and its error responses, and every doc in `OPERATIONS` names a route (issue 34 "The
 * reference"). Routes hidden from the reference are browser pages, not API calls: the sandbox
 * providers' pages and the links inside marketing mails. New routes are covered without being listed.
 */

/** Browser pages kept out of the reference (never called by an API client). */
const HIDDEN = [/^\/api\/sandbox\//, /^\/api\/crm\/[uoc]\//, /^\/api\/admin\/spotify\/platform\/callback$/];

let ctx: TestContext;
let app: FastifyInstance;
let routes: RegisteredRoute[] = [];
let doc: { paths: Record<string, Record<string, Record<string, unknown>>> };
// The back-office's docs are written apart (packages/contracts/src/operations/admin); until they are,
// its routes are not held to this. Once any is written, every route is.
const skipAdmin = Object.keys(adminOperations).length === 0;
const covered = (url: string) => !(skipAdmin && url.startsWith('/api/admin'));

beforeAll(async () => {
  ctx = await createTestApp();
  const table = await appWithRouteTable(ctx);
  app = table.app;
  routes = table.routes.filter(isAccessRoute);
  doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

const operationOf = (route: RegisteredRoute) =>
  doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];

describe('every route is in the reference', () => {
  it('hides only browser pages', () => {
    const hidden = routes.filter((r) => !operationOf(r)).map((r) => `${r.method} ${r.url}`);
    expect(hidden.filter((r) => !HIDDEN.some((re) => re.test(r.split(' ')[1] ?? '')))).toEqual([]);
  });

  it('has a summary, an operationId, a security requirement and its error responses', () => {
    const missing: string[] = [];
    for (const route of routes.filter((r) => covered(r.url))) {
      const op = operationOf(route);
      if (!op) continue;
      const key = `${route.method} ${openApiPath(route.url)}`;
      if (typeof op.summary !== 'string' || op.summary.length === 0 || op.summary.length > 80)
        missing.push(`${key}: summary`);
      if (typeof op.operationId !== 'string') missing.push(`${key}: operationId`);
      if (!Array.isArray(op.security)) missing.push(`${key}: security`);
      const responses = Object.keys((op.responses ?? {}) as object);
      if (route.rateLimited && !responses.includes('429')) missing.push(`${key}: 429`);
      if (route.access?.kind !== 'public' && !(responses.includes('401') && responses.includes('403')))
        missing.push(`${key}: 401 and 403`);
      if (route.url.includes(':') && !responses.includes('404')) missing.push(`${key}: 404`);
      if ((route.schema.body || route.schema.querystring) && !responses.includes('422'))
        missing.push(`${key}: 422`);
    }
    expect(missing).toEqual([]);
  });

  it('gives each operation its own operationId', () => {
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    const twice = ids.filter((id, i) => id !== undefined && ids.indexOf(id) !== i);
    expect(twice).toEqual([]);
  });

  it('documents only routes that exist', () => {
    const keys = new Set(routes.map((r) => `${r.method} ${openApiPath(r.url)}`));
    expect(Object.keys(OPERATIONS).filter((k) => !keys.has(k))).toEqual([]);
  });
});
