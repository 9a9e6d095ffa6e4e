import type { Translations } from '@lm/contracts/translations';
import { requestState, settingsKeys, staffKeys, useApi } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** A staff account (`GET admin/admins`). */
export interface StaffAdmin {
  id: number;
  name: string;
  email: string;
  status: 'active' | 'disabled';
  roles: { id: number; name: string }[];
  /** True until the admin has chosen a password through their invitation. */
  invitation_pending: boolean;
  created_at: string;
}

/**
 * `POST admin/admins/{id}/reset-password`: e-mails the admin a link to choose a password (a new
 * invitation while they have none); the list is refreshed.
 */
export function useAdminPasswordLink() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await api.post(`admin/admins/${id}/reset-password`)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: ['list', 'admin/admins'] }),
  });
}

/** A role (`GET roles`). */
export interface Role {
  id: number;
  name: string;
  guard: 'admin' | 'user';
  default_for_user_type: number | null;
  permissions: string[];
  users_count?: number;
  admins_count?: number;
  created_at: string;
}

/** An audit entry (`GET admin/audit-logs`). */
export interface AuditLog {
  id: number;
  actor_type: string;
  actor_id: number | null;
  actor_name: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  user_agent: string | null;
  meta: Record<string, unknown> | null;
  created_at: string;
}

/** System settings (`GET admin/settings`): money in pence per coin, durations in days. */
export interface SystemSettings {
  maintenance_mode: boolean;
  /** Staff's words on the maintenance screen; '' for the apps' translated text. */
  maintenance_message: string;
  platform_fee_percent: number;
  coin_price_pence: number;
  payout_rate_pence: number;
  /** Smallest withdrawal, in coins. */
  min_withdrawal_coins: number;
  playlist_submission_days: number;
  on_going_days: number;
  auditing_days: number;
  mail_from_name: string;
  ticket_response_hours_high: number;
  ticket_response_hours_medium: number;
  ticket_response_hours_low: number;
  ticket_resolution_hours_high: number;
  ticket_resolution_hours_medium: number;
  ticket_resolution_hours_low: number;
}

/** pg-boss job states. */
/** Monitor states: pg-boss's, with created jobs not yet due shown apart as `scheduled`. */
export const JOB_STATES = [
  'created',
  'scheduled',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A queue (`GET admin/queues`). */
export interface QueueInfo {
  name: string;
  policy: string;
  retry_limit: number;
  counts: Record<JobState, number>;
  backlog: number;
}

/** A job (`GET admin/queues/{name}/jobs`). */
export interface QueueJob {
  id: string;
  name: string;
  state: JobState;
  data: unknown;
  output: unknown;
  error: string | null;
  retry_count: number;
  retry_limit: number;
  created_on: string;
  start_after: string;
  started_on: string | null;
  completed_on: string | null;
}

/** The throughput series (`GET admin/queues/throughput`). */
export interface Throughput {
  bucket: 'minute' | 'hour';
  completed: number;
  failed: number;
  points: { at: string; completed: number; failed: number }[];
}

/** A named lookup entry (genres, interests, tiers). */
export interface LookupEntry {
  id: number;
  name: string;
  description?: string | null;
  /** Tiers only: name and description in the other languages. */
  translations?: Translations<'name' | 'description'>;
  is_active: boolean;
  usage: number;
}

/** A slider (`GET admin/sliders`). */
export interface Slider {
  id: number;
  title: string | null;
  image: string;
  image_url: string;
  link: string | null;
  position: number;
  is_active: boolean;
}

/**
 * The report of a day range (`GET admin/reports`). `revenue`: money taken by card payments per currency
 * (minor units); `fees`: the platform's revenue in coins, fees kept net of refunds.
 */
export interface Report {
  from: string;
  to: string;
  sales: {
    days: { day: string; coins: number; payments: number; revenue: Record<string, number>; fees: number }[];
    totals: {
      coins: number;
      payments: number;
      revenue: { currency: string; amount_minor: number }[];
      fees: number;
    };
  };
  campaigns: { by_status: { status_id: number; count: number }[]; coins: number };
  users: {
    days: { day: string; artists: number; curators: number; influencers: number }[];
    totals: { artists: number; curators: number; influencers: number };
  };
  payouts: {
    days: {
      day: string;
      requested: number;
      requested_coins: number;
      paid: number;
      paid_coins: number;
      paid_minor: number;
    }[];
    by_status: { status_id: number; count: number }[];
    totals: {
      requested: number;
      requested_coins: number;
      paid: number;
      paid_coins: number;
      paid_minor: number;
    };
  };
}

/** Every permission grouped by guard (`GET permissions`). */
export function usePermissions() {
  const { api } = useApi();
  return useQuery({
    queryKey: staffKeys.permissions,
    queryFn: async () =>
      (
        await api.get<{ guard: 'admin' | 'user'; permissions: { id: number; name: string }[] }[]>(
          'permissions',
        )
      ).data,
    staleTime: 5 * 60_000,
  });
}

/** Admin roles for the admin editor's picker (`GET getAllRolesWithQ?guard=admin`). */
export function useAdminRoleOptions() {
  const { api } = useApi();
  return useQuery({
    queryKey: staffKeys.roleOptions,
    queryFn: async () =>
      (
        await api.get<{ id: number; name: string }[]>('getAllRolesWithQ', {
          query: { guard: 'admin', limit: 100 },
        })
      ).data,
  });
}

/**
 * A create/update/delete mutation on `path` (POST without id, PUT/DELETE with it) that refreshes the
 * list screens reading `listPath` and the extra query keys given.
 */
export function useCrud<B>(
  path: string,
  options: { listPath?: string; keys?: readonly (readonly unknown[])[] } = {},
) {
  const { api } = useApi();
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['list', options.listPath ?? path] }),
      ...(options.keys ?? []).map((key) => client.invalidateQueries({ queryKey: key })),
    ]);
  const save = useMutation({
    mutationFn: async ({ id, body }: { id?: number; body: B }) =>
      id === undefined ? (await api.post(path, body)).data : (await api.put(`${path}/${id}`, body)).data,
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: async (id: number) => api.delete(`${path}/${id}`),
    onSuccess: refresh,
  });
  return { save, remove };
}

/** `GET admin/settings`. */
export function useSystemSettings() {
  const { api } = useApi();
  return useQuery({
    queryKey: staffKeys.settings,
    queryFn: async () => (await api.get<SystemSettings>('admin/settings')).data,
  });
}

/** `PUT admin/settings` with the changed keys only. */
export function useSaveSettings() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<SystemSettings>) =>
      (await api.put<SystemSettings & { changed: string[] }>('admin/settings', body)).data,
    onSuccess: (data) => {
      client.setQueryData(staffKeys.settings, data);
      // The back-office's maintenance banner follows at once.
      requestState.setMaintenance(data.maintenance_mode, data.maintenance_message || null);
      // The product's name in the header and titles follows at once.
      if (data.changed.includes('mail_from_name'))
        void client.invalidateQueries({ queryKey: settingsKeys.public });
    },
  });
}

/** `GET admin/queues`, refreshed every 5 seconds while the monitor is open. */
export function useQueues() {
  const { api } = useApi();
  return useQuery({
    queryKey: staffKeys.queues,
    queryFn: async () => (await api.get<QueueInfo[]>('admin/queues', { silent: true })).data,
    refetchInterval: 5_000,
  });
}

/** `GET admin/queues/throughput?window=`. */
export function useThroughput(window: '1h' | '24h' | '7d') {
  const { api } = useApi();
  return useQuery({
    queryKey: staffKeys.throughput(window),
    queryFn: async () =>
      (await api.get<Throughput>('admin/queues/throughput', { query: { window }, silent: true })).data,
    refetchInterval: 15_000,
  });
}

/** Retry or delete one job; refreshes the queue counts and the job lists. */
export function useJobAction() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ job, action }: { job: QueueJob; action: 'retry' | 'delete' }) =>
      action === 'retry'
        ? api.post(`admin/queues/${encodeURIComponent(job.name)}/jobs/${job.id}/retry`)
        : api.delete(`admin/queues/${encodeURIComponent(job.name)}/jobs/${job.id}`),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: staffKeys.queues }),
        client.invalidateQueries({ queryKey: ['list'] }),
        client.invalidateQueries({ queryKey: staffKeys.throughputAll }),
      ]),
  });
}

/** `GET admin/audit-logs/actions`. */
export function useAuditActions() {
  const { api } = useApi();
  return useQuery({
    queryKey: staffKeys.auditActions,
    queryFn: async () => (await api.get<string[]>('admin/audit-logs/actions')).data,
  });
}

/** `GET admin/user-types`. */
export function useUserTypesAdmin() {
  const { api } = useApi();
  return useQuery({
    queryKey: staffKeys.userTypes,
    queryFn: async () =>
      (await api.get<{ id: number; name: string; users: number }[]>('admin/user-types')).data,
  });
}

/** `GET admin/sliders`. */
export function useSliders() {
  const { api } = useApi();
  return useQuery({
    queryKey: staffKeys.sliders,
    queryFn: async () => (await api.get<Slider[]>('admin/sliders')).data,
  });
}

/** `GET admin/reports?from&to` (days `YYYY-MM-DD`). */
export function useReport(from: string, to: string, enabled = true) {
  const { api } = useApi();
  return useQuery({
    queryKey: staffKeys.report(from, to),
    queryFn: async () => (await api.get<Report>('admin/reports', { query: { from, to } })).data,
    enabled,
  });
}

/** A line of the dashboard's to-dos (`GET admin/dashboard/todos`). */
export interface StaffTodo {
  kind:
    | 'pending_users'
    | 'pending_playlists'
    | 'payout_requests'
    | 'failed_jobs'
    | 'open_tickets'
    | 'breached_tickets'
    | 'pending_forms'
    | 'express_disputes'
    | 'pending_custom_campaigns'
    | 'trust_flags';
  count: number;
  link: string;
}

/** What waits for this admin's action, refreshed every 30 s while the dashboard is open. */
export function useTodos() {
  const { api } = useApi();
  return useQuery({
    queryKey: staffKeys.todos,
    queryFn: async () => (await api.get<StaffTodo[]>('admin/dashboard/todos')).data,
    refetchInterval: 30_000,
  });
}
