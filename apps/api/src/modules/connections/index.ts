/**
 * Public surface of the connections module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { adminConnectionsRoutes } from './admin-connections.routes';
export { artistConnectionsRoutes } from './artist-connections.routes';
export { seedConnectionsDemo } from './connections.demo';
export { connectionsJobs } from './connections.jobs';
export { accountSchema, connectionsRoutes } from './connections.routes';
export * as connectionsService from './connections.service';
export {
  accessTokenOf,
  accountsOfUsers,
  connectFinish,
  connectStart,
  SOCIAL_ACCOUNT_SEALED_COLUMNS,
} from './connections.service';
export { registerSoundCheck } from './sound-checks';
export * as spotifyAccounts from './spotify-connections';
export { listConnections, SPOTIFY_CONNECTION_SEALED_COLUMN } from './spotify-connections';
export { seedSocialReference } from './tiers.service';
