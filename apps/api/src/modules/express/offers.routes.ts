import { GENERAL } from '@lm/contracts';
import {
  matchedAccountSchema,
  matchedPlaylistSchema,
  matchQuery,
  offerProfileEdit,
  offerProfileSchema,
  reviewReplyBody,
} from '@lm/contracts/offers';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  adminAccess,
  bothAccess,
  currentUser,
  forArtist,
  userAccess,
  userActor,
} from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { envelope, idParams, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { artistGenreIds, matchedAccounts, matchedPlaylists } from './express.matching';
import { replyToReview } from './express.offers';
import { accountProfile, playlistProfile } from './express.profiles';
import { accountPlatforms } from './platforms/index';
import * as social from './social.service';

const ARTIST = 'ARTIST_PERMISSION';
const CURATOR = 'CURATOR_PERMISSION';
const INFLUENCER = 'INFLUENCER_PERMISSION';
/** Staff who see the playlists and campaigns read every profile, hidden ones included. */
const STAFF = 'express.playlist.show';
/** Staff who order campaigns for an artist (`/express/checkout`). */
const CAMPAIGNS = 'express.campaigns.show';

/** Who reads: staff (any offer), or a user (their own, or offers on sale). */
function viewerOf(req: FastifyRequest) {
  return req.principal?.kind === 'admin' ? { staff: true } : { userId: currentUser(req).id };
}

/**
 * Choosing with evidence (issue "Choose with evidence", DESIGN section 8 "Choose"): the offers'
 * profiles, the matched suggestions for a track, the sellers' profile edits and public replies to
 * reviews. Thin: `express.profiles.ts`, `express.matching.ts` and `express.offers.ts` hold the rules.
 */
export const offerRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/express/playlists/:id/profile',
    {
      // Artists choosing, curators buying or reading their own, staff: one path, each side's rules.
      config: { access: bothAccess(GENERAL, STAFF) },
      schema: {
        tags: ['express spotify'],
        params: idParams,
        response: { 200: envelope(offerProfileSchema) },
      },
    },
    async (req) => {
      const profile = await playlistProfile(deps.database, req.params.id, viewerOf(req), deps.clock.now());
      if (!profile) throw new NotFoundError();
      return { data: profile };
    },
  );

  const matchedForUser = (req: FastifyRequest<{ Querystring: z.infer<typeof matchQuery> }>) =>
    matchedPlaylists(deps.database, currentUser(req).id, req.query).then((data) => ({ data }));
  // Staff ordering for an artist (the "on behalf of" form): the artist's track, the artist's genres
  // when none are given; never the artist's own playlists.
  app.get(
    '/api/admin/express/playlists/matched',
    {
      config: { access: adminAccess(CAMPAIGNS) },
      schema: {
        tags: ['admin express'],
        querystring: matchQuery.extend({ artist_id: z.coerce.number().int().positive() }),
        response: { 200: envelope(z.array(matchedPlaylistSchema)) },
      },
    },
    async (req) => {
      const { artist_id, ...query } = req.query;
      const genreIds = query.genre_ids?.length
        ? query.genre_ids
        : await artistGenreIds(deps.database, artist_id);
      return { data: await matchedPlaylists(deps.database, artist_id, { ...query, genre_ids: genreIds }) };
    },
  );
  for (const [path, permission] of [
    ['/api/express/artist/playlists/matched', ARTIST],
    ['/api/express/curator/checkout/playlists/matched', CURATOR],
  ] as const) {
    app.get(
      path,
      {
        config: { access: userAccess(permission) },
        schema: {
          tags: ['express spotify'],
          querystring: matchQuery,
          response: { 200: envelope(z.array(matchedPlaylistSchema)) },
        },
      },
      matchedForUser,
    );
  }

  app.post(
    '/api/express/seller/reviews/:id/reply',
    {
      // Any seller (curator or creator): the review's campaign must be theirs.
      config: { access: userAccess() },
      schema: {
        tags: ['express spotify'],
        params: idParams,
        body: reviewReplyBody,
        response: { 200: messageOnly },
      },
    },
    async (req) => {
      await replyToReview(
        deps.database,
        currentUser(req).id,
        req.params.id,
        req.body.reply,
        deps.clock.now(),
      );
      return { message: t(req.lang, 'common.saved') };
    },
  );

  for (const adapter of accountPlatforms()) {
    const p = adapter.accounts.paths;
    const tags = [adapter.accounts.tag];
    app.get(
      `${p.base}/accounts/:id/profile`,
      {
        config: { access: bothAccess(GENERAL, STAFF) },
        schema: { tags, params: idParams, response: { 200: envelope(offerProfileSchema) } },
      },
      async (req) => {
        const profile = await accountProfile(
          deps.database,
          adapter,
          req.params.id,
          viewerOf(req),
          deps.clock.now(),
        );
        if (!profile) throw new NotFoundError();
        return { data: profile };
      },
    );
    app.get(
      `${p.base}/artist/accounts/matched`,
      {
        config: { access: forArtist(userAccess(ARTIST), 'read') },
        schema: { tags, querystring: matchQuery, response: { 200: envelope(z.array(matchedAccountSchema)) } },
      },
      async (req) => ({ data: await matchedAccounts(deps, adapter, currentUser(req).id, req.query) }),
    );
    app.put(
      `${p.base}/influencer/accounts/:id/profile`,
      {
        config: { access: userAccess(INFLUENCER) },
        schema: {
          tags,
          params: idParams,
          body: offerProfileEdit.extend({
            genre_ids: z.array(z.coerce.number().int().positive()).max(10).optional(),
            refuses_ai: z.boolean().optional(),
          }),
          response: { 200: envelope(offerProfileSchema) },
        },
      },
      async (req) => {
        const user = currentUser(req);
        await social.editAccountProfile(deps, adapter, userActor(req), req.params.id, req.body);
        const profile = await accountProfile(
          deps.database,
          adapter,
          req.params.id,
          { userId: user.id },
          deps.clock.now(),
        );
        if (!profile) throw new NotFoundError();
        return { data: profile, message: t(req.lang, 'common.saved') };
      },
    );
  }
};
