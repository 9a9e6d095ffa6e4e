/**
 * Public surface of the settings module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { adminSettingsRoutes } from './admin-settings.routes';
export { PLATFORM_SPOTIFY_SEALED_COLUMN } from './platform-spotify';
export { platformSpotifyRoutes } from './platform-spotify.routes';
export { settingsRoutes } from './settings.routes';
export {
  getSettings,
  rememberSettings,
  SETTING_DEFAULTS,
  type SettingsMap,
  seedSettings,
  settingsFrom,
} from './settings.service';
