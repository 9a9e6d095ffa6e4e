import { z } from 'zod';

/**
 * Shapes of the bell calls (`notifications...` for users, `admin/notifications...` for staff). The API
 * serialises its answers through these, so a field missing here is missing on the wire; the apps import
 * their types only (`import type`), which keeps zod out of their bundles.
 *
 * Times are ISO 8601 strings.
 */

/** A notification as the list and mark-read calls answer it, written in the request's language. */
export const notificationSchema = z.object({
  id: z.number(),
  /** What happened (`campaign.approved`...): the key the notification was sent under. */
  type: z.string(),
  title: z.string(),
  body: z.string(),
  /** The app path the notification opens, or null. */
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

/** `unread-count` and `read-all`: how many notifications are unread, or were just marked read. */
export const notificationCountSchema = z.object({ count: z.number().int() });
export type NotificationCount = z.infer<typeof notificationCountSchema>;
