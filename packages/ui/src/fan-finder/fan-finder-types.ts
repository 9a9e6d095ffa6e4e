import { FAN_BANDS, type FanBand } from '@lm/contracts/fan-finder';

/**
 * Shapes of the Fan Finder answers: the zod schemas in `@lm/contracts/fan-finder-api` that the API
 * serialises its responses through, imported as types only (no zod in the bundles).
 */
export type {
  AdminFanFinderSubscription,
  AdminFanFinderSubscriptionDetail,
  AnalysedArtist,
  AnalysedArtistDetail,
  Fan,
  FanConnection as FanFinderConnection,
  FanConnections as FanFinderConnections,
  FanFinderFlags,
  FanFinderPlan,
  FanFinderSubscription,
  FanFinderSubscriptionCheck,
  FanPage,
} from '@lm/contracts/fan-finder-api';

/** Rating bands (spec section 4), best first. */
export type { FanBand };
export const FAN_BAND_LIST: readonly FanBand[] = FAN_BANDS;
