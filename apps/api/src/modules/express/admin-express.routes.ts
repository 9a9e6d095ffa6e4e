import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { withTransaction } from '../../db/client';
import { isUniqueViolation } from '../../db/pg-error';
import { adminAccess, adminActor, currentAdmin } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { envelope, idParams, listQuery, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { audit } from '../audit/audit.service';
import * as machine from './express.machine';
import * as q from './express.queries';
import { expressDurations, expressReasons, expressTiers } from './express.schema';
import * as express from './express.service';

const tags = ['admin express'];
const CAMPAIGNS = 'express.campaigns.show';
const PLAYLISTS = 'express.playlist.show';
const TIERS = 'INFLUENCER_VIEW_TIERS';
const loose = z.record(z.string(), z.unknown());
const listAnswer = { 200: z.object({ data: z.array(loose), pagination: loose }) };

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
  });
  /** Tier names are unique (`express_tiers_name_unique`): a taken one is the field's error, not a 500. */
  const tierNameTaken = (err: unknown): never => {
    if (isUniqueViolation(err, 'express_tiers_name_unique'))
      throw new ValidationError({ tier_name: ['lookups.name_taken'] });
    throw err;
  };
  const tierItem = (r: typeof expressTiers.$inferSelect) => ({
    id: r.id,
    tier_name: r.tierName,
    name: r.tierName,
    price: r.price,
    description: r.description,
    status: r.status,
  });
  app.get(
    '/api/admin/express/tiers',
    { config: { access: adminAccess(TIERS) }, schema: { tags, response: { 200: envelope(z.array(loose)) } } },
    async () => ({
      data: (await deps.database.db.select().from(expressTiers).orderBy(asc(expressTiers.price))).map(
        tierItem,
      ),
    }),
  );
  app.post(
    '/api/admin/express/tiers',
    {
      config: { access: adminAccess(TIERS) },
      schema: { tags, body: tierBody, response: { 201: envelope(loose) } },
    },
    async (req, reply) => {
      const row = await withTransaction(deps.database, async (tx) => {
        const [r] = await tx.db
          .insert(expressTiers)
          .values({
            tierName: req.body.tier_name,
            price: req.body.price,
            description: req.body.description ?? null,
            status: req.body.status,
          })
          .returning()
          .catch(tierNameTaken);
        await audit(
          deps.database,
          adminActor(req),
          { action: 'express.tier_create', targetType: 'express_tier', targetId: r!.id, meta: req.body },
          tx,
        );
        return r!;
      });
      return reply.status(201).send({ data: tierItem(row), message: t(req.lang, 'common.created') });
    },
  );
  app.put(
    '/api/admin/express/tiers/:id',
    {
      config: { access: adminAccess(TIERS) },
      schema: { tags, params: idParams, body: tierBody, response: { 200: envelope(loose) } },
    },
    async (req) => {
      const row = await withTransaction(deps.database, async (tx) => {
        const [r] = await tx.db
          .update(expressTiers)
          .set({
            tierName: req.body.tier_name,
            price: req.body.price,
            description: req.body.description ?? null,
            status: req.body.status,
          })
          .where(eq(expressTiers.id, req.params.id))
          .returning()
          .catch(tierNameTaken);
        if (!r) throw new NotFoundError();
        await audit(
          deps.database,
          adminActor(req),
          { action: 'express.tier_update', targetType: 'express_tier', targetId: r.id, meta: req.body },
          tx,
        );
        return r;
      });
      return { data: tierItem(row), message: t(req.lang, 'common.saved') };
    },
  );

  const durationBody = z.object({
    duration: z.coerce.number().int('validation.whole_number').min(1).max(365),
    status: z.union([z.literal(1), z.literal(0)]).default(1),
  });
  app.get(
    '/api/admin/express/durations',
    { config: { access: adminAccess(TIERS) }, schema: { tags, response: { 200: envelope(z.array(loose)) } } },
    async () => ({
      data: await deps.database.db.select().from(expressDurations).orderBy(asc(expressDurations.duration)),
    }),
  );
  app.post(
    '/api/admin/express/durations',
    {
      config: { access: adminAccess(TIERS) },
      schema: { tags, body: durationBody, response: { 201: envelope(loose) } },
    },
    async (req, reply) => {
      const row = await withTransaction(deps.database, async (tx) => {
        const [r] = await tx.db
          .insert(expressDurations)
          .values(req.body)
          .onConflictDoUpdate({
            target: [expressDurations.campaignTypeId, expressDurations.duration],
            set: { status: req.body.status },
          })
          .returning();
        await audit(
          deps.database,
          adminActor(req),
          {
            action: 'express.duration_save',
            targetType: 'express_duration',
            targetId: r!.id,
            meta: req.body,
          },
          tx,
        );
        return r!;
      });
      return reply.status(201).send({ data: row, message: t(req.lang, 'common.created') });
    },
  );
  app.put(
    '/api/admin/express/durations/:id',
    {
      config: { access: adminAccess(TIERS) },
      schema: { tags, params: idParams, body: durationBody, response: { 200: envelope(loose) } },
    },
    async (req) => {
      const row = await withTransaction(deps.database, async (tx) => {
        const [r] = await tx.db
          .update(expressDurations)
          .set(req.body)
          .where(eq(expressDurations.id, req.params.id))
          .returning();
        if (!r) throw new NotFoundError();
        await audit(
          deps.database,
          adminActor(req),
          { action: 'express.duration_save', targetType: 'express_duration', targetId: r.id, meta: req.body },
          tx,
        );
        return r;
      });
      return { data: row, message: t(req.lang, 'common.saved') };
    },
  );

  const reasonBody = z.object({
    reason: z.string().trim().min(1, 'validation.required').max(200, 'validation.too_long'),
    status: z.union([z.literal(1), z.literal(0)]).default(1),
  });
  app.get(
    '/api/admin/express/reasons',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: { tags, response: { 200: envelope(z.array(loose)) } },
    },
    async () => ({
      data: await deps.database.db.select().from(expressReasons).orderBy(asc(expressReasons.id)),
    }),
  );
  app.post(
    '/api/admin/express/reasons',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: { tags, body: reasonBody, response: { 201: envelope(loose) } },
    },
    async (req, reply) => {
      const row = await withTransaction(deps.database, async (tx) => {
        const [r] = await tx.db.insert(expressReasons).values(req.body).returning();
        await audit(
          deps.database,
          adminActor(req),
          { action: 'express.reason_create', targetType: 'express_reason', targetId: r!.id, meta: req.body },
          tx,
        );
        return r!;
      });
      return reply.status(201).send({ data: row, message: t(req.lang, 'common.created') });
    },
  );
  app.put(
    '/api/admin/express/reasons/:id',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: { tags, params: idParams, body: reasonBody, response: { 200: envelope(loose) } },
    },
    async (req) => {
      const row = await withTransaction(deps.database, async (tx) => {
        const [r] = await tx.db
          .update(expressReasons)
          .set(req.body)
          .where(eq(expressReasons.id, req.params.id))
          .returning();
        if (!r) throw new NotFoundError();
        await audit(
          deps.database,
          adminActor(req),
          { action: 'express.reason_update', targetType: 'express_reason', targetId: r.id, meta: req.body },
          tx,
        );
        return r;
      });
      return { data: row, message: t(req.lang, 'common.saved') };
    },
  );
  app.delete(
    '/api/admin/express/reasons/:id',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await withTransaction(deps.database, async (tx) => {
        // Reasons stay referenced by past declines: deleting retires them.
        const [r] = await tx.db
          .update(expressReasons)
          .set({ status: 0 })
          .where(eq(expressReasons.id, req.params.id))
          .returning({ id: expressReasons.id });
        if (!r) throw new NotFoundError();
        await audit(
          deps.database,
          adminActor(req),
          { action: 'express.reason_retire', targetType: 'express_reason', targetId: r.id },
          tx,
        );
      });
      return { message: t(req.lang, 'common.deleted') };
    },
  );

  // Playlists.
  app.get(
    '/api/admin/express/playlists',
    {
      config: { access: adminAccess(PLAYLISTS) },
      schema: { tags, querystring: listQuery, response: listAnswer },
    },
    async (req) => q.listPlaylists(deps.database, req.query),
  );
  app.get(
    '/api/admin/express/playlists/:id',
    {
      config: { access: adminAccess(PLAYLISTS) },
      schema: { tags, params: idParams, response: { 200: envelope(loose) } },
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
        response: { 200: envelope(loose) },
      },
    },
    async (req) => {
      const row = await express.setPlaylistStatus(
        deps,
        currentAdmin(req).id,
        req.params.id,
        req.body.status === 'approve' ? 1 : 3,
        req.body.reason,
      );
      return { data: { id: row.id, status_id: row.statusId }, message: t(req.lang, 'common.saved') };
    },
  );

  // Campaigns.
  app.get(
    '/api/admin/express/campaigns',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: { tags, querystring: listQuery, response: listAnswer },
    },
    async (req) => q.listCampaigns(deps.database, req.query),
  );
  app.get(
    '/api/admin/express/campaigns/:id',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: { tags, params: idParams, response: { 200: envelope(loose) } },
    },
    async (req) => {
      const item = await q.campaignDetail(deps.database, req.params.id, { lang: req.lang });
      if (!item) throw new NotFoundError();
      return { data: { ...item, performance: q.performanceOf(item, deps.clock.now()) } };
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
        response: { 200: envelope(loose) },
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
      return { data: { id: c.id, status_id: c.statusId }, message: t(req.lang, 'common.saved') };
    },
  );
};
