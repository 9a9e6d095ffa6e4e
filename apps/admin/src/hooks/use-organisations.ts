import type {
  AdminOrganisationDetail,
  AdminOrganisationUpdate,
  AdminUserOrganisations,
} from '@lm/contracts/admin-organisations';
import { adminOrganisationKeys, useApi } from '@lm/ui';
import { isRecordId, useChange, useGet, useRefreshArea } from './use-admin-api';

/** `GET admin/organisations/{id}`: one organisation's profile, team, roster, coins, budgets and audit. */
export function useOrganisation(id: number) {
  return useGet<AdminOrganisationDetail>(adminOrganisationKeys.detail(id), `admin/organisations/${id}`, {
    enabled: isRecordId(id),
  });
}

/** `GET admin/users/{id}/organisations`: the user's teams and the organisation acting for the user. */
export function useUserOrganisations(userId: number) {
  return useGet<AdminUserOrganisations>(
    adminOrganisationKeys.ofUser(userId),
    `admin/users/${userId}/organisations`,
    {
      enabled: isRecordId(userId),
    },
  );
}

/** `PUT admin/organisations/{id}`: staff correct the name and billing details; refreshes the area. */
export function useUpdateOrganisation(id: number) {
  const { api } = useApi();
  const refresh = useRefreshArea(adminOrganisationKeys.all, 'admin/organisations');
  return useChange(
    async (body: AdminOrganisationUpdate) =>
      (await api.put<AdminOrganisationDetail>(`admin/organisations/${id}`, body)).data,
    refresh,
  );
}

/** `POST admin/organisations/{id}/suspend|reactivate` with the reason; refreshes the area. */
export function useOrganisationStatus(id: number) {
  const { api } = useApi();
  const refresh = useRefreshArea(adminOrganisationKeys.all, 'admin/organisations');
  return useChange(
    async (v: { verb: 'suspend' | 'reactivate'; note: string }) =>
      (await api.post<AdminOrganisationDetail>(`admin/organisations/${id}/${v.verb}`, { note: v.note })).data,
    refresh,
  );
}
