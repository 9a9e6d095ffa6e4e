import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { envelope } from '../../platform/http';
import { consentDenyRoute, consentQuery, escapeHtml, sameOriginRedirect } from '../sandbox-pages';
import { isSandboxSpotify } from './index';
import { SPOTIFY_ID_PATTERN } from './links';
import { type SandboxPlacement, sandboxCoverSvg } from './sandbox';

const spotifyId = z.string().regex(SPOTIFY_ID_PATTERN);
const playlistParams = z.object({ playlistId: spotifyId });
const placementParams = z.object({ playlistId: spotifyId, trackId: spotifyId });
const placementSchema = z.object({
  playlist_id: z.string(),
  track_id: z.string(),
  position: z.number().int(),
  added_at: z.string(),
});
const toPlacement = (p: SandboxPlacement): z.infer<typeof placementSchema> => ({
  playlist_id: p.playlistId,
  track_id: p.trackId,
  position: p.position,
  added_at: p.addedAt.toISOString(),
});

/**
 * Sandbox Spotify (registered by providers/sandbox.routes.ts only while Spotify is the sandbox, never
 * in production), all hidden from the API reference:
 * - dev controls for placements: `POST|GET /api/sandbox/spotify/playlists/:playlistId/tracks`,
 *   `DELETE /api/sandbox/spotify/playlists/:playlistId/tracks/:trackId` (ids: 22 base62 chars, else 422);
 * - the consent page standing in for accounts.spotify.com/authorize, which redirects back like
 *   Spotify with `code` and `state` (or `error=access_denied`), only to this app's origin;
 * - the generated cover images `GET /api/sandbox/spotify/cover/:id.svg`.
 */
export const sandboxSpotifyRoutes: RouteModule = (app, deps) => {
  const sandbox = deps.providers.spotify;
  if (!isSandboxSpotify(sandbox)) return;
  const redirectTarget = sameOriginRedirect(deps.config.appUrl);

  app.post(
    '/api/sandbox/spotify/playlists/:playlistId/tracks',
    {
      config: { access: PUBLIC },
      schema: {
        hide: true,
        params: playlistParams,
        body: z.object({ track_id: spotifyId }),
        response: { 200: envelope(placementSchema), 201: envelope(placementSchema) },
      },
    },
    async (req, reply) => {
      const { placement, created } = await sandbox.addPlacement(
        req.params.playlistId,
        req.body.track_id,
        deps.clock.now(),
      );
      return reply.status(created ? 201 : 200).send({ data: toPlacement(placement) });
    },
  );

  app.get(
    '/api/sandbox/spotify/playlists/:playlistId/tracks',
    {
      config: { access: PUBLIC },
      schema: { hide: true, params: playlistParams, response: { 200: envelope(z.array(placementSchema)) } },
    },
    async (req) => ({ data: (await sandbox.listPlacements(req.params.playlistId)).map(toPlacement) }),
  );

  app.delete(
    '/api/sandbox/spotify/playlists/:playlistId/tracks/:trackId',
    {
      config: { access: PUBLIC },
      schema: { hide: true, params: placementParams, response: { 200: envelope(placementSchema) } },
    },
    async (req) => {
      const removed = await sandbox.removePlacement(req.params.playlistId, req.params.trackId);
      if (!removed) throw new NotFoundError();
      return { data: toPlacement(removed) };
    },
  );

  app.get(
    '/api/sandbox/spotify/cover/:file',
    {
      config: { access: PUBLIC },
      schema: { hide: true, params: z.object({ file: z.string().regex(/^[0-9A-Za-z]{22}\.svg$/) }) },
    },
    async (req, reply) => {
      return (
        reply
          .type('image/svg+xml')
          .header('cache-control', 'public, max-age=86400')
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
          // Public generated art: a page opened under another name of the server (127.0.0.1 for
          // localhost) may show it; helmet's default is same-origin.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(sandboxCoverSvg(req.params.file.slice(0, 22)))
      );
    },
  );

  app.get(
    '/api/sandbox/spotify/authorize',
    { config: { access: PUBLIC }, schema: { hide: true, querystring: consentQuery } },
    async (req, reply) => {
      const { state, redirect_uri } = req.query;
      if (!redirectTarget(redirect_uri)) throw new NotFoundError();
      const hidden = `<input type="hidden" name="state" value="${escapeHtml(state)}"><input type="hidden" name="redirect_uri" value="${escapeHtml(redirect_uri)}">`;
      return sendPage(
        reply,
        `<h1>Connect a Spotify account</h1>
<p class="muted">The app asks to read your playlists (also private and collaborative ones) and your email address. No real Spotify account is used.</p>
<form method="post" action="/api/sandbox/spotify/authorize">${hidden}
<label for="display_name">Display name</label><input id="display_name" name="display_name" required maxlength="100" value="Sandbox Curator">
<label for="email">Email</label><input id="email" name="email" type="email" required maxlength="190" value="sandbox.curator@spotify.test">
<p class="muted">The account id is derived from the email: the same email is the same Spotify account.</p>
<button class="pay" type="submit">Agree</button></form>
<form method="post" action="/api/sandbox/spotify/authorize/deny">${hidden}<button class="link" type="submit">Cancel</button></form>`,
      );
    },
  );

  app.post(
    '/api/sandbox/spotify/authorize',
    {
      config: { access: PUBLIC },
      schema: {
        hide: true,
        body: consentQuery.extend({
          display_name: z.string().trim().min(1).max(100),
          email: z.email().max(190),
        }),
      },
    },
    async (req, reply) => {
      const { state, redirect_uri, display_name, email } = req.body;
      const target = redirectTarget(redirect_uri);
      if (!target) throw new NotFoundError();
      const code = sandbox.issueCode({
        displayName: display_name,
        email: email.toLowerCase(),
        redirectUri: redirect_uri,
      });
      target.searchParams.set('code', code);
      target.searchParams.set('state', state);
      return reply.redirect(target.toString(), 302);
    },
  );

  // What Spotify answers when the user cancels the consent dialog.
  consentDenyRoute(app, '/api/sandbox/spotify/authorize/deny', deps.config.appUrl);
};

/** The consent page, labelled SANDBOX. */
function sendPage(reply: FastifyReply, content: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox Spotify</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;background:#121212;display:grid;place-items:center;min-height:100vh;margin:0;color:#fff}
main{background:#181818;padding:32px;border-radius:8px;box-shadow:0 2px 12px #0008;width:360px}
.badge{display:inline-block;background:#ffb020;color:#000;font-weight:700;padding:2px 8px;border-radius:4px;font-size:12px;letter-spacing:.05em}
h1{font-size:20px;margin:16px 0 8px}.muted{color:#b3b3b3;font-size:14px}label{display:block;margin:12px 0 4px;font-size:14px}
input{width:100%;padding:9px;box-sizing:border-box;border-radius:4px;border:1px solid #555;background:#242424;color:#fff}
form{margin:12px 0 0}button{width:100%;padding:11px;border-radius:24px;font-size:15px;cursor:pointer;border:0}
button.pay{background:#1db954;color:#000;font-weight:700;margin-top:16px}button.link{background:none;color:#b3b3b3}</style></head>
<body><main><span class="badge">SANDBOX</span> <span class="muted">Test Spotify: no real account is connected.</span>
${content}</main></body></html>`;
  return reply.header('cache-control', 'no-store').type('text/html').send(html);
}
