import {
  connectStartSchema,
  influencerCheckSchema,
  socialAccountSchema,
  socialAccountSettingsSchema,
  socialTierSchema,
} from '@lm/contracts/connections';
import { z } from 'zod';
import { clientInfo, currentUser, forArtist, userAccess } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { envelope, messageOnly } from '../../platform/http';
import { t } from '../../platform/i18n';
import type { SocialPlatformName } from './connections.schema';
import * as connections from './connections.service';

const INFLUENCER = 'INFLUENCER_PERMISSION';
const id = z.coerce.number().int().positive().max(2_147_483_647);

/** A connected account as every answer gives it (the users module's back-office answers too). */
export const accountSchema = socialAccountSchema;
const startAnswer = envelope(connectStartSchema);
const tokenBody = z.object({
  code: z.string().trim().min(1, 'validation.required').max(4000),
  state: z.string().min(1, 'validation.required').max(2000),
  binding: z.string().min(1, 'validation.required').max(200),
  tier_id: id.nullable().optional(),
});
const checkAnswer = envelope(influencerCheckSchema);

/**
 * The spec's paths of each platform (section 7; `docs/decisions.md` "TikTok and Instagram connections"):
 * the same calls, named differently on each side. Change tier and revoke are GETs because the mobile
 * apps call them so (bearer tokens only, so no cross-site request can carry a session).
 */
const PATHS: Record<
  SocialPlatformName,
  { base: string; token: string; accounts: string; tier: string; revoke: string; check: string; tag: string }
> = {
  tiktok: {
    base: '/api/express-tiktok',
    token: '/tiktok/access/token',
    accounts: '/tiktok/influencer/accounts',
    tier: '/tiktok/change/account/tier',
    revoke: '/tiktok/influencer/revoke',
    check: '/tiktok/influencer/check',
    tag: 'tiktok connections',
  },
  instagram: {
    base: '/api/express-instagram',
    token: '/instagram/access/token',
    accounts: '/instagram/influencer/accounts',
    tier: '/instagram/change/account/tier',
    revoke: '/instagram/revoke/account',
    check: '/influencer/account/check',
    tag: 'instagram connections',
  },
};

/**
 * Influencer connections of TikTok and Instagram (spec section 7): consent URL, code exchange,
 * the account list with follower counts and tiers, tier change, revoke, check; the platform's tiers.
 */
export const connectionsRoutes: RouteModule = (app, deps) => {
  for (const platform of ['tiktok', 'instagram'] as const) {
    const p = PATHS[platform];
    const tags = [p.tag];
    const actor = (req: Parameters<typeof currentUser>[0]) => ({
      type: 'user' as const,
      id: currentUser(req).id,
      ...clientInfo(req),
    });

    app.get(
      `${p.base}/oauth/url`,
      { config: { access: userAccess(INFLUENCER) }, schema: { tags, response: { 200: startAnswer } } },
      async (req) => ({ data: connections.connectStart(deps, currentUser(req).id, platform) }),
    );

    app.post(
      `${p.base}${p.token}`,
      {
        config: { access: userAccess(INFLUENCER) },
        schema: { tags, body: tokenBody, response: { 200: envelope(socialAccountSchema) } },
      },
      async (req) => ({
        data: await connections.connectFinish(deps, actor(req), platform, req.body),
        message: t(req.lang, 'connections.connected'),
      }),
    );

    app.get(
      `${p.base}/user/get-tiers`,
      {
        // The wizards' tier list, also while a team member acts for an artist (issue 35).
        config: { access: forArtist(userAccess(), 'read') },
        schema: { tags, response: { 200: envelope(z.array(socialTierSchema)) } },
      },
      async (req) => ({ data: await connections.activeTiers(deps, platform, req.lang) }),
    );

    app.get(
      `${p.base}${p.accounts}`,
      {
        config: { access: userAccess(INFLUENCER) },
        schema: { tags, response: { 200: envelope(z.array(socialAccountSchema)) } },
      },
      async (req) => ({
        data: await connections.listAccounts(deps, {
          userId: currentUser(req).id,
          platform,
          withRevoked: false,
        }),
      }),
    );

    app.get(
      `${p.base}${p.tier}`,
      {
        config: { access: userAccess(INFLUENCER) },
        schema: {
          tags,
          querystring: z.object({ account_id: id, tier_id: id }),
          response: { 200: envelope(socialAccountSchema) },
        },
      },
      async (req) => ({
        data: await connections.changeTier(
          deps,
          actor(req),
          platform,
          req.query.account_id,
          req.query.tier_id,
        ),
        message: t(req.lang, 'connections.tier_saved'),
      }),
    );

    app.get(
      `${p.base}${p.revoke}`,
      {
        config: { access: userAccess(INFLUENCER) },
        schema: { tags, querystring: z.object({ account_id: id }), response: { 200: messageOnly } },
      },
      async (req) => {
        await connections.revokeAccount(deps, actor(req), platform, req.query.account_id);
        return { message: t(req.lang, 'connections.revoked') };
      },
    );

    app.get(
      `${p.base}${p.check}`,
      { config: { access: userAccess(INFLUENCER) }, schema: { tags, response: { 200: checkAnswer } } },
      async (req) => ({ data: await connections.influencerCheck(deps, currentUser(req).id, platform) }),
    );
  }

  // Platform-neutral: the account names its platform.
  app.put(
    '/api/social-accounts/:id/settings',
    {
      config: { access: userAccess(INFLUENCER) },
      schema: {
        tags: ['connections'],
        params: z.object({ id }),
        body: socialAccountSettingsSchema,
        response: { 200: envelope(socialAccountSchema) },
      },
    },
    async (req) => ({
      data: await connections.changeSettings(
        deps,
        { type: 'user', id: currentUser(req).id, ...clientInfo(req) },
        req.params.id,
        req.body,
      ),
      message: t(req.lang, 'common.saved'),
    }),
  );
};
