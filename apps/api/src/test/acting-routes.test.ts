import { ACTING_API } from '@lm/contracts/acting-routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './harness';
import { appWithRouteTable, isAccessRoute, type RegisteredRoute } from './route-table';

/**
 * The list of routes a team member may call while acting for an artist (`ACTING_API` of
 * `@lm/contracts/acting-routes`, issue 35) is the API's own: every route declaring `forArtist` is in
 * it with its mode, and nothing else is. The user app's screens marked `acting` are checked against
 * that list (apps/web/src/app/acting-routes.test.ts), so a route losing `forArtist` fails here first.
 */

let ctx: TestContext;
let app: FastifyInstance;
let routes: RegisteredRoute[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const table = await appWithRouteTable(ctx);
  app = table.app;
  routes = table.routes.filter(isAccessRoute);
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe('routes open to a member acting for an artist', () => {
  it('are exactly the list the user app reads', () => {
    const declared: Record<string, string> = {};
    for (const route of routes) {
      const access = route.access;
      if (access?.kind === 'user' && access.organisation)
        declared[`${route.method} ${route.url}`] = access.organisation;
    }
    expect(Object.keys(declared).length).toBeGreaterThan(0);
    expect(declared).toEqual({ ...ACTING_API });
  });
});
