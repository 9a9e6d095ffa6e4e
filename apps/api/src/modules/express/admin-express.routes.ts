import { behalfUserQuerySchema, behalfUserSchema } from '@lm/contracts/admin-users';
import { campaignChecksSchema } from '@lm/contracts/campaign-checks';
import {
  expressCampaignDetailSchema,
  expressCampaignSchema,
  expressCampaignStatusSchema,
  expressDurationSchema,
  expressGenreSchema,
  expressPlaylistDetailSchema,
  expressPlaylistSchema,
  expressReasonSchema,
  expressTierSchema,
} from '@lm/contracts/express';
import { translationsSchema } from '@lm/contracts/translations';
import { z } from 'zod';
import { adminAccess, adminActor, clientInfo, currentAdmin, withScope } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { fileDay } from '../../platform/csv-export';
import { NotFoundError } from '../../platform/errors';
import { envelope, idParams, messageOnly, updateSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import { exportSchema, listSchema } from '../../platform/list-routes';
import { auditedCsvExport } from '../audit';
import * as catalog from './express.catalog';
import * as checks from './express.checks';
import * as creation from './express.creation';
import { CAMPAIGN_EXPORT_COLUMNS } from './express.exports';
import * as machine from './express.machine';
import * as playlists from './express.playlists';
import * as q from './express.queries';
import { campaignOrderBody, playlistBody } from './express.routes';

const tags = ['admin express'];
const CAMPAIGNS = 'express.campaigns.show';
const PLAYLISTS = 'express.playlist.show';
const TIERS = 'INFLUENCER_VIEW_TIERS';

/**
 * Back-office screens of Spotify express (spec section 2: /express/tiers/list, /express/durations/list,
 * /express/playlists/list, /express/playlist/view/{id}, /express/campaigns/list,
 * /express-campaigns/{campaignId} with force-end; campaign reasons CRUD).
 */
export const adminExpressRoutes: RouteModule = (app, deps) => {
  // Tiers, durations, reasons: small CRUD tables, every write audited.
  const tierBody = z.object({
    tier_name: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
    price: z.coerce.number().int('validation.whole_number').min(1).max(1_000_000),
    description: z.string().trim().max(500).nullable().optional(),
    status: z.union([z.literal(1), z.literal(0)]).default(1),
    /** Name and description in French, German, Arabic and Turkish. */
    translations: translationsSchema({ tier_name: 100, description: 500 }).optional(),
  });
  app.get(
    '/api/admin/express/tiers',
    {
      config: { access: adminAccess(TIERS) },
      schema: { tags, response: { 200: envelope(z.array(expressTierSchema)) } },
    },
    async () => ({ data: await catalog.allTiers(deps.database) }),
  );
  app.post(
    '/api/admin/express/tiers',
    {
      config: { access: adminAccess(TIERS) },
      schema: { tags, body: tierBody, response: { 201: envelope(expressTierSchema) } },
    },
    async (req, reply) => {
      const data = await catalog.saveTier(deps.database, adminActor(req), req.body);
      return reply.status(201).send({ data, message: t(req.lang, 'common.created') });
    },
  );
  app.put(
    '/api/admin/express/tiers/:id',
    {
      config: { access: adminAccess(TIERS) },
      schema: { tags, ...updateSchema(tierBody, expressTierSchema) },
    },
    async (req) => ({
      data: await catalog.saveTier(deps.database, adminActor(req), req.body, req.params.id),
      message: t(req.lang, 'common.saved'),
    }),
  );

  const durationBody = z.object({
    duration: z.coerce.number().int('validation.whole_number').min(1).max(365),
    status: z.union([z.literal(1), z.literal(0)]).default(1),
  });
  app.get(
    '/api/admin/express/durations',
    {
      config: { access: adminAccess(TIERS) },
      schema: { tags, response: { 200: envelope(z.array(expressDurationSchema)) } },
    },
    async () => ({ data: await catalog.allDurations(deps.database) }),
  );
  app.post(
    '/api/admin/express/durations',
    {
      config: { access: adminAccess(TIERS) },
      schema: { tags, body: durationBody, response: { 201: envelope(expressDurationSchema) } },
    },
    async (req, reply) => {
      const data = await catalog.saveDuration(deps.database, adminActor(req), req.body);
      return reply.status(201).send({ data, message: t(req.lang, 'common.created') });
    },
  );
  app.put(
    '/api/admin/express/durations/:id',
    {
      config: { access: adminAccess(TIERS) },
      schema: { tags, ...updateSchema(durationBody, expressDurationSchema) },
    },
    async (req) => ({
      data: await catalog.saveDuration(deps.database, adminActor(req), req.body, req.params.id),
      message: t(req.lang, 'common.saved'),
    }),
  );

  const reasonBody = z.object({
    reason: z.string().trim().min(1, 'validation.required').max(200, 'validation.too_long'),
    status: z.union([z.literal(1), z.literal(0)]).default(1),
    /** The reason in French, German, Arabic and Turkish. */
    translations: translationsSchema({ reason: 200 }).optional(),
    /** The platforms whose sellers are offered it (1 Spotify, 2 TikTok, 3 Instagram); a new one: Spotify. */
    campaign_type_ids: z
      .array(z.number().int().min(1, 'validation.invalid').max(3, 'validation.invalid'))
      .min(1, 'express.reason_platform_required')
      .max(3, 'validation.invalid')
      .optional(),
  });
  app.get(
    '/api/admin/express/reasons',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: { tags, response: { 200: envelope(z.array(expressReasonSchema)) } },
    },
    async () => ({ data: await catalog.allReasons(deps.database) }),
  );
  app.post(
    '/api/admin/express/reasons',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: { tags, body: reasonBody, response: { 201: envelope(expressReasonSchema) } },
    },
    async (req, reply) => {
      const data = await catalog.saveReason(deps.database, adminActor(req), req.body);
      return reply.status(201).send({ data, message: t(req.lang, 'common.created') });
    },
  );
  app.put(
    '/api/admin/express/reasons/:id',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: { tags, ...updateSchema(reasonBody, expressReasonSchema) },
    },
    async (req) => ({
      data: await catalog.saveReason(deps.database, adminActor(req), req.body, req.params.id),
      message: t(req.lang, 'common.saved'),
    }),
  );
  app.delete(
    '/api/admin/express/reasons/:id',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await catalog.retireReason(deps.database, adminActor(req), req.params.id);
      return { message: t(req.lang, 'common.deleted') };
    },
  );

  // Playlists.
  app.get(
    '/api/admin/express/playlists',
    {
      config: { access: adminAccess(PLAYLISTS) },
      schema: { tags, ...listSchema(expressPlaylistSchema) },
    },
    async (req) => q.listPlaylists(deps.database, req.query),
  );
  app.get(
    '/api/admin/express/playlists/:id',
    {
      config: { access: adminAccess(PLAYLISTS) },
      schema: { tags, params: idParams, response: { 200: envelope(expressPlaylistDetailSchema) } },
    },
    async (req) => {
      const item = await q.playlistDetail(deps.database, req.params.id);
      if (!item) throw new NotFoundError();
      const campaigns = await q.listCampaigns(deps.database, {
        page: 1,
        limit: 25,
        filter: { playlist_id: String(req.params.id) },
        order: undefined,
        q: undefined,
      });
      return { data: { ...item, campaigns: campaigns.data } };
    },
  );
  app.post(
    '/api/admin/express/playlists/:id/status',
    {
      config: { access: adminAccess(PLAYLISTS) },
      schema: {
        tags,
        params: idParams,
        body: z.object({
          status: z.enum(['approve', 'decline', 'disable']),
          reason: z.string().trim().max(500).optional(),
        }),
        response: { 200: envelope(expressCampaignStatusSchema) },
      },
    },
    async (req) => {
      const row = await playlists.setPlaylistStatus(
        deps,
        currentAdmin(req).id,
        req.params.id,
        req.body.status === 'approve' ? 1 : 3,
        req.body.reason,
      );
      return { data: { id: row.id, status_id: row.statusId }, message: t(req.lang, 'common.saved') };
    },
  );

  // Staff acting for a user (/express/playlist/create, /express/checkout).
  const staffOf = (req: Parameters<typeof currentAdmin>[0]): creation.StaffActor => ({
    adminId: currentAdmin(req).id,
    ...clientInfo(req),
  });
  app.get(
    '/api/admin/express/curators',
    {
      config: { access: adminAccess(PLAYLISTS) },
      schema: {
        tags,
        querystring: behalfUserQuerySchema,
        response: { 200: envelope(z.array(behalfUserSchema)) },
      },
    },
    async (req) => ({ data: await q.searchBehalfUsers(deps.database, 'curator', req.query) }),
  );
  app.get(
    '/api/admin/express/artists',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: {
        tags,
        querystring: behalfUserQuerySchema,
        response: { 200: envelope(z.array(behalfUserSchema)) },
      },
    },
    async (req) => ({ data: await q.searchBehalfUsers(deps.database, 'artist', req.query) }),
  );
  app.get(
    '/api/admin/express/playlist/options',
    {
      config: { access: adminAccess(PLAYLISTS) },
      schema: {
        tags,
        response: {
          200: envelope(
            z.object({
              tiers: z.array(expressTierSchema),
              durations: z.array(expressDurationSchema),
              genres: z.array(expressGenreSchema),
            }),
          ),
        },
      },
    },
    async () => ({ data: await catalog.playlistOptions(deps.database) }),
  );
  app.post(
    '/api/admin/express/playlists',
    {
      config: { access: adminAccess(PLAYLISTS) },
      schema: {
        tags,
        body: playlistBody.extend({ curator_id: z.coerce.number().int().positive('validation.required') }),
        response: { 201: envelope(expressCampaignStatusSchema) },
      },
    },
    async (req, reply) => {
      const { curator_id, ...input } = req.body;
      const row = await playlists.createPlaylist(deps, curator_id, input, staffOf(req));
      return reply
        .status(201)
        .send({ data: { id: row.id, status_id: row.statusId }, message: t(req.lang, 'common.created') });
    },
  );
  app.post(
    '/api/admin/express/checkout',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: {
        tags,
        body: campaignOrderBody.extend({
          artist_id: z.coerce.number().int().positive('validation.required'),
        }),
        response: { 201: envelope(z.array(expressCampaignDetailSchema)) },
      },
    },
    async (req, reply) => {
      const { artist_id, ...input } = req.body;
      const created = await creation.orderForArtist(deps, staffOf(req), artist_id, input);
      const items = await q.campaignDetails(
        deps.database,
        created.map((c) => c.id),
        { lang: req.lang },
      );
      return reply.status(201).send({ data: items, message: t(req.lang, 'express.created') });
    },
  );

  // Campaigns.
  app.get(
    '/api/admin/express/campaigns',
    {
      config: { access: withScope(adminAccess(CAMPAIGNS), 'campaigns:read') },
      schema: { tags, ...listSchema(expressCampaignSchema) },
    },
    async (req) => q.listCampaigns(deps.database, req.query),
  );
  app.get(
    '/api/admin/express/campaigns/export.csv',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: { tags, ...exportSchema() },
    },
    async (req, reply) => {
      await auditedCsvExport(deps.database, req, reply, 'express_campaigns', req.query, async () => ({
        query: q.campaignExportQuery(req.query),
        columns: CAMPAIGN_EXPORT_COLUMNS,
        filename: `spotify-campaigns-${fileDay(deps.clock.now())}.csv`,
      }));
      return reply;
    },
  );
  app.get(
    '/api/admin/express/campaigns/:id',
    {
      config: { access: withScope(adminAccess(CAMPAIGNS), 'campaigns:read') },
      schema: { tags, params: idParams, response: { 200: envelope(expressCampaignDetailSchema) } },
    },
    async (req) => {
      const item = await q.campaignDetail(deps.database, req.params.id, { lang: req.lang, staff: true });
      if (!item) throw new NotFoundError();
      return { data: { ...item, performance: q.performanceOf(item, deps.clock.now()) } };
    },
  );
  // Any platform's campaign: its daily history (issue "Results").
  app.get(
    '/api/admin/express-campaigns/:id/checks',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: { tags, params: idParams, response: { 200: envelope(campaignChecksSchema) } },
    },
    async (req) => {
      const data = await checks.campaignChecks(deps.database, req.params.id);
      if (!data) throw new NotFoundError();
      return { data };
    },
  );
  app.post(
    '/api/admin/express/campaigns/:id/force-end',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: {
        tags,
        params: idParams,
        body: z.object({
          outcome: z.enum(['completed', 'refunded']),
          note: z.string().trim().max(500).optional(),
        }),
        response: { 200: envelope(expressCampaignStatusSchema) },
      },
    },
    async (req) => {
      const c = await machine.forceEnd(
        deps,
        currentAdmin(req).id,
        req.params.id,
        req.body.outcome,
        req.body.note,
      );
      // The one toast says what happened to the coins.
      const coins = t(req.lang, 'common.coins', { count: c.price });
      const said =
        req.body.outcome === 'completed' ? 'express.force_ended_paid' : 'express.force_ended_refunded';
      return { data: { id: c.id, status_id: c.statusId }, message: t(req.lang, said, { coins }) };
    },
  );
};
