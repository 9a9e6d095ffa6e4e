import type { ApiSuccess } from '@lm/contracts';
import type {
  Budget,
  BudgetInput,
  OrganisationCheckout,
  OrganisationCheckoutInput,
  OrganisationTransfer,
  OrganisationTransferInput,
  OrganisationWallet,
  RosterDashboardRow,
  Statement,
} from '@lm/contracts/organisation-money-api';
import type {
  ManagedArtistInput,
  MemberRoleInput,
  MyOrganisation,
  MyRoster,
  Organisation,
  OrganisationInput,
  OrganisationMember,
  RosterArtist,
  RosterInviteInput,
  TeamInvite,
  TeamInviteInput,
  TeamInvitePreview,
} from '@lm/contracts/organisations-api';
import { type Invoice, organisationKeys, useApi } from '@lm/ui';
import { useMutation, useQuery } from '@tanstack/react-query';

/**
 * The organisation routes of issue 35 (`@lm/contracts/organisations-api` and
 * `organisation-money-api`), through the typed client (paths checked against the generated SDK).
 */
function unwrap<T>(answer: ApiSuccess<T>): T {
  return answer.data;
}

/** `GET /api/organisations`: my organisations, my role, its rules and the artists I may act for. */
export function useMyOrganisations(enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.mine,
    queryFn: () => api.get<MyOrganisation[]>('organisations', { silent: true }).then(unwrap),
    enabled,
  });
}

/** `POST /api/organisations`: a new organisation; I become its Owner. */
export function useCreateOrganisation() {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: OrganisationInput) => api.post<Organisation>('organisations', body).then(unwrap),
    meta: { invalidates: [organisationKeys.mine] },
  });
}

/** `GET /api/organisations/:id` (billing details only for roles reading Billing). */
export function useOrganisation(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.profile(id),
    queryFn: () => api.get<Organisation>(`organisations/${id}`).then(unwrap),
  });
}

/** `PUT /api/organisations/:id`: profile and billing details. */
export function useUpdateOrganisation(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: OrganisationInput) => api.put<Organisation>(`organisations/${id}`, body).then(unwrap),
    meta: { invalidates: [organisationKeys.mine, organisationKeys.organisation(id)] },
  });
}

/** `POST /api/organisations/:id/logo`, multipart `file`. */
export function useUploadOrganisationLogo(id: number) {
  const { upload } = useApi();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return upload.post<Organisation>(`organisations/${id}/logo`, form).then(unwrap);
    },
    meta: { invalidates: [organisationKeys.mine, organisationKeys.organisation(id)] },
  });
}

/** `GET /api/organisations/:id/members`. */
export function useMembers(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.members(id),
    queryFn: () => api.get<OrganisationMember[]>(`organisations/${id}/members`).then(unwrap),
    enabled,
  });
}

/** `PUT /api/organisations/:id/members/:memberId`: role and artists. */
export function useUpdateMember(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: ({ memberId, ...body }: MemberRoleInput & { memberId: number }) =>
      api.put<OrganisationMember>(`organisations/${id}/members/${memberId}`, body).then(unwrap),
    meta: { invalidates: [organisationKeys.organisation(id), organisationKeys.mine] },
  });
}

/** `DELETE /api/organisations/:id/members/:memberId`. */
export function useRemoveMember(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (memberId: number) =>
      api.delete<unknown>(`organisations/${id}/members/${memberId}`).then(unwrap),
    meta: { invalidates: [organisationKeys.organisation(id), organisationKeys.mine] },
  });
}

/** `GET /api/organisations/:id/invites`. */
export function useTeamInvites(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.invites(id),
    queryFn: () => api.get<TeamInvite[]>(`organisations/${id}/invites`).then(unwrap),
    enabled,
  });
}

/** `POST /api/organisations/:id/invites`: a single-use link by e-mail, 7 days. */
export function useInviteMember(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: TeamInviteInput) =>
      api.post<TeamInvite>(`organisations/${id}/invites`, body).then(unwrap),
    meta: { invalidates: [organisationKeys.invites(id)] },
  });
}

/** `DELETE /api/organisations/:id/invites/:inviteId`. */
export function useRevokeInvite(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (inviteId: number) =>
      api.delete<unknown>(`organisations/${id}/invites/${inviteId}`).then(unwrap),
    meta: { invalidates: [organisationKeys.invites(id)] },
  });
}

/** `GET /api/organisation-invites/:token`: what the link invites to. */
export function useInvitePreview(token: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.invitePreview(token),
    queryFn: () =>
      api.get<TeamInvitePreview>(`organisation-invites/${encodeURIComponent(token)}`).then(unwrap),
  });
}

/** `POST /api/organisation-invites/:token/accept`. */
export function useAcceptInvite(token: string) {
  const { api } = useApi();
  return useMutation({
    mutationFn: () =>
      api.post<MyOrganisation>(`organisation-invites/${encodeURIComponent(token)}/accept`).then(unwrap),
    meta: { invalidates: [organisationKeys.all] },
  });
}

/** `GET /api/organisations/:id/artists`: the roster (an artist-limited role sees its artists only). */
export function useRoster(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.roster(id),
    queryFn: () => api.get<RosterArtist[]>(`organisations/${id}/artists`).then(unwrap),
    enabled,
  });
}

/** `POST /api/organisations/:id/artists/managed`: a managed profile (no login of its own). */
export function useAddManagedArtist(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: ManagedArtistInput) =>
      api.post<RosterArtist>(`organisations/${id}/artists/managed`, body).then(unwrap),
    meta: { invalidates: [organisationKeys.organisation(id), organisationKeys.mine] },
  });
}

/** `POST /api/organisations/:id/artists/invite`: an existing artist account, by e-mail. */
export function useInviteArtist(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: RosterInviteInput) =>
      api.post<RosterArtist>(`organisations/${id}/artists/invite`, body).then(unwrap),
    meta: { invalidates: [organisationKeys.roster(id)] },
  });
}

/** `DELETE /api/organisations/:id/artists/:artistUserId`. */
export function useRemoveArtist(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (artistUserId: number) =>
      api.delete<unknown>(`organisations/${id}/artists/${artistUserId}`).then(unwrap),
    meta: { invalidates: [organisationKeys.organisation(id), organisationKeys.mine] },
  });
}

/** `GET /api/organisations/:id/dashboard`: the roster dashboard. */
export function useRosterDashboard(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.dashboard(id),
    queryFn: () => api.get<RosterDashboardRow[]>(`organisations/${id}/dashboard`).then(unwrap),
    enabled,
  });
}

/** `GET /api/organisations/:id/budgets`. */
export function useBudgets(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.budgets(id),
    queryFn: () => api.get<Budget[]>(`organisations/${id}/budgets`).then(unwrap),
    enabled,
  });
}

/** `PUT /api/organisations/:id/budgets/:artistUserId`: set or change a monthly budget. */
export function useSetBudget(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: ({ artistUserId, ...body }: BudgetInput & { artistUserId: number }) =>
      api.put<Budget>(`organisations/${id}/budgets/${artistUserId}`, body).then(unwrap),
    meta: { invalidates: [organisationKeys.organisation(id)] },
  });
}

/** `DELETE /api/organisations/:id/budgets/:artistUserId`: the budget's coins go back to the wallet. */
export function useRemoveBudget(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (artistUserId: number) =>
      api.delete<unknown>(`organisations/${id}/budgets/${artistUserId}`).then(unwrap),
    meta: { invalidates: [organisationKeys.organisation(id)] },
  });
}

/** `GET /api/organisations/:id/wallet`. */
export function useOrganisationWallet(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.wallet(id),
    queryFn: () => api.get<OrganisationWallet>(`organisations/${id}/wallet`).then(unwrap),
    enabled,
  });
}

/** `GET /api/organisations/:id/invoices`. */
export function useOrganisationInvoices(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.invoices(id),
    queryFn: () => api.get<Invoice[]>(`organisations/${id}/invoices`).then(unwrap),
    enabled,
  });
}

/** `POST /api/organisations/:id/coins/checkout`: a coin package into the organisation's wallet. */
export function useOrganisationCheckout(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: OrganisationCheckoutInput) =>
      api.post<OrganisationCheckout>(`organisations/${id}/coins/checkout`, body).then(unwrap),
  });
}

/** `POST /api/organisations/:id/transfers`: coins from the organisation's wallet to an artist's. */
export function useTransfer(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: OrganisationTransferInput) =>
      api.post<OrganisationTransfer>(`organisations/${id}/transfers`, body).then(unwrap),
    meta: { invalidates: [organisationKeys.organisation(id)] },
  });
}

/** `GET /api/organisations/:id/statement?month=YYYY-MM`. */
export function useStatement(id: number, month: string, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.statement(id, month),
    queryFn: () => api.get<Statement>(`organisations/${id}/statement`, { query: { month } }).then(unwrap),
    enabled,
  });
}

/** `GET /api/user/organisation`: the artist's side (who acts for me, invitations waiting). */
export function useMyRoster(enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.artistSide,
    queryFn: () => api.get<MyRoster>('user/organisation', { silent: true }).then(unwrap),
    enabled,
  });
}

/** `POST /api/user/organisation/invitations/:id/accept|refuse`. */
export function useAnswerRosterInvitation() {
  const { api } = useApi();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'accept' | 'refuse' }) =>
      api.post<MyRoster>(`user/organisation/invitations/${id}/${answer}`).then(unwrap),
    meta: { invalidates: [organisationKeys.artistSide] },
  });
}

/** `POST /api/user/organisation/leave`: the artist leaves the organisation acting for them. */
export function useLeaveOrganisation() {
  const { api } = useApi();
  return useMutation({
    mutationFn: () => api.post<MyRoster>('user/organisation/leave').then(unwrap),
    meta: { invalidates: [organisationKeys.artistSide] },
  });
}
