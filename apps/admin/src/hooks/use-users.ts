import type { AdminUserBody } from '@lm/contracts';
import type { QualityScore } from '@lm/contracts/score';
import { useApi, type WalletValueBasis } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query keys of the back-office users screens. */
export const userKeys = {
  all: ['admin-users'] as const,
  user: (id: number) => ['admin-users', 'user', id] as const,
  connections: (id: number) => ['admin-users', 'connections', id] as const,
  walletSummary: (id: number) => ['admin-users', 'wallet-summary', id] as const,
  lastFive: (id: number, type: number) => ['admin-users', 'last-five', id, type] as const,
  genres: (q: string) => ['lookups', 'genres', q] as const,
  tiers: ['lookups', 'tiers'] as const,
  userTypes: ['lookups', 'user-types'] as const,
};

interface IdName {
  id: number;
  name: string;
}

/** A row of GET admin/users. */
export interface AdminUserRow {
  id: number;
  name: string;
  email: string;
  image: string | null;
  phone_number: string | null;
  user_type_id: number;
  user_type: IdName;
  tier: IdName | null;
  status: string;
  status_key: string;
  country: { code: string; name: string } | null;
  member_since: string;
}

/** GET admin/users/{id}: the "User (admin view)" of spec section 3. */
export interface AdminUser extends AdminUserRow {
  first_name: string;
  last_name: string;
  image_key: string | null;
  tier_id: number | null;
  genres: IdName[];
  genre_ids: number[];
  spotify_link: string | null;
  instagram_link: string | null;
  facebook_link: string | null;
  tiktok_link: string | null;
  twitter_link: string | null;
  /** The artist profile's name and short bio (issue 20). */
  artist_name?: string | null;
  bio?: string | null;
  status_color: string;
  oauth_type: { name: string } | null;
  language: string;
  email_verified: boolean;
  has_password: boolean;
  /** Wallet value from the API's one valuation (artist: coin price; curator, influencer: payout rate). */
  balance: {
    balance: number;
    total_minor: number;
    currency: string;
    basis: WalletValueBasis;
    pence_per_coin: number;
  };
}

/** A row of GET users/activities/{id}. */
export interface UserActivity {
  id: number;
  platform: string | null;
  action: string;
  device: string | null;
  country: { code: string; name: string } | null;
  ip: string | null;
  created_at: string;
}

/** A Spotify account connected by the user (GET admin/users/{id}/connections). */
export interface SpotifyConnection {
  id: number;
  name: string;
  user_name: string;
  user_email: string | null;
  is_active: number;
  status: { status: string };
  created_at: string;
}

export function useAdminUser(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: userKeys.user(id),
    queryFn: async () => (await api.get<AdminUser>(`admin/users/${id}`, { silent: true })).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });
}

/** GET admin/users/{id}/wallet/summary: balance and the coins in (+) and out (−), in coins. */
export interface WalletSummary {
  balance: number;
  credits: number;
  debits: number;
  transactions: number;
}

export function useWalletSummary(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: userKeys.walletSummary(id),
    queryFn: async () => (await api.get<WalletSummary>(`admin/users/${id}/wallet/summary`)).data,
  });
}

/** A TikTok or Instagram account connected by the user (issue 12). */
export interface SocialConnection {
  id: number;
  platform: 'tiktok' | 'instagram';
  user_name: string;
  display_name: string;
  follower_count: number | null;
  account_type: string | null;
  status: 'connected' | 'expired' | 'revoked';
  tier: { id: number; tier_name: string; price: number } | null;
  connected_at: string;
  revoked_at: string | null;
  /** The account's quality score (issue 19). */
  score?: QualityScore;
}

/** GET admin/users/{id}/connections: the user's Spotify, TikTok and Instagram accounts. */
export function useUserConnections(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: userKeys.connections(id),
    queryFn: async () =>
      (
        await api.get<{
          spotify: SpotifyConnection[];
          tiktok: SocialConnection[];
          instagram: SocialConnection[];
        }>(`admin/users/${id}/connections`)
      ).data,
  });
}

/** Refreshes the user's overview and the users list after a change. */
function useRefreshUsers() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: userKeys.all }),
      client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'list' }),
    ]);
}

/** POST admin/users (create) or PUT admin/users/{id} (edit); answers the saved user. */
export function useSaveUser() {
  const { api } = useApi();
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: AdminUserBody }) =>
      id
        ? (await api.put<AdminUser>(`admin/users/${id}`, body)).data
        : (await api.post<AdminUser>('admin/users', body)).data,
    onSuccess: refresh,
  });
}

/** The account actions of the overview (spec sections 2 and 4). */
export type UserAction = 'approve' | 'decline' | 'disable' | 'enable' | 'invite' | 'reset-password';

/** POST admin/users/{id}/{action}. */
export function useUserAction(id: number) {
  const { api } = useApi();
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ action, body }: { action: UserAction; body?: unknown }) =>
      api.post(`admin/users/${id}/${action}`, body ?? {}),
    onSuccess: refresh,
  });
}

/** POST file/upload: the stored key of an image (the modal sends the key). */
export function useUploadImage() {
  const { upload } = useApi();
  return useMutation({
    mutationFn: async (file: File) => {
      const form = new FormData();
      form.append('file', file);
      form.append('fileName', file.name);
      return (await upload.post<{ file: string; url: string }>('file/upload', form)).data;
    },
  });
}

/** Genres of the modal: the first page by name, or a search of at least 3 characters. */
export function useGenreOptions(q: string) {
  const { api } = useApi();
  const term = q.trim().length >= 3 ? q.trim() : '';
  return useQuery({
    queryKey: userKeys.genres(term),
    queryFn: async () =>
      (
        await api.get<IdName[]>('user/genre/getAllGenresWithQ', {
          query: term ? { q: term, limit: 100 } : { limit: 100 },
          silent: true,
        })
      ).data,
    staleTime: 300_000,
  });
}

export function useTierOptions() {
  const { api } = useApi();
  return useQuery({
    queryKey: userKeys.tiers,
    queryFn: async () => (await api.get<IdName[]>('tier/getAllTiersWithQ', { silent: true })).data,
    staleTime: 300_000,
  });
}

export function useUserTypeOptions() {
  const { api } = useApi();
  return useQuery({
    queryKey: userKeys.userTypes,
    queryFn: async () => (await api.get<IdName[]>('user-types', { silent: true })).data,
    staleTime: 300_000,
  });
}
