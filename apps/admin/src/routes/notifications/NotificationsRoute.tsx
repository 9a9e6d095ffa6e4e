import { NotificationsPage } from '@lm/ui';

/** /notifications (view.main.notifications.tab.list): the admin's own in-app notifications. */
export function NotificationsRoute() {
  return <NotificationsPage base="admin/notifications" />;
}
