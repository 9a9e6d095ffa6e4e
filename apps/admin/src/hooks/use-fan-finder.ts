import { FAN_FINDER_FEATURES, FAN_FINDER_LIMITS } from '@lm/contracts';
import type { Translations } from '@lm/contracts/translations';
import {
  type AdminFanFinderSubscriptionDetail,
  type AdminFanFinderSubscription as AdminSubscriptionRow,
  type AnalysedArtistDetail,
  type AnalysedArtist as AnalysedArtistRow,
  adminFanFinderKeys,
  type FanBand,
  type FanFinderPlan,
  type FanFinderSubscription,
  type FanPage,
  useApi,
} from '@lm/ui';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useChange, useGet } from './use-admin-api';

export type { AnalysedArtistDetail, AnalysedArtistRow };

/**
 * A subscription with its subscriber, as the staff list answers it; the detail adds its charges.
 */
export type AdminFanFinderSubscription = AdminSubscriptionRow &
  Partial<Pick<AdminFanFinderSubscriptionDetail, 'charges'>>;

/** The plan form: the API's rules (name, days 1..366, price in coins, features, status). */
export const planFormSchema = z.object({
  plan_name: z.string().trim().min(1, 'validation.required').max(100, 'validation.too_long'),
  plan_days: z
    .number({ error: 'validation.required' })
    .int('validation.whole_number')
    .min(1, 'validation.min_value')
    .max(FAN_FINDER_LIMITS.maxPlanDays, 'validation.max_value'),
  price: z
    .number({ error: 'validation.required' })
    .int('validation.whole_number')
    .min(1, 'validation.min_value')
    .max(FAN_FINDER_LIMITS.maxPlanPrice, 'validation.max_value'),
  features: z.array(z.enum(FAN_FINDER_FEATURES)),
  status: z.boolean(),
});
export type PlanForm = z.infer<typeof planFormSchema>;

/** `GET admin/fan-finder/plans`: every plan, offered or not. */
export function useAdminPlans() {
  return useGet<FanFinderPlan[]>(adminFanFinderKeys.plans, 'admin/fan-finder/plans');
}

/** Create (no id) or update a plan; status sent as 1/0. */
export function useSavePlan() {
  const { api } = useApi();
  return useChange(
    async ({ id, body }: { id?: number; body: PlanForm & { translations: Translations<'plan_name'> } }) => {
      const payload = { ...body, status: body.status ? 1 : 0 };
      return id
        ? api.put(`admin/fan-finder/plans/${id}`, payload)
        : api.post('admin/fan-finder/plans', payload);
    },
    [adminFanFinderKeys.plans],
  );
}

/** Delete a plan nobody subscribed to. */
export function useDeletePlan() {
  const { api } = useApi();
  return useChange(
    async (id: number) => api.delete(`admin/fan-finder/plans/${id}`),
    [adminFanFinderKeys.plans],
  );
}

/** One subscription with its charges. */
export function useAdminSubscription(id: number | null) {
  return useGet<AdminFanFinderSubscription>(
    adminFanFinderKeys.subscription(id ?? 0),
    `admin/fan-finder/subscriptions/${id}`,
    { enabled: id !== null },
  );
}

/** A user's subscriptions, newest first (user overview tab). */
export function useUserSubscriptions(userId: number) {
  return useGet<FanFinderSubscription[]>(
    adminFanFinderKeys.userSubscriptions(userId),
    `admin/fan-finder/users/${userId}/subscriptions`,
  );
}

/** Staff switch of auto-renew (audited by the API). */
export function useStaffAutoRenew() {
  const { api } = useApi();
  return useChange(
    async ({ id, auto_renew }: { id: number; auto_renew: boolean }) =>
      api.put(`admin/fan-finder/subscriptions/${id}`, { auto_renew }),
    [adminFanFinderKeys.all, ['list']],
  );
}

/** `GET admin/fan-finder/artists/{id}` (/fan/finder/details/{searchArtist}, the user overview's tab). */
export function useAnalysedArtist(userId: number) {
  return useGet<AnalysedArtistDetail>(
    adminFanFinderKeys.artist(userId),
    `admin/fan-finder/artists/${userId}`,
    { enabled: Number.isSafeInteger(userId) && userId > 0 },
  );
}

/** `GET admin/fan-finder/artists/{id}/fans`: a page of one of the artist's grids. */
export function useArtistFans(userId: number, scope: 'own' | 'related', page: number, band: FanBand | null) {
  const { api } = useApi();
  return useQuery({
    queryKey: adminFanFinderKeys.fans(userId, scope, page, band),
    queryFn: async () =>
      (await api.get<never>(`admin/fan-finder/artists/${userId}/fans`, {
        query: { scope, page, ...(band ? { band } : {}) },
      })) as unknown as FanPage,
    placeholderData: (prev) => prev,
    enabled: Number.isSafeInteger(userId) && userId > 0,
  });
}
