import type {
  IdName,
  PermissionGroup,
  QueueInfo,
  QueueJob,
  Report,
  SavedSettings,
  Slider,
  StaffTodo,
  SystemSettings,
  Throughput,
  UserTypeCount,
} from '@lm/contracts/staff';
import { type ApiPath, requestState, settingsKeys, staffKeys, useApi } from '@lm/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useChange, useGet } from './use-admin-api';

/**
 * Shapes of the staff calls' answers: the zod schemas in `@lm/contracts/staff` that the API
 * serialises its responses through, imported as types only (no zod in the bundle).
 */
export type {
  AuditLog,
  JobState,
  LookupEntry,
  QueueInfo,
  QueueJob,
  Report,
  Role,
  Slider,
  StaffAdmin,
  StaffTodo,
  SystemSettings,
  Throughput,
} from '@lm/contracts/staff';

/**
 * `POST admin/admins/{id}/reset-password`: e-mails the admin a link to choose a password (a new
 * invitation while they have none); the list is refreshed.
 */
export function useAdminPasswordLink() {
  const { api } = useApi();
  return useChange(
    async (id: number) => (await api.post(`admin/admins/${id}/reset-password`)).data,
    [['list', 'admin/admins']],
  );
}

/** The queue monitor's job states, in its tabs' order. */
export { JOB_STATES } from '@lm/contracts/statuses';

/** Every permission grouped by guard (`GET permissions`). */
export function usePermissions() {
  return useGet<PermissionGroup[]>(staffKeys.permissions, 'permissions', { staleTime: 5 * 60_000 });
}

/** Admin roles for the admin editor's picker (`GET getAllRolesWithQ?guard=admin`). */
export function useAdminRoleOptions() {
  const { api } = useApi();
  return useQuery({
    queryKey: staffKeys.roleOptions,
    queryFn: async () =>
      (
        await api.get<IdName[]>('getAllRolesWithQ', {
          query: { guard: 'admin', limit: 100 },
        })
      ).data,
  });
}

/** A collection the API adds records to (POST `path`) and updates and deletes by id (PUT, DELETE `path/{id}`). */
export type CrudPath<P = ApiPath<'post'>> = P extends string
  ? `${P}/${number}` extends ApiPath<'put'> & ApiPath<'delete'>
    ? P
    : never
  : never;

/**
 * A create/update/delete mutation on `path` (POST without id, PUT/DELETE with it) that refreshes the
 * list screens reading `listPath` and the extra query keys given.
 */
export function useCrud<B>(
  path: CrudPath,
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
  return useGet<SystemSettings>(staffKeys.settings, 'admin/settings');
}

/** `PUT admin/settings` with the changed keys only. */
export function useSaveSettings() {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: Partial<SystemSettings>) =>
      (await api.put<SavedSettings>('admin/settings', body)).data,
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
  return useGet<QueueInfo[]>(staffKeys.queues, 'admin/queues', { silent: true, refetchInterval: 5_000 });
}

/** `GET admin/queues/throughput?window=`. */
export function useThroughput(window: '1h' | '24h' | '7d') {
  return useGet<Throughput>(staffKeys.throughput(window), 'admin/queues/throughput', {
    query: { window },
    silent: true,
    refetchInterval: 15_000,
  });
}

/** Retry or delete one job; refreshes the queue counts and the job lists. */
export function useJobAction() {
  const { api } = useApi();
  return useChange(
    async ({ job, action }: { job: QueueJob; action: 'retry' | 'delete' }) =>
      action === 'retry'
        ? api.post(`admin/queues/${encodeURIComponent(job.name)}/jobs/${job.id}/retry`)
        : api.delete(`admin/queues/${encodeURIComponent(job.name)}/jobs/${job.id}`),
    [staffKeys.queues, ['list'], staffKeys.throughputAll],
  );
}

/** `GET admin/audit-logs/actions`. */
export function useAuditActions() {
  return useGet<string[]>(staffKeys.auditActions, 'admin/audit-logs/actions');
}

/** `GET admin/user-types`. */
export function useUserTypesAdmin() {
  return useGet<UserTypeCount[]>(staffKeys.userTypes, 'admin/user-types');
}

/** `GET admin/sliders`. */
export function useSliders() {
  return useGet<Slider[]>(staffKeys.sliders, 'admin/sliders');
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

/** What waits for this admin's action, refreshed every 30 s while the dashboard is open. */
export function useTodos() {
  return useGet<StaffTodo[]>(staffKeys.todos, 'admin/dashboard/todos', { refetchInterval: 30_000 });
}
