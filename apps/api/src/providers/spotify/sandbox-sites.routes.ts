import { z } from 'zod';
import { PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { escapeHtml } from '../sandbox-pages';
import { isSandboxSpotify } from './index';
import { SPOTIFY_ID_PATTERN } from './links';
import { sandboxArtistProfile, sandboxArtistSlug, sandboxSiteEmail, sandboxSiteHasEmail } from './sandbox';

const siteParams = z.object({ artistId: z.string().regex(SPOTIFY_ID_PATTERN) });

/** Where the sandbox websites live, under this API's origin. */
export const SANDBOX_SITES_PATH = '/api/sandbox/scraping/sites';

/**
 * The robots.txt the product answers while Spotify is its sandbox (never in production): crawlers stay
 * out of the API and the back-office, may read the sandbox artists' websites, but not their
 * `private` pages, which the scraping tool's crawler must therefore never read.
 */
export const SANDBOX_ROBOTS_TXT = `User-agent: *
Disallow: /api/
Disallow: /admin/
Allow: ${SANDBOX_SITES_PATH}/
Disallow: ${SANDBOX_SITES_PATH}/*/private
`;

/**
 * The websites of the sandbox artists (in the sandbox and in tests the artists' "websites"
 * are served locally, so nothing reaches the internet): a home page linking a contact page and a
 * members' page. Two sites in three show a booking address on the contact page; the members' page
 * shows another address that robots.txt forbids reading. Registered with the other sandbox routes
 * (providers/sandbox.routes.ts), only while Spotify is the sandbox, so never in production.
 */
export const sandboxSitesRoutes: RouteModule = (app, deps) => {
  if (!isSandboxSpotify(deps.providers.spotify)) return;
  const appUrl = deps.config.appUrl;
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><p><strong>SANDBOX</strong> website: made-up artist, made-up address.</p>${body}</body></html>`;

  app.get('/robots.txt', { config: { access: PUBLIC }, schema: { hide: true } }, async (_req, reply) =>
    reply.type('text/plain').header('cache-control', 'no-cache').send(SANDBOX_ROBOTS_TXT),
  );

  app.get(
    `${SANDBOX_SITES_PATH}/:artistId`,
    { config: { access: PUBLIC }, schema: { hide: true, params: siteParams } },
    async (req, reply) => {
      const { artistId } = req.params;
      const name = sandboxArtistProfile(appUrl, artistId).name;
      return reply.type('text/html').send(
        page(
          name,
          `<h1>${escapeHtml(name)}</h1><p>New single out now.</p>
<nav><a href="${SANDBOX_SITES_PATH}/${artistId}/contact">Contact</a> <a href="${SANDBOX_SITES_PATH}/${artistId}/private">Members</a></nav>`,
        ),
      );
    },
  );

  app.get(
    `${SANDBOX_SITES_PATH}/:artistId/contact`,
    { config: { access: PUBLIC }, schema: { hide: true, params: siteParams } },
    async (req, reply) => {
      const { artistId } = req.params;
      const body = sandboxSiteHasEmail(artistId)
        ? `<p>Booking and press: <a href="mailto:${sandboxSiteEmail(artistId)}">${sandboxSiteEmail(artistId)}</a></p>`
        : '<p>Please use the contact form (no address published).</p>';
      return reply.type('text/html').send(page('Contact', `<h1>Contact</h1>${body}`));
    },
  );

  app.get(
    `${SANDBOX_SITES_PATH}/:artistId/private`,
    { config: { access: PUBLIC }, schema: { hide: true, params: siteParams } },
    async (req, reply) => {
      const address = `private+${sandboxArtistSlug(req.params.artistId)}@artists.example`;
      return reply
        .type('text/html')
        .send(page('Members', `<h1>Members only</h1><p><a href="mailto:${address}">${address}</a></p>`));
    },
  );
};
