import { WEB_VITALS_PERMISSIONS } from '@lm/contracts/permissions';
import {
  WEB_VITALS_MAX_BYTES,
  webVitalsAcceptedAnswer,
  webVitalsBeaconSchema,
  webVitalsSummaryAnswer,
  webVitalsSummaryQuery,
} from '@lm/contracts/web-vitals';
import { adminAccess, PUBLIC } from '../../platform/access';
import type { RouteModule, ZodApp } from '../../platform/app';
import { parseBeaconBodies } from '../../platform/body-parsers';
import { recordVitals, webVitalsSummary } from './web-vitals.service';

const tags = ['web-vitals'];

/**
 * Real-user Core Web Vitals (issue 37): the apps' beacon, open to anyone (signed-out pages report
 * too; the global per-minute limit of /api applies), and the staff summary behind
 * `view.main.web.vitals.tab.list`. The rules: `web-vitals.service.ts`.
 */
export const webVitalsRoutes: RouteModule = async (app, deps) => {
  await app.register(async (plain) => {
    const scope = plain as unknown as ZodApp;
    parseBeaconBodies(scope, WEB_VITALS_MAX_BYTES);
    scope.post(
      '/api/vitals',
      {
        config: { access: PUBLIC },
        schema: {
          tags,
          summary: 'Report Core Web Vitals of page views',
          body: webVitalsBeaconSchema,
          response: { 202: webVitalsAcceptedAnswer },
        },
      },
      async (req, reply) => {
        const accepted = await recordVitals(deps, req.body);
        return reply.status(202).header('cache-control', 'no-store').send({ data: { accepted } });
      },
    );
  });

  app.get(
    '/api/admin/web-vitals',
    {
      config: { access: adminAccess(WEB_VITALS_PERMISSIONS.view) },
      schema: {
        tags,
        summary: 'Core Web Vitals per route',
        querystring: webVitalsSummaryQuery,
        response: { 200: webVitalsSummaryAnswer },
      },
    },
    async (req) => ({ data: await webVitalsSummary(deps, req.query.days) }),
  );
};
