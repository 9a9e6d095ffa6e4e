import { customCampaignStatsSchema } from '@lm/contracts/custom-campaigns';
import { expressCampaignSchema, expressCampaignStatsSchema } from '@lm/contracts/express';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser, forArtist, userAccess, withScope } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope } from '../../platform/http';
import * as dashboard from './dashboard.service';

/** The user dashboard's campaign figures, listed with the Spotify express endpoints it began with. */
const tags = ['express spotify'];

/** The user dashboard (`web/user/campaigns/dashboard`): express and custom campaign figures together. */
export const dashboardRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/web/user/campaigns/dashboard',
    {
      config: { access: forArtist(withScope(userAccess(), 'campaigns:read'), 'read') },
      schema: {
        tags,
        response: {
          200: envelope(
            z.object({
              stats: expressCampaignStatsSchema,
              /** The same figures for custom (managed) campaigns, the artist's other kind of campaign. */
              custom_stats: customCampaignStatsSchema,
              last_campaigns: z.array(expressCampaignSchema),
            }),
          ),
        },
      },
    },
    async (req: FastifyRequest) => {
      const user = currentUser(req);
      return {
        data: await dashboard.dashboard(deps, user.id, user.userTypeId === 2 ? 'curator' : 'artist'),
      };
    },
  );
};
