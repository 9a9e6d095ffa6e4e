import {
  fanConnectionSchema,
  fanConnectionsSchema,
  fanPageSchema,
  fansExportQuery,
  fansQuery,
  instagramStartSchema,
  instagramTokenBody,
  relatedArtistBody,
  spotifyProfileBody,
} from '@lm/contracts/fan-finder-api';
import { z } from 'zod';
import { currentUser, userAccess, userActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams } from '../../platform/http';
import { t } from '../../platform/i18n';
import * as analysis from './analysis.service';
import * as connections from './connections.service';

const ARTIST = 'ARTIST_PERMISSION';
const tags = ['fan finder'];

/**
 * Fan Finder analysis calls (spec section 7): the artist's connections
 * (own Spotify profile, own Instagram through the shared connections module, up to 2 related artists),
 * `fan-finder/delete/connection/{id}`, `get/related-artists`, the two grids `get/fans` and
 * `get/related-fans` (POST, 12 a page, band filter) and the CSV export. Artists only, own data only.
 */
export const fanFinderAnalysisRoutes: RouteModule = (app, deps) => {
  const access = { access: userAccess(ARTIST) };

  app.get(
    '/api/fan-finder/connections',
    { config: access, schema: { tags, response: { 200: envelope(fanConnectionsSchema) } } },
    async (req) => ({ data: await connections.connectionsOf(deps, currentUser(req).id) }),
  );

  app.get(
    '/api/fan/finder/get/related-artists',
    { config: access, schema: { tags, response: { 200: envelope(z.array(fanConnectionSchema)) } } },
    async (req) => ({ data: (await connections.connectionsOf(deps, currentUser(req).id)).related }),
  );

  app.get(
    '/api/fan-finder/instagram/oauth/url',
    {
      config: access,
      schema: {
        tags,
        response: { 200: envelope(instagramStartSchema) },
      },
    },
    async (req) => ({ data: await connections.instagramStart(deps, currentUser(req).id) }),
  );

  app.post(
    '/api/fan-finder/instagram/access/token',
    {
      config: access,
      schema: {
        tags,
        body: instagramTokenBody,
        response: { 200: envelope(fanConnectionsSchema) },
      },
    },
    async (req) => ({
      data: await connections.instagramFinish(deps, userActor(req), req.body),
      message: t(req.lang, 'connections.connected'),
    }),
  );

  app.post(
    '/api/fan-finder/spotify/profile',
    {
      config: access,
      schema: {
        tags,
        body: spotifyProfileBody,
        response: { 200: envelope(fanConnectionsSchema) },
      },
    },
    async (req) => ({
      data: await connections.setSpotifyProfile(deps, currentUser(req).id, req.body.spotify_id),
      message: t(req.lang, 'common.saved'),
    }),
  );

  app.post(
    '/api/fan-finder/related-artists',
    {
      config: access,
      schema: {
        tags,
        body: relatedArtistBody,
        response: { 201: envelope(fanConnectionsSchema) },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        data: await connections.addRelatedArtist(deps, userActor(req), req.body),
        message: t(req.lang, 'fan_finder.related_added'),
      }),
  );

  app.delete(
    '/api/fan-finder/delete/connection/:id',
    { config: access, schema: { tags, params: idParams, response: { 200: envelope(fanConnectionsSchema) } } },
    async (req) => ({
      data: await connections.deleteConnection(deps, userActor(req), req.params.id),
      message: t(req.lang, 'fan_finder.connection_deleted'),
    }),
  );

  for (const [path, scope] of [
    ['/api/fan/finder/get/fans', 'own'],
    ['/api/fan/finder/get/related-fans', 'related'],
  ] as const)
    app.post(
      path,
      {
        config: access,
        schema: { tags, body: fansQuery.default({ page: 1 }), response: { 200: fanPageSchema } },
      },
      async (req) => analysis.listFans(deps, currentUser(req).id, scope, req.body),
    );

  app.get(
    '/api/fan/finder/export/fans',
    {
      config: access,
      schema: {
        tags,
        description: 'One fan grid as CSV (text/csv, UTF-8 with BOM).',
        querystring: fansExportQuery,
        response: { 200: z.string() },
      },
    },
    async (req, reply) => {
      const csv = await analysis.fansCsv(deps, currentUser(req).id, req.query.scope, req.query.band);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="fans-${req.query.scope}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
