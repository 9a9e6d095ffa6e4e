import type { OperationDocs } from '../types';

/** The back-office bell (spec section 2 "/notifications"). */
export const notificationsOperations: OperationDocs = {
  'GET /api/admin/notifications': {
    id: 'admin.notifications.list',
    summary: "List the signed-in admin's notifications",
    description:
      'The caller\'s own notifications, newest first, titles and bodies written in the request\'s language whatever it was when they were sent. `page` and `limit` (10, 25, 50, 75, 100) as every list; answers `{ data, pagination }`. Spec section 2 "/notifications".',
  },
  'GET /api/admin/notifications/unread-count': {
    id: 'admin.notifications.countUnread',
    summary: "Count the signed-in admin's unread notifications",
    description: 'Answers `{ count }` for the bell badge. Spec section 2 "/notifications".',
  },
  'POST /api/admin/notifications/{id}/read': {
    id: 'admin.notifications.markRead',
    summary: 'Mark one notification read',
    description:
      'Marks one of the caller\'s notifications read (reading it again keeps the first time) and answers it. Another admin\'s notification answers 404. Spec section 2 "/notifications".',
  },
  'POST /api/admin/notifications/read-all': {
    id: 'admin.notifications.markAllRead',
    summary: "Mark all the signed-in admin's notifications read",
    description: 'Answers `{ count }`, the number of notifications marked. Spec section 2 "/notifications".',
  },
};
