import { LIMITS, pitchSchema } from '@lm/contracts';
import { campaignChecksSchema, tiktokPerformanceBody } from '@lm/contracts/campaign-checks';
import {
  campaignCheckoutSchema,
  campaignSettlementSchema,
  expressCampaignDetailSchema,
  expressCampaignSchema,
  expressCampaignStatusSchema,
  expressDeclineFields,
  expressDurationSchema,
  expressGenreSchema,
  expressMinTierSchema,
  expressPerformanceSchema,
  expressPlaylistSchema,
  expressReasonSchema,
  expressRenewCheckSchema,
  expressTierSchema,
  madeWithAiField,
  madeWithAiQuery,
  playlistPreviewSchema,
  spotifyArtistSchema,
  spotifyConnectionSchema,
  spotifyTrackSchema,
  trackLanguageField,
} from '@lm/contracts/express';
import { topUpQuoteSchema } from '@lm/contracts/money';
import { offerFilterQuery, offerProfileEdit, offerRangeErrors } from '@lm/contracts/offers';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser, forArtist, userAccess, withScope } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError, ValidationError } from '../../platform/errors';
import { envelope, idParams, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listSchema } from '../../platform/list-routes';
import { parseTrackLink, trackLinkResultCode } from '../../providers/spotify/links';
import { spotifyAccounts as connections } from '../connections';
import { paymentsService as payments } from '../wallet';
import * as catalog from './express.catalog';
import * as checkout from './express.checkout';
import * as checks from './express.checks';
import * as creation from './express.creation';
import * as machine from './express.machine';
import * as playlists from './express.playlists';
import * as q from './express.queries';
import * as renewal from './express.renewal';
import * as express from './express.service';
import { spotifyAdapter } from './platforms/index';
import { tiktokAdapter } from './platforms/tiktok.adapter';

const ARTIST = 'ARTIST_PERMISSION';
const CURATOR = 'CURATOR_PERMISSION';
const tags = ['express spotify'];
const spotifyUrlBody = z.object({ spotify_url: z.string().trim().min(1, 'validation.required').max(500) });
const campaignIdBody = z.object({ campaign_id: z.coerce.number().int().positive() });
const settlementSchema = campaignSettlementSchema;

/** A playlist listing (`express/curator/playlist/create`, and staff's for a curator). */
export const playlistBody = z.object({
  spotify_url: z.string().trim().min(1, 'validation.required').max(500),
  tier_id: z.coerce.number().int().positive('validation.required'),
  duration_id: z.coerce.number().int().positive('validation.required'),
  genre_ids: z.array(z.coerce.number().int().positive()).max(10).default([]),
  renewable: z.boolean().default(true),
});

/** A Spotify express order paid with coins (`express/artist/campaign/create`, and staff's for an artist). */
export const campaignOrderBody = z.object({
  track_link: z.string().trim().min(1, 'validation.required').max(500),
  playlist_ids: z.array(z.coerce.number().int().positive()).min(1, 'validation.required'),
  pitch: pitchSchema,
  made_with_ai: madeWithAiField,
  language_id: trackLanguageField,
});

/** The playlists a buyer picks from at checkout (artist or curator): by genre, tier and score. */
const checkoutPlaylists = listSchema(expressPlaylistSchema, {
  ...madeWithAiQuery.shape,
  tier_id: z.coerce.number().int().positive().optional(),
  // genre, mood, language, price, followers, score, answer time, acceptance; sorts.
  ...offerFilterQuery.shape,
});

/** The artists' (and buying curators') playlist list: approved, the wizard's filters (422 on a bad range). */
function buyableScope(
  query: z.infer<typeof checkoutPlaylists.querystring>,
  notCuratorId?: number,
): q.PlaylistScope {
  const ranges = offerRangeErrors(query);
  if (Object.keys(ranges).length) throw new ValidationError(ranges);
  return {
    onlyApproved: true,
    notCuratorId,
    tierId: query.tier_id,
    madeWithAi: query.made_with_ai,
    offer: query,
  };
}

/**
 * Spotify express calls of spec section 7 for curators and artists: playlists, connections, campaign
 * creation and its lifecycle actions, renewals, reviews, the dashboard stats.
 */
export const expressRoutes: RouteModule = (app, deps) => {
  const now = () => deps.clock.now();
  /**
   * A coin purchase (the artist's order or a buying curator's): the campaigns' details, answered from
   * what the purchase wrote, read back only when it could not tell.
   */
  const purchase = async (
    req: FastifyRequest,
    order: Omit<Parameters<typeof creation.createCampaigns>[2], 'preloaded'>,
  ) => {
    const user = currentUser(req);
    const created = await creation.createCampaigns(deps, user.id, {
      ...order,
      preloaded: user.purchase,
      organisationId: creation.payingOrganisation(user),
    });
    return (
      q.campaignDetailsOf(created, req.lang) ??
      (await q.campaignDetails(
        deps.database,
        created.map((c) => c.id),
        { lang: req.lang },
      ))
    );
  };

  // Reference lists used by both roles' forms.
  app.get(
    '/api/express/curator/all-tiers',
    {
      config: { access: forArtist(withScope(userAccess(), 'campaigns:read'), 'read') },
      schema: { tags, response: { 200: envelope(z.array(expressTierSchema)) } },
    },
    async (req) => ({ data: await catalog.activeTiers(deps.database, 1, req.lang) }),
  );
  app.get(
    '/api/express/curator/all-durations',
    {
      config: { access: forArtist(withScope(userAccess(), 'campaigns:read'), 'read') },
      schema: { tags, response: { 200: envelope(z.array(expressDurationSchema)) } },
    },
    async () => ({ data: await catalog.activeDurations(deps.database) }),
  );
  app.get(
    '/api/express/curator/campaign/reasons',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, response: { 200: envelope(z.array(expressReasonSchema)) } },
    },
    async (req) => ({ data: await catalog.activeReasons(deps.database, 1, req.lang) }),
  );
  app.get(
    '/api/express/curator/playlist/genres',
    {
      config: { access: forArtist(userAccess(), 'read') },
      schema: {
        tags,
        querystring: z.object({
          q: z.string().trim().max(100).optional(),
          // 100 by default (older clients); pickers ask for the whole list.
          limit: z.coerce.number().int().min(1).max(LIMITS.genreLookupMax).default(100),
        }),
        response: { 200: envelope(z.array(expressGenreSchema)) },
      },
    },
    async (req) => ({ data: await catalog.searchGenres(deps.database, req.query.q, req.query.limit) }),
  );

  // Curator: Spotify connection (OAuth).
  app.get(
    '/api/spotify/login',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, response: { 200: envelope(z.object({ url: z.string() })) } },
    },
    async (req) => ({ data: { url: connections.authorizationUrl(deps, currentUser(req).id) } }),
  );
  app.get(
    '/api/spotify/callback',
    {
      config: { access: userAccess(CURATOR) },
      schema: {
        tags,
        querystring: z.object({ code: z.string().min(1).max(4000), state: z.string().min(1).max(2000) }),
        response: { 200: envelope(spotifyConnectionSchema) },
      },
    },
    async (req) => ({
      data: await connections.connect(deps, currentUser(req).id, req.query.code, req.query.state),
      message: t(req.lang, 'common.saved'),
    }),
  );
  app.get(
    '/api/spotify/connections',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, response: { 200: envelope(z.array(spotifyConnectionSchema)) } },
    },
    async (req) => ({ data: await connections.listConnections(deps.database, currentUser(req).id) }),
  );
  app.delete(
    '/api/spotify/connections/:id',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await connections.revokeConnection(deps.database, currentUser(req).id, req.params.id);
      return { message: t(req.lang, 'common.saved') };
    },
  );

  // Curator: playlists.
  app.post(
    '/api/express/user/playlist/info',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, body: spotifyUrlBody, response: { 200: envelope(playlistPreviewSchema) } },
    },
    async (req) => ({ data: await playlists.playlistPreview(deps, req.body.spotify_url) }),
  );
  app.post(
    '/api/express/user/playlist/exists',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, body: spotifyUrlBody, response: { 200: envelope(z.object({ exists: z.boolean() })) } },
    },
    async (req) => ({ data: { exists: await playlists.playlistListed(deps, req.body.spotify_url) } }),
  );
  app.post(
    '/api/express/verify/check/account/playlist',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, body: spotifyUrlBody, response: { 200: envelope(z.object({ owned: z.boolean() })) } },
    },
    async (req) => ({
      data: { owned: await connections.ownsPlaylist(deps, currentUser(req).id, req.body.spotify_url) },
    }),
  );

  app.post(
    '/api/express/curator/playlist/create',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, body: playlistBody, response: { 201: envelope(expressCampaignStatusSchema) } },
    },
    async (req, reply) => {
      const row = await playlists.createPlaylist(deps, currentUser(req).id, req.body);
      return reply
        .status(201)
        .send({ data: { id: row.id, status_id: row.statusId }, message: t(req.lang, 'common.created') });
    },
  );
  app.get(
    '/api/express/curator/playlists',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, ...listSchema(expressPlaylistSchema) },
    },
    async (req) => q.listPlaylists(deps.database, req.query, { curatorId: currentUser(req).id }),
  );
  app.get(
    '/api/express/curator/shows/playlist/:id',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, params: idParams, response: { 200: envelope(expressPlaylistSchema) } },
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
    /** The playlist takes no AI-made music (not offered to tracks declared made with AI). */
    refuses_ai: z.boolean().optional(),
    // The profile artists read: description, moods, languages, unreleased tracks.
    ...offerProfileEdit.shape,
  });
  app.put(
    '/api/express/curator/playlist/edit/:id',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, params: idParams, body: editBody, response: { 200: messageOnly } },
    },
    async (req) => {
      await playlists.editPlaylist(deps, currentUser(req).id, req.params.id, req.body);
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
      await playlists.setRenewable(deps, currentUser(req).id, req.body.playlist_id, req.body.renewable);
      return { message: t(req.lang, 'common.saved') };
    },
  );

  // Curator: incoming campaigns and actions.
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
      // A curator also opens the placements they bought for a track of their own (/express/checkout).
      showScope: (id: number) => ({ participantId: id }),
      withPerformance: false,
    },
    {
      permission: ARTIST,
      list: '/api/express/artist/campaigns',
      show: '/api/express/artist/show/campaign/:id',
      scope: (id: number) => ({ artistId: id }),
      showScope: (id: number) => ({ artistId: id }),
      withPerformance: true,
    },
  ] as const;
  for (const side of campaignSides) {
    app.get(
      side.list,
      {
        config: { access: forArtist(withScope(userAccess(side.permission), 'campaigns:read'), 'read') },
        schema: { tags, ...listSchema(expressCampaignSchema) },
      },
      async (req) => q.listCampaigns(deps.database, req.query, side.scope(currentUser(req).id)),
    );
    app.get(
      side.show,
      {
        config: { access: forArtist(withScope(userAccess(side.permission), 'campaigns:read'), 'read') },
        schema: { tags, params: idParams, response: { 200: envelope(expressCampaignDetailSchema) } },
      },
      async (req) => {
        const me = currentUser(req).id;
        const item = await q.campaignDetail(deps.database, req.params.id, {
          ...side.showScope(me),
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
      config: { access: withScope(userAccess(), 'campaigns:read') },
      schema: { tags, params: idParams, response: { 200: envelope(expressPerformanceSchema) } },
    },
    async (req) => {
      const user = currentUser(req);
      // A curator reads the performance of an incoming campaign, or of one bought at /express/checkout.
      const item = await q.campaignDetail(
        deps.database,
        req.params.id,
        user.permissions.has(CURATOR) ? { participantId: user.id } : { artistId: user.id },
      );
      if (!item) throw new NotFoundError();
      return { data: q.performanceOf(item, now()) };
    },
  );
  // A campaign's daily history (issue "Results"), for its artist or seller, any platform.
  app.get(
    '/api/express/campaigns/:id/checks',
    {
      config: { access: forArtist(withScope(userAccess(), 'results:read'), 'read') },
      schema: { tags, params: idParams, response: { 200: envelope(campaignChecksSchema) } },
    },
    async (req) => {
      const data = await checks.campaignChecks(deps.database, req.params.id, {
        participantId: currentUser(req).id,
      });
      if (!data) throw new NotFoundError();
      return { data };
    },
  );
  // Spec section 7 `campaign/tiktok/performance`: the daily history of a TikTok express campaign.
  app.post(
    '/api/campaign/tiktok/performance',
    {
      config: { access: forArtist(withScope(userAccess(), 'results:read'), 'read') },
      schema: {
        tags: ['express tiktok'],
        body: tiktokPerformanceBody,
        response: { 200: envelope(campaignChecksSchema) },
      },
    },
    async (req) => {
      const data = await checks.campaignChecks(deps.database, req.body.campaign_id, {
        participantId: currentUser(req).id,
      });
      if (!data) throw new NotFoundError();
      // The spec's call is TikTok's (`campaign/tiktok/performance`): the adapter's key names it.
      if (data.platform !== tiktokAdapter.key)
        throw new ValidationError({ campaign_id: ['express.not_tiktok_campaign'] });
      return { data };
    },
  );
  app.post(
    '/api/express/curator/approve/campaign',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, body: campaignIdBody, response: { 200: envelope(expressCampaignStatusSchema) } },
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
        body: campaignIdBody.extend(expressDeclineFields),
        response: { 200: envelope(expressCampaignStatusSchema) },
      },
    },
    async (req) => {
      const c = await machine.decline(
        deps,
        currentUser(req).id,
        req.body.campaign_id,
        machine.declineInput(req.body),
      );
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
        response: { 200: envelope(z.object({ found: z.boolean(), status_id: z.number().int() })) },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      const campaignId = await express.campaignForPlacement(deps, userId, {
        track: req.body.track_id,
        playlistId: req.body.playlist_id,
        campaignId: req.body.campaign_id,
      });
      const r = await machine.submit(deps, userId, campaignId);
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
      config: { access: forArtist(userAccess(), 'read') },
      schema: {
        tags,
        querystring: z.object({ link: z.string().trim().max(500) }),
        response: { 200: envelope(z.object({ result_code: z.number().int(), track: spotifyTrackSchema })) },
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
      config: { access: forArtist(userAccess(), 'read') },
      schema: {
        tags,
        querystring: z.object({
          q: z.string().trim().max(100),
          limit: z.coerce.number().int().min(1).max(50).default(10),
        }),
        response: { 200: envelope(z.array(spotifyArtistSchema)) },
      },
    },
    async (req) => {
      if (req.query.q.length < 3) throw new ValidationError({ q: ['validation.search_min'] });
      return { data: await deps.providers.spotify.searchArtists(req.query.q, req.query.limit) };
    },
  );
  app.get(
    '/api/express/artist/playlists',
    {
      config: { access: forArtist(withScope(userAccess(ARTIST), 'campaigns:read'), 'read') },
      schema: { tags, ...checkoutPlaylists },
    },
    async (req) => q.listPlaylists(deps.database, req.query, buyableScope(req.query)),
  );
  app.get(
    '/api/express/artist/min/tier',
    {
      config: { access: forArtist(userAccess(ARTIST), 'read') },
      schema: { tags, response: { 200: envelope(expressMinTierSchema.nullable()) } },
    },
    async (req) => ({ data: await catalog.minTier(deps.database, 1, req.lang) }),
  );
  app.post(
    '/api/express/artist/campaign/create',
    {
      // The settings come with the token: see express.createCampaigns.
      config: {
        access: forArtist(withScope(userAccess(ARTIST, false, 'purchase'), 'campaigns:write'), 'manage'),
      },
      schema: {
        tags,
        body: campaignOrderBody.extend({ payment_method: z.enum(['coins']).default('coins') }),
        response: { 201: envelope(z.array(expressCampaignDetailSchema)) },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ data: await purchase(req, req.body), message: t(req.lang, 'express.created') }),
  );
  // A curator promoting a track of their own (spec /express/checkout for CURATOR_PERMISSION): the
  // artists' order on the same engine and money rules (coins held per placement, fee at completion,
  // refunds), paid with the coins of the curator's wallet; never on their own playlists.
  app.get(
    '/api/express/curator/checkout/playlists',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, ...checkoutPlaylists },
    },
    async (req) => q.listPlaylists(deps.database, req.query, buyableScope(req.query, currentUser(req).id)),
  );
  app.post(
    '/api/express/curator/checkout',
    {
      config: { access: userAccess(CURATOR, false, 'purchase') },
      schema: {
        tags,
        body: campaignOrderBody,
        response: { 201: envelope(z.array(expressCampaignDetailSchema)) },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send({ data: await purchase(req, req.body), message: t(req.lang, 'express.created') }),
  );
  app.get(
    '/api/express/curator/checkout/campaigns',
    {
      config: { access: userAccess(CURATOR) },
      schema: { tags, ...listSchema(expressCampaignSchema) },
    },
    async (req) => q.listCampaigns(deps.database, req.query, { artistId: currentUser(req).id }),
  );
  app.post(
    '/api/express/artist/campaign/checkout/quote',
    {
      config: { access: forArtist(userAccess(ARTIST), 'manage') },
      schema: {
        tags,
        body: z.object({
          playlist_ids: z.array(z.coerce.number().int().positive()).min(1, 'validation.required'),
        }),
        response: { 200: envelope(topUpQuoteSchema) },
      },
    },
    async (req) => ({
      data: await checkout.quoteCampaignCheckout(deps, currentUser(req).id, req.body.playlist_ids, req.lang),
    }),
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
          made_with_ai: madeWithAiField,
          language_id: trackLanguageField,
          /** 'cheapest': buy the quote of `checkout/quote`; absent: the request's coins. */
          top_up: z.literal('cheapest').optional(),
          /** The quote's amount the page showed; a different recomputed amount is refused (409). */
          expected_amount_minor: z.number().int().nonnegative().optional(),
        }),
        response: {
          200: envelope(campaignCheckoutSchema),
        },
      },
    },
    async (req) => ({ data: await checkout.startCampaignCheckout(deps, currentUser(req).id, req.body) }),
  );
  app.post(
    '/api/stripe/campaign/checkout/check/pay',
    {
      config: { access: userAccess(ARTIST) },
      schema: {
        tags,
        body: z.object({ session_id: z.string().min(1).max(200) }),
        response: {
          200: envelope(
            z.object({
              payment: settlementSchema,
              campaigns: z.array(expressCampaignDetailSchema),
              /** True when the card's coins were kept in the wallet instead (the message says why). */
              not_created: z.boolean(),
            }),
          ),
        },
      },
    },
    async (req) => {
      const user = currentUser(req);
      const p = await payments.cardPaymentOf(deps, user.id, req.body.session_id);
      const settlement = await payments.confirmCard(deps, user.id, req.body.session_id);
      const outcome =
        settlement.status === 'paid'
          ? await checkout.campaignsFromPayment(deps, user.id, p.id)
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
      config: { access: forArtist(userAccess(ARTIST), 'manage') },
      schema: { tags, body: campaignIdBody, response: { 200: envelope(expressRenewCheckSchema) } },
    },
    async (req) => {
      const r = await renewal.renewCheck(deps, spotifyAdapter, currentUser(req).id, req.body.campaign_id);
      // A Spotify target is a playlist row, which always has its name.
      const playlist = { id: r.target.id, name: r.target.name ?? '' };
      return { data: { renewable: r.renewable, price: r.price, playlist, track: r.track } };
    },
  );
  app.post(
    '/api/express/artist/campaign/renew',
    {
      config: { access: forArtist(userAccess(ARTIST), 'manage') },
      schema: {
        tags,
        body: campaignIdBody,
        response: { 201: envelope(z.array(expressCampaignDetailSchema)) },
      },
    },
    async (req, reply) => {
      const created = await renewal.renew(deps, spotifyAdapter, currentUser(req).id, req.body.campaign_id);
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
      config: { access: forArtist(userAccess(ARTIST), 'manage') },
      schema: {
        tags,
        body: campaignIdBody.extend({
          rating: z.coerce.number().int().min(1, 'validation.min_value').max(5, 'validation.max_value'),
          comment: z.string().trim().max(1000).optional(),
        }),
        response: { 201: envelope(z.object({ id: z.number().int(), rating: z.number().int() })) },
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
};
