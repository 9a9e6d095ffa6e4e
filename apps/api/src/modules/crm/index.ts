/**
 * Public surface of the crm module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { campaignJobs, senderDomainJobs } from './crm.jobs';
export {
  crmCampaignsRoutes,
  crmLeadsRoutes,
  crmPublicRoutes,
  crmSendersRoutes,
  crmTemplatesRoutes,
} from './crm.routes';
export { DEMO_LEADS_LIST, seedCrmDemo } from './crm.seed';
export { DKIM_KEY_SEALED_COLUMN } from './crm-senders.service';
