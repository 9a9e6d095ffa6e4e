import type { Database } from '../db/client';
import { connectionsJobs } from '../modules/connections/connections.jobs';
import { campaignJobs } from '../modules/crm/crm-campaigns.service';
import { senderDomainJobs } from '../modules/crm/crm-senders.service';
import { customCampaignJobs } from '../modules/custom-campaigns/custom-campaigns.service';
import { expressJobs } from '../modules/express/express.service';
import { fanFinderJobs } from '../modules/fan-finder/fan-finder.jobs';
import { payoutJobs } from '../modules/payouts/payouts.service';
import { queueJobs } from '../modules/queues/queues.service';
import { reportJobs } from '../modules/reports/reports.service';
import { scrapingJobDefinitions } from '../modules/scraping/scraping.jobs';
import { ticketJobDefinitions } from '../modules/tickets/tickets.jobs';
import { notifyStaffFailedJob } from '../modules/todos/todos.service';
import { trustFlagJobs } from '../modules/trust/flags.jobs';
import { scoreJobs } from '../modules/trust/score.service';
import { invoiceJobs } from '../modules/wallet/invoices.service';
import type { AppDeps } from '../platform/app';
import { DEFAULT_RETRY_LIMIT, type JobDefinition } from './jobs';

/** Queues of every module (mail delivery for now; later modules add theirs). */
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
