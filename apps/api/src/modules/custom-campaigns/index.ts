/**
 * Public surface of the custom-campaigns module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { customCampaignJobs } from './custom-campaigns.jobs';
export { campaignStats } from './custom-campaigns.queries';
export { customCampaignRoutes } from './custom-campaigns.routes';
export { sweep } from './custom-campaigns.service';
