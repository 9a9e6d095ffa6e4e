import { accountsRoutes } from './modules/accounts/accounts.routes';
import { adminStaffRoutes } from './modules/admins/admin-staff.routes';
import { adminAuthRoutes } from './modules/admins/admins.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { adminConnectionsRoutes } from './modules/connections/admin-connections.routes';
import { artistConnectionsRoutes } from './modules/connections/artist-connections.routes';
import { connectionsRoutes } from './modules/connections/connections.routes';
import {
  crmCampaignsRoutes,
  crmLeadsRoutes,
  crmPublicRoutes,
  crmSendersRoutes,
  crmTemplatesRoutes,
} from './modules/crm/crm.routes';
import { customCampaignRoutes } from './modules/custom-campaigns/custom-campaigns.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { adminExpressRoutes } from './modules/express/admin-express.routes';
import { adminSocialExpressRoutes } from './modules/express/admin-social.routes';
import { expressRoutes } from './modules/express/express.routes';
import { socialExpressRoutes } from './modules/express/social.routes';
import { adminFanFinderRoutes } from './modules/fan-finder/admin-fan-finder.routes';
import { adminFanFinderAnalysisRoutes } from './modules/fan-finder/admin-fan-finder-analysis.routes';
import { fanFinderRoutes } from './modules/fan-finder/fan-finder.routes';
import { fanFinderAnalysisRoutes } from './modules/fan-finder/fan-finder-analysis.routes';
import { filesRoutes } from './modules/files/files.routes';
import { formsRoutes } from './modules/forms/forms.routes';
import { healthRoutes } from './modules/health/health.routes';
import { adminLookupsRoutes } from './modules/lookups/admin-lookups.routes';
import { lookupsRoutes } from './modules/lookups/lookups.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { adminPayoutsRoutes } from './modules/payouts/admin-payouts.routes';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { queuesRoutes } from './modules/queues/queues.routes';
import { rbacRoutes } from './modules/rbac/rbac.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { scrapingRoutes } from './modules/scraping/scraping.routes';
import { adminSettingsRoutes } from './modules/settings/admin-settings.routes';
import { platformSpotifyRoutes } from './modules/settings/platform-spotify.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { ticketsRoutes } from './modules/tickets/tickets.routes';
import { todosRoutes } from './modules/todos/todos.routes';
import { trustFlagRoutes } from './modules/trust/flags.routes';
import { usersRoutes } from './modules/users/users.routes';
import { adminWalletRoutes } from './modules/wallet/admin-wallet.routes';
import { currencyRoutes } from './modules/wallet/currency.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
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
  notificationsRoutes,
  adminStaffRoutes,
  auditRoutes,
  adminSettingsRoutes,
  platformSpotifyRoutes,
  queuesRoutes,
  adminLookupsRoutes,
  reportsRoutes,
  todosRoutes,
  walletRoutes,
  adminWalletRoutes,
  currencyRoutes,
  payoutsRoutes,
  adminPayoutsRoutes,
  expressRoutes,
  dashboardRoutes,
  adminExpressRoutes,
  customCampaignRoutes,
  scrapingRoutes,
  ticketsRoutes,
  connectionsRoutes,
  socialExpressRoutes,
  adminSocialExpressRoutes,
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
  // Registered only outside production (they decide from deps at registration).
  devRoutes,
  sandboxRoutes,
];
