import { DEFAULT_USER_ROLES, GENERAL } from '@lm/contracts';
import { ACTING_API } from '@lm/contracts/acting-routes';
import { ACTING_FOR_HEADER } from '@lm/contracts/organisations';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  addRosterArtist,
  makeOrganisation,
} from '../modules/organisations/organisations.money.test-helpers';
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

/**
 * The organisation roles in the permission matrix (issue 35 "Done when"): every user route of the
 * built app called with `X-Acting-For` by a member of each kind, read from the routes' declarations so
 * new routes are covered. A route not open to acting refuses the header (403) even to an Owner; a
 * reading route lets a Viewer read an artist of the roster; a managing route refuses Viewers and
 * Finance, and lets a campaign manager limited to artist A manage A; nobody reaches artist B through a
 * role limited to A. "Through" means neither 401 nor 403 (ids that do not exist: nothing changes).
 */
describe('the organisation roles against every user route, acting for an artist', () => {
  it('answers each route as its acting mode and the role say', { timeout: 300_000 }, async () => {
    const { org, owner } = await makeOrganisation(ctx);
    const viewer = await ctx.makeUser({ userTypeId: 1 });
    const finance = await ctx.makeUser({ userTypeId: 1 });
    const manager = await ctx.makeUser({ userTypeId: 1 });
    await addMember(ctx, org.id, viewer.id, 'viewer');
    await addMember(ctx, org.id, finance.id, 'finance');
    await addMember(ctx, org.id, manager.id, 'campaign_manager');
    const artistA = await addRosterArtist(ctx, org.id);
    const artistB = await addRosterArtist(ctx, org.id);
    await ctx.deps.database.pool.query(
      `insert into organisation_member_artists (member_id, artist_user_id)
       select id, $2 from organisation_members where organisation_id = $1 and user_id = $3`,
      [org.id, artistA.id, manager.id],
    );
    await ctx.deps.database.pool.query(
      'update organisation_members set all_artists = false where organisation_id = $1 and user_id = $2',
      [org.id, manager.id],
    );
    const tokens = {
      owner: await ctx.loginUser(owner.email),
      viewer: await ctx.loginUser(viewer.email),
      finance: await ctx.loginUser(finance.email),
      manager: await ctx.loginUser(manager.email),
    };
    const artistMay = (permission: string) =>
      permission === GENERAL || (DEFAULT_USER_ROLES[1] as readonly string[]).includes(permission);
    const send = async (route: RegisteredRoute, token: string, artistId: number) => {
      const res = await app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:[A-Za-z_]+/g, '999999'),
        headers: { authorization: `Bearer ${token}`, [ACTING_FOR_HEADER]: String(artistId) },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      return res.statusCode;
    };
    const failures: string[] = [];
    const expect403 = async (route: RegisteredRoute, who: keyof typeof tokens, artistId: number) => {
      const status = await send(route, tokens[who], artistId);
      if (status !== 403) failures.push(`${route.method} ${route.url} as ${who}: ${status}, expected 403`);
    };
    const expectThrough = async (route: RegisteredRoute, who: keyof typeof tokens, artistId: number) => {
      const status = await send(route, tokens[who], artistId);
      if (status === 401 || status === 403)
        failures.push(`${route.method} ${route.url} as ${who}: ${status}, expected through`);
    };
    let open = 0;
    let closed = 0;
    for (const route of routes) {
      const access = route.access;
      if (!access || (access.kind !== 'user' && access.kind !== 'both')) continue;
      const mode = access.kind === 'user' ? access.organisation : undefined;
      if (!mode) {
        closed += 1;
        await expect403(route, 'owner', artistA.id);
        continue;
      }
      open += 1;
      if (access.kind !== 'user') continue;
      await expect403(route, 'manager', artistB.id);
      if (!artistMay(access.permission)) {
        await expect403(route, 'owner', artistA.id);
        continue;
      }
      if (mode === 'read') {
        await expectThrough(route, 'viewer', artistA.id);
        await expectThrough(route, 'manager', artistA.id);
      } else {
        await expect403(route, 'viewer', artistA.id);
        await expect403(route, 'finance', artistA.id);
        await expectThrough(route, 'manager', artistA.id);
      }
    }
    expect(failures).toEqual([]);
    expect(open).toBe(Object.keys(ACTING_API).length);
    expect(closed).toBeGreaterThan(100);
  });
});
