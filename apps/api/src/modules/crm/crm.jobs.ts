import type { JobDefinition } from '../../jobs/jobs';
import { CAMPAIGN_QUEUE, type CampaignDeps, processCampaignBatch } from './crm-campaigns.service';
import { DOMAIN_RECHECK_QUEUE, recheckSenderDomains, type SenderDeps } from './crm-senders.service';

/** The campaign batch queue (several batches may run side by side: claims never overlap). */
export function campaignJobs(deps: CampaignDeps): JobDefinition[] {
  return [
    {
      name: CAMPAIGN_QUEUE,
      retryLimit: 5,
      concurrency: 2,
      handler: async (data) => {
        await processCampaignBatch(deps, (data as { campaignId: number }).campaignId);
      },
    },
  ];
}

/** The daily DNS re-check of sender IDs (04:30 UTC). */
export function senderDomainJobs(deps: SenderDeps): JobDefinition[] {
  return [
    {
      name: DOMAIN_RECHECK_QUEUE,
      cron: '30 4 * * *',
      retryLimit: 2,
      handler: async () => {
        await recheckSenderDomains(deps);
      },
    },
  ];
}
