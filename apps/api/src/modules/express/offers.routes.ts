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
import { bothAccess, currentUser, userAccess, userActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { envelope, idParams, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { genreNames, matchOffers } from './express.matching';
import { replyToReview } from './express.offers';
import { accountProfile, playlistProfile } from './express.profiles';
import * as q from './express.queries';
import { accountPlatforms } from './platforms/index';
import * as social from './social.service';

const ARTIST = 'ARTIST_PERMISSION';
const CURATOR = 'CURATOR_PERMISSION';
const INFLUENCER = 'INFLUENCER_PERMISSION';
/** Staff who see the playlists and campaigns read every profile, hidden ones included. */
const STAFF = 'express.playlist.show';

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

  const matchedPlaylists = async (req: FastifyRequest<{ Querystring: z.infer<typeof matchQuery> }>) => {
    const buyerId = currentUser(req).id;
    const ranked = await matchOffers(deps.database, { kind: 'playlist' }, { ...req.query, buyerId });
    const page = await q.listPlaylists(
      deps.database,
      { page: 1, limit: ranked.length || 1, filter: undefined, order: undefined, q: undefined },
      { onlyApproved: true, playlistIds: ranked.map((r) => r.id) },
    );
    const items = new Map(page.data.map((p) => [p.id, p]));
    const names = await genreNames(
      deps.database,
      ranked.flatMap((r) => r.why.shared_genre_ids),
    );
    return {
      data: ranked.flatMap(({ id, why: { shared_genre_ids, ...why } }) => {
        const item = items.get(id);
        return item
          ? [
              {
                ...item,
                why: { ...why, shared_genres: shared_genre_ids.map((g) => names.get(g)!).filter(Boolean) },
              },
            ]
          : [];
      }),
    };
  };
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
      matchedPlaylists,
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
        config: { access: userAccess(ARTIST) },
        schema: { tags, querystring: matchQuery, response: { 200: envelope(z.array(matchedAccountSchema)) } },
      },
      async (req) => {
        const buyerId = currentUser(req).id;
        const ranked = await matchOffers(
          deps.database,
          { kind: 'account', platform: adapter.key },
          { ...req.query, buyerId },
        );
        const accounts = await social.accountsForSale(deps, adapter, { ids: ranked.map((r) => r.id) });
        const items = new Map(accounts.map((a) => [a.id, a]));
        const names = await genreNames(
          deps.database,
          ranked.flatMap((r) => r.why.shared_genre_ids),
        );
        return {
          data: ranked.flatMap(({ id, why: { shared_genre_ids, ...why } }) => {
            const item = items.get(id);
            return item
              ? [
                  {
                    ...item,
                    why: {
                      ...why,
                      shared_genres: shared_genre_ids.map((g) => names.get(g)!).filter(Boolean),
                    },
                  },
                ]
              : [];
          }),
        };
      },
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
