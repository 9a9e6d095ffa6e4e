import type { JobDefinition } from '../../jobs/jobs';
import type { AppDeps } from '../../platform/app';
import { topUpAllBudgets } from './organisations.money';

/** Queue of the monthly budget top-up (issue 35). */
export const BUDGET_TOP_UP_QUEUE = 'organisations.budgets-top-up';

/**
 * `organisations.budgets-top-up` at 00:05 UTC on the 1st of each month: every organisation's budgets
 * back to their monthly amount from its wallet (`topUpAllBudgets`; idempotent per month, so a retry or
 * a second run moves nothing more).
 */
export function organisationJobs(deps: Pick<AppDeps, 'database' | 'clock'>): JobDefinition[] {
  return [
    {
      name: BUDGET_TOP_UP_QUEUE,
      cron: '5 0 1 * *',
      retryLimit: 3,
      handler: async () => {
        await topUpAllBudgets(deps);
      },
    },
  ];
}
