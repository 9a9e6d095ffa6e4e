import type { JobDefinition } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import { PROBE_QUEUE, probeHandler } from './queues.service';

/** The probe queue, registered outside production only (no retries of its own: staff retry it). */
export function queueJobs(deps: Pick<AppDeps, 'config'>): JobDefinition[] {
  if (deps.config.NODE_ENV === 'production') return [];
  return [
    {
      name: PROBE_QUEUE,
      retryLimit: 0,
      handler: (data, meta) => probeHandler(data as { fail_times?: number }, meta),
    },
  ];
}
