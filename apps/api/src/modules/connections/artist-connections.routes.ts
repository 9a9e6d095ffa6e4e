import {
  allAccountsSchema,
  artistCheckSchema,
  artistProfileSchema,
  artistSoundSchema,
  artistTrackSchema,
  spotifyInfoSchema,
} from '@lm/contracts/connections';
import { z } from 'zod';
import { clientInfo, currentUser, forArtist, userAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, idParams, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import * as artist from './artist-connections.service';
import * as sounds from './artist-sounds.service';

/** Spec section 2: /connections is for every signed-in role; the artist calls need ARTIST_PERMISSION. */
const ARTIST = 'ARTIST_PERMISSION';
const ANY = 'ARTIST_ALL_PERMISSION';
const base = '/api/connected/platforms';
const tags = ['artist connections'];

/**
 * Connected platforms of the user app's /connections (spec section 7 "Connections"): every
 * account of the user, and the artist's Spotify artist profiles with their tracks and the sounds of
 * own TikTok and Instagram sounds (`artist-sounds.service.ts`).
 */
export const artistConnectionsRoutes: RouteModule = (app, deps) => {
  const actor = (req: Parameters<typeof currentUser>[0]) => ({
    type: 'user' as const,
    id: currentUser(req).id,
    ...clientInfo(req),
  });

  app.get(
    `${base}/all/user/accounts`,
    {
      config: { access: userAccess(ANY) },
      schema: {
        tags,
        response: { 200: envelope(allAccountsSchema) },
      },
    },
    async (req) => ({ data: await artist.allAccounts(deps, currentUser(req).id) }),
  );

  app.post(
    `${base}/artist/connect/spotify/account`,
    {
      config: { access: userAccess(ARTIST) },
      schema: {
        tags,
        body: z.object({
          link: z.string().trim().min(1, 'validation.required').max(500, 'validation.too_long'),
        }),
        response: { 200: envelope(artistProfileSchema) },
      },
    },
    async (req) => ({
      data: await artist.connectArtistProfile(deps, actor(req), req.body.link),
      message: t(req.lang, 'connections.connected'),
    }),
  );

  app.get(
    `${base}/artist/connected/accounts`,
    {
      config: { access: forArtist(userAccess(ARTIST), 'read') },
      schema: { tags, response: { 200: envelope(z.array(artistProfileSchema)) } },
    },
    async (req) => ({ data: await artist.listArtistProfiles(deps, currentUser(req).id) }),
  );

  app.get(
    `${base}/artist/connected/tracks`,
    {
      config: { access: forArtist(userAccess(ARTIST), 'read') },
      schema: {
        tags,
        querystring: z.object({ account_id: idParams.shape.id.optional() }),
        response: { 200: envelope(z.array(artistTrackSchema)) },
      },
    },
    async (req) => ({ data: await artist.artistTracks(deps, currentUser(req).id, req.query.account_id) }),
  );

  app.get(
    `${base}/artist/check/if/connected`,
    {
      config: { access: forArtist(userAccess(ARTIST), 'read') },
      schema: {
        tags,
        response: { 200: envelope(artistCheckSchema) },
      },
    },
    async (req) => ({ data: await artist.artistCheck(deps, currentUser(req).id) }),
  );

  for (const platform of ['tiktok', 'instagram'] as const) {
    app.get(
      `${base}/artist/${platform}/music`,
      {
        config: { access: forArtist(userAccess(ARTIST), 'read') },
        schema: {
          tags,
          querystring: z.object({ account_id: idParams.shape.id.optional() }),
          response: { 200: envelope(z.array(artistSoundSchema)) },
        },
      },
      async (req) => {
        const found = await sounds.artistSounds(deps, currentUser(req).id, platform, req.query.account_id);
        // Nothing to offer yet: an empty list and the message saying how to get some.
        return { data: found.sounds, ...(found.empty ? { message: t(req.lang, found.empty) } : {}) };
      },
    );
  }

  // The user's Spotify at a glance (user app header and wizards): artist profiles and curator accounts.
  app.get(
    '/api/user/info/spotify',
    {
      config: { access: userAccess(ANY) },
      schema: {
        tags,
        response: { 200: envelope(spotifyInfoSchema) },
      },
    },
    async (req) => ({ data: await artist.spotifyInfo(deps, currentUser(req).id) }),
  );

  app.delete(
    `${base}/artist/delete/connected/account/:id`,
    {
      config: { access: userAccess(ARTIST) },
      schema: { tags, params: idParams, response: { 200: messageOnly } },
    },
    async (req) => {
      await artist.disconnectArtistProfile(deps, actor(req), req.params.id);
      return { message: t(req.lang, 'connections.revoked') };
    },
  );
};
