import { pitchSchema, EXPRESS_CAMPAIGN_STATUS as S } from '@lm/contracts';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { withTransaction } from '../../db/client';
import { currentUser, userAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { envelope, idParams, listQuery, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { signValue, verifyValue } from '../../platform/signed';
import { parsePlaylistLink, parseTrackLink, trackLinkResultCode } from '../../providers/spotify/links';
import { users } from '../accounts/accounts.schema';
import { genres } from '../lookups/lookups.schema';
import { notifyStaffPendingPlaylist } from '../todos/todos.service';
import * as payments from '../wallet/payments.service';
import * as machine from './express.machine';
import * as q from './express.queries';
import {
  expressCampaigns,
  expressDurations,
  expressPlaylistGenres,
  expressPlaylists,
  expressReasons,
  expressTiers,
  spotifyConnections,
} from './express.schema';
import * as express from './express.service';

const ARTIST = 'ARTIST_PERMISSION';
const CURATOR = 'CURATOR_PERMISSION';
const tags = ['express spotify'];
const spotifyUrlBody = z.object({ spotify_url: z.string().trim().min(1, 'validation.required').max(500) });
const campaignIdBody = z.object({ campaign_id: z.coerce.number().int().positive() });
const loose = z.record(z.string(), z.unknown());

/**
 * Spotify express calls of spec section 7 for curators and artists: playlists, connections, campaign
 * creation and its lifecycle actions, renewals, reviews, the dashboard stats.
 */
export const expressRoutes: RouteModule = (app, deps) => {
  const now = () => deps.clock.now();

  // Reference lists used by both roles' forms.
  app.get(
    '/api/express/curator/all-tiers',
    { config: { access: userAccess() }, schema: { tags, response: { 200: envelope(z.array(loose)) } } },
    async () => ({
      data: (
        await deps.database.db
          .select()
          .from(expressTiers)
          .where(eq(expressTiers.status, 1))
          .orderBy(asc(expressTiers.price))
      ).map((r) => ({
        id: r.id,
        tier_name: r.tierName,
        name: r.tierName,
        price: r.price,
        description: r.description,
        status: r.status,
      })),
    }),
  );
  app.get(
    '/api/express/curator/all-durations',
    { config: { access: userAccess() }, schema: { tags, response: { 200: envelope(z.array(loose)) } } },
    async () => ({
      data: await deps.database.db
        .select({ id: expressDurations.id, duration: expressDurations.duration })
        .from(expressDurations)
        .where(eq(expressDurations.status, 1))
        .orderBy(asc(expressDurations.duration)),
    }),
  );
  app.get(
    '/api/express/curator/campaign/reasons',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, response: { 200: envelope(z.array(loose)) } },
    },
    async () => ({
      data: await deps.database.db
        .select({ id: expressReasons.id, reason: expressReasons.reason })
        .from(expressReasons)
        .where(eq(expressReasons.status, 1))
        .orderBy(asc(expressReasons.id)),
    }),
  );
  app.get(
    '/api/express/curator/playlist/genres',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(100).default(100),
        }),
        response: { 200: envelope(z.array(loose)) },
      },
    },
    async (req) => {
      if (req.query.q && req.query.q.length < 3) throw new ValidationError({ q: ['validation.search_min'] });
      const rows = await deps.database.db
        .select({ id: genres.id, name: genres.name })
        .from(genres)
        .where(
          and(
            eq(genres.isActive, true),
            req.query.q ? sql`${genres.name} ilike ${`%${req.query.q}%`}` : undefined,
          ),
        )
        .orderBy(asc(genres.name))
        .limit(req.query.limit);
      return { data: rows };
    },
  );

  // Curator: Spotify connection (OAuth).
  app.get(
    '/api/spotify/login',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, response: { 200: envelope(z.object({ url: z.string() })) } },
    },
    async (req) => {
      const state = signValue(
        deps.config.APP_KEY,
        { kind: 'spotify-connect', userId: currentUser(req).id },
        600,
        now().getTime(),
      );
      return {
        data: {
          url: deps.providers.spotify.authorizationUrl(state, `${deps.config.appUrl}/express/callback`),
        },
      };
    },
  );
  app.get(
    '/api/spotify/callback',
    {
      config: { access: userAccess(CURATOR) },
      schema: {
        tags,
        querystring: z.object({ code: z.string().min(1).max(4000), state: z.string().min(1).max(2000) }),
        response: { 200: envelope(loose) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const state = verifyValue<{ kind: string; userId: number }>(
        deps.config.APP_KEY,
        req.query.state,
        now().getTime(),
      );
      if (state?.kind !== 'spotify-connect' || state.userId !== user.id)
        throw new ValidationError({ state: ['auth.oauth_failed'] });
      let account: Awaited<ReturnType<typeof deps.providers.spotify.exchangeCode>>;
      try {
        account = await deps.providers.spotify.exchangeCode(
          req.query.code,
          `${deps.config.appUrl}/express/callback`,
        );
      } catch {
        throw new ValidationError({ code: ['auth.oauth_failed'] });
      }
      const [row] = await deps.database.db
        .insert(spotifyConnections)
        .values({
          userId: user.id,
          spotifyUserId: account.spotifyUserId,
          name: account.displayName,
          userEmail: account.email,
          refreshToken: account.refreshToken,
          isActive: 1,
        })
        .onConflictDoUpdate({
          target: [spotifyConnections.userId, spotifyConnections.spotifyUserId],
          set: {
            name: account.displayName,
            userEmail: account.email,
            refreshToken: account.refreshToken,
            isActive: 1,
          },
        })
        .returning();
      return { data: connectionItem(row!), message: t(req.lang, 'common.saved') };
    },
  );
  const connectionItem = (r: typeof spotifyConnections.$inferSelect) => ({
    id: r.id,
    name: r.name,
    user_name: r.spotifyUserId,
    user_email: r.userEmail,
    is_active: r.isActive,
    status: { status: r.isActive === 1 ? 'Active' : 'Inactive' },
    created_at: r.createdAt.toISOString(),
  });
  app.get(
    '/api/spotify/connections',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, response: { 200: envelope(z.array(loose)) } },
    },
    async (req) => ({
      data: (
        await deps.database.db
          .select()
          .from(spotifyConnections)
          .where(eq(spotifyConnections.userId, currentUser(req).id))
          .orderBy(desc(spotifyConnections.id))
      ).map(connectionItem),
    }),
  );
  app.delete(
    '/api/spotify/connections/:id',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      const [row] = await deps.database.db
        .update(spotifyConnections)
        .set({ isActive: 2, refreshToken: null })
        .where(
          and(eq(spotifyConnections.id, req.params.id), eq(spotifyConnections.userId, currentUser(req).id)),
        )
        .returning({ id: spotifyConnections.id });
      if (!row) throw new NotFoundError();
      return { message: t(req.lang, 'common.saved') };
    },
  );

  // Curator: playlists.
  app.post(
    '/api/express/user/playlist/info',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, body: spotifyUrlBody, response: { 200: envelope(loose) } },
    },
    async (req) => {
      const id = parsePlaylistLink(req.body.spotify_url);
      if (!id) throw new ValidationError({ spotify_url: ['express.invalid_playlist_link'] });
      const info = await deps.providers.spotify.getPlaylist(id);
      if (!info) throw new ValidationError({ spotify_url: ['express.playlist_not_found'] });
      return {
        data: {
          id: info.id,
          name: info.name,
          image: info.imageUrl,
          followers: info.followers,
          owner: info.ownerName,
          url: info.externalUrl,
        },
      };
    },
  );
  app.post(
    '/api/express/user/playlist/exists',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, body: spotifyUrlBody, response: { 200: envelope(z.object({ exists: z.boolean() })) } },
    },
    async (req) => {
      const id = parsePlaylistLink(req.body.spotify_url);
      if (!id) throw new ValidationError({ spotify_url: ['express.invalid_playlist_link'] });
      const [row] = await deps.database.db
        .select({ id: expressPlaylists.id })
        .from(expressPlaylists)
        .where(eq(expressPlaylists.spotifyPlaylistId, id));
      return { data: { exists: Boolean(row) } };
    },
  );
  app.post(
    '/api/express/verify/check/account/playlist',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, body: spotifyUrlBody, response: { 200: envelope(z.object({ owned: z.boolean() })) } },
    },
    async (req) => {
      const id = parsePlaylistLink(req.body.spotify_url);
      if (!id) throw new ValidationError({ spotify_url: ['express.invalid_playlist_link'] });
      const connections = await deps.database.db
        .select()
        .from(spotifyConnections)
        .where(and(eq(spotifyConnections.userId, currentUser(req).id), eq(spotifyConnections.isActive, 1)));
      if (connections.length === 0) throw new ValidationError({ spotify_url: ['express.no_connection'] });
      for (const c of connections)
        if (await deps.providers.spotify.ownsPlaylist(id, c.spotifyUserId)) return { data: { owned: true } };
      return { data: { owned: false } };
    },
  );

  const playlistBody = z.object({
    spotify_url: z.string().trim().min(1, 'validation.required').max(500),
    tier_id: z.coerce.number().int().positive('validation.required'),
    duration_id: z.coerce.number().int().positive('validation.required'),
    genre_ids: z.array(z.coerce.number().int().positive()).max(10).default([]),
    renewable: z.boolean().default(true),
  });
  app.post(
    '/api/express/curator/playlist/create',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, body: playlistBody, response: { 201: envelope(loose) } },
    },
    async (req, reply) => {
      const row = await express.createPlaylist(deps, currentUser(req).id, req.body);
      return reply
        .status(201)
        .send({ data: { id: row.id, status_id: row.statusId }, message: t(req.lang, 'common.created') });
    },
  );
  app.get(
    '/api/express/curator/playlists',
    {
      config: { access: userAccess(CURATOR) },
      schema: {
        tags,
        querystring: listQuery,
        response: { 200: z.object({ data: z.array(loose), pagination: loose }) },
      },
    },
    async (req) => q.listPlaylists(deps.database, req.query, { curatorId: currentUser(req).id }),
  );
  app.get(
    '/api/express/curator/shows/playlist/:id',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, params: idParams, response: { 200: envelope(loose) } },
    },
    async (req) => {
      const item = await q.playlistDetail(deps.database, req.params.id, { curatorId: currentUser(req).id });
      if (!item) throw new NotFoundError();
      return { data: item };
    },
  );
  const editBody = z.object({
    tier_id: z.coerce.number().int().positive().optional(),
    duration_id: z.coerce.number().int().positive().optional(),
    genre_ids: z.array(z.coerce.number().int().positive()).max(10).optional(),
    renewable: z.boolean().optional(),
    disabled: z.boolean().optional(),
  });
  app.put(
    '/api/express/curator/playlist/edit/:id',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, params: idParams, body: editBody, response: { 200: messageOnly } },
    },
    async (req) => {
      const userId = currentUser(req).id;
      await withTransaction(deps.database, async (tx) => {
        const [p] = await tx.db
          .select()
          .from(expressPlaylists)
          .where(and(eq(expressPlaylists.id, req.params.id), eq(expressPlaylists.curatorId, userId)))
          .for('update');
        if (!p) throw new NotFoundError();
        const patch: Partial<typeof expressPlaylists.$inferInsert> = { updatedAt: now() };
        if (req.body.tier_id !== undefined) {
          const [tier] = await tx.db
            .select()
            .from(expressTiers)
            .where(and(eq(expressTiers.id, req.body.tier_id), eq(expressTiers.status, 1)));
          if (!tier) throw new ValidationError({ tier_id: ['validation.invalid'] });
          // A new price needs the team's approval again.
          if (tier.id !== p.tierId) patch.statusId = 2;
          patch.tierId = tier.id;
        }
        if (req.body.duration_id !== undefined) {
          const [d] = await tx.db
            .select()
            .from(expressDurations)
            .where(eq(expressDurations.id, req.body.duration_id));
          if (!d) throw new ValidationError({ duration_id: ['validation.invalid'] });
          patch.durationId = d.id;
        }
        if (req.body.renewable !== undefined) patch.renewable = req.body.renewable;
        if (req.body.disabled === true) patch.statusId = 3;
        await tx.db.update(expressPlaylists).set(patch).where(eq(expressPlaylists.id, p.id));
        if (patch.statusId === 2 && p.statusId !== 2) await notifyStaffPendingPlaylist(tx, p);
        if (req.body.genre_ids) {
          await tx.db.delete(expressPlaylistGenres).where(eq(expressPlaylistGenres.playlistId, p.id));
          if (req.body.genre_ids.length > 0)
            await tx.db
              .insert(expressPlaylistGenres)
              .values(req.body.genre_ids.map((genreId) => ({ playlistId: p.id, genreId })))
              .onConflictDoNothing();
        }
      });
      return { message: t(req.lang, 'common.saved') };
    },
  );
  app.put(
    '/api/express/curator/playlist/renewable',
    {
      config: { access: userAccess(CURATOR) },
      schema: {
        tags,
        body: z.object({ playlist_id: z.coerce.number().int().positive(), renewable: z.boolean() }),
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      const [row] = await deps.database.db
        .update(expressPlaylists)
        .set({ renewable: req.body.renewable, updatedAt: now() })
        .where(
          and(
            eq(expressPlaylists.id, req.body.playlist_id),
            eq(expressPlaylists.curatorId, currentUser(req).id),
          ),
        )
        .returning({ id: expressPlaylists.id });
      if (!row) throw new NotFoundError();
      return { message: t(req.lang, 'common.saved') };
    },
  );

  // Curator: incoming campaigns and actions.
  const listAnswer = { 200: z.object({ data: z.array(loose), pagination: loose }) };
  /**
   * A side's campaigns: the curator's incoming ones and the artist's own (spec section 7), each a list
   * and a detail scoped to the signed-in user; the artist's detail carries its performance too.
   */
  const campaignSides = [
    {
      permission: CURATOR,
      list: '/api/express/curator/playlist/campaigns',
      show: '/api/express/curator/shows/campaigns/:id',
      scope: (id: number) => ({ curatorId: id }),
      withPerformance: false,
    },
    {
      permission: ARTIST,
      list: '/api/express/artist/campaigns',
      show: '/api/express/artist/show/campaign/:id',
      scope: (id: number) => ({ artistId: id }),
      withPerformance: true,
    },
  ] as const;
  for (const side of campaignSides) {
    app.get(
      side.list,
      {
        config: { access: userAccess(side.permission) },
        schema: { tags, querystring: listQuery, response: listAnswer },
      },
      async (req) => q.listCampaigns(deps.database, req.query, side.scope(currentUser(req).id)),
    );
    app.get(
      side.show,
      {
        config: { access: userAccess(side.permission) },
        schema: { tags, params: idParams, response: { 200: envelope(loose) } },
      },
      async (req) => {
        const item = await q.campaignDetail(deps.database, req.params.id, {
          ...side.scope(currentUser(req).id),
          lang: req.lang,
        });
        if (!item) throw new NotFoundError();
        return { data: side.withPerformance ? { ...item, performance: q.performanceOf(item, now()) } : item };
      },
    );
  }
  app.get(
    '/api/express/curator/campaigns/performance/:id',
    {
      config: { access: userAccess() },
      schema: { tags, params: idParams, response: { 200: envelope(loose) } },
    },
    async (req) => {
      const user = currentUser(req);
      const scope = user.permissions.has(CURATOR) ? { curatorId: user.id } : { artistId: user.id };
      const item = await q.campaignDetail(deps.database, req.params.id, scope);
      if (!item) throw new NotFoundError();
      return { data: q.performanceOf(item, now()) };
    },
  );
  app.post(
    '/api/express/curator/approve/campaign',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, body: campaignIdBody, response: { 200: envelope(loose) } },
    },
    async (req) => {
      const c = await machine.approve(deps, currentUser(req).id, req.body.campaign_id);
      return { data: { id: c.id, status_id: c.statusId }, message: t(req.lang, 'express.approved') };
    },
  );
  app.post(
    '/api/express/curator/decline/campaign',
    {
      config: { access: userAccess(CURATOR) },
      schema: {
        tags,
        body: campaignIdBody.extend({
          reason_id: z.coerce.number().int().positive('express.reason_required'),
          reason: z.string().trim().max(500).optional(),
        }),
        response: { 200: envelope(loose) },
      },
    },
    async (req) => {
      const [reason] = await deps.database.db
        .select()
        .from(expressReasons)
        .where(and(eq(expressReasons.id, req.body.reason_id), eq(expressReasons.status, 1)));
      if (!reason) throw new ValidationError({ reason_id: ['express.reason_required'] });
      const text = req.body.reason ? `${reason.reason}: ${req.body.reason}` : reason.reason;
      const c = await machine.decline(deps, currentUser(req).id, req.body.campaign_id, {
        id: reason.id,
        text,
      });
      return { data: { id: c.id, status_id: c.statusId }, message: t(req.lang, 'express.declined') };
    },
  );
  app.post(
    '/api/express/track/exists',
    {
      config: { access: userAccess(CURATOR) },
      schema: {
        tags,
        body: z.object({
          track_id: z.string().trim().min(1).max(200),
          playlist_id: z.coerce.number().int().positive(),
          campaign_id: z.coerce.number().int().positive().optional(),
        }),
        response: { 200: envelope(loose) },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      const trackId = parseTrackLink(req.body.track_id) ?? req.body.track_id;
      const [c] = await deps.database.db
        .select({ id: expressCampaigns.id })
        .from(expressCampaigns)
        .where(
          and(
            eq(expressCampaigns.curatorId, userId),
            eq(expressCampaigns.playlistId, req.body.playlist_id),
            eq(expressCampaigns.trackId, trackId),
            req.body.campaign_id
              ? eq(expressCampaigns.id, req.body.campaign_id)
              : inArray(expressCampaigns.statusId, [S.WAITING_SUBMISSION]),
          ),
        )
        .orderBy(desc(expressCampaigns.id))
        .limit(1);
      if (!c) throw new NotFoundError();
      const r = await machine.submitPlacement(deps, userId, c.id);
      return {
        data: { found: r.found, status_id: r.campaign.statusId },
        message: t(req.lang, r.found ? 'express.track_found' : 'express.track_not_found'),
      };
    },
  );

  // Artist.
  app.get(
    '/api/spotify/get-track',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        querystring: z.object({ link: z.string().trim().max(500) }),
        response: { 200: envelope(loose) },
      },
    },
    async (req) => {
      const code = trackLinkResultCode(req.query.link);
      const id = parseTrackLink(req.query.link);
      if (code !== 1 || !id) throw new ValidationError({ link: ['express.invalid_track'] });
      const track = await deps.providers.spotify.getTrack(id);
      if (!track) throw new ValidationError({ link: ['express.invalid_track'] });
      return {
        data: {
          result_code: 1,
          track: {
            id: track.id,
            name: track.name,
            artist: track.artists.join(', '),
            album: track.album,
            cover_url: track.coverUrl,
            url: track.externalUrl,
            duration_ms: track.durationMs,
          },
        },
      };
    },
  );
  app.get(
    '/api/spotify/search-artists',
    {
      config: { access: userAccess() },
      schema: {
        tags,
        querystring: z.object({
          q: z.string().trim().max(100),
          limit: z.coerce.number().int().min(1).max(50).default(10),
        }),
        response: { 200: envelope(z.array(loose)) },
      },
    },
    async (req) => {
      if (req.query.q.length < 3) throw new ValidationError({ q: ['validation.search_min'] });
      return {
        data: (await deps.providers.spotify.searchArtists(req.query.q, req.query.limit)) as unknown as Record<
          string,
          unknown
        >[],
      };
    },
  );
  app.get(
    '/api/express/artist/playlists',
    {
      config: { access: userAccess(ARTIST) },
      schema: {
        tags,
        querystring: listQuery.extend({
          genre_id: z.coerce.number().int().positive().optional(),
          tier_id: z.coerce.number().int().positive().optional(),
        }),
        response: listAnswer,
      },
    },
    async (req) =>
      q.listPlaylists(deps.database, req.query, {
        onlyApproved: true,
        genreId: req.query.genre_id,
        tierId: req.query.tier_id,
      }),
  );
  app.get(
    '/api/express/artist/min/tier',
    {
      config: { access: userAccess(ARTIST) },
      schema: { tags, response: { 200: envelope(loose.nullable()) } },
    },
    async () => {
      const [tier] = await deps.database.db
        .select()
        .from(expressTiers)
        .where(eq(expressTiers.status, 1))
        .orderBy(asc(expressTiers.price))
        .limit(1);
      return { data: tier ? { id: tier.id, tier_name: tier.tierName, price: tier.price } : null };
    },
  );
  app.post(
    '/api/express/artist/campaign/create',
    {
      config: { access: userAccess(ARTIST) },
      schema: {
        tags,
        body: z.object({
          track_link: z.string().trim().min(1, 'validation.required').max(500),
          playlist_ids: z.array(z.coerce.number().int().positive()).min(1, 'validation.required'),
          payment_method: z.enum(['coins']).default('coins'),
          pitch: pitchSchema,
        }),
        response: { 201: envelope(z.array(loose)) },
      },
    },
    async (req, reply) => {
      const created = await express.createCampaigns(deps, currentUser(req).id, req.body);
      const items = await q.campaignDetails(
        deps.database,
        created.map((c) => c.id),
        { lang: req.lang },
      );
      return reply.status(201).send({
        data: items,
        message: t(req.lang, 'express.created'),
      });
    },
  );
  app.post(
    '/api/stripe/campaign/checkout',
    {
      config: { access: userAccess(ARTIST) },
      schema: {
        tags,
        body: z.object({
          track_link: z.string().trim().min(1, 'validation.required').max(500),
          playlist_ids: z.array(z.coerce.number().int().positive()).min(1, 'validation.required'),
          pitch: pitchSchema,
        }),
        response: {
          200: envelope(
            z.object({
              url: z.string(),
              session_id: z.string(),
              coins: z.number(),
              /** What the card is charged: the coins at the coin price (pence). */
              amount_minor: z.number(),
              currency: z.string(),
              sandbox: z.boolean(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const user = currentUser(req);
      if (!parseTrackLink(req.body.track_link))
        throw new ValidationError({ track_link: ['express.invalid_track'] });
      const coins = await express.quoteCampaigns(deps, req.body.playlist_ids);
      const [me] = await deps.database.db
        .select({ email: users.email })
        .from(users)
        .where(eq(users.id, user.id));
      const r = await payments.startCheckout(deps, user.id, { coins }, 'card', me?.email ?? '', {
        meta: {
          track_link: req.body.track_link,
          playlist_ids: [...new Set(req.body.playlist_ids)],
          pitch: req.body.pitch ?? null,
        },
        returnPath: '/create/express/campaign',
      });
      return {
        data: {
          url: r.url,
          session_id: r.ref,
          coins,
          amount_minor: r.amountMinor,
          currency: r.currency,
          sandbox: deps.providers.payments.card.name === 'sandbox',
        },
      };
    },
  );
  app.post(
    '/api/stripe/campaign/checkout/check/pay',
    {
      config: { access: userAccess(ARTIST) },
      schema: {
        tags,
        body: z.object({ session_id: z.string().min(1).max(200) }),
        response: { 200: envelope(loose) },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const p = await payments.cardPaymentOf(deps, user.id, req.body.session_id);
      const settlement = await payments.confirmCard(deps, user.id, req.body.session_id);
      const outcome =
        settlement.status === 'paid'
          ? await express.campaignsFromPayment(deps, user.id, p.id)
          : { campaigns: [], notCreated: null };
      const items = await q.campaignDetails(
        deps.database,
        outcome.campaigns.map((c) => c.id),
        { lang: req.lang },
      );
      const message =
        outcome.campaigns.length > 0
          ? t(req.lang, 'express.created')
          : outcome.notCreated
            ? t(req.lang, 'express.card_coins_kept', {
                coins: settlement.coins,
                reason: t(req.lang, outcome.notCreated.key, outcome.notCreated.params),
              })
            : undefined;
      return {
        data: { payment: settlement, campaigns: items, not_created: outcome.notCreated !== null },
        ...(message ? { message } : {}),
      };
    },
  );
  app.post(
    '/api/express/artist/campaign/renew/check',
    {
      config: { access: userAccess(ARTIST) },
      schema: { tags, body: campaignIdBody, response: { 200: envelope(loose) } },
    },
    async (req) => {
      const r = await express.renewCheck(deps, currentUser(req).id, req.body.campaign_id);
      return {
        data: {
          renewable: r.renewable,
          price: r.price,
          playlist: { id: r.playlist.id, name: r.playlist.name },
          track: { id: r.campaign.trackId, name: r.campaign.trackName },
        },
      };
    },
  );
  app.post(
    '/api/express/artist/campaign/renew',
    {
      config: { access: userAccess(ARTIST) },
      schema: { tags, body: campaignIdBody, response: { 201: envelope(z.array(loose)) } },
    },
    async (req, reply) => {
      const created = await express.renew(deps, currentUser(req).id, req.body.campaign_id);
      const items = await q.campaignDetails(
        deps.database,
        created.map((c) => c.id),
        { lang: req.lang },
      );
      return reply.status(201).send({
        data: items,
        message: t(req.lang, 'express.created'),
      });
    },
  );
  app.post(
    '/api/express/add/review',
    {
      config: { access: userAccess(ARTIST) },
      schema: {
        tags,
        body: campaignIdBody.extend({
          rating: z.coerce.number().int().min(1, 'validation.min_value').max(5, 'validation.max_value'),
          comment: z.string().trim().max(1000).optional(),
        }),
        response: { 201: envelope(loose) },
      },
    },
    async (req, reply) => {
      const r = await express.addReview(
        deps,
        currentUser(req).id,
        req.body.campaign_id,
        req.body.rating,
        req.body.comment ?? null,
      );
      return reply
        .status(201)
        .send({ data: { id: r.id, rating: r.rating }, message: t(req.lang, 'express.reviewed') });
    },
  );
  app.get(
    '/api/web/user/campaigns/dashboard',
    { config: { access: userAccess() }, schema: { tags, response: { 200: envelope(loose) } } },
    async (req: FastifyRequest) => {
      const user = currentUser(req);
      const role = user.userTypeId === 2 ? 'curator' : 'artist';
      const scope = role === 'curator' ? { curatorId: user.id } : { artistId: user.id };
      const last = await q.listCampaigns(
        deps.database,
        { page: 1, limit: 5, filter: undefined, order: undefined, q: undefined },
        scope,
      );
      return {
        data: { stats: await express.dashboardStats(deps, user.id, role), last_campaigns: last.data },
      };
    },
  );
};
