import type { OperationDocs } from './types';

const LOOKUP = (what: string, size: number) =>
  `Searches ${what} by name (\`q\`, case-insensitive, contains) and answers at most \`limit\` rows (default ${size}, at most 100) as \`{ id, name }\`. Spec section 7, "Lookups"; page sizes of spec section 9.`;

const catalog = (kind: string, id: string, what: string): OperationDocs => ({
  [`GET /api/user/get_${kind}`]: {
    id: `lookups.${id}`,
    summary: `Search ${what}`,
    description: LOOKUP(what, 20),
  },
});

/** Probes, site settings, uploads, lookups, roles, the staff's user overview, notifications. */
export const accountOperations: OperationDocs = {
  'GET /api/health': {
    id: 'health.getStatus',
    summary: 'Database and job system state',
    description:
      'Answers `ok` when the database answers a query and the job system (pg-boss) runs; 503 naming which is down. Outside the rate limit and maintenance mode. Design section 10.',
  },
  'GET /api/health/live': {
    id: 'health.getLiveness',
    summary: 'Liveness probe: the process answers',
    description:
      'No database call; a failing liveness probe should restart the process. Outside the rate limit and maintenance mode. Issue 33.',
  },
  'GET /api/health/ready': {
    id: 'health.getReadiness',
    summary: 'Readiness probe: database, migrations, jobs, not draining',
    description:
      'Ready when the database answers, no migration is pending, the job system runs and the instance is not shutting down; 503 `not_ready` names the failed check, so a load balancer stops sending traffic while the instance drains. Issue 33.',
  },
  'GET /api/setting/all': {
    id: 'settings.getPublic',
    summary: 'Public site settings for the apps',
    description:
      'The settings the apps need before sign-in: product name, coin price and public settings, and which features are on (Google sign-in, TikTok and Instagram connections, the development mailbox). Open during maintenance. Spec section 7, "Settings/roles".',
  },
  'GET /api/maintenance-mode-check': {
    id: 'settings.getMaintenance',
    summary: 'Whether maintenance mode is on',
    description:
      '`check: true` while maintenance is on, with the staff\'s message when one was written; the apps then show the maintenance screen (any other call answers 503). Open during maintenance. Spec section 7, "Settings/roles"; spec section 4 "Maintenance".',
    examples: { response: { data: { check: false, message: null } } },
  },
  'POST /api/logout': {
    id: 'auth.logoutAny',
    summary: 'Sign out a user or staff session',
    description:
      'Revokes the token the request was made with, for a user or a staff member, and records it in the audit log. Spec section 7, "Admin".',
  },
  'POST /api/file/upload': {
    id: 'files.upload',
    summary: 'Upload a file (multipart field `file`)',
    description:
      'Stores one file and answers its key (`data.file`, the value image and media fields take), URL, type and size. The type is read from the content, not the name: PNG, JPEG, GIF and PDF up to 10 MB; MP3, WAV and MP4 up to 50 MB; anything else answers 422 on `file`, a larger file 413. Spec section 7, "Files".',
    errors: [413],
  },
  'POST /api/file/new-upload': {
    id: 'files.uploadNew',
    summary: "Upload a file (the spec's second path, same rules)",
    description:
      'The same call as `POST /api/file/upload` under the path the apps\' newer screens use: one multipart `file`, type read from the content (PNG, JPEG, GIF, PDF up to 10 MB; MP3, WAV, MP4 up to 50 MB). Spec section 7, "Files".',
    errors: [413],
  },
  'GET /api/user/genre/getAllGenresWithQ': {
    id: 'lookups.searchGenres',
    summary: 'Search genres',
    description: LOOKUP('genres', 40),
  },
  'GET /api/interest/getAllInterestsWithQ': {
    id: 'lookups.searchInterests',
    summary: 'Search interests',
    description: LOOKUP('interests', 20),
  },
  'GET /api/language/getAllLanguagesWithQ': {
    id: 'lookups.searchLanguages',
    summary: 'Search song languages',
    description:
      'Song languages with their code; `limit` may ask for the whole list in one answer (pickers name languages in the reader\'s language). Spec section 7, "Lookups".',
  },
  'GET /api/tier/getAllTiersWithQ': {
    id: 'lookups.searchTiers',
    summary: 'Search campaign tiers',
    description: LOOKUP('tiers (names in the request language)', 100),
  },
  'GET /api/statuses/getAllStatusesWithQ': {
    id: 'lookups.searchStatuses',
    summary: 'Search statuses',
    description: LOOKUP('statuses', 20),
  },
  ...catalog('spotify_record_types', 'searchSpotifyRecordTypes', 'Spotify record types'),
  ...catalog('spotify_cultures', 'searchSpotifyCultures', 'Spotify cultures'),
  ...catalog('spotify_moods', 'searchSpotifyMoods', 'Spotify moods'),
  ...catalog('spotify_instruments', 'searchSpotifyInstruments', 'Spotify instruments'),
  ...catalog('spotify_languages', 'searchSpotifyLanguages', 'Spotify languages'),
  ...catalog('spotify_song_styles', 'searchSpotifySongStyles', 'Spotify song styles'),
  ...catalog('apple_moods', 'searchAppleMoods', 'Apple Music moods'),
  ...catalog('apple_genres', 'searchAppleGenres', 'Apple Music genres'),
  'GET /api/user-types': {
    id: 'lookups.listUserTypes',
    summary: 'List user types',
    description: 'The account types a person signs up as: 1 artist, 2 curator, 3 influencer. Spec section 3.',
  },
  'GET /api/countries': {
    id: 'lookups.listCountries',
    summary: 'List countries',
    description:
      'Every country as ISO 3166-1 alpha-2 `code` and English `name`, for profile and payout forms.',
  },
  'GET /api/user/slider': {
    id: 'lookups.listSliders',
    summary: 'List the active home sliders',
    description:
      'The active slides of the user app\'s home screen by position, each with its image URL and optional link. Spec section 7, "Auth".',
  },
  'GET /api/permissions': {
    id: 'roles.listPermissions',
    summary: 'List permission names by group',
    description:
      'Every permission name (spec section 6) grouped for the role editor, optionally of one guard (`user` or `admin`).',
  },
  'GET /api/roles': {
    id: 'roles.listRoles',
    summary: 'List roles',
    description:
      'Roles with their permissions, paged and searchable (`q`), optionally of one guard. Spec section 7, "Settings/roles".',
  },
  'GET /api/roles/{id}': {
    id: 'roles.getRole',
    summary: 'Read a role',
    description: 'One role with its guard and permission names. Spec section 7, "Settings/roles".',
  },
  'POST /api/roles': {
    id: 'roles.createRole',
    summary: 'Create a role',
    description:
      'A role with a unique name, its guard and the permission names it grants (names of another guard, or unknown, answer 422). Audited. Spec section 7, "Settings/roles".',
  },
  'PUT /api/roles/{id}': {
    id: 'roles.updateRole',
    summary: 'Change a role',
    description:
      'Renames a role and replaces its permissions; its guard cannot change (422). The Super Admin role and the default user roles are protected (409). Audited. Spec section 7, "Settings/roles".',
    errors: [409],
  },
  'DELETE /api/roles/{id}': {
    id: 'roles.deleteRole',
    summary: 'Delete a role',
    description:
      'Deletes a role not protected (the Super Admin role and the default user roles answer 409). Audited. Spec section 7, "Settings/roles".',
    errors: [409],
  },
  'GET /api/getAllRolesWithQ': {
    id: 'roles.searchRoles',
    summary: 'Search roles by name',
    description:
      'Role picker: `{ id, name }` of roles whose name contains `q`, at most `limit` (default 20, at most 100), optionally of one guard. Spec section 7, "Lookups".',
  },
  'GET /api/users/activities/{id}': {
    id: 'users.listActivities',
    summary: "A user's activity log (staff)",
    description:
      'Sign-ins and account events of user `id` (platform, action, country, address, time), newest first, paged. Spec section 7, "Admin user overview".',
  },
  'GET /api/artist/campaigns/indexLastFiveForArtist/{id}': {
    id: 'users.listLastArtistCampaigns',
    summary: "An artist's five latest express campaigns (staff)",
    description:
      'The overview card of user `id`: their five latest express campaigns as artist. Spec section 7, "Admin user overview".',
  },
  'GET /api/artist/campaigns/indexAllListByAdminForArtist/{id}': {
    id: 'users.listArtistCampaigns',
    summary: "An artist's express campaigns (staff)",
    description:
      'Every express campaign of user `id` as artist, paged, filtered and sorted like the campaign lists. Spec section 7, "Admin user overview".',
  },
  'GET /api/curator/campaigns/indexLastFiveForCurator/{id}': {
    id: 'users.listLastCuratorCampaigns',
    summary: "A curator's five latest express campaigns (staff)",
    description:
      'The overview card of user `id`: the five latest express campaigns on their playlists or accounts. Spec section 7, "Admin user overview".',
  },
  'GET /api/curator/campaigns/all/{id}': {
    id: 'users.listCuratorCampaigns',
    summary: "A curator's express campaigns (staff)",
    description:
      'Every express campaign placed with user `id` as curator or influencer, paged. Spec section 7, "Admin user overview".',
  },
  'GET /api/express/users/all/playlists/{id}': {
    id: 'users.listCuratorPlaylists',
    summary: "A curator's express playlists (staff)",
    description:
      'Every express playlist of curator `id` with tier, duration and status, paged. Spec section 7, "Admin user overview".',
  },
  'GET /api/notifications': {
    id: 'notifications.list',
    summary: "List one's notifications, newest first",
    description:
      "The signed-in user's in-app notifications, paged; titles and bodies in the request language.",
  },
  'GET /api/notifications/unread-count': {
    id: 'notifications.countUnread',
    summary: 'Count unread notifications',
    description: "How many of the signed-in user's notifications are unread (the bell's badge).",
  },
  'POST /api/notifications/{id}/read': {
    id: 'notifications.markRead',
    summary: 'Mark one notification read',
    description: "Marks notification `id` read and answers it; another user's notification answers 404.",
  },
  'POST /api/notifications/read-all': {
    id: 'notifications.markAllRead',
    summary: 'Mark every notification read',
    description: "Marks all the signed-in user's notifications read; answers how many changed.",
  },
};
