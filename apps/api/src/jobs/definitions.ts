import { expressJobs } from '../modules/express-spotify/express.service';
import { payoutJobs } from '../modules/payouts/payouts.service';
import { queueJobs } from '../modules/queues/queues.service';
import { scrapingJobDefinitions } from '../modules/scraping/scraping.jobs';
import { invoiceJobs } from '../modules/wallet/invoices.service';
import type { AppDeps } from '../platform/app';
import type { JobDefinition } from './jobs';

/** Queues of every module (mail delivery for now; later modules add theirs). */
export function jobDefinitions(deps: AppDeps): JobDefinition[] {
  return [
    ...deps.mail.jobs(),
    ...invoiceJobs(deps),
    ...expressJobs(deps),
    ...queueJobs(deps),
    ...payoutJobs(deps),
    ...scrapingJobDefinitions(deps),
  ];
}
