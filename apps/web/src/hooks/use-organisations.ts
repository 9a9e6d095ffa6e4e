import type { ApiSuccess } from '@lm/contracts';
import type {
  Budget,
  BudgetInput,
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
import { type ApiClient, type Invoice, organisationKeys, useApi } from '@lm/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { CheckoutStart } from './use-wallet';

/**
 * The organisation routes of issue 35 (`@lm/contracts/organisations-api` and
 * `organisation-money-api`). Called through `ApiClient.request` with the path as text: the routes are
 * built on other branches and are not in the generated SDK's path list of this one yet; once merged,
 * the typed `api.get`/`post` can take over.
 */
function call<T>(api: ApiClient, method: string, path: string, body?: unknown, silent = false): Promise<T> {
  return api.request<ApiSuccess<T>>(method, path, { body, silent }).then((answer) => answer.data);
}

/** `GET /api/organisations`: my organisations, my role, its rules and the artists I may act for. */
export function useMyOrganisations(enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.mine,
    queryFn: () => call<MyOrganisation[]>(api, 'GET', 'organisations', undefined, true),
    enabled,
  });
}

/** `POST /api/organisations`: a new organisation; I become its Owner. */
export function useCreateOrganisation() {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: OrganisationInput) => call<Organisation>(api, 'POST', 'organisations', body),
    meta: { invalidates: [organisationKeys.mine] },
  });
}

/** `GET /api/organisations/:id` (billing details only for roles reading Billing). */
export function useOrganisation(id: number) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.profile(id),
    queryFn: () => call<Organisation>(api, 'GET', `organisations/${id}`),
  });
}

/** `PUT /api/organisations/:id`: profile and billing details. */
export function useUpdateOrganisation(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: OrganisationInput) => call<Organisation>(api, 'PUT', `organisations/${id}`, body),
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
      return call<Organisation>(upload, 'POST', `organisations/${id}/logo`, form);
    },
    meta: { invalidates: [organisationKeys.mine, organisationKeys.organisation(id)] },
  });
}

/** `GET /api/organisations/:id/members`. */
export function useMembers(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.members(id),
    queryFn: () => call<OrganisationMember[]>(api, 'GET', `organisations/${id}/members`),
    enabled,
  });
}

/** `PUT /api/organisations/:id/members/:memberId`: role and artists. */
export function useUpdateMember(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: ({ memberId, ...body }: MemberRoleInput & { memberId: number }) =>
      call<OrganisationMember>(api, 'PUT', `organisations/${id}/members/${memberId}`, body),
    meta: { invalidates: [organisationKeys.organisation(id), organisationKeys.mine] },
  });
}

/** `DELETE /api/organisations/:id/members/:memberId`. */
export function useRemoveMember(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (memberId: number) => call<unknown>(api, 'DELETE', `organisations/${id}/members/${memberId}`),
    meta: { invalidates: [organisationKeys.organisation(id), organisationKeys.mine] },
  });
}

/** `GET /api/organisations/:id/invites`. */
export function useTeamInvites(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.invites(id),
    queryFn: () => call<TeamInvite[]>(api, 'GET', `organisations/${id}/invites`),
    enabled,
  });
}

/** `POST /api/organisations/:id/invites`: a single-use link by e-mail, 7 days. */
export function useInviteMember(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: TeamInviteInput) => call<TeamInvite>(api, 'POST', `organisations/${id}/invites`, body),
    meta: { invalidates: [organisationKeys.invites(id)] },
  });
}

/** `DELETE /api/organisations/:id/invites/:inviteId`. */
export function useRevokeInvite(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (inviteId: number) => call<unknown>(api, 'DELETE', `organisations/${id}/invites/${inviteId}`),
    meta: { invalidates: [organisationKeys.invites(id)] },
  });
}

/** `GET /api/organisation-invites/:token`: what the link invites to. */
export function useInvitePreview(token: string) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.invitePreview(token),
    queryFn: () => call<TeamInvitePreview>(api, 'GET', `organisation-invites/${encodeURIComponent(token)}`),
  });
}

/** `POST /api/organisation-invites/:token/accept`. */
export function useAcceptInvite(token: string) {
  const { api } = useApi();
  return useMutation({
    mutationFn: () =>
      call<MyOrganisation>(api, 'POST', `organisation-invites/${encodeURIComponent(token)}/accept`),
    meta: { invalidates: [organisationKeys.all] },
  });
}

/** `GET /api/organisations/:id/artists`: the roster (an artist-limited role sees its artists only). */
export function useRoster(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.roster(id),
    queryFn: () => call<RosterArtist[]>(api, 'GET', `organisations/${id}/artists`),
    enabled,
  });
}

/** `POST /api/organisations/:id/artists/managed`: a managed profile (no login of its own). */
export function useAddManagedArtist(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: ManagedArtistInput) =>
      call<RosterArtist>(api, 'POST', `organisations/${id}/artists/managed`, body),
    meta: { invalidates: [organisationKeys.organisation(id), organisationKeys.mine] },
  });
}

/** `POST /api/organisations/:id/artists/invite`: an existing artist account, by e-mail. */
export function useInviteArtist(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: RosterInviteInput) =>
      call<RosterArtist>(api, 'POST', `organisations/${id}/artists/invite`, body),
    meta: { invalidates: [organisationKeys.roster(id)] },
  });
}

/** `DELETE /api/organisations/:id/artists/:artistUserId`. */
export function useRemoveArtist(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (artistUserId: number) =>
      call<unknown>(api, 'DELETE', `organisations/${id}/artists/${artistUserId}`),
    meta: { invalidates: [organisationKeys.organisation(id), organisationKeys.mine] },
  });
}

/** `GET /api/organisations/:id/dashboard`: the roster dashboard. */
export function useRosterDashboard(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.dashboard(id),
    queryFn: () => call<RosterDashboardRow[]>(api, 'GET', `organisations/${id}/dashboard`),
    enabled,
  });
}

/** `GET /api/organisations/:id/budgets`. */
export function useBudgets(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.budgets(id),
    queryFn: () => call<Budget[]>(api, 'GET', `organisations/${id}/budgets`),
    enabled,
  });
}

/** `PUT /api/organisations/:id/budgets/:artistUserId`: set or change a monthly budget. */
export function useSetBudget(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: ({ artistUserId, ...body }: BudgetInput & { artistUserId: number }) =>
      call<Budget>(api, 'PUT', `organisations/${id}/budgets/${artistUserId}`, body),
    meta: { invalidates: [organisationKeys.organisation(id)] },
  });
}

/** `DELETE /api/organisations/:id/budgets/:artistUserId`: the budget's coins go back to the wallet. */
export function useRemoveBudget(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (artistUserId: number) =>
      call<unknown>(api, 'DELETE', `organisations/${id}/budgets/${artistUserId}`),
    meta: { invalidates: [organisationKeys.organisation(id)] },
  });
}

/** `GET /api/organisations/:id/wallet`. */
export function useOrganisationWallet(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.wallet(id),
    queryFn: () => call<OrganisationWallet>(api, 'GET', `organisations/${id}/wallet`),
    enabled,
  });
}

/** `GET /api/organisations/:id/invoices`. */
export function useOrganisationInvoices(id: number, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.invoices(id),
    queryFn: () => call<Invoice[]>(api, 'GET', `organisations/${id}/invoices`),
    enabled,
  });
}

/** `POST /api/organisations/:id/coins/checkout`: a coin package into the organisation's wallet. */
export function useOrganisationCheckout(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: { package_id: number; method: 'card' | 'paypal' }) =>
      call<CheckoutStart>(api, 'POST', `organisations/${id}/coins/checkout`, body),
  });
}

/** `POST /api/organisations/:id/transfers`: coins from the organisation's wallet to an artist's. */
export function useTransfer(id: number) {
  const { api } = useApi();
  return useMutation({
    mutationFn: (body: OrganisationTransferInput) =>
      call<unknown>(api, 'POST', `organisations/${id}/transfers`, body),
    meta: { invalidates: [organisationKeys.organisation(id)] },
  });
}

/** `GET /api/organisations/:id/statement?month=YYYY-MM`. */
export function useStatement(id: number, month: string, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.statement(id, month),
    queryFn: () =>
      api
        .request<ApiSuccess<Statement>>('GET', `organisations/${id}/statement`, { query: { month } })
        .then((a) => a.data),
    enabled,
  });
}

/** `GET /api/user/organisation`: the artist's side (who acts for me, invitations waiting). */
export function useMyRoster(enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: organisationKeys.artistSide,
    queryFn: () => call<MyRoster>(api, 'GET', 'user/organisation', undefined, true),
    enabled,
  });
}

/** `POST /api/user/organisation/invitations/:id/accept|refuse`. */
export function useAnswerRosterInvitation() {
  const { api } = useApi();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: 'accept' | 'refuse' }) =>
      call<MyRoster>(api, 'POST', `user/organisation/invitations/${id}/${answer}`),
    meta: { invalidates: [organisationKeys.artistSide] },
  });
}

/** `POST /api/user/organisation/leave`: the artist leaves the organisation acting for them. */
export function useLeaveOrganisation() {
  const { api } = useApi();
  return useMutation({
    mutationFn: () => call<MyRoster>(api, 'POST', 'user/organisation/leave'),
    meta: { invalidates: [organisationKeys.artistSide] },
  });
}
