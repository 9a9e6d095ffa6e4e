/**
 * Shapes of the express answers: the zod schemas in `@lm/contracts/express` that the API serialises
 * its responses through, imported as types only (no zod in the bundles).
 */

/** Express playlist status labels (1 approved, 2 pending, 3 declined/disabled), from `@lm/contracts`. */
export { EXPRESS_PLAYLIST_STATUSES } from '@lm/contracts';
export type {
  ExpressCampaign,
  ExpressCampaignDetail,
  ExpressCampaignStats,
  ExpressDecline,
  ExpressDuration,
  ExpressPerformance,
  ExpressPlaylist,
  ExpressReason,
  ExpressStatus,
  ExpressTier,
  ExpressTimelineEntry,
} from '@lm/contracts/express';
