import {
  adminCustomCampaignEditSchema,
  adminCustomCampaignInputSchema,
  customCampaignDetailSchema,
  customCampaignInputSchema,
  customCampaignListItemSchema,
  customCampaignStatsSchema,
  customCardConfirmationSchema,
  customDeclineSchema,
  customForceEndSchema,
  customPaymentSchema,
  MY_CAMPAIGN_TYPES,
  type MyCampaignType,
  myCampaignItemSchema,
  publishedCampaignSchema,
} from '@lm/contracts/custom-campaigns';
import {
  campaignCheckoutSchema,
  campaignListenSchema,
  expressListenEventSchema,
  expressListenProgressSchema,
  expressTierSchema,
} from '@lm/contracts/express';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminAccess,
  clientInfo,
  currentAdmin,
  currentUser,
  forArtist,
  userAccess,
  withScope,
} from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { fileDay } from '../../platform/csv-export';
import { AppError, NotFoundError, ValidationError } from '../../platform/errors';
import {
  envelope,
  fieldWithNulByte,
  idParams,
  type ListQuery,
  messageOnly,
  updateSchema,
} from '../../platform/http';
import { t } from '../../platform/i18n';
import { exportSchema, listSchema } from '../../platform/list-routes';
import { auditedCsvExport } from '../audit';
import { activeTiers } from '../express';
import { storeUpload } from '../files';
import * as q from './custom-campaigns.queries';
import * as custom from './custom-campaigns.service';

const ARTIST = 'ARTIST_PERMISSION';
const CURATOR = 'CURATOR_PERMISSION';
const SHOW = 'custom.campaigns.show';
const ADD = 'custom.campaigns.add';
const EDIT = 'custom.campaigns.edit';
const DELETE = 'custom.campaigns.delete';
const tags = ['custom campaigns'];

const optInSchema = z.object({
  id: z.number().int(),
  campaign_id: z.number().int(),
  playlist_id: z.number().int().nullable(),
  express_campaign_id: z.number().int().nullable(),
});
const toOptIn = (r: {
  id: number;
  campaignId: number;
  playlistId: number | null;
  expressCampaignId: number | null;
}) => ({
  id: r.id,
  campaign_id: r.campaignId,
  playlist_id: r.playlistId,
  express_campaign_id: r.expressCampaignId,
});
const created = z.object({ id: z.number().int(), status: z.number().int() });
/** The unreleased song sent as the `media_link` part: mp3 or mp4, up to 50 MB (spec sections 5 and 9). */
const MEDIA_UPLOADS = {
  'audio/mpeg': { ext: 'mp3', maxBytes: 50 * 1024 * 1024 },
  'video/mp4': { ext: 'mp4', maxBytes: 50 * 1024 * 1024 },
};
const LIST_FIELDS = new Set(['genre_ids', 'admin_ids']);

/**
 * `artist/campaigns` is multipart in the spec (section 7): its fields become the JSON body the schema
 * checks, `genre_ids[]` (or repeated `genre_ids`) a list, and the `media_link` file part is stored like
 * `file/upload` (type by content) with its key as `media_link`. A JSON body passes untouched.
 */
function multipartBody(deps: Parameters<RouteModule>[1]) {
  return async (req: FastifyRequest) => {
    if (!req.isMultipart()) return;
    const body: Record<string, unknown> = {};
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer().catch((err: { code?: string }) => {
          if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'errors.payload_too_large');
          throw err;
        });
        if (part.fieldname !== 'media_link') continue;
        const stored = await storeUpload(deps, {
          field: 'media_link',
          bytes,
          filename: part.filename,
          allowed: MEDIA_UPLOADS,
          uploader: { kind: 'user', id: currentUser(req).id },
          info: clientInfo(req),
        });
        body.media_link = stored.key;
        continue;
      }
      const name = part.fieldname.replace(/\[\]$/, '');
      const value = String(part.value);
      body[name] = LIST_FIELDS.has(name) ? [...((body[name] as string[] | undefined) ?? []), value] : value;
    }
    const bad = fieldWithNulByte(body);
    if (bad) throw new ValidationError({ [bad]: ['validation.invalid_characters'] });
    req.body = body;
  };
}

/** `filter[status]`, `filter[artist_id]`, `filter[is_paid]`, `filter[is_released]` of the lists. */
function listFilter(query: ListQuery): q.CustomListFilter {
  const f = query.filter ?? {};
  const one = (k: string) => (Array.isArray(f[k]) ? f[k][0] : f[k]) as string | undefined;
  const int = (k: string) => {
    const v = one(k);
    return v && /^\d{1,9}$/.test(v) ? Number(v) : undefined;
  };
  const bool = (k: string) => (one(k) === '1' ? true : one(k) === '0' ? false : undefined);
  return {
    status: int('status'),
    artist_id: int('artist_id'),
    is_paid: bool('is_paid'),
    is_released: bool('is_released'),
    q: query.q,
  };
}

/**
 * Custom campaign calls (spec section 7 "Campaigns" and `pay/coins/custom/campaign/{id}`)
 * for artists and curators, and the back-office's `/api/admin/custom-campaigns` (custom.campaigns.*).
 */
export const customCampaignRoutes: RouteModule = (app, deps) => {
  // Artist.
  app.get(
    '/api/artist/campaigns',
    {
      config: { access: forArtist(withScope(userAccess(ARTIST), 'campaigns:read'), 'read') },
      schema: { tags, ...listSchema(customCampaignListItemSchema) },
    },
    async (req) =>
      q.listCampaigns(deps.database, {
        artistId: currentUser(req).id,
        page: req.query.page,
        limit: req.query.limit,
        filter: listFilter(req.query),
      }),
  );
  app.get(
    '/api/artist/my-campaigns',
    {
      config: { access: forArtist(withScope(userAccess(ARTIST), 'campaigns:read'), 'read') },
      schema: { tags, ...listSchema(myCampaignItemSchema) },
    },
    async (req) => {
      const type = req.query.filter?.type;
      const one = Array.isArray(type) ? type[0] : type;
      if (one !== undefined && one !== '' && !(MY_CAMPAIGN_TYPES as readonly string[]).includes(one))
        throw new ValidationError({ type: ['validation.invalid'] });
      return q.myCampaigns(deps.database, currentUser(req).id, {
        page: req.query.page,
        limit: req.query.limit,
        type: one ? (one as MyCampaignType) : undefined,
        q: req.query.q,
      });
    },
  );
  app.post(
    '/api/artist/campaigns',
    {
      config: { access: forArtist(userAccess(ARTIST), 'manage') },
      preValidation: multipartBody(deps),
      schema: {
        tags,
        consumes: ['application/json', 'multipart/form-data'],
        body: customCampaignInputSchema,
        response: { 201: envelope(created) },
      },
    },
    async (req, reply) => {
      const c = await custom.createCampaign(deps, { artistId: currentUser(req).id }, req.body);
      return reply
        .status(201)
        .send({ data: { id: c.id, status: c.status }, message: t(req.lang, 'custom.created') });
    },
  );
  for (const url of ['/api/campaign/:id', '/api/campaign/getforview/:id']) {
    app.get(
      url,
      {
        config: { access: forArtist(withScope(userAccess(ARTIST), 'campaigns:read'), 'read') },
        schema: { tags, params: idParams, response: { 200: envelope(customCampaignDetailSchema) } },
      },
      async (req) => ({ data: await q.campaignDetail(deps, req.params.id, currentUser(req).id) }),
    );
  }
  app.get(
    '/api/campaigns',
    {
      config: { access: forArtist(withScope(userAccess(ARTIST), 'campaigns:read'), 'read') },
      schema: { tags, response: { 200: envelope(customCampaignStatsSchema) } },
    },
    async (req) => ({ data: await q.campaignStats(deps.database, { artistId: currentUser(req).id }) }),
  );
  app.get(
    '/api/pay/coins/custom/campaign/:id',
    {
      config: { access: forArtist(userAccess(ARTIST), 'read') },
      schema: { tags, params: idParams, response: { 200: envelope(customPaymentSchema) } },
    },
    async (req) => ({
      data: await custom.payWithCoins(deps, currentUser(req).id, req.params.id),
      message: t(req.lang, 'custom.paid'),
    }),
  );

  app.post(
    '/api/stripe/custom/campaign/checkout',
    {
      config: { access: userAccess(ARTIST) },
      schema: {
        tags,
        body: z.object({ campaign_id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 200: envelope(campaignCheckoutSchema) },
      },
    },
    async (req) => ({ data: await custom.startCardPayment(deps, currentUser(req).id, req.body.campaign_id) }),
  );
  app.post(
    '/api/stripe/custom/campaign/checkout/check/pay',
    {
      config: { access: userAccess(ARTIST) },
      schema: {
        tags,
        body: z.object({ session_id: z.string().min(1).max(200) }),
        response: { 200: envelope(customCardConfirmationSchema) },
      },
    },
    async (req) => {
      const r = await custom.confirmCardPayment(deps, currentUser(req).id, req.body.session_id);
      const message = r.paid
        ? t(req.lang, 'custom.paid')
        : r.notPaid
          ? t(req.lang, 'custom.card_coins_kept', {
              coins: r.settlement.coins,
              reason: t(req.lang, r.notPaid.key, r.notPaid.params),
            })
          : undefined;
      return {
        data: {
          payment: r.settlement,
          campaign_id: r.campaignId,
          paid: r.paid,
          not_paid: r.notPaid !== null,
        },
        ...(message ? { message } : {}),
      };
    },
  );

  // Curator.
  app.get(
    '/api/published/campaigns',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, response: { 200: envelope(z.array(publishedCampaignSchema)) } },
    },
    async (req) => ({
      data: await q.publishedForCurator(deps.database, currentUser(req).id, deps.clock.now()),
    }),
  );
  app.get(
    '/api/curator/campaigns',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, response: { 200: envelope(z.array(publishedCampaignSchema)) } },
    },
    async (req) => ({
      data: (await q.publishedForCurator(deps.database, currentUser(req).id, deps.clock.now())).filter(
        (c) => c.my_opt_in !== null,
      ),
    }),
  );
  app.get(
    '/api/curator/campaign/:id',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, params: idParams, response: { 200: envelope(publishedCampaignSchema) } },
    },
    async (req) => {
      const all = await q.publishedForCurator(deps.database, currentUser(req).id, deps.clock.now());
      const one = all.find((c) => c.id === req.params.id);
      if (!one) throw new NotFoundError();
      return { data: one };
    },
  );
  app.get(
    '/api/curator/campaign/:id/listen',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, params: idParams, response: { 200: envelope(campaignListenSchema) } },
    },
    async (req) => ({ data: await custom.campaignListen(deps, currentUser(req).id, req.params.id) }),
  );
  app.post(
    '/api/curator/campaign/:id/listen',
    {
      config: { access: userAccess(CURATOR) },
      schema: {
        tags,
        params: idParams,
        body: expressListenEventSchema,
        response: { 200: envelope(expressListenProgressSchema) },
      },
    },
    async (req) => ({
      data: await custom.listenToCampaign(deps, currentUser(req).id, req.params.id, req.body),
    }),
  );
  app.post(
    '/api/curator/curators_vs_campaigns',
    {
      config: { access: userAccess(CURATOR) },
      schema: {
        tags,
        body: z.object({ campaign_id: z.coerce.number().int().positive().max(2_147_483_647) }),
        response: { 201: envelope(optInSchema) },
      },
    },
    async (req, reply) => {
      const row = await custom.optIn(deps, currentUser(req).id, req.body.campaign_id);
      return reply.status(201).send({ data: toOptIn(row), message: t(req.lang, 'custom.opted_in') });
    },
  );
  app.put(
    '/api/curator/curator_vs_campaign/playlist/:id',
    {
      config: { access: userAccess(CURATOR) },
      schema: {
        tags,
        params: idParams,
        body: z.object({
          playlist_id: z.coerce.number({ error: 'validation.required' }).int().positive().max(2_147_483_647),
        }),
        response: { 200: envelope(optInSchema) },
      },
    },
    async (req) => ({
      data: toOptIn(
        await custom.choosePlaylist(deps, currentUser(req).id, req.params.id, req.body.playlist_id),
      ),
      message: t(req.lang, 'custom.playlist_chosen'),
    }),
  );
  app.put(
    '/api/curator/curator_vs_campaign/playlist/submit/:campaignId/:playlistId',
    {
      config: { access: userAccess(CURATOR) },
      schema: {
        tags,
        params: z.object({
          campaignId: z.coerce.number().int().positive().max(2_147_483_647),
          playlistId: z.coerce.number().int().positive().max(2_147_483_647),
        }),
        response: {
          200: envelope(z.object({ found: z.boolean(), express_campaign_id: z.number().int() })),
        },
      },
    },
    async (req) => {
      const r = await custom.submitPlacement(
        deps,
        currentUser(req).id,
        req.params.campaignId,
        req.params.playlistId,
      );
      return {
        data: r,
        message: t(req.lang, r.found ? 'custom.placement_found' : 'custom.placement_not_found'),
      };
    },
  );

  // Staff.
  app.get(
    '/api/admin/custom-campaigns',
    {
      config: { access: adminAccess(SHOW) },
      schema: { tags, ...listSchema(customCampaignListItemSchema) },
    },
    async (req) =>
      q.listCampaigns(deps.database, {
        page: req.query.page,
        limit: req.query.limit,
        filter: listFilter(req.query),
      }),
  );
  app.get(
    '/api/admin/custom-campaigns/export.csv',
    {
      config: { access: adminAccess(SHOW) },
      schema: { tags, ...exportSchema() },
    },
    async (req, reply) => {
      const filter = listFilter({ ...req.query, page: 1, limit: 10 });
      await auditedCsvExport(deps.database, req, reply, 'custom_campaigns', req.query, async () => ({
        query: q.customCampaignExportQuery(filter),
        columns: q.CUSTOM_CAMPAIGN_EXPORT_COLUMNS,
        filename: `custom-campaigns-${fileDay(deps.clock.now())}.csv`,
      }));
      return reply;
    },
  );
  app.get(
    '/api/admin/custom-campaigns/stats',
    {
      config: { access: adminAccess(SHOW) },
      schema: { tags, response: { 200: envelope(customCampaignStatsSchema) } },
    },
    async () => ({ data: await q.campaignStats(deps.database) }),
  );
  app.get(
    '/api/admin/custom-campaigns/tiers',
    {
      config: { access: adminAccess(ADD) },
      schema: { tags, response: { 200: envelope(z.array(expressTierSchema)) } },
    },
    async () => ({ data: await activeTiers(deps.database) }),
  );
  app.get(
    '/api/admin/custom-campaigns/artists',
    {
      config: { access: adminAccess(ADD) },
      schema: {
        tags,
        querystring: z.object({ q: z.string().trim().max(100).optional() }),
        response: {
          200: envelope(z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() }))),
        },
      },
    },
    async (req) => ({ data: await q.searchArtists(deps.database, req.query.q) }),
  );
  app.get(
    '/api/admin/custom-campaigns/:id',
    {
      config: { access: adminAccess(SHOW) },
      schema: { tags, params: idParams, response: { 200: envelope(customCampaignDetailSchema) } },
    },
    async (req) => ({ data: await q.campaignDetail(deps, req.params.id) }),
  );
  app.post(
    '/api/admin/custom-campaigns',
    {
      config: { access: adminAccess(ADD) },
      schema: { tags, body: adminCustomCampaignInputSchema, response: { 201: envelope(created) } },
    },
    async (req, reply) => {
      const c = await custom.createCampaign(deps, { adminId: currentAdmin(req).id }, req.body);
      // Staff words: the artist's "Your campaign was sent to the team" is not theirs.
      return reply
        .status(201)
        .send({ data: { id: c.id, status: c.status }, message: t(req.lang, 'custom.created_for_artist') });
    },
  );
  app.put(
    '/api/admin/custom-campaigns/:id',
    {
      config: { access: adminAccess(EDIT) },
      schema: { tags, ...updateSchema(adminCustomCampaignEditSchema, created) },
    },
    async (req) => {
      const c = await custom.updateCampaign(deps, { adminId: currentAdmin(req).id }, req.params.id, req.body);
      return { data: { id: c.id, status: c.status }, message: t(req.lang, 'common.saved') };
    },
  );
  app.delete(
    '/api/admin/custom-campaigns/:id',
    {
      config: { access: adminAccess(DELETE) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await custom.deleteCampaign(deps, { adminId: currentAdmin(req).id }, req.params.id);
      return { message: t(req.lang, 'common.deleted') };
    },
  );
  const action = (
    path: string,
    run: (adminId: number, id: number, body: never) => Promise<unknown>,
    message: string,
    body?: z.ZodType,
  ) =>
    app.post(
      `/api/admin/custom-campaigns/:id/${path}`,
      {
        config: { access: adminAccess(EDIT) },
        schema: { tags, params: idParams, ...(body ? { body } : {}), response: { 200: messageOnly } },
      },
      async (req) => {
        await run(currentAdmin(req).id, (req.params as { id: number }).id, req.body as never);
        return { message: t(req.lang, message) };
      },
    );
  action('approve', (a, id) => custom.approveCampaign(deps, a, id), 'custom.approved');
  action(
    'decline',
    (a, id, body: z.infer<typeof customDeclineSchema>) => custom.declineCampaign(deps, a, id, body.reason),
    'custom.declined',
    customDeclineSchema,
  );
  action('publish', (a, id) => custom.publishCampaign(deps, a, id), 'custom.published');
  action(
    'force-end',
    (a, id, body: z.infer<typeof customForceEndSchema>) =>
      custom.forceEndCampaign(deps, a, id, body.outcome, body.note),
    'custom.force_ended',
    customForceEndSchema,
  );
};
