import type {
  FanBand,
  FanFinderConnections,
  FanFinderFlags,
  FanFinderPlan,
  FanFinderSubscription,
  FanPage,
} from '@lm/ui';
import { fanFinderKeys, useApi } from '@lm/ui';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRefreshWallet } from './use-wallet';

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

/**
 * Reads every Fan Finder query again after a change. A read already in flight started before the
 * change was saved: it is cancelled first, since an invalidation joins a first read still in flight
 * instead of starting a new one, and its stale answer would stay on screen (seen with the Instagram
 * connection finished while the page's first read of the connections was under way).
 */
async function refetchFanFinder(client: QueryClient): Promise<void> {
  await client.cancelQueries({ queryKey: fanFinderKeys.all });
  await client.invalidateQueries({ queryKey: fanFinderKeys.all });
}

function useInvalidate() {
  const client = useQueryClient();
  return () => refetchFanFinder(client);
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

// ---- The analysis: connections, related artists, fan grids. ----

const IG_BINDING_KEY = 'FAN_FINDER_IG_BINDING';

/** The artist's connections; polled every 3 s while an analysis is pending. */
export function useFanConnections() {
  const { api } = useApi();
  return useQuery({
    queryKey: fanFinderKeys.connections,
    queryFn: async () => (await api.get<FanFinderConnections>('fan-finder/connections')).data,
    refetchInterval: (q) => {
      const d = q.state.data;
      return d && [d.instagram, ...d.related].some((c) => c?.sync_status === 'pending') ? 3000 : false;
    },
  });
}

/** A page of a fan grid (`get/fans` or `get/related-fans`); polled while the grid is pending. */
export function useFans(scope: 'own' | 'related', page: number, band: FanBand | null) {
  const { api } = useApi();
  return useQuery({
    queryKey: fanFinderKeys.fans(scope, page, band),
    queryFn: async () =>
      (await api.post<never>(scope === 'own' ? 'fan/finder/get/fans' : 'fan/finder/get/related-fans', {
        page,
        ...(band ? { band } : {}),
      })) as unknown as FanPage,
    placeholderData: (prev) => prev,
    refetchInterval: (q) => (q.state.data?.pending ? 3000 : false),
  });
}

/** `spotify/search-artists` (3 characters at least). */
export function useSpotifyArtistSearch(q: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: fanFinderKeys.search(q),
    enabled: q.trim().length >= 3,
    queryFn: async () =>
      (
        await api.get<{ id: string; name: string; imageUrl: string | null; followers: number }[]>(
          'spotify/search-artists',
          { query: { q: q.trim(), limit: 6 } },
        )
      ).data,
    staleTime: 60_000,
  });
}

function useRefreshAnalysis() {
  const client = useQueryClient();
  return () => refetchFanFinder(client);
}

/** Instagram step 1: the consent page to open; the binding secret stays in this tab. */
export function useStartInstagram() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async () => {
      const { data } = await api.get<{ url: string; binding: string }>('fan-finder/instagram/oauth/url');
      sessionStorage.setItem(IG_BINDING_KEY, data.binding);
      return data.url;
    },
  });
}

/** Instagram step 2: finish with the callback's code and state and this tab's binding. */
export function useFinishInstagram() {
  const { api } = useApi();
  const refresh = useRefreshAnalysis();
  return useMutation({
    mutationFn: async (body: { code: string; state: string }) => {
      const binding = sessionStorage.getItem(IG_BINDING_KEY) ?? '';
      try {
        return (
          await api.post<FanFinderConnections>(
            'fan-finder/instagram/access/token',
            { ...body, binding },
            { silent: true },
          )
        ).data;
      } finally {
        sessionStorage.removeItem(IG_BINDING_KEY);
      }
    },
    onSuccess: refresh,
  });
}

/** The own Spotify artist profile. */
export function useSetSpotifyProfile() {
  const { api } = useApi();
  const refresh = useRefreshAnalysis();
  return useMutation({
    mutationFn: async (spotify_id: string) =>
      (await api.post<FanFinderConnections>('fan-finder/spotify/profile', { spotify_id })).data,
    onSuccess: refresh,
  });
}

/** Add a related artist (Spotify id + Instagram username). */
export function useAddRelatedArtist() {
  const { api } = useApi();
  const refresh = useRefreshAnalysis();
  return useMutation({
    mutationFn: async (body: { spotify_id: string; instagram_username: string }) =>
      (await api.post<FanFinderConnections>('fan-finder/related-artists', body)).data,
    onSuccess: refresh,
  });
}

/** `fan-finder/delete/connection/{id}`. */
export function useDeleteFanConnection() {
  const { api } = useApi();
  const refresh = useRefreshAnalysis();
  return useMutation({
    mutationFn: async (id: number) => api.delete(`fan-finder/delete/connection/${id}`),
    onSuccess: refresh,
  });
}

/** Download one grid as CSV (`fan/finder/export/fans`). */
export function useExportFans() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async ({ scope, band }: { scope: 'own' | 'related'; band: FanBand | null }) => {
      const query = new URLSearchParams({ scope, ...(band ? { band } : {}) });
      const response = await fetch(`${api.options.baseUrl}/fan/finder/export/fans?${query}`, {
        headers: { Authorization: `Bearer ${api.token() ?? ''}`, 'X-Lang': api.options.getLanguage() },
      });
      if (!response.ok) throw new Error(`export failed: ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `fans-${scope}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    },
  });
}
