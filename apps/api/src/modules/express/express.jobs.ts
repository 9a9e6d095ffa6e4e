import type { JobDefinition } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import { ADVANCE_QUEUE } from './express.machine';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/** Job definitions: the per-campaign advance job and the minute sweeper. */
export function expressJobs(deps: Deps): JobDefinition[] {
  return [
    {
      name: ADVANCE_QUEUE,
      retryLimit: 10,
      handler: async (data: object) => {
        const { advance } = await import('./express.machine');
        await advance(deps, (data as { campaignId: number }).campaignId);
      },
    },
    {
      name: 'express.sweep',
      cron: '* * * * *',
      retryLimit: 1,
      handler: async () => {
        const { sweep } = await import('./express.machine');
        await sweep(deps);
      },
    },
  ];
}
