import type { JobDefinition } from '../../jobs/jobs';
import { type Deps, ensureInvoicePdf } from './invoices.service';

/** The job that renders invoice PDFs after a purchase commits. */
export function invoiceJobs(deps: Deps): JobDefinition[] {
  return [
    {
      name: 'invoice.render',
      retryLimit: 5,
      handler: async (data) => {
        await ensureInvoicePdf(deps, (data as { invoiceId: number }).invoiceId);
      },
    },
  ];
}
