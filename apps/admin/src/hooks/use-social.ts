import type { Translations } from '@lm/contracts/translations';
import { adminSocialKeys, useApi } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';

/** The platforms of influencer connections. */
export type SocialPlatform = 'tiktok' | 'instagram';
export type SocialLookupKind = 'tiers' | 'durations';

export interface SocialTierRow {
  id: number;
  platform: SocialPlatform;
  tier_name: string;
  price: number;
  min_followers: number;
  description: string | null;
  status: number;
  /** Name and description in the other languages. */
  translations?: Translations<'tier_name' | 'description'>;
}
export interface SocialDurationRow {
  id: number;
  duration: number;
  status: number;
}

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
  const { api } = useApi();
  return useQuery({
    queryKey: adminSocialKeys.lookup(platform, kind),
    queryFn: async () =>
      (await api.get<(K extends 'tiers' ? SocialTierRow : SocialDurationRow)[]>(`admin/${platform}/${kind}`))
        .data,
  });
}

/** POST (new) or PUT (edit) of a tier or duration; status sent as 1/0. */
export function useSaveSocialLookup(platform: SocialPlatform, kind: SocialLookupKind) {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      body,
    }: {
      id?: number;
      body: Record<string, unknown> & { status: boolean };
    }) => {
      const payload = { ...body, status: body.status ? 1 : 0 };
      return id
        ? api.put(`admin/${platform}/${kind}/${id}`, payload)
        : api.post(`admin/${platform}/${kind}`, payload);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: adminSocialKeys.lookup(platform, kind) }),
  });
}
