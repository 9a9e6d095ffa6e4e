import type { JobDefinition } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import { advance, CUSTOM_ADVANCE_QUEUE, sweep } from './custom-campaigns.service';

type Deps = Pick<AppDeps, 'database' | 'jobs' | 'clock' | 'providers' | 'config' | 'mail'>;

/** The custom jobs: the per-campaign advance and the minute sweeper. */
export function customCampaignJobs(deps: Deps): JobDefinition[] {
  return [
    {
      name: CUSTOM_ADVANCE_QUEUE,
      retryLimit: 10,
      handler: async (data: object) => advance(deps, (data as { campaignId: number }).campaignId),
    },
    {
      name: 'custom.sweep',
      cron: '* * * * *',
      retryLimit: 1,
      handler: async () => {
        await sweep(deps);
      },
    },
  ];
}
