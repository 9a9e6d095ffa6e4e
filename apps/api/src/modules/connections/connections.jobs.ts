import type { JobDefinition } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import { refreshDueAccounts } from './connections.service';

/**
 * `connections.refresh` every 15 minutes: renews the tokens of connected TikTok and Instagram accounts
 * before they expire (TikTok's rotating refresh token stored each time). Safe to run twice: each account
 * is renewed under its row lock and only while still due.
 */
export function connectionsJobs(deps: AppDeps): JobDefinition[] {
  return [
    {
      name: 'connections.refresh',
      cron: '*/15 * * * *',
      retryLimit: 2,
      handler: async () => {
        await refreshDueAccounts(deps);
      },
    },
  ];
}
