import { z } from 'zod';
import { PUBLIC } from '../platform/access';
import type { ZodApp } from '../platform/app';
import { NotFoundError } from '../platform/errors';

// What the sandbox consent and payment pages share: they are plain HTML written by this API, and they
// send the browser back only to this app, as a real provider sends it only to a registered redirect URI.

/** `s` with the HTML special characters written as character references, for text and attributes. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A reader of redirect URIs for `appUrl`: the URI (relative ones resolved against `appUrl`) when it is
 * on the app's origin, else null (unparsable, or another site).
 */
export function sameOriginRedirect(appUrl: string): (redirectUri: string) => URL | null {
  const appOrigin = new URL(appUrl).origin;
  return (redirectUri) => {
    try {
      const target = new URL(redirectUri, appUrl);
      return target.origin === appOrigin ? target : null;
    } catch {
      return null;
    }
  };
}

/** The consent form's hidden fields: the product's `state` and its `redirect_uri`. */
export const consentQuery = z.object({
  state: z.string().max(2000),
  redirect_uri: z.string().min(1).max(500),
});

/**
 * Register the consent page's "Deny" at `path`: the browser goes back to the product's redirect URI
 * with `error=access_denied` and the state, as an OAuth provider answers a refused consent; 404 for a
 * redirect URI off this app.
 */
export function consentDenyRoute(app: ZodApp, path: string, appUrl: string): void {
  const redirectTarget = sameOriginRedirect(appUrl);
  app.post(
    path,
    { config: { access: PUBLIC }, schema: { hide: true, body: consentQuery } },
    async (req, reply) => {
      const target = redirectTarget(req.body.redirect_uri);
      if (!target) throw new NotFoundError();
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('state', req.body.state);
      return reply.redirect(target.toString(), 302);
    },
  );
}
