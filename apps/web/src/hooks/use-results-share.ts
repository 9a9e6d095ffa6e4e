import type { ExpressCampaign } from '@lm/contracts/express';
import type { SharedResults, ShareLink } from '@lm/contracts/results-share';
import { resultsShareKeys, useApi } from '@lm/ui';
import { useMutation, useQuery } from '@tanstack/react-query';

export type { SharedResults, ShareLink };

/** `GET results/share-links`: the artist's share links, newest first. */
export function useShareLinks() {
  const { api } = useApi();
  return useQuery({
    queryKey: resultsShareKeys.links,
    queryFn: async () => (await api.get<ShareLink[]>('results/share-links')).data,
  });
}

/**
 * The artist's Spotify campaigns a link may be made for (the newest hundred), as `{ value, label }`
 * ("track · playlist"); the list of links names its campaigns with them too.
 */
export function useShareableCampaigns() {
  const { api } = useApi();
  return useQuery({
    queryKey: resultsShareKeys.campaigns,
    queryFn: async () =>
      (await api.list<ExpressCampaign>('express/artist/campaigns', { query: { limit: 100 } })).data.map(
        (c) => ({
          value: String(c.id),
          label: `${c.track.name} · ${c.playlist.name}`,
        }),
      ),
  });
}

/** `POST results/share-links`: a new link of one campaign (`campaign_id`) or of all the results (null). */
export function useCreateShareLink() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (body: { campaign_id: number | null; label: string | null; days: number }) =>
      (await api.post<ShareLink>('results/share-links', body)).data,
    meta: { invalidates: [resultsShareKeys.all] },
  });
}

/** `POST results/share-links/{id}/revoke`. */
export function useRevokeShareLink() {
  const { api } = useApi();
  return useMutation({
    mutationFn: async (id: string) => (await api.post<ShareLink>(`results/share-links/${id}/revoke`)).data,
    meta: { invalidates: [resultsShareKeys.all] },
  });
}

/**
 * `GET public/results/{token}` (no sign-in): what a link shows. A link that no longer works answers
 * 404, which the page shows itself (silent: no toast, no retry).
 */
export function useSharedResults(token: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: resultsShareKeys.shared(token),
    retry: false,
    queryFn: async () =>
      (await api.get<SharedResults>(`public/results/${encodeURIComponent(token)}`, { silent: true })).data,
  });
}
