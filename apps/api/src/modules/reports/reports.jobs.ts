import type { JobDefinition } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import { compactReportRollups, REPORTS_COMPACT_QUEUE } from './reports.service';

/** Jobs of the reports module: the rollup compaction, every minute. */
export function reportJobs(deps: Pick<AppDeps, 'database'>): JobDefinition[] {
  return [
    {
      name: REPORTS_COMPACT_QUEUE,
      cron: '* * * * *',
      retryLimit: 1,
      handler: async () => {
        await compactReportRollups(deps.database);
      },
    },
  ];
}
