import type { ForceEndOutcome } from '@lm/contracts';
import type { BehalfUser } from '@lm/contracts/admin-users';
import type { CampaignChecks } from '@lm/contracts/campaign-checks';
import type { CampaignMessages } from '@lm/contracts/campaign-messages';
import type { ExpressSocialStaffCampaign } from '@lm/contracts/express';
import {
  type ApiPath,
  adminExpressKeys,
  type ExpressCampaignDetail,
  type ExpressDuration,
  type ExpressPlaylist,
  type ExpressReason,
  type ExpressTier,
  useApi,
} from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { isRecordId, useChange, useGet, useRefreshArea } from './use-admin-api';

export type LookupKind = 'tiers' | 'durations' | 'reasons';

export const tierFormSchema = z.object({
  tier_name: z.string().trim().min(1, 'validation.required').max(100),
  price: z.number({ error: 'validation.required' }).int().min(1, 'validation.required'),
  description: z.string().trim().max(500).optional(),
  status: z.boolean(),
});
export const durationFormSchema = z.object({
  duration: z.number({ error: 'validation.required' }).int().min(1, 'validation.required').max(365),
  status: z.boolean(),
});
export const reasonFormSchema = z.object({
  reason: z.string().trim().min(1, 'validation.required').max(200),
  /** The platforms whose sellers are offered the reason (1 Spotify, 2 TikTok, 3 Instagram). */
  campaign_type_ids: z.array(z.number().int()).min(1, 'express.admin.platforms_required'),
  status: z.boolean(),
});

type LookupRow = { tiers: ExpressTier; durations: ExpressDuration; reasons: ExpressReason };

/** Refreshes the express queries and lists after a change. */
export function useRefreshExpress() {
  // The prefix takes in Spotify's `admin/express/...` and TikTok's and Instagram's `admin/express-tiktok/...` lists.
  return useRefreshArea(adminExpressKeys.all, 'admin/express');
}

/** GET admin/express/{tiers|durations|reasons}. */
export function useExpressLookup<K extends LookupKind>(kind: K) {
  return useGet<LookupRow[K][]>(adminExpressKeys.lookup(kind), `admin/express/${kind}`);
}

/** POST (new) or PUT (edit) of a tier, duration or reason; status as 1/0. */
export function useSaveLookup(kind: LookupKind) {
  const { api } = useApi();
  const refresh = useRefreshExpress();
  return useChange(
    async ({ id, body }: { id?: number; body: Record<string, unknown> & { status: boolean } }) => {
      const payload = { ...body, status: body.status ? 1 : 0 };
      return id
        ? api.put(`admin/express/${kind}/${id}`, payload)
        : api.post(`admin/express/${kind}`, payload);
    },
    refresh,
  );
}

/** DELETE admin/express/reasons/{id} (retires it). */
export function useRetireReason() {
  const { api } = useApi();
  const refresh = useRefreshExpress();
  return useChange(async (id: number) => api.delete(`admin/express/reasons/${id}`), refresh);
}

export function useAdminPlaylist(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: adminExpressKeys.playlist(id),
    queryFn: async () =>
      (
        await api.get<ExpressPlaylist & { campaigns: ExpressCampaignDetail[] }>(
          `admin/express/playlists/${id}`,
        )
      ).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

/** POST admin/express/playlists/{id}/status {status: approve|decline|disable, reason?}. */
export function usePlaylistStatus() {
  const { api } = useApi();
  const refresh = useRefreshExpress();
  return useChange(
    async (v: { id: number; status: 'approve' | 'decline' | 'disable'; reason?: string }) =>
      api.post(`admin/express/playlists/${v.id}/status`, { status: v.status, reason: v.reason }),
    refresh,
  );
}

export function useAdminCampaign(id: number) {
  return useGet<ExpressCampaignDetail>(adminExpressKeys.campaign(id), `admin/express/campaigns/${id}`, {
    enabled: isRecordId(id),
  });
}

/** POST admin/express/campaigns/{id}/force-end {outcome: completed|refunded, note?}; only the outcomes of `forceEndOutcomes` fit. */
export function useForceEnd() {
  const { api } = useApi();
  const refresh = useRefreshExpress();
  return useChange(
    async (v: { id: number; outcome: ForceEndOutcome; note?: string }) =>
      api.post(`admin/express/campaigns/${v.id}/force-end`, { outcome: v.outcome, note: v.note }),
    refresh,
  );
}

/** GET admin/express-{tiktok|instagram}/campaigns/{id}: a TikTok or Instagram campaign with its timeline. */
export function useAdminSocialCampaign(platform: 'tiktok' | 'instagram', id: number) {
  return useGet<ExpressSocialStaffCampaign>(
    adminExpressKeys.socialCampaign(platform, id),
    `admin/express-${platform}/campaigns/${id}`,
    { enabled: isRecordId(id) },
  );
}

/** POST admin/express-instagram/campaigns/{id}/dispute: staff uphold or reject an artist's dispute. */
export function useDecideDispute() {
  const { api } = useApi();
  const refresh = useRefreshExpress();
  return useChange(
    async (v: { id: number; decision: 'uphold' | 'reject'; note?: string }) =>
      api.post(`admin/express-instagram/campaigns/${v.id}/dispute`, { decision: v.decision, note: v.note }),
    refresh,
  );
}

/** A user staff act for (`admin/express/artists`, `admin/express/curators`, `admin/forms/artists`). */
export type { BehalfUser } from '@lm/contracts/admin-users';

/** Approved users of a picker: those matching `q`, or the one `id` (a link from the user overview). */
export function useBehalfUsers(path: ApiPath<'get'>, search: { q?: string; id?: number }) {
  const { api } = useApi();
  return useQuery({
    queryKey: adminExpressKeys.behalfUsers(path, search.q ?? '', search.id ?? 0),
    queryFn: async () =>
      (
        await api.get<BehalfUser[]>(path, {
          query: search.id ? { id: search.id } : { q: search.q ?? '' },
          silent: true,
        })
      ).data,
  });
}

/** What the staff playlist form offers (`admin/express/playlist/options`). */
export function usePlaylistOptions() {
  const { api } = useApi();
  return useQuery({
    queryKey: adminExpressKeys.playlistOptions,
    queryFn: async () =>
      (
        await api.get<{
          tiers: ExpressTier[];
          durations: ExpressDuration[];
          genres: { id: number; name: string }[];
        }>('admin/express/playlist/options')
      ).data,
  });
}

/** POST admin/express/playlists: staff list a playlist for a curator (waits for approval). */
export function useCreatePlaylistFor() {
  const { api } = useApi();
  const refresh = useRefreshExpress();
  return useChange(
    async (body: {
      curator_id: number;
      spotify_url: string;
      tier_id: number;
      duration_id: number;
      genre_ids: number[];
      renewable: boolean;
    }) => (await api.post<{ id: number; status_id: number }>('admin/express/playlists', body)).data,
    refresh,
  );
}

/** POST admin/express/checkout: staff order campaigns for an artist, paid with the artist's coins. */
export function useCheckoutFor() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: {
      artist_id: number;
      track_link: string;
      playlist_ids: number[];
      pitch?: string;
      made_with_ai: boolean;
      language_id: number | null;
    }) => (await api.post<ExpressCampaignDetail[]>('admin/express/checkout', body)).data,
    // The artist's balance, campaign lists and overview tabs all change: refresh every query.
    onSuccess: () => client.invalidateQueries(),
  });
}

/**
 * `GET admin/express-campaigns/{id}/messages`: a campaign's conversation, read-only (any platform).
 * The API answers 403 unless a ticket or a dispute names the campaign or the reader holds
 * the messages permission (`EXPRESS_ADMIN_PERMISSIONS.messages`; every read audited); silent, the page says why instead of a toast.
 */
export function useAdminCampaignMessages(id: number) {
  return useGet<CampaignMessages>(adminExpressKeys.messages(id), `admin/express-campaigns/${id}/messages`, {
    silent: true,
    retry: false,
    enabled: isRecordId(id),
  });
}

/** A campaign's daily history (any platform), for staff. */
export function useAdminCampaignChecks(id: number) {
  return useGet<CampaignChecks>(adminExpressKeys.checks(id), `admin/express-campaigns/${id}/checks`, {
    silent: true,
    retry: false,
    enabled: isRecordId(id),
  });
}
