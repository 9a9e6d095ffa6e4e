import type { SocialTier } from '@lm/contracts/connections';
import type {
  ExpressCampaignStatus,
  ExpressSocialCampaign,
  ExpressSocialCampaignDetail,
  SocialAccountForSale,
  SocialCampaignRequest,
  SocialCardConfirmation,
  SocialMusicCheck,
  SocialRenewCheck,
} from '@lm/contracts/express';
import type { MatchedAccount, OfferProfileEdit } from '@lm/contracts/offers';
import { type ApiPath, expressKeys, socialExpressKeys, useApi } from '@lm/ui';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  type CampaignCheckout,
  EXPRESS_DATA,
  EXPRESS_PAYMENT_DATA,
  matchParams,
  type TrackTraits,
} from './use-express';

/** A video platform's key: tiktok, instagram or any platform registered with `registerPlatform` of @lm/ui. */
export type SocialPlatform = string;

/**
 * Shapes of the request and answers: the zod schemas in `@lm/contracts/express` the API validates and
 * serialises through, imported as types only (no zod in the bundle).
 */
export type { SocialCampaignRequest, SocialRenewCheck } from '@lm/contracts/express';
/** A checked music link: the sound it names ('Invalid Music URL' / 'Link Is Wrong' otherwise, 422). */
export type CheckedSound = SocialMusicCheck;

/** What follows `express-tiktok/` in TikTok's paths answering `M`: every video platform has the same routes. */
type SocialRoute<M extends 'get' | 'post' | 'put'> =
  ApiPath<M> extends infer P ? (P extends `express-tiktok/${infer Rest}` ? Rest : never) : never;

/**
 * A video platform's path: its routes are built from its adapter (apps/api express `socialExpressRoutes`),
 * the same for every platform, so `route` is checked against TikTok's and the platform's name put in.
 */
const socialPath = <M extends 'get' | 'post' | 'put'>(p: SocialPlatform, route: SocialRoute<M>) =>
  `express-${p}/${route}` as ApiPath<M>;

/** GET express-{p}/user/get-tiers: the platform's active tiers (filter of the accounts). */
export function useSocialTiers(platform: SocialPlatform) {
  const { api } = useApi();
  return useQuery({
    queryKey: socialExpressKeys.tiers(platform),
    queryFn: async () => (await api.get<SocialTier[]>(socialPath<'get'>(platform, 'user/get-tiers'))).data,
    staleTime: 60_000,
  });
}

/**
 * GET express-{p}/artist/accounts/campaigns: accounts an artist may buy, by tier and followers; sorted
 * by quality score (`sort`) and filtered by a minimum score on the server.
 */
export function useSocialAccounts(
  platform: SocialPlatform,
  /** The step's filters and sort (`offerFilterQuery` names). */
  filters: Record<string, string | null>,
  /** The artist's declaration: true leaves out the accounts that take no AI-made music. */
  madeWithAi: boolean | null = null,
) {
  const { api } = useApi();
  return useQuery({
    queryKey: socialExpressKeys.accounts(platform, filters, madeWithAi),
    queryFn: async () =>
      (
        await api.get<SocialAccountForSale[]>(socialPath<'get'>(platform, 'artist/accounts/campaigns'), {
          query: { ...filters, made_with_ai: madeWithAi === null ? null : String(madeWithAi) },
        })
      ).data,
    placeholderData: keepPreviousData,
  });
}

/** GET express-{platform}/artist/accounts/matched: the accounts matched for the track, best first. */
export function useMatchedAccounts(platform: SocialPlatform, track: TrackTraits, enabled: boolean) {
  const { api } = useApi();
  const query = matchParams(track);
  return useQuery({
    queryKey: expressKeys.matched(platform, 'artist', query),
    queryFn: async () =>
      (await api.get<MatchedAccount[]>(socialPath<'get'>(platform, 'artist/accounts/matched'), { query }))
        .data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** POST {checkPath} {sound_link}: checks a TikTok or Instagram music link (silent: the field shows why). */
export function useCheckMusic(checkPath: ApiPath<'post'>) {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (link: string) =>
      (await api.post<SocialMusicCheck>(checkPath, { sound_link: link }, { silent: true })).data,
  });
}

/** POST express-{p}/artist/campaign/create: one campaign per account, paid with coins (held). */
export function useCreateSocialCampaign(platform: SocialPlatform) {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: SocialCampaignRequest) =>
      (
        await api.post<ExpressSocialCampaign[]>(
          socialPath<'post'>(platform, 'artist/campaign/create'),
          { ...body, payment_method: 'coins' },
          { silent: true },
        )
      ).data,
    meta: { invalidates: EXPRESS_PAYMENT_DATA },
  });
}

/** POST express-{p}/artist/campaign/checkout: the hosted card page for exactly the accounts' coins. */
export function useSocialCardCheckout(platform: SocialPlatform) {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: SocialCampaignRequest) =>
      (
        await api.post<CampaignCheckout>(socialPath<'post'>(platform, 'artist/campaign/checkout'), body, {
          silent: true,
        })
      ).data,
  });
}

/** POST express-{p}/artist/campaign/checkout/check/pay: the payment and, once paid, its campaigns. */
export function useConfirmSocialCard(platform: SocialPlatform) {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (sessionId: string) => {
      const answer = await api.post<SocialCardConfirmation>(
        socialPath<'post'>(platform, 'artist/campaign/checkout/check/pay'),
        { session_id: sessionId },
        { silent: true },
      );
      return { ...answer.data, message: answer.message };
    },
    meta: { invalidates: EXPRESS_PAYMENT_DATA },
  });
}

/** GET express-{p}/artist/show/campaign/{id}: one campaign with its timeline and review. */
export function useSocialCampaign(platform: SocialPlatform, id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: socialExpressKeys.campaign(platform, id),
    queryFn: async () =>
      (await api.get<ExpressSocialCampaignDetail>(socialPath<'get'>(platform, `artist/show/campaign/${id}`)))
        .data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** POST express-{p}/artist/campaign/renew/check. */
export function useSocialRenewCheck(platform: SocialPlatform, campaignId: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: socialExpressKeys.renewCheck(platform, campaignId),
    queryFn: async () =>
      (
        await api.post<SocialRenewCheck>(socialPath<'post'>(platform, 'artist/campaign/renew/check'), {
          campaign_id: campaignId,
        })
      ).data,
    enabled: Number.isInteger(campaignId) && campaignId > 0,
    retry: false,
  });
}

/** POST express-{p}/artist/campaign/renew: a new campaign on the same account, paid with coins. */
export function useSocialRenew(platform: SocialPlatform) {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (campaignId: number) =>
      (
        await api.post<ExpressSocialCampaign[]>(
          socialPath<'post'>(platform, 'artist/campaign/renew'),
          { campaign_id: campaignId },
          { silent: true },
        )
      ).data,
    meta: { invalidates: EXPRESS_PAYMENT_DATA },
  });
}

/** POST express-instagram/artist/campaign/confirm or /dispute: the artist's word on the reel's sound. */
export function useSoundVerdict() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: { campaign_id: number; verdict: 'confirm' | 'dispute'; reason?: string }) =>
      (
        await api.post<ExpressCampaignStatus>(`express-instagram/artist/campaign/${body.verdict}`, {
          campaign_id: body.campaign_id,
          reason: body.reason,
        })
      ).data,
    meta: { invalidates: EXPRESS_DATA },
  });
}

/** PUT express-{platform}/influencer/accounts/{id}/profile: what artists read of a creator's account. */
export function useEditAccountProfile(platform: SocialPlatform, accountId: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: OfferProfileEdit & { genre_ids?: number[] }) =>
      api.put(socialPath<'put'>(platform, `influencer/accounts/${accountId}/profile`), body),
    meta: { invalidates: [...EXPRESS_DATA, expressKeys.offers] },
  });
}
