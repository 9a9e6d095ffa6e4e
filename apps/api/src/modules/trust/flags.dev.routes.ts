import { z } from 'zod';
import { adminAccess, clientInfo, currentAdmin } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope } from '../../platform/http';
import { audit } from '../audit';
import { detectFlags, snapshotAccounts, snapshotPlaylists } from './flags.service';

/**
 * Run the daily fake-audience jobs now (a dev tool, registered outside production only by
 * modules/dev/dev.routes.ts): today's snapshots, then the detectors, so a demo or a browser test sees
 * the review queue without waiting for the night.
 */
export const trustFlagDevRoutes: RouteModule = (app, deps) => {
  app.post(
    '/api/admin/dev/trust/run',
    {
      config: { access: adminAccess() },
      schema: {
        tags: ['dev'],
        response: {
          200: envelope(
            z.object({
              playlists: z.number().int(),
              accounts: z.number().int(),
              raised: z.number().int(),
              refunded: z.number().int(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const playlists = await snapshotPlaylists(deps);
      const accounts = await snapshotAccounts(deps);
      const detected = await detectFlags(deps);
      await audit(
        deps.database,
        { type: 'admin', id: currentAdmin(req).id, ...clientInfo(req) },
        {
          action: 'dev.trust_run',
          meta: { ...detected },
        },
      );
      return { data: { playlists: playlists.taken, accounts: accounts.taken, ...detected } };
    },
  );
};
