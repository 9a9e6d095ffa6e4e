import type { AppNotification, NotificationCount } from '@lm/contracts/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../api/api-client';
import { useApi } from '../api/api-context';
import { notificationKeys } from '../query-keys/notifications';

/** A notification as `GET notifications` lists it: the contract's type, imported as a type only. */
export type { AppNotification } from '@lm/contracts/notifications';

/** Where a signed-in person's notifications are: the user app's or the back-office's. */
export type NotificationsBase = 'notifications' | 'admin/notifications';

/**
 * The unread count's query (`GET {base}/unread-count`, silent), shared by {@link useUnreadCount} and
 * the entry's prefetch. `base` is `notifications` or `admin/notifications`.
 */
export function unreadCountQuery(api: ApiClient, base: NotificationsBase) {
  return queryOptions({
    queryKey: notificationKeys.unread(base),
    queryFn: async () =>
      (await api.get<NotificationCount>(`${base}/unread-count`, { silent: true })).data.count,
    retry: false,
  });
}

/** Unread count, polled every minute (silent). `base` is `notifications` or `admin/notifications`. */
export function useUnreadCount(base: NotificationsBase) {
  const { api } = useApi();
  return useQuery({ ...unreadCountQuery(api, base), refetchInterval: 60_000 });
}

/** The latest notifications for the bell (first page). */
export function useLatestNotifications(base: NotificationsBase, enabled: boolean) {
  const { api } = useApi();
  return useQuery({
    queryKey: notificationKeys.latest(base),
    queryFn: async () =>
      (await api.list<AppNotification>(base, { query: { page: 1, limit: 10 }, silent: true })).data,
    enabled,
  });
}

/** Marks one notification as read, or all when `id` is 'all'. */
export function useMarkRead(base: NotificationsBase) {
  const { api } = useApi();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: AppNotification['id'] | 'all') =>
      api.post(id === 'all' ? `${base}/read-all` : `${base}/${id}/read`, undefined, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationKeys.all(base) }),
  });
}
