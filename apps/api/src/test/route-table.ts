import type { FastifyInstance } from 'fastify';
import type { Access } from '../platform/access';
import { buildApp, type RouteModule } from '../platform/app';
import { ROUTE_MODULES } from '../routes';
import type { TestContext } from './harness';

/** A route the app registered: its method, its path pattern, its declared access and its schema parts. */
export interface RegisteredRoute {
  method: string;
  url: string;
  /** `config.access`; undefined for routes outside the access rules (docs, static files). */
  access: Access | undefined;
  /** The route's `schema` (zod `body`, `querystring`, `params`, `response`...). */
  schema: Record<string, unknown>;
  /** False for the routes outside the rate limit (`config.rateLimit: false`: provider webhooks). */
  rateLimited: boolean;
}

/**
 * The app as production builds it on `ctx`'s dependencies, with one module in front that records
 * every route registered after it (HEAD left out): the tests that walk every route read them from
 * here, so a new route is covered without being listed. The caller closes `app`.
 */
export async function appWithRouteTable(
  ctx: TestContext,
): Promise<{ app: FastifyInstance; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const collect: RouteModule = (scope) => {
    scope.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        routes.push({
          method,
          url: route.url,
          access: route.config?.access as Access | undefined,
          schema: (route.schema ?? {}) as Record<string, unknown>,
          rateLimited: route.config?.rateLimit !== false,
        });
      }
    });
  };
  const app = await buildApp(ctx.deps, [collect, ...ROUTE_MODULES]);
  await app.ready();
  return { app, routes };
}

/** Whether `route` is an API route under the access rules (the API docs left out). */
export const isAccessRoute = (route: RegisteredRoute): route is RegisteredRoute & { access: Access } =>
  route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && route.access !== undefined;
