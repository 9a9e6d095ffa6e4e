import type { JobDefinition } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import { detectFlags, snapshotAccounts, snapshotPlaylists } from './flags.service';
import { recomputeAll, SCORE_NIGHTLY_QUEUE } from './score.service';

/**
 * Fake-audience detection's daily jobs, both safe to run twice: `trust.snapshots` at 02:10
 * UTC takes the day's follower snapshot of every approved playlist and the recent-video stats of every
 * connected account (one row per subject per day, the first stands); `trust.detect` at 03:10 UTC runs
 * the detectors over the stored histories (one pending flag per subject and signal) and refunds what a
 * confirmation left open.
 */
export function trustFlagJobs(deps: AppDeps): JobDefinition[] {
  return [
    {
      name: 'trust.snapshots',
      cron: '10 2 * * *',
      retryLimit: 2,
      handler: async () => {
        await snapshotPlaylists(deps);
        await snapshotAccounts(deps);
      },
    },
    {
      name: 'trust.detect',
      cron: '10 3 * * *',
      retryLimit: 2,
      handler: async () => {
        await detectFlags(deps);
      },
    },
  ];
}

/** `trust.score.nightly` at 03:30 UTC: `recomputeAll` (safe to run twice; it only rewrites scores). */
export function scoreJobs(deps: Pick<AppDeps, 'database' | 'clock'>): JobDefinition[] {
  return [
    {
      name: SCORE_NIGHTLY_QUEUE,
      cron: '30 3 * * *',
      retryLimit: 2,
      queue: { expireInSeconds: 3600 },
      handler: async () => {
        await recomputeAll(deps.database, deps.clock.now());
      },
    },
  ];
}
