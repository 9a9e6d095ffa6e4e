import type { ConnectedPlatform, ConnectStart, SocialAccount, SocialTier } from '@lm/contracts/connections';
import { connectionKeys, useApi } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/**
 * Shapes of the connection answers: the zod schemas in `@lm/contracts/connections` the API serialises
 * them through, imported as types only (no zod in the bundle).
 */
export type { SocialAccount, SocialTier } from '@lm/contracts/connections';

/** The platforms an influencer connects. */
export type SocialPlatform = ConnectedPlatform;

/** The spec's paths of each platform (section 7). */
export const SOCIAL_PATHS = {
  tiktok: {
    url: 'express-tiktok/oauth/url',
    token: 'express-tiktok/tiktok/access/token',
    tiers: 'express-tiktok/user/get-tiers',
    accounts: 'express-tiktok/tiktok/influencer/accounts',
    tier: 'express-tiktok/tiktok/change/account/tier',
    revoke: 'express-tiktok/tiktok/influencer/revoke',
  },
  instagram: {
    url: 'express-instagram/oauth/url',
    token: 'express-instagram/instagram/access/token',
    tiers: 'express-instagram/user/get-tiers',
    accounts: 'express-instagram/instagram/influencer/accounts',
    tier: 'express-instagram/instagram/change/account/tier',
    revoke: 'express-instagram/instagram/revoke/account',
  },
} as const;

const bindingKey = (platform: SocialPlatform) => `SOCIAL_OAUTH_BINDING_${platform}`;

/** The influencer's accounts on a platform. */
export function useSocialAccounts(platform: SocialPlatform) {
  const { api } = useApi();
  return useQuery({
    queryKey: connectionKeys.accounts(platform),
    queryFn: async () => (await api.get<SocialAccount[]>(SOCIAL_PATHS[platform].accounts)).data,
  });
}

/** The active tiers of a platform, cheapest first. */
export function useSocialTiers(platform: SocialPlatform) {
  const { api } = useApi();
  return useQuery({
    queryKey: connectionKeys.tiers(platform),
    queryFn: async () => (await api.get<SocialTier[]>(SOCIAL_PATHS[platform].tiers)).data,
    staleTime: 5 * 60_000,
  });
}

/**
 * `oauth/url`: the consent page to open. Its binding secret stays in this tab (sessionStorage), so only
 * the browser that started the connection can finish it (like Google sign-in).
 */
export function useStartConnection(platform: SocialPlatform) {
  const { api } = useApi();
  return useMutation({
    mutationFn: async () => {
      const { data } = await api.get<ConnectStart>(SOCIAL_PATHS[platform].url);
      sessionStorage.setItem(bindingKey(platform), data.binding);
      return data.url;
    },
  });
}

/** `access/token`: finish the connection with the code and state of the callback and this tab's binding. */
export function useFinishConnection(platform: SocialPlatform) {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { code: string; state: string }) => {
      const binding = sessionStorage.getItem(bindingKey(platform)) ?? '';
      try {
        return (
          await api.post<SocialAccount>(SOCIAL_PATHS[platform].token, { ...body, binding }, { silent: true })
        ).data;
      } finally {
        sessionStorage.removeItem(bindingKey(platform));
      }
    },
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.accounts(platform) }),
  });
}

/** `change/account/tier`. */
export function useChangeTier(platform: SocialPlatform) {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (query: { account_id: number; tier_id: number }) =>
      (await api.get<SocialAccount>(SOCIAL_PATHS[platform].tier, { query })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.accounts(platform) }),
  });
}

/** PUT /api/social-accounts/{id}/settings: the account takes no AI-made music (`refuses_ai`). */
export function useAccountSettings(platform: SocialPlatform) {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: { account_id: number; refuses_ai: boolean }) =>
      (
        await api.put<SocialAccount>(`social-accounts/${input.account_id}/settings`, {
          refuses_ai: input.refuses_ai,
        })
      ).data,
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.accounts(platform) }),
  });
}

/** Revoke (disconnect) an account. */
export function useRevokeAccount(platform: SocialPlatform) {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (accountId: number) =>
      api.get(SOCIAL_PATHS[platform].revoke, { query: { account_id: accountId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: connectionKeys.accounts(platform) }),
  });
}
