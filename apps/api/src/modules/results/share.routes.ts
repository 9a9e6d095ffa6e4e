import { shareLinkCreateBody } from '@lm/contracts/results';
import { sharedResultsAnswer, shareLinkAnswer, shareLinkListAnswer } from '@lm/contracts/results-share';
import { z } from 'zod';
import { currentUser, forArtist, PUBLIC, userAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { t } from '../../platform/i18n';
import { createShareLink, listShareLinks, readSharedResults, revokeShareLink } from './results.share';

const ARTIST = 'ARTIST_PERMISSION';
const tags = ['results'];
const linkParams = z.object({ id: z.string().min(1).max(64) });
const tokenParams = z.object({ token: z.string().min(1).max(1000) });

/**
 * Read-only share links of the artist's results (issue "Results"): the artist creates, lists and
 * revokes their links; anyone holding a link reads what it shows without signing in (the global rate
 * limit of /api applies). The rules: `results.share.ts`.
 */
export const shareRoutes: RouteModule = (app, deps) => {
  app.post(
    '/api/results/share-links',
    {
      config: { access: forArtist(userAccess(ARTIST), 'manage') },
      schema: { tags, body: shareLinkCreateBody, response: { 201: shareLinkAnswer } },
    },
    async (req, reply) => {
      const data = await createShareLink(deps, currentUser(req).id, req.body);
      return reply.status(201).send({ data, message: t(req.lang, 'results_share.created') });
    },
  );

  app.get(
    '/api/results/share-links',
    {
      config: { access: forArtist(userAccess(ARTIST), 'read') },
      schema: { tags, response: { 200: shareLinkListAnswer } },
    },
    async (req) => ({ data: await listShareLinks(deps, currentUser(req).id) }),
  );

  app.post(
    '/api/results/share-links/:id/revoke',
    {
      config: { access: forArtist(userAccess(ARTIST), 'manage') },
      schema: { tags, params: linkParams, response: { 200: shareLinkAnswer } },
    },
    async (req) => ({
      data: await revokeShareLink(deps, currentUser(req).id, req.params.id),
      message: t(req.lang, 'results_share.revoked'),
    }),
  );

  app.get(
    '/api/public/results/:token',
    {
      config: { access: PUBLIC },
      schema: { tags, params: tokenParams, response: { 200: sharedResultsAnswer } },
    },
    async (req, reply) => {
      const data = await readSharedResults(deps, req.params.token, req.lang);
      // The answer is one person's results: no shared cache keeps it after the link is revoked.
      return reply.header('cache-control', 'private, no-store').send({ data });
    },
  );
};
