/**
 * Public surface of the express module: other modules, the route table, the jobs and the seeds import
 * from here and never from the files behind it, so the module can change its insides freely.
 * The boundaries test (apps/api/src/test/boundaries.test.ts) keeps it so.
 */

export { adminExpressRoutes } from './admin-express.routes';
export { adminSocialExpressRoutes } from './admin-social.routes';
export { expressCampaignRoutes } from './campaign.routes';
export { activeTiers } from './express.catalog';
export type { NotCreated } from './express.checkout';
export { createCampaigns } from './express.creation';
export { dashboardStats } from './express.dashboard';
export { seedCompletedDemoCampaigns } from './express.demo';
export { type ExpressHoldInvariants, expressHoldInvariants } from './express.invariants';
export { expressJobs } from './express.jobs';
export * as expressListen from './express.listen';
export * as expressMachine from './express.machine';
export { sweep } from './express.machine';
export { unreadTotal } from './express.messages';
export * as expressQueries from './express.queries';
export { listCampaigns, searchBehalfUsers } from './express.queries';
export { expressRoutes } from './express.routes';
export { seedExpressDemo, seedExpressReference } from './express.seed';
export { listenRoutes } from './listen.routes';
export { messagesRoutes } from './messages.routes';
export { offerRoutes } from './offers.routes';
export { findAdapter as findExpressAdapter } from './platforms/index';
export { instagramAdapter } from './platforms/instagram.adapter';
export { tiktokAdapter } from './platforms/tiktok.adapter';
export { socialExpressRoutes } from './social.routes';
