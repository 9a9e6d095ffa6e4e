/**
 * Keys of the back-office's own screens: permissions and roles, system settings, queues, lookups,
 * sliders, reports and the platform's Spotify account. `throughputAll` refreshes every window of the
 * queues' throughput at once.
 */
export const staffKeys = {
  all: ['staff'] as const,
  permissions: ['staff', 'permissions'] as const,
  roleOptions: ['staff', 'role-options'] as const,
  settings: ['staff', 'settings'] as const,
  queues: ['staff', 'queues'] as const,
  throughputAll: ['staff', 'throughput'] as const,
  throughput: (window: string) => ['staff', 'throughput', window] as const,
  auditActions: ['staff', 'audit-actions'] as const,
  userTypes: ['staff', 'user-types'] as const,
  sliders: ['staff', 'sliders'] as const,
  report: (from: string, to: string) => ['staff', 'report', from, to] as const,
  platformSpotify: ['staff', 'platform-spotify'] as const,
  platformSpotifyOutcome: (token: string) => ['staff', 'platform-spotify', 'outcome', token] as const,
  /** What waits for the admin (dashboard); refreshed by a decision on a form. */
  todos: ['admin', 'todos'] as const,
};
