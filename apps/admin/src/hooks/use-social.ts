import type { SocialDuration, SocialTier } from '@lm/contracts/connections';
import { adminSocialKeys, useApi } from '@lm/ui';
import { z } from 'zod';
import { useChange, useGet } from './use-admin-api';

/** The platforms of influencer connections. */
export type SocialPlatform = 'tiktok' | 'instagram';
export type SocialLookupKind = 'tiers' | 'durations';

/** A tier and a duration as the back-office lists them: the connections contract's answers. */
export type {
  SocialDuration as SocialDurationRow,
  SocialTier as SocialTierRow,
} from '@lm/contracts/connections';

/** The tier form (the API's rules: name, price in coins, followers an account needs, status). */
export const socialTierFormSchema = z.object({
  tier_name: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
  price: z
    .number({ error: 'validation.required' })
    .int('validation.whole_number')
    .min(1, 'validation.required'),
  min_followers: z.number({ error: 'validation.required' }).int('validation.whole_number').min(0),
  description: z.string().trim().max(500).optional(),
  status: z.boolean(),
});
export const socialDurationFormSchema = z.object({
  duration: z.number({ error: 'validation.required' }).int('validation.whole_number').min(1).max(365),
  status: z.boolean(),
});

/** `GET admin/{platform}/{tiers|durations}`. */
export function useSocialLookup<K extends SocialLookupKind>(platform: SocialPlatform, kind: K) {
  return useGet<(K extends 'tiers' ? SocialTier : SocialDuration)[]>(
    adminSocialKeys.lookup(platform, kind),
    `admin/${platform}/${kind}`,
  );
}

/** POST (new) or PUT (edit) of a tier or duration; status sent as 1/0. */
export function useSaveSocialLookup(platform: SocialPlatform, kind: SocialLookupKind) {
  const { api } = useApi();
  return useChange(
    async ({ id, body }: { id?: number; body: Record<string, unknown> & { status: boolean } }) => {
      const payload = { ...body, status: body.status ? 1 : 0 };
      return id
        ? api.put(`admin/${platform}/${kind}/${id}`, payload)
        : api.post(`admin/${platform}/${kind}`, payload);
    },
    [adminSocialKeys.lookup(platform, kind)],
  );
}
