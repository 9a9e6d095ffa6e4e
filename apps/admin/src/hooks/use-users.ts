import type { AdminUserBody } from '@lm/contracts';
import type { BulkResult } from '@lm/contracts/bulk';

export type { UserActivity } from '@lm/contracts/admin-users';

import type {
  AdminUserListItem,
  AdminUserOverview,
  UserNote,
  UserSpotifyConnection,
  UserWalletSummary,
} from '@lm/contracts/admin-users';
import type { SocialAccount } from '@lm/contracts/connections';
import type { IdName } from '@lm/contracts/staff';
import { adminUserKeys, lookupKeys, useApi } from '@lm/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isRecordId, useChange, useGet } from './use-admin-api';

/** A row of GET admin/users. */
export type AdminUserRow = AdminUserListItem;
/** GET admin/users/{id}: the "User (admin view)" of spec section 3, with its wallet value. */
export type AdminUser = AdminUserOverview;
/** A Spotify account connected by the user (GET admin/users/{id}/connections). */
export type SpotifyConnection = UserSpotifyConnection;
/** GET admin/users/{id}/wallet/summary: balance and the coins in (+) and out (−), in coins. */
export type WalletSummary = UserWalletSummary;

export function useAdminUser(id: number) {
  return useGet<AdminUser>(adminUserKeys.user(id), `admin/users/${id}`, {
    silent: true,
    enabled: isRecordId(id),
    retry: false,
  });
}

export function useWalletSummary(id: number) {
  return useGet<WalletSummary>(adminUserKeys.walletSummary(id), `admin/users/${id}/wallet/summary`);
}

/** A TikTok or Instagram account connected by the user. */
export type { SocialAccount as SocialConnection } from '@lm/contracts/connections';

/** GET admin/users/{id}/connections: the user's Spotify, TikTok and Instagram accounts. */
export function useUserConnections(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: adminUserKeys.connections(id),
    queryFn: async () =>
      (
        await api.get<{
          spotify: SpotifyConnection[];
          tiktok: SocialAccount[];
          instagram: SocialAccount[];
        }>(`admin/users/${id}/connections`)
      ).data,
  });
}

/** Refreshes the user's overview and the users list after a change. */
function useRefreshUsers() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: adminUserKeys.all }),
      client.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'list' }),
    ]);
}

/** POST admin/users (create) or PUT admin/users/{id} (edit); answers the saved user. */
export function useSaveUser() {
  const { api } = useApi();
  const refresh = useRefreshUsers();
  return useChange(
    async ({ id, body }: { id?: number; body: AdminUserBody }) =>
      id
        ? (await api.put<AdminUser>(`admin/users/${id}`, body)).data
        : (await api.post<AdminUser>('admin/users', body)).data,
    refresh,
  );
}

/** The account actions of the overview (spec sections 2 and 4). */
export type UserAction = 'approve' | 'decline' | 'disable' | 'enable' | 'invite' | 'reset-password';

/** POST admin/users/{id}/{action}. */
export function useUserAction(id: number) {
  const { api } = useApi();
  const refresh = useRefreshUsers();
  return useChange(
    ({ action, body }: { action: UserAction; body?: unknown }) =>
      api.post(`admin/users/${id}/${action}`, body ?? {}),
    refresh,
  );
}

export function useTierOptions() {
  return useGet<IdName[]>(lookupKeys.tiers, 'tier/getAllTiersWithQ', { silent: true, staleTime: 300_000 });
}

export function useUserTypeOptions() {
  return useGet<IdName[]>(lookupKeys.userTypes, 'user-types', { silent: true, staleTime: 300_000 });
}

/** GET admin/users/{id}/notes: staff notes on the user, newest first (issue 36, users.notes.show). */
export function useUserNotes(id: number) {
  return useGet<UserNote[]>(adminUserKeys.notes(id), `admin/users/${id}/notes`);
}

/** POST admin/users/{id}/notes: add a staff note (users.notes.add); the list asks again after. */
export function useAddUserNote(id: number) {
  const { api } = useApi();
  return useChange(
    (body: string) => api.post<UserNote>(`admin/users/${id}/notes`, { body }),
    [adminUserKeys.notes(id)],
  );
}

/**
 * Bulk approve or decline of users pending approval (`admin/users/bulk/approve|decline`, users.edit):
 * each id goes through the single decision's rules; answers per id what was done or refused.
 * Refreshes the user overviews (the list refreshes itself after a bulk action).
 */
export function useUserBulk() {
  const { api } = useApi();
  const client = useQueryClient();
  const after = () => client.invalidateQueries({ queryKey: adminUserKeys.all });
  return {
    approve: async (ids: number[]) => {
      const res = await api.post<BulkResult>('admin/users/bulk/approve', { ids });
      await after();
      return res.data;
    },
    decline: async (ids: number[], reason: string) => {
      const res = await api.post<BulkResult>('admin/users/bulk/decline', {
        ids,
        ...(reason ? { reason } : {}),
      });
      await after();
      return res.data;
    },
  };
}
