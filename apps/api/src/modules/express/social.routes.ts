import {
  campaignCheckoutSchema,
  expressCampaignStatusSchema,
  expressDeclineFields,
  expressReasonSchema,
  expressSocialCampaignDetailSchema,
  expressSocialCampaignSchema,
  madeWithAiQuery,
  socialAccountForSaleSchema,
  socialCampaignRequestSchema,
  socialCardConfirmationSchema,
  socialDisputeBodySchema,
  socialMusicCheckSchema,
  socialRenewCheckSchema,
  socialSubmitSchema,
  socialVideoSchema,
} from '@lm/contracts/express';
import { offerFilterQuery, offerRangeErrors } from '@lm/contracts/offers';
import { z } from 'zod';
import { currentUser, forArtist, userAccess, withScope } from '../../platform/access';
import type { RouteModule } from '../../platform/app';
import { ValidationError } from '../../platform/errors';
import { envelope, idParams } from '../../platform/http';
import { t } from '../../platform/i18n';
import { listSchema } from '../../platform/list-routes';
import * as catalog from './express.catalog';
import { payingOrganisation } from './express.creation';
import * as machine from './express.machine';
import * as renewal from './express.renewal';
import { accountPlatforms } from './platforms/index';
import * as social from './social.service';

const ARTIST = 'ARTIST_PERMISSION';
const INFLUENCER = 'INFLUENCER_PERMISSION';
const id = z.coerce.number().int().positive().max(2_147_483_647);
const campaignIdBody = z.object({ campaign_id: id });
const linkBody = z.object({
  sound_link: z.string().trim().min(1, 'validation.required').max(500).optional(),
  track_link: z.string().trim().min(1, 'validation.required').max(500).optional(),
});

/**
 * TikTok and Instagram express campaigns (spec section 7): the artist's accounts to buy,
 * creation, lists and details; the influencer's incoming campaigns, approve, decline with a reason,
 * recent videos and the submission of one; the music-link checks. Thin: the engine and
 * `social.service.ts` hold the rules.
 */
export const socialExpressRoutes: RouteModule = (app, deps) => {
  for (const adapter of accountPlatforms()) {
    const p = adapter.accounts.paths;
    const tags = [adapter.accounts.tag];

    for (const path of adapter.accounts.musicChecks) {
      app.post(
        path,
        {
          // A link check, also in the wizard of a team member acting for an artist (issue 35).
          config: { access: forArtist(userAccess(), 'read') },
          schema: { tags, body: linkBody, response: { 200: envelope(socialMusicCheckSchema) } },
        },
        async (req) => {
          const link = req.body.sound_link ?? req.body.track_link ?? '';
          const sound = await adapter.resolveSound(deps, link);
          if (!sound) throw new ValidationError({ sound_link: [adapter.invalidSoundKey] });
          return { data: { valid: true as const, id: sound.id, url: sound.url, name: sound.name } };
        },
      );
    }

    app.get(
      `${p.base}/artist/accounts/campaigns`,
      {
        config: { access: forArtist(withScope(userAccess(ARTIST), 'campaigns:read'), 'read') },
        schema: {
          tags,
          querystring: z
            .object({ tier_id: id.optional() })
            // genre, mood, language, price, followers, score, answer time, acceptance; sorts.
            .extend(offerFilterQuery.shape)
            .extend(madeWithAiQuery.shape),
          response: { 200: envelope(z.array(socialAccountForSaleSchema)) },
        },
      },
      async (req) => {
        const ranges = offerRangeErrors(req.query);
        if (Object.keys(ranges).length) throw new ValidationError(ranges);
        return {
          data: await social.accountsForSale(deps, adapter, {
            ...req.query,
            tierId: req.query.tier_id,
            madeWithAi: req.query.made_with_ai,
          }),
        };
      },
    );

    app.post(
      `${p.base}/artist/campaign/create`,
      {
        // The settings come with the token, as for Spotify purchases.
        config: {
          access: forArtist(withScope(userAccess(ARTIST, false, 'purchase'), 'campaigns:write'), 'manage'),
        },
        schema: {
          tags,
          body: socialCampaignRequestSchema.extend({ payment_method: z.enum(['coins']).default('coins') }),
          response: { 201: envelope(z.array(expressSocialCampaignSchema)) },
        },
      },
      async (req, reply) => {
        const user = currentUser(req);
        const artistId = user.id;
        const created = await social.createSocialCampaigns(
          deps,
          adapter,
          artistId,
          req.body,
          user.purchase,
          payingOrganisation(user),
        );
        const items = [];
        for (const c of created) items.push(await social.socialCampaign(deps, adapter, { artistId }, c.id));
        return reply.status(201).send({ data: items, message: t(req.lang, 'express.created_influencers') });
      },
    );

    // Paying by card: the hosted page for exactly the accounts' coins; the campaigns once it is paid.
    app.post(
      `${p.base}/artist/campaign/checkout`,
      {
        config: { access: forArtist(userAccess(ARTIST), 'manage') },
        schema: {
          tags,
          body: socialCampaignRequestSchema,
          response: { 200: envelope(campaignCheckoutSchema) },
        },
      },
      async (req) => ({
        data: await social.startSocialCheckout(deps, adapter, currentUser(req).id, req.body),
      }),
    );
    app.post(
      `${p.base}/artist/campaign/checkout/check/pay`,
      {
        config: { access: forArtist(userAccess(ARTIST), 'manage') },
        schema: {
          tags,
          body: z.object({ session_id: z.string().min(1).max(200) }),
          response: { 200: envelope(socialCardConfirmationSchema) },
        },
      },
      async (req) => {
        const r = await social.confirmSocialCard(deps, adapter, currentUser(req).id, req.body.session_id);
        const message =
          r.campaigns.length > 0
            ? t(req.lang, 'express.created_influencers')
            : r.notCreated
              ? t(req.lang, 'express.card_coins_kept', {
                  coins: r.settlement.coins,
                  reason: t(req.lang, r.notCreated.key, r.notCreated.params),
                })
              : undefined;
        return {
          data: { payment: r.settlement, campaigns: r.campaigns, not_created: r.notCreated !== null },
          ...(message ? { message } : {}),
        };
      },
    );

    const sides = [
      { permission: ARTIST, list: `${p.base}/artist/campaigns`, scope: (u: number) => ({ artistId: u }) },
      {
        permission: INFLUENCER,
        list: `${p.base}/influencer/campaigns`,
        scope: (u: number) => ({ influencerId: u }),
      },
    ] as const;
    for (const side of sides) {
      app.get(
        side.list,
        {
          config: { access: forArtist(withScope(userAccess(side.permission), 'campaigns:read'), 'read') },
          schema: { tags, ...listSchema(expressSocialCampaignSchema) },
        },
        async (req) => social.listSocialCampaigns(deps, adapter, side.scope(currentUser(req).id), req.query),
      );
    }
    app.get(
      `${p.base}/artist/show/campaign/:id`,
      {
        config: { access: forArtist(withScope(userAccess(), 'campaigns:read'), 'read') },
        schema: { tags, params: idParams, response: { 200: envelope(expressSocialCampaignDetailSchema) } },
      },
      async (req) => {
        const user = currentUser(req);
        const scope = user.permissions.has(ARTIST) ? { artistId: user.id } : { influencerId: user.id };
        return { data: await social.socialCampaignDetail(deps, adapter, scope, req.params.id, req.lang) };
      },
    );

    if (adapter.accounts.confirmWindowHours) {
      // The artist's word on the post's sound within the window, where the platform cannot tell it.
      app.post(
        `${p.base}/artist/campaign/confirm`,
        {
          config: { access: forArtist(userAccess(ARTIST), 'manage') },
          schema: { tags, body: campaignIdBody, response: { 200: envelope(expressCampaignStatusSchema) } },
        },
        async (req) => {
          const c = await social.confirmSound(deps, currentUser(req).id, req.body.campaign_id);
          return {
            data: { id: c.id, status_id: c.statusId },
            message: t(req.lang, 'express.sound_confirmed'),
          };
        },
      );
      app.post(
        `${p.base}/artist/campaign/dispute`,
        {
          config: { access: forArtist(userAccess(ARTIST), 'manage') },
          schema: {
            tags,
            body: socialDisputeBodySchema,
            response: { 200: envelope(expressCampaignStatusSchema) },
          },
        },
        async (req) => {
          const c = await social.disputeSound(
            deps,
            currentUser(req).id,
            req.body.campaign_id,
            req.body.reason,
          );
          return {
            data: { id: c.id, status_id: c.statusId },
            message: t(req.lang, 'express.sound_disputed'),
          };
        },
      );
    }

    app.get(
      `${p.base}/influencer/campaign/reasons`,
      {
        config: { access: userAccess(INFLUENCER) },
        schema: { tags, response: { 200: envelope(z.array(expressReasonSchema)) } },
      },
      async (req) => ({ data: await catalog.activeReasons(deps.database, adapter.typeId, req.lang) }),
    );
    app.post(
      `${p.base}/influencer/approve/campaign`,
      {
        config: { access: userAccess(INFLUENCER) },
        schema: { tags, body: campaignIdBody, response: { 200: envelope(expressCampaignStatusSchema) } },
      },
      async (req) => {
        await social.socialCampaign(
          deps,
          adapter,
          { influencerId: currentUser(req).id },
          req.body.campaign_id,
        );
        const c = await machine.approve(deps, currentUser(req).id, req.body.campaign_id);
        return { data: { id: c.id, status_id: c.statusId }, message: t(req.lang, 'express.approved') };
      },
    );
    app.post(
      `${p.base}/influencer/decline/campaign`,
      {
        config: { access: userAccess(INFLUENCER) },
        schema: {
          tags,
          body: campaignIdBody.extend(expressDeclineFields),
          response: { 200: envelope(expressCampaignStatusSchema) },
        },
      },
      async (req) => {
        await social.socialCampaign(
          deps,
          adapter,
          { influencerId: currentUser(req).id },
          req.body.campaign_id,
        );
        const c = await machine.decline(
          deps,
          currentUser(req).id,
          req.body.campaign_id,
          machine.declineInput(req.body),
        );
        return { data: { id: c.id, status_id: c.statusId }, message: t(req.lang, 'express.declined') };
      },
    );

    app.post(
      `${p.base}/influencer/add/review`,
      {
        config: { access: userAccess(INFLUENCER) },
        schema: {
          tags,
          body: campaignIdBody.extend({
            rating: z.coerce.number().int().min(1, 'validation.min_value').max(5, 'validation.max_value'),
            comment: z.string().trim().max(1000, 'validation.too_long').optional(),
          }),
          response: { 201: envelope(z.object({ id: z.number().int(), rating: z.number().int() })) },
        },
      },
      async (req, reply) => {
        const r = await social.addInfluencerReview(
          deps,
          adapter,
          currentUser(req).id,
          req.body.campaign_id,
          req.body.rating,
          req.body.comment || null,
        );
        return reply
          .status(201)
          .send({ data: { id: r.id, rating: r.rating }, message: t(req.lang, 'express.reviewed') });
      },
    );

    app.post(
      `${p.base}/artist/campaign/renew/check`,
      {
        config: { access: forArtist(userAccess(ARTIST), 'manage') },
        schema: { tags, body: campaignIdBody, response: { 200: envelope(socialRenewCheckSchema) } },
      },
      async (req) => {
        const r = await renewal.renewCheck(deps, adapter, currentUser(req).id, req.body.campaign_id);
        return { data: { renewable: r.renewable, price: r.price, account: r.target, track: r.track } };
      },
    );
    app.post(
      `${p.base}/artist/campaign/renew`,
      {
        config: { access: forArtist(userAccess(ARTIST), 'manage') },
        schema: {
          tags,
          body: campaignIdBody,
          response: { 201: envelope(z.array(expressSocialCampaignSchema)) },
        },
      },
      async (req, reply) => {
        const artistId = currentUser(req).id;
        const created = await renewal.renew(deps, adapter, artistId, req.body.campaign_id);
        const items = [];
        for (const c of created) items.push(await social.socialCampaign(deps, adapter, { artistId }, c.id));
        return reply.status(201).send({ data: items, message: t(req.lang, 'express.created_influencers') });
      },
    );

    app.get(
      p.videos,
      {
        config: { access: userAccess(INFLUENCER) },
        schema: {
          tags,
          querystring: z.object({ campaign_id: id }),
          response: { 200: envelope(z.array(socialVideoSchema)) },
        },
      },
      async (req) => ({
        data: await social.submittableVideos(deps, adapter, currentUser(req).id, req.query.campaign_id),
      }),
    );
    app.post(
      p.submit,
      {
        config: { access: userAccess(INFLUENCER) },
        schema: {
          tags,
          body: campaignIdBody.extend({ video_id: z.string().trim().min(1, 'validation.required').max(100) }),
          response: { 200: envelope(socialSubmitSchema) },
        },
      },
      async (req) => {
        const r = await social.submitVideo(
          deps,
          adapter,
          currentUser(req).id,
          req.body.campaign_id,
          req.body.video_id,
        );
        return {
          data: {
            found: r.found,
            id: r.campaign.id,
            status_id: r.campaign.statusId,
            disclosure: r.check.disclosure ?? null,
            reason: r.check.reason ? t(req.lang, r.check.reason) : null,
          },
        };
      },
    );
  }
};
