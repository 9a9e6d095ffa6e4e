import {
  expressCampaignStatusSchema,
  expressSocialCampaignSchema,
  expressSocialStaffCampaignSchema,
} from '@lm/contracts/express';
import { z } from 'zod';
import { adminAccess, currentAdmin } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { fileDay } from '../../platform/csv-export';
import { envelope, idParams } from '../../platform/http';
import { t } from '../../platform/i18n';
import { exportSchema, listSchema } from '../../platform/list-routes';
import { auditedCsvExport } from '../audit';
import { CAMPAIGN_EXPORT_COLUMNS } from './express.exports';
import * as machine from './express.machine';
import { accountPlatforms } from './platforms/index';
import * as social from './social.service';

const CAMPAIGNS = 'express.campaigns.show';

/**
 * Back-office screens of TikTok and Instagram express (spec section 2:
 * /express/tiktok/campaigns/list, /express/instagram/campaigns/list, /express-tiktok-campaigns/{id},
 * /express-instagram-campaigns/{id}): the lists, one campaign with its timeline, and the staff decision
 * on an artist's dispute of an Instagram reel. Force-end is the engine's, shared with Spotify
 * (`/api/admin/express/campaigns/:id/force-end`). Thin: `social.service.ts` and the engine hold the rules.
 */
export const adminSocialExpressRoutes: RouteModule = (app, deps) => {
  for (const adapter of accountPlatforms()) {
    const base = `/api/admin/express-${adapter.key}/campaigns`;
    const tags = [`admin express ${adapter.key}`];
    app.get(
      base,
      {
        config: { access: adminAccess(CAMPAIGNS) },
        schema: { tags, ...listSchema(expressSocialCampaignSchema) },
      },
      async (req) => social.listSocialCampaigns(deps, adapter, { staff: true }, req.query),
    );
    app.get(
      `${base}/export.csv`,
      {
        config: { access: adminAccess(CAMPAIGNS) },
        schema: { tags, ...exportSchema() },
      },
      async (req, reply) => {
        const filter = { ...req.query, platform: adapter.key };
        await auditedCsvExport(deps.database, req, reply, 'social_campaigns', filter, async () => ({
          query: social.socialCampaignExportQuery(adapter, req.query),
          columns: CAMPAIGN_EXPORT_COLUMNS,
          filename: `${adapter.key}-campaigns-${fileDay(deps.clock.now())}.csv`,
        }));
        return reply;
      },
    );
    app.get(
      `${base}/:id`,
      {
        config: { access: adminAccess(CAMPAIGNS) },
        schema: { tags, params: idParams, response: { 200: envelope(expressSocialStaffCampaignSchema) } },
      },
      async (req) => ({ data: await social.staffSocialCampaign(deps, adapter, req.params.id, req.lang) }),
    );
    if (!adapter.accounts.confirmWindowHours) continue;
    // Staff decide an artist's dispute of a post's sound, where the artist confirms the sound.
    app.post(
      `${base}/:id/dispute`,
      {
        config: { access: adminAccess(CAMPAIGNS) },
        schema: {
          tags,
          params: idParams,
          body: z.object({
            decision: z.enum(['uphold', 'reject']),
            note: z.string().trim().max(500, 'validation.too_long').optional(),
          }),
          response: { 200: envelope(expressCampaignStatusSchema) },
        },
      },
      async (req) => {
        const c = await machine.decideDispute(
          deps,
          currentAdmin(req).id,
          req.params.id,
          req.body.decision,
          req.body.note || undefined,
        );
        return { data: { id: c.id, status_id: c.statusId }, message: t(req.lang, 'common.saved') };
      },
    );
  }
};
