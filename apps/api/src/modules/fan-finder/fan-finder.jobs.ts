import type { JobDefinition } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import { analyseArtist, queueWeeklyResync } from './analysis.service';
import { ANALYSE_QUEUE } from './connections.service';
import { renewDueSubscriptions } from './subscriptions.service';

/**
 * Fan Finder jobs:
 * - `fan-finder.renew` daily at 00:10 UTC: renews every subscription that reached its end date with
 *   auto-renew on, or expires it (too few coins, plan withdrawn, renewal off), and notifies the artist.
 *   Safe to run twice: each subscription is handled under its row lock and skipped once renewed or
 *   expired; each charge has an idempotency key per period.
 * - `fan-finder.analyse` (queued on connection changes and weekly; stately with the artist as key: one
 *   waiting and one running per artist): the analysis of one artist. Safe to run twice (an upsert).
 * - `fan-finder.resync` every Monday at 03:00 UTC (spec section 9 "weekly updates"): queues the
 *   analysis of every subscribed artist with an Instagram connection.
 */
export function fanFinderJobs(deps: AppDeps): JobDefinition[] {
  return [
    {
      name: 'fan-finder.renew',
      cron: '10 0 * * *',
      retryLimit: 3,
      handler: async () => {
        await renewDueSubscriptions(deps);
      },
    },
    {
      name: ANALYSE_QUEUE,
      retryLimit: 3,
      queue: { policy: 'stately', expireInSeconds: 900 },
      handler: async (data) => {
        await analyseArtist(deps, (data as { userId: number }).userId);
      },
    },
    {
      name: 'fan-finder.resync',
      cron: '0 3 * * 1',
      retryLimit: 3,
      handler: async () => {
        await queueWeeklyResync(deps);
      },
    },
  ];
}
