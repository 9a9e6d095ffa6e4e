/**
 * Keys of the bell's notifications; `base` is the app's notifications API path, so each app (and each
 * path) caches its own and `all(base)` refreshes the unread count and the latest together.
 */
export const notificationKeys = {
  all: (base: string) => ['notifications', base] as const,
  unread: (base: string) => ['notifications', base, 'unread'] as const,
  latest: (base: string) => ['notifications', base, 'latest'] as const,
};
