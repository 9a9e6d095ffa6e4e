import { NotificationsPage } from '@lm/ui';

/** /notifications (any signed-in user, spec section 2): the user's own in-app notifications. */
export function NotificationsRoute() {
  return <NotificationsPage base="notifications" />;
}
