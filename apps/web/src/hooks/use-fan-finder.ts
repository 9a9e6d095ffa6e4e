import type { FanFinderFlags, FanFinderPlan, FanFinderSubscription } from '@lm/ui';
import { useApi } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRefreshWallet } from './use-wallet';

/** Query keys of the Fan Finder domain. */
export const fanFinderKeys = {
  all: ['fan-finder'] as const,
  plans: ['fan-finder', 'plans'] as const,
  check: ['fan-finder', 'check'] as const,
  subscription: ['fan-finder', 'subscription'] as const,
};

/** `fan/finder/get/all-plans`: the plans on offer, cheapest first. */
export function useFanFinderPlans() {
  const { api } = useApi();
  return useQuery({
    queryKey: fanFinderKeys.plans,
    queryFn: async () => (await api.get<FanFinderPlan[]>('fan/finder/get/all-plans')).data,
    staleTime: 60_000,
  });
}

/** `fan/finder/get/subscription`: the current subscription (open, else the latest ended), or null. */
export function useFanFinderSubscription() {
  const { api } = useApi();
  return useQuery({
    queryKey: fanFinderKeys.subscription,
    queryFn: async () => (await api.get<FanFinderSubscription | null>('fan/finder/get/subscription')).data,
  });
}

/** `fan/finder/check/subscription`. */
export function useFanFinderCheck() {
  const { api } = useApi();
  return useQuery({
    queryKey: fanFinderKeys.check,
    queryFn: async () =>
      (await api.get<FanFinderFlags & { subscription_id: number | null }>('fan/finder/check/subscription'))
        .data,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: fanFinderKeys.all });
}

/** `fan/finder/new/subscription`: pays with coins; the wallet balance is refreshed. */
export function useSubscribe() {
  const { api } = useApi();
  const invalidate = useInvalidate();
  const refreshWallet = useRefreshWallet();
  return useMutation({
    mutationFn: async (body: { plan_id: number; auto_renew: boolean }) =>
      (await api.post<FanFinderSubscription>('fan/finder/new/subscription', body)).data,
    onSuccess: async () => {
      await Promise.all([invalidate(), refreshWallet()]);
    },
  });
}

/** `fan/finder/update/subscription/{id}`: the auto-renew switch. */
export function useSetAutoRenew() {
  const { api } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async ({ id, auto_renew }: { id: number; auto_renew: boolean }) =>
      (await api.put<FanFinderSubscription>(`fan/finder/update/subscription/${id}`, { auto_renew })).data,
    onSuccess: invalidate,
  });
}

/** `fan/finder/cancel/subscription/{id}`: no renewal, access until the end date. */
export function useCancelSubscription() {
  const { api } = useApi();
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api.post<FanFinderSubscription>(`fan/finder/cancel/subscription/${id}`, {})).data,
    onSuccess: invalidate,
  });
}
