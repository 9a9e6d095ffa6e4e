import type { JobDefinition } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import { API_KEY_USES_PRUNE_QUEUE, pruneKeyUses } from './api-keys.uses';

/** `api-keys.prune-uses` at 04:40 UTC: drops the API key request log older than API_KEY_USE_KEEP_DAYS (safe to run twice). */
export function apiKeyJobs(deps: Pick<AppDeps, 'database' | 'clock' | 'config'>): JobDefinition[] {
  return [
    {
      name: API_KEY_USES_PRUNE_QUEUE,
      cron: '40 4 * * *',
      retryLimit: 2,
      handler: async () => {
        await pruneKeyUses(deps);
      },
    },
  ];
}
