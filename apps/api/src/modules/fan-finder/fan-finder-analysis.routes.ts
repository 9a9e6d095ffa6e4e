import { z } from 'zod';
import { currentUser, userAccess, userActor } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams, paginationSchema } from '../../platform/http';
import { t } from '../../platform/i18n';
import * as analysis from './analysis.service';
import * as connections from './connections.service';
import { FAN_FINDER_CONNECTION_KINDS, FAN_FINDER_SYNC_STATUSES } from './fan-finder.schema';

const ARTIST = 'ARTIST_PERMISSION';
const tags = ['fan finder'];

export const fanConnectionSchema = z.object({
  id: z.number(),
  kind: z.enum(FAN_FINDER_CONNECTION_KINDS),
  slot: z.number(),
  spotify_id: z.string().nullable(),
  spotify_name: z.string().nullable(),
  spotify_image: z.string().nullable(),
  spotify_url: z.string().nullable(),
  instagram_username: z.string().nullable(),
  followers: z.number().nullable(),
  media_count: z.number().nullable(),
  sync_status: z.enum(FAN_FINDER_SYNC_STATUSES),
  last_sync: z.string().nullable(),
  created_at: z.string(),
});
export const fanConnectionsSchema = z.object({
  spotify: fanConnectionSchema.nullable(),
  instagram: fanConnectionSchema.nullable(),
  related: z.array(fanConnectionSchema),
});
export const fanSchema = z.object({
  id: z.number(),
  instagram_username: z.string(),
  instagram_profile_s3_url: z.string().nullable(),
  rating_percentage: z.number(),
  rating: z.enum(analysis.FAN_BANDS),
  components: z.object({ posts: z.number(), artists: z.number(), quality: z.number(), recency: z.number() }),
  posts_commented: z.number(),
  artists_commented: z.number(),
  comments_count: z.number(),
  created_at: z.string(),
  last_sync: z.string(),
  is_new: z.boolean(),
  status: z.enum(['pending', 'analysed']),
});
export const fanPageSchema = z.object({
  data: z.array(fanSchema),
  pagination: paginationSchema,
  last_sync: z.string().nullable(),
  pending: z.boolean(),
  unavailable: z.boolean(),
  message: z.string().optional(),
});
export const fansQuery = z.object({
  page: z.coerce
    .number({ error: 'validation.invalid' })
    .int('validation.whole_number')
    .min(1, 'validation.min_value')
    .max(100_000, 'validation.max_value')
    .default(1),
  band: z.enum(analysis.FAN_BANDS, { error: 'validation.invalid' }).optional(),
});
const exportQuery = z.object({
  scope: z.enum(['own', 'related'], { error: 'validation.invalid' }),
  band: z.enum(analysis.FAN_BANDS, { error: 'validation.invalid' }).optional(),
});
const spotifyId = z
  .string({ error: 'validation.required' })
  .trim()
  .regex(/^[A-Za-z0-9]{1,64}$/, 'fan_finder.artist_not_found');
const instagramUsername = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(30, 'validation.too_long')
  .regex(/^@?[A-Za-z0-9._]{1,30}$/, 'fan_finder.instagram_username_invalid')
  .transform((v) => v.replace(/^@/, ''));

/**
 * Fan Finder analysis calls (issue 15 "The analysis"; spec section 7): the artist's connections
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
        response: { 200: envelope(z.object({ url: z.string(), state: z.string(), binding: z.string() })) },
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
        body: z.object({
          code: z.string().trim().min(1, 'validation.required').max(4000),
          state: z.string().min(1, 'validation.required').max(2000),
          binding: z.string().min(1, 'validation.required').max(200),
        }),
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
        body: z.object({ spotify_id: spotifyId }),
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
        body: z.object({ spotify_id: spotifyId, instagram_username: instagramUsername }),
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
        querystring: exportQuery,
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
