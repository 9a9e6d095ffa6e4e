import { z } from 'zod';
import { PUBLIC } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { NotFoundError } from '../../platform/errors';
import { escapeHtml } from '../sandbox-pages';
import { isSandboxGoogle } from './sandbox';

/**
 * Sandbox Google consent page (registered by providers/sandbox.routes.ts only while Google is the
 * sandbox, never in production): a form to choose the Google account, which redirects back to the app
 * like Google does, with `code` and `state`.
 */
export const sandboxGoogleRoutes: RouteModule = (app, deps) => {
  const google = deps.providers.google;
  if (!isSandboxGoogle(google)) return;
  const query = z.object({ state: z.string().max(2000), redirect_uri: z.string().max(500) });

  app.get(
    '/api/sandbox/google/consent',
    { config: { access: PUBLIC }, schema: { hide: true, querystring: query } },
    async (req, reply) => {
      const { state, redirect_uri } = req.query;
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox Google sign-in</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f1f3f4;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#fff;padding:32px;border-radius:8px;box-shadow:0 1px 3px #0003;width:340px}label{display:block;margin:12px 0 4px;font-size:14px}
input{width:100%;padding:8px;box-sizing:border-box}button{margin-top:20px;width:100%;padding:10px;background:#1a73e8;color:#fff;border:0;border-radius:4px;font-size:15px}
.badge{background:#fbbc04;color:#000;padding:2px 8px;border-radius:4px;font-size:12px}</style></head>
<body><form method="post" action="/api/sandbox/google/consent">
<p><span class="badge">SANDBOX</span> Choose the Google account to sign in with. No real Google account is used.</p>
<input type="hidden" name="state" value="${escapeHtml(state)}"><input type="hidden" name="redirect_uri" value="${escapeHtml(redirect_uri)}">
<label for="email">Email</label><input id="email" name="email" type="email" required value="sandbox.user@gmail.test">
<label for="first_name">First name</label><input id="first_name" name="first_name" required value="Sandy">
<label for="last_name">Last name</label><input id="last_name" name="last_name" required value="Box">
<button type="submit">Continue</button></form></body></html>`;
      return reply.type('text/html').send(html);
    },
  );

  app.post(
    '/api/sandbox/google/consent',
    {
      config: { access: PUBLIC },
      schema: {
        hide: true,
        body: query.extend({
          email: z.string().email().max(190),
          first_name: z.string().min(1).max(100),
          last_name: z.string().min(1).max(100),
        }),
      },
    },
    async (req, reply) => {
      const { state, redirect_uri, email, first_name, last_name } = req.body;
      const target = new URL(redirect_uri, deps.config.appUrl);
      if (target.origin !== new URL(deps.config.appUrl).origin) throw new NotFoundError();
      const code = google.issueCode({
        subject: `sandbox-${Buffer.from(email.toLowerCase()).toString('hex').slice(0, 40)}`,
        email: email.toLowerCase(),
        emailVerified: true,
        firstName: first_name,
        lastName: last_name,
        picture: null,
      });
      target.searchParams.set('code', code);
      target.searchParams.set('state', state);
      return reply.redirect(target.toString(), 302);
    },
  );
};
