import type { Database } from '../db/client';
import { apiKeyJobs } from '../modules/api-keys';
import { connectionsJobs } from '../modules/connections';
import { campaignJobs, senderDomainJobs } from '../modules/crm';
import { customCampaignJobs } from '../modules/custom-campaigns';
import { expressJobs } from '../modules/express';
import { fanFinderJobs } from '../modules/fan-finder';
import { organisationJobs } from '../modules/organisations';
import { payoutJobs } from '../modules/payouts';
import { queueJobs } from '../modules/queues';
import { reportJobs } from '../modules/reports';
import { scrapingJobDefinitions } from '../modules/scraping';
import { ticketJobDefinitions } from '../modules/tickets';
import { notifyStaffFailedJob } from '../modules/todos';
import { scoreJobs, trustFlagJobs } from '../modules/trust';
import { invoiceJobs } from '../modules/wallet';
import { webVitalsJobs } from '../modules/web-vitals';
import { webhookJobs } from '../modules/webhooks';
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
    ...webVitalsJobs(deps),
    ...apiKeyJobs(deps),
    ...webhookJobs(deps),
    ...organisationJobs(deps),
  ].map((def) => withFailureNotice(def, deps.database));
}

/**
 * The definition with its handler wrapped so that a job failing its last allowed attempt tells the
 * staff of the queue monitor. The job still
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
