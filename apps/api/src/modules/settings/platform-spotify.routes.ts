import { consentUrlSchema, platformSpotifyOutcomeSchema, platformSpotifySchema } from '@lm/contracts/staff';
import { z } from 'zod';
import { adminAccess, adminActor, clientInfo, currentAdmin, PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { envelope, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import { SETTINGS_PERMISSION } from './admin-settings.routes';
import {
  completePlatformSpotify,
  disconnectPlatformSpotify,
  getPlatformSpotify,
  PLATFORM_SPOTIFY_CALLBACK_PATH,
  platformSpotifyConsentUrl,
  platformSpotifyOutcome,
} from './platform-spotify';

const tags = ['settings'];
/**
 * The platform's own Spotify account (the back-office's public /spotify/callback/{accessToken}):
 * staff holding the settings permission see, connect and disconnect it; Spotify sends them back to the
 * API callback, which stores the account and forwards to the back-office page with a signed outcome.
 */
export const platformSpotifyRoutes: RouteModule = (app, deps) => {
  app.get(
    '/api/admin/spotify/platform',
    {
      config: { access: adminAccess(SETTINGS_PERMISSION) },
      schema: { tags, response: { 200: envelope(platformSpotifySchema) } },
    },
    async () => ({ data: await getPlatformSpotify(deps) }),
  );

  app.post(
    '/api/admin/spotify/platform/connect',
    {
      config: { access: adminAccess(SETTINGS_PERMISSION) },
      schema: { tags, response: { 200: envelope(consentUrlSchema) } },
    },
    async (req) => ({ data: { url: platformSpotifyConsentUrl(deps, currentAdmin(req).id) } }),
  );

  // Spotify's redirect: public (the browser arrives without our token); the signed state proves the admin.
  app.get(
    PLATFORM_SPOTIFY_CALLBACK_PATH,
    {
      config: { access: PUBLIC },
      schema: {
        hide: true,
        querystring: z.object({
          code: z.string().min(1).max(4000).optional(),
          state: z.string().min(1).max(2000).optional(),
          error: z.string().max(200).optional(),
        }),
      },
    },
    async (req, reply) => {
      const page = await completePlatformSpotify(deps, req.query, clientInfo(req));
      return reply.header('cache-control', 'no-store').redirect(`${deps.config.appUrl}${page}`, 302);
    },
  );

  // The page's `{accessToken}` segment travels in the query: signed values outgrow a path parameter.
  app.get(
    '/api/admin/spotify/platform/outcome',
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        querystring: z.object({ token: z.string().min(1).max(2000) }),
        response: { 200: envelope(platformSpotifyOutcomeSchema) },
      },
    },
    async (req) => {
      const outcome = platformSpotifyOutcome(deps, req.query.token);
      if (!outcome) throw new NotFoundError();
      return { data: outcome };
    },
  );

  app.delete(
    '/api/admin/spotify/platform',
    {
      config: { access: adminAccess(SETTINGS_PERMISSION) },
      schema: { tags, response: { 200: messageOnly } },
    },
    async (req) => {
      if (!(await disconnectPlatformSpotify(deps, adminActor(req)))) throw new NotFoundError();
      return { message: t(req.lang, 'common.saved') };
    },
  );
};
