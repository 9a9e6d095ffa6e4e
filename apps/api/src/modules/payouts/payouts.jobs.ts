import type { JobDefinition } from '../../jobs/jobs';
import type { Deps } from './payouts.context';
import { reconcilePayouts } from './payouts.reconcile';
import { ADVANCE_QUEUE, FUND_QUEUE, fundPayout, RECEIPT_QUEUE, sandboxAdvance } from './payouts.transfer';

/** Jobs of the payouts module: funding, reconciliation, sandbox steps, receipts. */
export function payoutJobs(deps: Deps): JobDefinition[] {
  return [
    {
      name: FUND_QUEUE,
      retryLimit: 10,
      handler: async (data) => fundPayout(deps, (data as { payoutId: number }).payoutId),
    },
    {
      name: 'payouts.reconcile',
      cron: '* * * * *',
      retryLimit: 1,
      handler: async () => {
        await reconcilePayouts(deps);
      },
    },
    {
      name: ADVANCE_QUEUE,
      retryLimit: 5,
      handler: async (data) => {
        await sandboxAdvance(deps, (data as { transferId: string }).transferId);
      },
    },
    {
      name: RECEIPT_QUEUE,
      retryLimit: 5,
      handler: async (data) => {
        const { ensureReceipt } = await import('./receipt');
        await ensureReceipt(deps, (data as { payoutId: number }).payoutId);
      },
    },
  ];
}
