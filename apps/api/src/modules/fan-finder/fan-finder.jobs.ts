import type { JobDefinition } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import { renewDueSubscriptions } from './subscriptions.service';

/**
 * `fan-finder.renew` daily at 00:10 UTC (issue 15): renews every Fan Finder subscription that reached
 * its end date with auto-renew on, or expires it (too few coins, plan withdrawn, renewal off), and
 * notifies the artist. Safe to run twice: each subscription is handled under its row lock and skipped
 * once renewed or expired; each charge has an idempotency key per period.
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
  ];
}
