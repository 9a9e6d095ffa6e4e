/**
 * Public surface of the trust module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { trustFlagDevRoutes } from './flags.dev.routes';
export { accountVisibleToArtists, playlistVisibleToArtists } from './flags.hidden';
export { registerAccessTokens, registerCampaignRefund } from './flags.hooks';
export { trustFlagRoutes } from './flags.routes';
export { detectFlags, utcDay } from './flags.service';
export {
  type DeliveredSource,
  type PlaylistDelivered,
  playlistResultsItem,
  recomputeAll,
  recomputeForCampaign,
  registerDeliveredSource,
  scoreItem,
  scoreOrNeutral,
} from './score.service';
export { scoreJobs, trustFlagJobs } from './trust.jobs';
