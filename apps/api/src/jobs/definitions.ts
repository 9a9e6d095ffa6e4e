import type { Database } from '../db/client';
import { connectionsJobs } from '../modules/connections/connections.jobs';
import { campaignJobs, senderDomainJobs } from '../modules/crm/crm.jobs';
import { customCampaignJobs } from '../modules/custom-campaigns/custom-campaigns.service';
import { expressJobs } from '../modules/express/express.service';
import { fanFinderJobs } from '../modules/fan-finder/fan-finder.jobs';
import { payoutJobs } from '../modules/payouts/payouts.jobs';
import { queueJobs } from '../modules/queues/queues.jobs';
import { reportJobs } from '../modules/reports/reports.jobs';
import { scrapingJobDefinitions } from '../modules/scraping/scraping.jobs';
import { ticketJobDefinitions } from '../modules/tickets/tickets.jobs';
import { notifyStaffFailedJob } from '../modules/todos/todos.service';
import { scoreJobs, trustFlagJobs } from '../modules/trust/trust.jobs';
import { invoiceJobs } from '../modules/wallet/wallet.jobs';
import type { AppDeps } from '../platform/app';
import { DEFAULT_RETRY_LIMIT, type JobDefinition } from './jobs';

/** Queues of every module, each from its `<module>.jobs.ts` (mail delivery from the mail service). */
export function jobDefinitions(deps: AppDeps): JobDefinition[] {
  return [
    ...deps.mail.jobs(),
    ...invoiceJobs(deps),
    ...expressJobs(deps),
    ...customCampaignJobs(deps),
    ...queueJobs(deps),
    ...payoutJobs(deps),
    ...scrapingJobDefinitions(deps),
    ...ticketJobDefinitions(deps),
    ...connectionsJobs(deps),
    ...campaignJobs(deps),
    ...senderDomainJobs(deps),
    ...fanFinderJobs(deps),
    ...trustFlagJobs(deps),
    ...scoreJobs(deps),
    ...reportJobs(deps),
  ].map((def) => withFailureNotice(def, deps.database));
}

/**
 * The definition with its handler wrapped so that a job failing its last allowed attempt tells the
 * staff of the queue monitor (issue 20 "Staff get a notification when one appears"). The job still
 * fails as before; a notice that cannot be written is not allowed to hide the job's own error.
 */
export function withFailureNotice(def: JobDefinition, database: Database): JobDefinition {
  const retryLimit = def.retryLimit ?? DEFAULT_RETRY_LIMIT;
  return {
    ...def,
    async handler(data, meta) {
      try {
        await def.handler(data, meta);
      } catch (err) {
        if (meta.retryCount >= retryLimit)
          await notifyStaffFailedJob(database, { queue: def.name, id: meta.id }).catch(() => undefined);
        throw err;
      }
    },
  };
}
