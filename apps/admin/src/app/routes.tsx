import {
  CRM_PERMISSIONS as CRM,
  EXPRESS_ADMIN_PERMISSIONS as EXPRESS,
  GENERAL,
  ORGANISATION_ADMIN_PERMISSIONS,
  SCRAPING_PERMISSIONS as SCRAPING,
  TRUST_FLAG_PERMISSIONS,
  USER_ADMIN_PERMISSIONS,
  WEB_VITALS_PERMISSIONS,
} from '@lm/contracts/permissions';
import { lazyScreen, type PreloadableScreen, type ScreenRoute } from '@lm/ui';
import { matchPath } from 'react-router';

/** A back-office screen and the permission it needs (spec section 2 "Admin back-office routes"). */
export interface AdminRoute extends ScreenRoute {
  /** Only while the outbox mail driver is active. */
  devOnly?: boolean;
  screen: PreloadableScreen;
}

/** A screen as its own chunk, which the entry can fetch while it boots (`preloadOpenedRoute`). */
const page = lazyScreen;

/** The CRM screens: one lazy module, each screen loading the CRM catalog. */
const crmScreens = () => import('../routes/crm/index');

/**
 * Blank-layout screens: /login, the public /privacy, /reset-password (the e-mailed link that sets
 * an admin's password) and the public /spotify/callback/{accessToken}.
 */
export const blankRoutes: readonly AdminRoute[] = [
  { path: '/login', boot: true, screen: page(() => import('../routes/login/LoginPage'), 'LoginPage') },
  {
    path: '/reset-password',
    boot: true,
    screen: page(() => import('../routes/reset-password/ResetPasswordPage'), 'ResetPasswordPage'),
  },
  {
    path: '/privacy',
    boot: true,
    screen: page(() => import('../routes/privacy/PrivacyRoute'), 'PrivacyRoute'),
  },
  {
    path: '/spotify/callback/:accessToken',
    screen: page(() => import('../routes/spotify-callback/SpotifyCallbackPage'), 'SpotifyCallbackPage'),
  },
];

/** Signed-in screens. Later modules add theirs with the spec's permission; the menu follows. */
export const adminRoutes: readonly AdminRoute[] = [
  {
    path: '/dashboard',
    access: { permission: GENERAL, requireVerified: false },
    screen: page(() => import('../routes/dashboard/DashboardPage'), 'DashboardPage'),
  },
  {
    path: '/account/password',
    access: { permission: GENERAL, requireVerified: false },
    screen: page(() => import('../routes/account/ChangePasswordPage'), 'ChangePasswordPage'),
  },
  {
    path: '/account/api-keys',
    access: { permission: GENERAL, requireVerified: false },
    screen: page(() => import('../routes/account/ApiKeysPage'), 'ApiKeysPage'),
  },
  {
    path: '/dev/mailbox',
    access: { permission: 'dev.mailbox.show', requireVerified: false },
    devOnly: true,
    screen: page(() => import('../routes/dev-mailbox/DevMailboxPage'), 'DevMailboxPage'),
  },
  {
    path: '/wallet/main/list',
    access: { permission: 'main.wallet.show.all.transactions' },
    screen: page(() => import('../routes/wallet/MainWalletPage'), 'MainWalletPage'),
  },
  {
    path: '/wallet/transaction/list',
    access: { permission: 'main.wallet.show.all.transactions' },
    screen: page(() => import('../routes/wallet/TransactionsPage'), 'TransactionsPage'),
  },
  {
    path: '/wallet/deposit/list',
    access: { permission: 'main.wallet.show.all.transactions' },
    screen: page(() => import('../routes/wallet/DepositsPage'), 'DepositsPage'),
  },
  {
    path: '/requests/list',
    access: { permission: 'INFLUENCER_VIEW_PAYOUT_PROFILE' },
    screen: page(() => import('../routes/payouts/PayoutsPages'), 'PayoutRequestsPage'),
  },
  {
    path: '/payouts/list',
    access: { permission: 'INFLUENCER_VIEW_PAYOUT_PROFILE' },
    screen: page(() => import('../routes/payouts/PayoutsPages'), 'PayoutsListPage'),
  },
  {
    path: '/payouts/:id',
    access: { permission: 'INFLUENCER_VIEW_PAYOUT_PROFILE' },
    screen: page(() => import('../routes/payouts/PayoutDetailPages'), 'PayoutDetailPage'),
  },
  {
    path: '/transfers/:quote',
    access: { permission: 'transfers.show' },
    screen: page(() => import('../routes/payouts/PayoutDetailPages'), 'TransferPage'),
  },
  {
    path: '/wallet/withdrawals/list',
    access: { permission: 'main.wallet.show.all.transactions' },
    screen: page(() => import('../routes/wallet/TransactionsPage'), 'WithdrawalsPage'),
  },
  {
    path: '/wallet/transaction/view',
    access: { permission: 'main.wallet.show.all.transactions' },
    screen: page(() => import('../routes/wallet/TransactionViewPage'), 'TransactionViewPage'),
  },
  {
    path: '/wallet/coins/details/list',
    access: { permission: 'main.wallet.show.all.transactions' },
    screen: page(() => import('../routes/wallet/CoinsDetailsPage'), 'CoinsDetailsPage'),
  },
  {
    path: '/wallet/packages/list',
    access: { permission: 'main.wallet.show.all.transactions' },
    screen: page(() => import('../routes/wallet/PackagesPage'), 'PackagesPage'),
  },
  {
    path: '/invoices/list',
    access: { permission: 'invoices.show' },
    screen: page(() => import('../routes/invoices/InvoicesPage'), 'InvoicesPage'),
  },
  {
    path: '/invoices/:id',
    access: { permission: 'invoices.show' },
    screen: page(() => import('../routes/invoices/InvoiceDetailPage'), 'InvoiceDetailPage'),
  },
  // Users: list, overview and its tabs.
  {
    path: '/users/list',
    access: { permission: USER_ADMIN_PERMISSIONS.view },
    screen: page(() => import('../routes/users/UsersListPage'), 'UsersListPage'),
  },
  {
    path: '/users/:userId',
    access: { permission: USER_ADMIN_PERMISSIONS.view },
    screen: page(() => import('../routes/users/UserOverviewPage'), 'UserOverviewPage'),
  },
  // TikTok and Instagram tiers and durations (spec section 2).
  ...(['tiktok', 'instagram'] as const).flatMap((platform) => [
    {
      path: `/${platform}/express/tiers/list`,
      access: { permission: EXPRESS.tiers },
      screen: page(() => import('../routes/social/SocialLookupPages'), 'SocialTiersPage'),
    },
    {
      path: `/${platform}/express/durations/list`,
      access: { permission: EXPRESS.tiers },
      screen: page(() => import('../routes/social/SocialLookupPages'), 'SocialDurationsPage'),
    },
  ]),
  // TikTok and Instagram express campaigns, with force-end and the dispute decision.
  {
    path: '/express/tiktok/campaigns/list',
    access: { permission: EXPRESS.campaigns },
    screen: page(() => import('../routes/express/SocialCampaignsPages'), 'TikTokCampaignsPage'),
  },
  {
    path: '/express/instagram/campaigns/list',
    access: { permission: EXPRESS.campaigns },
    screen: page(() => import('../routes/express/SocialCampaignsPages'), 'InstagramCampaignsPage'),
  },
  {
    path: '/express-tiktok-campaigns/:campaignId',
    access: { permission: EXPRESS.campaigns },
    screen: page(() => import('../routes/express/SocialCampaignsPages'), 'TikTokCampaignDetailPage'),
  },
  {
    path: '/express-instagram-campaigns/:campaignId',
    access: { permission: EXPRESS.campaigns },
    screen: page(() => import('../routes/express/SocialCampaignsPages'), 'InstagramCampaignDetailPage'),
  },
  // Spotify express (permissions of the API's admin express routes).
  {
    path: '/express/tiers/list',
    access: { permission: EXPRESS.tiers },
    screen: page(() => import('../routes/express/LookupPages'), 'TiersPage'),
  },
  {
    path: '/express/durations/list',
    access: { permission: EXPRESS.tiers },
    screen: page(() => import('../routes/express/LookupPages'), 'DurationsPage'),
  },
  {
    path: '/express/reasons/list',
    access: { permission: EXPRESS.campaigns },
    screen: page(() => import('../routes/express/LookupPages'), 'ReasonsPage'),
  },
  {
    path: '/express/playlists/list',
    access: { permission: EXPRESS.playlists },
    screen: page(() => import('../routes/express/PlaylistsPages'), 'PlaylistsPage'),
  },
  // Staff acting for users: a playlist for a curator, campaigns for an artist.
  {
    path: '/express/playlist/create',
    access: { permission: EXPRESS.playlists },
    screen: page(() => import('../routes/express/BehalfPages'), 'PlaylistCreateForCuratorPage'),
  },
  {
    path: '/express/checkout',
    access: { permission: EXPRESS.campaigns },
    screen: page(() => import('../routes/express/BehalfPages'), 'CheckoutForArtistPage'),
  },
  // Organisations (issue 35).
  {
    path: '/organisations',
    access: { permission: ORGANISATION_ADMIN_PERMISSIONS.view },
    screen: page(() => import('../routes/organisations/OrganisationsListPage'), 'OrganisationsListPage'),
  },
  {
    path: '/organisations/:id',
    access: { permission: ORGANISATION_ADMIN_PERMISSIONS.view },
    screen: page(() => import('../routes/organisations/OrganisationDetailPage'), 'OrganisationDetailPage'),
  },
  // Fake-audience review queue.
  {
    path: '/trust/flags',
    access: { permission: TRUST_FLAG_PERMISSIONS.view },
    screen: page(() => import('../routes/trust/FlagsPages'), 'FlagsPage'),
  },
  {
    path: '/trust/feedback',
    access: { permission: TRUST_FLAG_PERMISSIONS.view },
    screen: page(() => import('../routes/trust/FeedbackPage'), 'FeedbackPage'),
  },
  {
    path: '/trust/flags/:id',
    access: { permission: TRUST_FLAG_PERMISSIONS.view },
    screen: page(() => import('../routes/trust/FlagsPages'), 'FlagDetailPage'),
  },
  // An offer's profile as artists read it, hidden or not (issue "Choose with evidence").
  {
    path: '/express/offers/:kind/:id',
    access: { permission: EXPRESS.playlists },
    screen: page(() => import('../routes/express/OfferProfileRoute'), 'OfferProfileRoute'),
  },
  {
    path: '/express/playlist/view/:id',
    access: { permission: EXPRESS.playlists },
    screen: page(() => import('../routes/express/PlaylistsPages'), 'PlaylistViewPage'),
  },
  // Custom campaigns.
  {
    path: '/campaigns/custom/:id/edit',
    access: { permission: 'custom.campaigns.edit' },
    screen: page(() => import('../routes/custom/CustomCampaignsPages'), 'CustomCampaignEditPage'),
  },
  {
    path: '/custom/campaigns/new',
    access: { permission: 'custom.campaigns.add' },
    screen: page(() => import('../routes/custom/CustomCampaignsPages'), 'CustomCampaignNewPage'),
  },
  ...['/campaigns/custom/:id', '/campaigns/:campaignId'].map((path) => ({
    path,
    access: { permission: 'custom.campaigns.show' },
    screen: page(() => import('../routes/custom/CustomCampaignsPages'), 'CustomCampaignDetailPage'),
  })),
  ...['/custom/campaigns/list', '/campaigns/list'].map((path) => ({
    path,
    access: { permission: 'custom.campaigns.show' },
    screen: page(() => import('../routes/custom/CustomCampaignsPages'), 'CustomCampaignsPage'),
  })),
  {
    path: '/express/campaigns/list',
    access: { permission: EXPRESS.campaigns },
    screen: page(() => import('../routes/express/CampaignsPages'), 'CampaignsPage'),
  },
  {
    path: '/express-campaigns/:campaignId',
    access: { permission: EXPRESS.campaigns },
    screen: page(() => import('../routes/express/CampaignsPages'), 'CampaignDetailPage'),
  },
  // Scraping: lists and the event log need the scraping screen permission, details and
  // changes scraping.show, the dashboard the spec's view.main.genres.tab.list.
  // Fan Finder (spec section 2).
  {
    path: '/fan/finder/plans',
    access: { permission: 'view.main.fan.finder.tab.list' },
    screen: page(() => import('../routes/fan-finder/FanFinderPlansPage'), 'FanFinderPlansPage'),
  },
  {
    path: '/fan/finder/subscriptions',
    access: { permission: 'view.main.fan.finder.tab.list' },
    screen: page(
      () => import('../routes/fan-finder/FanFinderSubscriptionsPage'),
      'FanFinderSubscriptionsPage',
    ),
  },
  {
    path: '/fan/finder/search',
    access: { permission: 'view.main.fan.finder.tab.list' },
    screen: page(() => import('../routes/fan-finder/FanFinderAnalysisPages'), 'FanFinderSearchPage'),
  },
  {
    path: '/fan/finder/details/:searchArtist',
    access: { permission: 'view.main.fan.finder.tab.list' },
    screen: page(() => import('../routes/fan-finder/FanFinderAnalysisPages'), 'FanFinderDetailsPage'),
  },
  {
    path: '/scraping-jobs/lists',
    access: { permission: SCRAPING.view },
    screen: page(() => import('../routes/scraping/ScrapingJobsPage'), 'ScrapingJobsPage'),
  },
  {
    path: '/playlist/scraping/:scrapingId',
    access: { permission: SCRAPING.manage },
    screen: page(() => import('../routes/scraping/ScrapingJobPage'), 'ScrapingJobPage'),
  },
  {
    path: '/auto-scraping-jobs/lists',
    access: { permission: SCRAPING.view },
    screen: page(() => import('../routes/scraping/AutoScrapingPages'), 'AutoScrapingJobsPage'),
  },
  {
    path: '/auto-scraping-jobs/view/:autoScrapeId',
    access: { permission: SCRAPING.manage },
    screen: page(() => import('../routes/scraping/AutoScrapingPages'), 'AutoScrapingJobPage'),
  },
  {
    path: '/scraping_dashboard',
    access: { permission: SCRAPING.dashboard },
    screen: page(() => import('../routes/scraping/ScrapingDashboardPage'), 'ScrapingDashboardPage'),
  },
  {
    path: '/scraping/logs',
    access: { permission: SCRAPING.view },
    screen: page(() => import('../routes/scraping/ScrapingLogsPage'), 'ScrapingLogsPage'),
  },
  // Support tickets: spec section 2 routes with section 6 permissions.
  {
    path: '/tickets/list',
    access: { permission: 'view.main.tickets.tab.list' },
    screen: page(() => import('../routes/tickets/TicketsListPage'), 'TicketsListPage'),
  },
  {
    path: '/tickets/new-ticket/:userId',
    access: { permission: 'tickets.add' },
    screen: page(() => import('../routes/tickets/NewTicketPage'), 'NewTicketPage'),
  },
  {
    path: '/tickets/details/:ticketId',
    access: { permission: 'tickets.show' },
    screen: page(() => import('../routes/tickets/TicketDetailPage'), 'TicketDetailPage'),
  },
  {
    path: '/tickets/departments',
    access: { permission: 'view.main.departments.tab.list' },
    screen: page(() => import('../routes/tickets/DepartmentsPage'), 'DepartmentsPage'),
  },
  {
    path: '/tickets/saved-replies',
    access: { permission: 'tickets.saved.replies.edit' },
    screen: page(() => import('../routes/tickets/SavedRepliesPage'), 'SavedRepliesPage'),
  },
  // Playlist forms: spec section 2 routes with section 6 permissions.
  {
    path: '/forms/new',
    access: { permission: 'INFLUENCER_ADD_FORM' },
    screen: page(() => import('../routes/forms/FormNewPage'), 'FormNewPage'),
  },
  {
    path: '/forms/list',
    access: { permission: 'VIEW_FORM' },
    screen: page(() => import('../routes/forms/FormsListPage'), 'FormsListPage'),
  },
  {
    path: '/forms/:formId',
    access: { permission: 'VIEW_FORM' },
    screen: page(() => import('../routes/forms/FormDetailPage'), 'FormDetailPage'),
  },
  // CRM: lists need the CRM screen permission, an artist's profile crm.leads.show.
  {
    path: '/crm/leads-lists',
    access: { permission: CRM.view },
    screen: page(crmScreens, 'LeadsListsPage'),
  },
  {
    path: '/crm/artists-list',
    access: { permission: CRM.view },
    screen: page(crmScreens, 'ArtistsListPage'),
  },
  {
    path: '/artist/profile/:artistId',
    access: { permission: CRM.leads },
    screen: page(crmScreens, 'ArtistProfilePage'),
  },
  {
    path: '/crm/senders',
    access: { permission: CRM.marketing },
    screen: page(crmScreens, 'SendersPage'),
  },
  {
    path: '/crm/senders-id',
    access: { permission: CRM.marketing },
    screen: page(crmScreens, 'SenderIdsPage'),
  },
  {
    path: '/crm/template-design',
    access: { permission: CRM.templatesEdit },
    screen: page(crmScreens, 'TemplatesPage'),
  },
  // The designer (GrapesJS) is its own chunk, loaded only on these two routes.
  {
    path: '/crm/template-design/editor',
    access: { permission: CRM.templatesAdd },
    screen: page(crmScreens, 'TemplateEditorPage'),
  },
  {
    path: '/crm/template-design/editor/edit',
    access: { permission: CRM.templatesEdit },
    screen: page(crmScreens, 'TemplateEditorPage'),
  },
  {
    path: '/marketing-campaigns',
    access: { permission: CRM.marketing },
    screen: page(crmScreens, 'CampaignsPage'),
  },
  {
    path: '/marketing-campaign/:campaignId',
    access: { permission: CRM.marketing },
    screen: page(crmScreens, 'CampaignPage'),
  },
  // Staff and control: admins, roles, audit log, notifications, settings, queue monitor,
  // reference data, reports.
  {
    path: '/admin/list',
    access: { permission: 'view.main.admins.tab.list' },
    screen: page(() => import('../routes/admins/AdminsPage'), 'AdminsPage'),
  },
  {
    path: '/roles/list',
    access: { permission: 'view.main.roles.tab.list' },
    screen: page(() => import('../routes/roles/RolesPage'), 'RolesPage'),
  },
  {
    path: '/roles',
    access: { permission: 'view.main.roles.tab.list' },
    screen: page(() => import('../routes/roles/RolesPage'), 'RolesPage'),
  },
  {
    path: '/logs',
    access: { permission: 'view.main.logs.tab.list' },
    screen: page(() => import('../routes/logs/AuditLogsPage'), 'AuditLogsPage'),
  },
  {
    path: '/notifications',
    access: { permission: 'view.main.notifications.tab.list' },
    screen: page(() => import('../routes/notifications/NotificationsRoute'), 'NotificationsRoute'),
  },
  {
    path: '/system/settings',
    access: { permission: 'view.main.settings.tab.list' },
    screen: page(() => import('../routes/settings/SettingsPage'), 'SettingsPage'),
  },
  {
    path: '/horizon',
    access: { permission: 'view.main.queue.horizon.tab.list' },
    screen: page(() => import('../routes/horizon/QueueMonitorPage'), 'QueueMonitorPage'),
  },
  {
    path: '/system/web-vitals',
    access: { permission: WEB_VITALS_PERMISSIONS.view },
    screen: page(() => import('../routes/web-vitals/WebVitalsPage'), 'WebVitalsPage'),
  },
  ...(
    [
      ['/genres/list', 'GenresPage'],
      ['/interests/list', 'InterestsPage'],
      ['/userTypes/list', 'UserTypesPage'],
      ['/tiers/list', 'TiersPage'],
      ['/sliders/list', 'SlidersPage'],
    ] as const
  ).map(([path, name]) => ({
    path,
    access: { permission: 'view.main.genres.tab.list' },
    screen: page(() => import('../routes/lookups/LookupsPages'), name),
  })),
  {
    path: '/reports',
    access: { permission: 'main.wallet.show.all.transactions' },
    screen: page(() => import('../routes/reports/ReportsPage'), 'ReportsPage'),
  },
  {
    path: '/not-found',
    access: { permission: GENERAL, requireVerified: false },
    screen: page(() => import('../routes/not-found/NotFoundRoute'), 'NotFoundRoute'),
  },
];

/** True when the back-office has a screen at `path`; dev-only screens need `devAvailable`. */
export function hasAdminRoute(path: string, devAvailable: boolean): boolean {
  return adminRoutes.some(
    (route) => matchPath(route.path, path) !== null && (!route.devOnly || devAvailable),
  );
}

/** The back-office screen at `path` (a concrete path such as `/users/12`), if any. */
export function adminRouteAt(path: string): AdminRoute | undefined {
  return adminRoutes.find((route) => matchPath(route.path, path) !== null);
}
