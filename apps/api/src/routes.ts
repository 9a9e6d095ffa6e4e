import { accountsRoutes } from './modules/accounts';
import { adminAuthRoutes, adminStaffRoutes } from './modules/admins';
import { apiKeyRoutes } from './modules/api-keys';
import { auditRoutes } from './modules/audit';
import { adminConnectionsRoutes, artistConnectionsRoutes, connectionsRoutes } from './modules/connections';
import {
  crmCampaignsRoutes,
  crmLeadsRoutes,
  crmPublicRoutes,
  crmSendersRoutes,
  crmTemplatesRoutes,
} from './modules/crm';
import { customCampaignRoutes } from './modules/custom-campaigns';
import { dashboardRoutes } from './modules/dashboard';
import { devRoutes } from './modules/dev';
import {
  adminExpressRoutes,
  adminSocialExpressRoutes,
  expressCampaignRoutes,
  expressRoutes,
  listenRoutes,
  messagesRoutes,
  offerRoutes,
  socialExpressRoutes,
} from './modules/express';
import {
  adminFanFinderAnalysisRoutes,
  adminFanFinderRoutes,
  fanFinderAnalysisRoutes,
  fanFinderRoutes,
} from './modules/fan-finder';
import { filesRoutes } from './modules/files';
import { formsRoutes } from './modules/forms';
import { healthRoutes } from './modules/health';
import { adminLookupsRoutes, lookupsRoutes } from './modules/lookups';
import { notificationsRoutes } from './modules/notifications';
import {
  adminOrganisationRoutes,
  organisationMoneyRoutes,
  organisationRoutes,
} from './modules/organisations';
import { adminPayoutsRoutes, payoutsRoutes } from './modules/payouts';
import { queuesRoutes } from './modules/queues';
import { rbacRoutes } from './modules/rbac';
import { reportsRoutes } from './modules/reports';
import {
  exportRoutes,
  reportRoutes,
  resultsUploadRoutes,
  shareRoutes,
  summaryRoutes,
} from './modules/results';
import { scrapingRoutes } from './modules/scraping';
import { searchRoutes } from './modules/search';
import { adminSettingsRoutes, platformSpotifyRoutes, settingsRoutes } from './modules/settings';
import { ticketsRoutes } from './modules/tickets';
import { todosRoutes } from './modules/todos';
import { trustFlagRoutes } from './modules/trust';
import { usersRoutes } from './modules/users';
import { adminWalletRoutes, currencyRoutes, walletRoutes } from './modules/wallet';
import { webVitalsRoutes } from './modules/web-vitals';
import { webhookRoutes } from './modules/webhooks';
import type { RouteModule } from './platform/app';
import { sandboxRoutes } from './providers/sandbox.routes';

/** Every module's routes, in registration order. */
export const ROUTE_MODULES: RouteModule[] = [
  healthRoutes,
  settingsRoutes,
  accountsRoutes,
  adminAuthRoutes,
  filesRoutes,
  lookupsRoutes,
  rbacRoutes,
  usersRoutes,
  searchRoutes,
  notificationsRoutes,
  adminStaffRoutes,
  auditRoutes,
  adminSettingsRoutes,
  platformSpotifyRoutes,
  queuesRoutes,
  adminLookupsRoutes,
  reportsRoutes,
  todosRoutes,
  organisationRoutes,
  walletRoutes,
  adminWalletRoutes,
  currencyRoutes,
  payoutsRoutes,
  adminPayoutsRoutes,
  expressRoutes,
  listenRoutes,
  messagesRoutes,
  offerRoutes,
  reportRoutes,
  shareRoutes,
  summaryRoutes,
  exportRoutes,
  dashboardRoutes,
  adminExpressRoutes,
  customCampaignRoutes,
  scrapingRoutes,
  ticketsRoutes,
  connectionsRoutes,
  socialExpressRoutes,
  adminSocialExpressRoutes,
  expressCampaignRoutes,
  adminConnectionsRoutes,
  crmLeadsRoutes,
  crmSendersRoutes,
  crmTemplatesRoutes,
  crmCampaignsRoutes,
  crmPublicRoutes,
  fanFinderRoutes,
  fanFinderAnalysisRoutes,
  adminFanFinderRoutes,
  adminFanFinderAnalysisRoutes,
  formsRoutes,
  artistConnectionsRoutes,
  trustFlagRoutes,
  resultsUploadRoutes,
  webVitalsRoutes,
  apiKeyRoutes,
  webhookRoutes,
  adminOrganisationRoutes,
  organisationMoneyRoutes,
  // Registered only outside production (they decide from deps at registration).
  devRoutes,
  sandboxRoutes,
];
