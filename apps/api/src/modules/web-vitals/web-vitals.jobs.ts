import type { JobDefinition } from '../../jobs/jobs';
import { pruneWebVitals, type VitalsDeps, WEB_VITALS_PRUNE_QUEUE } from './web-vitals.service';

/** `web-vitals.prune` at 04:50 UTC: drops histograms older than WEB_VITALS_KEEP_DAYS (safe to run twice). */
export function webVitalsJobs(deps: VitalsDeps): JobDefinition[] {
  return [
    {
      name: WEB_VITALS_PRUNE_QUEUE,
      cron: '50 4 * * *',
      retryLimit: 2,
      handler: async () => {
        await pruneWebVitals(deps);
      },
    },
  ];
}
