import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { PUBLIC } from '../platform/access';
import type { RouteModule } from '../platform/app';
import { NotFoundError } from '../platform/errors';
import { consentDenyRoute, consentQuery, escapeHtml, sameOriginRedirect } from './sandbox-pages';
import {
  isSandboxSocial,
  type SandboxSocialProfile,
  type SocialPlatform,
  sandboxAccountId,
  sandboxDefaultFollowers,
} from './sandbox-social';

const handle = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9._]{2,30}$/);

const LOOK: Record<SocialPlatform, { title: string; accent: string; ink: string; asks: string }> = {
  tiktok: {
    title: 'TikTok',
    accent: '#fe2c55',
    ink: '#fff',
    asks: 'The app asks to read your profile, your follower count and your public videos.',
  },
  instagram: {
    title: 'Instagram',
    accent: '#d62976',
    ink: '#fff',
    asks: 'The app asks to read your professional account, its media and their insights (views).',
  },
};

/**
 * Sandbox consent pages of TikTok and Instagram (registered by providers/sandbox.routes.ts only while the
 * platform is its sandbox, never in production), standing in for tiktok.com/v2/auth/authorize and
 * instagram.com/oauth/authorize: choose the handle (the same handle is the same account), followers and,
 * for Instagram, the account type (a personal account shows the refusal). They redirect back like the
 * platforms, with `code` and `state` (or `error=access_denied`), only to this app's origin.
 */
export const sandboxSocialRoutes: RouteModule = (app, deps) => {
  const redirectTarget = sameOriginRedirect(deps.config.appUrl);
  const providers = {
    tiktok: isSandboxSocial(deps.providers.tiktok) ? deps.providers.tiktok : null,
    instagram: isSandboxSocial(deps.providers.instagram) ? deps.providers.instagram : null,
  };

  for (const platform of ['tiktok', 'instagram'] as const) {
    const sandbox = providers[platform];
    if (!sandbox) continue;
    const look = LOOK[platform];
    const base = `/api/sandbox/${platform}/authorize`;

    app.get(
      base,
      { config: { access: PUBLIC }, schema: { hide: true, querystring: consentQuery } },
      async (req, reply) => {
        const { state, redirect_uri } = req.query;
        if (!redirectTarget(redirect_uri)) throw new NotFoundError();
        const hidden = `<input type="hidden" name="state" value="${escapeHtml(state)}"><input type="hidden" name="redirect_uri" value="${escapeHtml(redirect_uri)}">`;
        const typeField =
          platform === 'instagram'
            ? `<label for="account_type">Account type</label><select id="account_type" name="account_type">
<option value="MEDIA_CREATOR">Creator</option><option value="BUSINESS">Business</option><option value="PERSONAL">Personal</option></select>`
            : '';
        return sendPage(
          reply,
          platform,
          `<h1>Connect a ${look.title} account</h1>
<p class="muted">${look.asks} No real ${look.title} account is used.</p>
<form method="post" action="${base}">${hidden}
<label for="username">Username</label><input id="username" name="username" required maxlength="30" pattern="[A-Za-z0-9._]{2,30}" value="sandbox.${platform}">
<label for="display_name">Display name</label><input id="display_name" name="display_name" required maxlength="100" value="Sandbox Creator">
<label for="followers">Followers (empty: derived from the username)</label><input id="followers" name="followers" inputmode="numeric" pattern="[0-9]{0,9}">
${typeField}
<p class="muted">The account id is derived from the username: the same username is the same account.</p>
<button class="pay" type="submit">Authorize</button></form>
<form method="post" action="${base}/deny">${hidden}<button class="link" type="submit">Cancel</button></form>`,
        );
      },
    );

    app.post(
      base,
      {
        config: { access: PUBLIC },
        schema: {
          hide: true,
          body: consentQuery.extend({
            username: handle,
            display_name: z.string().trim().min(1).max(100),
            followers: z
              .string()
              .regex(/^\d{0,9}$/)
              .optional(),
            account_type: z.enum(['MEDIA_CREATOR', 'BUSINESS', 'PERSONAL']).optional(),
          }),
        },
      },
      async (req, reply) => {
        const { state, redirect_uri, username, display_name, followers, account_type } = req.body;
        const target = redirectTarget(redirect_uri);
        if (!target) throw new NotFoundError();
        const profile: SandboxSocialProfile = {
          platform,
          accountId: sandboxAccountId(platform, username),
          username,
          displayName: display_name,
          followers: followers ? Number(followers) : sandboxDefaultFollowers(platform, username),
          accountType: platform === 'instagram' ? (account_type ?? 'MEDIA_CREATOR') : 'PERSONAL',
        };
        target.searchParams.set('code', sandbox.issueCode(profile));
        target.searchParams.set('state', state);
        return reply.redirect(target.toString(), 302);
      },
    );

    consentDenyRoute(app, `${base}/deny`, deps.config.appUrl);
  }
};

/** The consent page, labelled SANDBOX. */
function sendPage(reply: FastifyReply, platform: SocialPlatform, content: string) {
  const look = LOOK[platform];
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox ${look.title}</title>
<meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<style>body{font-family:system-ui,sans-serif;background:#111;display:grid;place-items:center;min-height:100vh;margin:0;color:#fff}
main{background:#1c1c1e;padding:32px;border-radius:8px;box-shadow:0 2px 12px #0008;width:min(360px,88vw)}
.badge{display:inline-block;background:#ffb020;color:#000;font-weight:700;padding:2px 8px;border-radius:4px;font-size:12px;letter-spacing:.05em}
h1{font-size:20px;margin:16px 0 8px}.muted{color:#b3b3b3;font-size:14px}label{display:block;margin:12px 0 4px;font-size:14px}
input,select{width:100%;padding:9px;box-sizing:border-box;border-radius:4px;border:1px solid #555;background:#2a2a2c;color:#fff}
form{margin:12px 0 0}button{width:100%;padding:11px;border-radius:24px;font-size:15px;cursor:pointer;border:0}
button.pay{background:${look.accent};color:${look.ink};font-weight:700;margin-top:16px}button.link{background:none;color:#b3b3b3}</style></head>
<body><main><span class="badge">SANDBOX</span> <span class="muted">Test ${look.title}: no real account is connected.</span>
${content}</main></body></html>`;
  return reply.header('cache-control', 'no-store').type('text/html').send(html);
}
