import { GENERAL } from '@lm/contracts/permissions';
import { lazyScreen, type PreloadableScreen, type ScreenRoute } from '@lm/ui';
import { matchPath } from 'react-router';

/**
 * How a screen works while a team member acts for a roster artist (issue 35): `read` shows the
 * artist's data (its actions that change something need a role managing the artist), `manage` is a
 * screen whose purpose is a change (a campaign wizard). Every call such a screen makes is a route of
 * `ACTING_API` (@lm/contracts/acting-routes), checked by `acting-routes.test.ts`.
 */
export type ActingScreenMode = 'read' | 'manage';

/** A screen of the user app. Each route declares its access (spec section 2). */
export interface AppRoute extends ScreenRoute {
  screen: PreloadableScreen;
  /**
   * Whether the screen works while acting for an artist, and how (issue 35); absent: the screen is the
   * member's own account's and shows the "not available while acting" panel instead (`ActingGate`).
   * The organisation screens (`/organisations...`) are always the member's own and never gated.
   */
  acting?: ActingScreenMode;
}

/** A screen as its own chunk, which the entry can fetch while it boots (`preloadOpenedRoute`). */
const page = lazyScreen;

/** Public and auth screens (blank layout, spec section 2 "Public or auth routes"). */
export const blankRoutes: readonly AppRoute[] = [
  { path: '/login', boot: true, screen: page(() => import('../routes/auth/login/LoginPage'), 'LoginPage') },
  {
    path: '/register',
    boot: true,
    screen: page(() => import('../routes/auth/register/RegisterPage'), 'RegisterPage'),
  },
  {
    path: '/verify-user',
    boot: true,
    screen: page(() => import('../routes/auth/verify-user/VerifyUserPage'), 'VerifyUserPage'),
  },
  {
    path: '/forgot-password',
    boot: true,
    screen: page(() => import('../routes/auth/forgot-password/ForgotPasswordPage'), 'ForgotPasswordPage'),
  },
  {
    path: '/user/reset-password',
    boot: true,
    screen: page(() => import('../routes/auth/reset-password/ResetPasswordPage'), 'ResetPasswordPage'),
  },
  {
    path: '/expired/password/reset',
    boot: true,
    screen: page(() => import('../routes/auth/expired-reset/ExpiredResetPage'), 'ExpiredResetPage'),
  },
  {
    path: '/oauth',
    boot: true,
    screen: page(() => import('../routes/auth/oauth/OauthCallbackPage'), 'OauthCallbackPage'),
  },
  {
    path: '/complete/oauth',
    boot: true,
    screen: page(() => import('../routes/auth/oauth/CompleteOauthPage'), 'CompleteOauthPage'),
  },
  {
    path: '/google/login/mobile',
    boot: true,
    screen: page(() => import('../routes/auth/oauth/GoogleLoginMobilePage'), 'GoogleLoginMobilePage'),
  },
  {
    path: '/mobile/callbacks',
    boot: true,
    screen: page(() => import('../routes/auth/oauth/MobileCallbacksPage'), 'MobileCallbacksPage'),
  },
  {
    path: '/paypal/payment/mobile',
    screen: page(() => import('../routes/wallet/PayPalMobilePage'), 'PayPalMobilePage'),
  },
  {
    // Development only (the API answers 404 in production, and the page is then not found).
    path: '/dev/mail',
    boot: true,
    screen: page(() => import('../routes/auth/dev-mail/DevMailPage'), 'DevMailPage'),
  },
  {
    path: '/privacy',
    boot: true,
    screen: page(() => import('../routes/privacy/PrivacyRoute'), 'PrivacyRoute'),
  },
  {
    // An artist's read-only share link of their results: opened by a manager or label without signing in.
    path: '/shared/results/:token',
    screen: page(() => import('../routes/results/shared/SharedResultsPage'), 'SharedResultsPage'),
  },
];

/**
 * Signed-in screens (verified user + permission, spec section 2). Later modules add their routes
 * here with the permission the spec lists; the side menu shows an item once its route exists.
 */
export const appRoutes: readonly AppRoute[] = [
  {
    path: '/dashboard',
    acting: 'read',
    access: { permission: GENERAL },
    screen: page(() => import('../routes/dashboard/DashboardPage'), 'DashboardPage'),
    prefetch: ({ queryClient, api }) =>
      void import('../hooks/use-express')
        .then((m) => queryClient.prefetchQuery(m.campaignDashboardQuery(api)))
        .catch(() => undefined),
  },
  {
    path: '/account',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/account/AccountPage'), 'AccountPage'),
  },
  {
    path: '/account/webhooks',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/webhooks/WebhooksPage'), 'WebhooksPage'),
  },
  {
    path: '/notifications',
    acting: 'read',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/notifications/NotificationsRoute'), 'NotificationsRoute'),
  },
  {
    path: '/security',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/security/SecurityPage'), 'SecurityPage'),
  },
  {
    path: '/account/api-keys',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/api-keys/ApiKeysPage'), 'ApiKeysPage'),
  },
  {
    path: '/reset-password',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/security/SetPasswordPage'), 'SetPasswordPage'),
  },
  {
    path: '/fan-finder/landing/page',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/fan-finder/FanFinderLandingPage'), 'FanFinderLandingPage'),
  },
  {
    path: '/fan-finder/subscribe',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/fan-finder/SubscribePage'), 'SubscribePage'),
  },
  {
    path: '/fan-finder/connection',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/fan-finder/ConnectionPage'), 'ConnectionPage'),
  },
  {
    path: '/fan-finder/dashboard',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/fan-finder/DashboardPage'), 'DashboardPage'),
  },
  {
    path: '/wallet/coins/packages',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/wallet/PackagesPage'), 'PackagesPage'),
  },
  {
    path: '/paypal/callback',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/wallet/PayPalCallbackPage'), 'PayPalCallbackPage'),
  },
  {
    path: '/wallet/user/transaction',
    acting: 'read',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/wallet/TransactionsPage'), 'TransactionsPage'),
  },
  {
    path: '/payouts/list',
    access: { permission: 'ARTIST_ALL_PERMISSION', userTypes: [2, 3] },
    screen: page(() => import('../routes/payouts/PayoutsPage'), 'PayoutsPage'),
  },
  {
    path: '/payouts/:id',
    access: { permission: 'ARTIST_ALL_PERMISSION', userTypes: [2, 3] },
    screen: page(() => import('../routes/payouts/PayoutDetailPage'), 'PayoutDetailPage'),
  },
  {
    path: '/withdrawal/list',
    access: { permission: 'ARTIST_ALL_PERMISSION', userTypes: [2, 3] },
    screen: page(() => import('../routes/payouts/WithdrawalPage'), 'WithdrawalPage'),
  },
  {
    path: '/withdrawal/:quote',
    access: { permission: 'ARTIST_ALL_PERMISSION', userTypes: [2, 3] },
    screen: page(() => import('../routes/payouts/WithdrawalQuotePage'), 'WithdrawalQuotePage'),
  },
  // Support tickets: any signed-in role (spec section 2).
  {
    path: '/tickets',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/tickets/TicketsPage'), 'TicketsPage'),
  },
  {
    path: '/my-ticket/details/:ticketId',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/tickets/TicketDetailPage'), 'TicketDetailPage'),
  },
  // Playlist forms and connected platforms: any signed-in role (spec section 2).
  {
    path: '/forms',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/forms/FormsPage'), 'FormsPage'),
  },
  // One of the artist's forms: its status, the team's message, the resubmission (issue 36).
  {
    path: '/forms/:formId',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/forms/FormPage'), 'FormPage'),
  },
  {
    path: '/connections',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/connections/ArtistConnectionsPage'), 'ArtistConnectionsPage'),
  },
  // Organisations (issue 35): any signed-in user; each screen shows what the member's role may use.
  {
    path: '/organisations',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/organisations/OrganisationsPage'), 'OrganisationsPage'),
  },
  {
    path: '/organisations/new',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/organisations/CreateOrganisationPage'), 'CreateOrganisationPage'),
  },
  {
    // A team invitation link: signing in first comes back here (`?redirect=`).
    path: '/organisations/join/:token',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/organisations/JoinPage'), 'JoinPage'),
  },
  ...['/organisations/:id', '/organisations/:id/:section'].map((path) => ({
    path,
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/organisations/OrganisationPage'), 'OrganisationPage'),
  })),
  // Results (issue "Results"): what worked for the artist, across their campaigns.
  {
    path: '/results',
    access: { permission: 'ARTIST_PERMISSION' },
    acting: 'read',
    screen: page(() => import('../routes/results/ResultsPage'), 'ResultsPage'),
  },
  {
    path: '/results/uploads',
    acting: 'read',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/results/ResultsUploadsPage'), 'ResultsUploadsPage'),
  },
  {
    path: '/invoices/list',
    acting: 'read',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/invoices/InvoicesPage'), 'InvoicesPage'),
  },
  {
    path: '/invoices/:id',
    acting: 'read',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/invoices/InvoiceDetailPage'), 'InvoiceDetailPage'),
  },
  // Spotify express (spec section 2).
  {
    path: '/select/platform',
    acting: 'manage',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/express/PlatformPages'), 'SelectPlatformPage'),
  },
  {
    path: '/spotify/platform',
    acting: 'manage',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/express/PlatformPages'), 'SpotifyPlatformPage'),
  },
  {
    path: '/create/express/campaign',
    acting: 'manage',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/express/NewCampaignPage'), 'NewCampaignPage'),
  },
  {
    path: '/renew/express/campaign',
    acting: 'manage',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/express/RenewPage'), 'RenewPage'),
  },
  {
    path: '/express/campaigns/list',
    acting: 'read',
    // Spotify campaigns are artists' and curators' (the menu shows them to types 1 and 2 only).
    access: { permission: 'ARTIST_ALL_PERMISSION', userTypes: [1, 2] },
    screen: page(() => import('../routes/express/CampaignsListPage'), 'CampaignsListPage'),
  },
  {
    path: '/express-campaigns/:campaignId',
    acting: 'read',
    access: { permission: 'ARTIST_ALL_PERMISSION', userTypes: [1, 2] },
    screen: page(() => import('../routes/express/CampaignDetailPage'), 'CampaignDetailPage'),
    // The campaign as its artist or its curator sees it: which, the session check answers.
    prefetch: ({ queryClient, api, params, permissions }) => {
      const id = Number(params.campaignId);
      if (!Number.isInteger(id) || id <= 0) return;
      void Promise.all([import('../hooks/use-express'), permissions()])
        .then(([m, held]) =>
          queryClient.prefetchQuery(
            m.expressCampaignQuery(api, m.campaignViewer({ can: (_call, name) => held.has(name) }), id),
          ),
        )
        .catch(() => undefined);
    },
  },
  // Custom (managed) campaigns (spec section 2).
  {
    path: '/custom/spotify/campaign/create',
    acting: 'manage',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/custom/CustomPages'), 'CustomCreatePage'),
  },
  {
    // The artist's read-only share links of their results (issue "Results").
    path: '/results/share',
    acting: 'read',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/results/share/ShareResultsPage'), 'ShareResultsPage'),
  },
  {
    // Every kind of the artist's campaigns in one list (spec section 2).
    path: '/my-campaigns',
    acting: 'read',
    access: { permission: 'ARTIST_ALL_PERMISSION', userTypes: [1] },
    screen: page(() => import('../routes/custom/MyCampaignsPage'), 'MyCampaignsPage'),
  },
  {
    path: '/campaigns/list',
    acting: 'read',
    access: { permission: 'ARTIST_ALL_PERMISSION', userTypes: [1, 2] },
    screen: page(() => import('../routes/custom/CustomPages'), 'CampaignsListPage'),
  },
  ...['/my-custom/campaigns/list', '/custom/campaigns/list'].map((path) => ({
    path,
    acting: 'read' as const,
    access: { permission: 'ARTIST_ALL_PERMISSION', userTypes: [1, 2] as (1 | 2)[] },
    screen: page(() => import('../routes/custom/CustomPages'), 'MyCustomCampaignsPage'),
  })),
  {
    path: '/campaigns/:campaignId',
    acting: 'read',
    access: { permission: 'ARTIST_ALL_PERMISSION', userTypes: [1, 2] },
    screen: page(() => import('../routes/custom/CustomPages'), 'CampaignDetailPage'),
  },
  {
    path: '/preview/campaigns/:campaignId',
    acting: 'read',
    access: { permission: 'ARTIST_ALL_PERMISSION', userTypes: [1] },
    screen: page(() => import('../routes/custom/CustomPages'), 'CampaignPreviewPage'),
  },
  {
    path: '/connection/list',
    access: { permission: 'CURATOR_PERMISSION' },
    screen: page(() => import('../routes/express/ConnectionsPage'), 'ConnectionsPage'),
  },
  {
    // A curator promotes a track of their own.
    path: '/express/checkout',
    access: { permission: 'CURATOR_PERMISSION' },
    screen: page(() => import('../routes/express/CuratorCheckoutPage'), 'CuratorCheckoutPage'),
  },
  {
    path: '/express/callback',
    access: { permission: 'CURATOR_PERMISSION' },
    screen: page(() => import('../routes/express/ConnectionsPage'), 'ExpressCallbackPage'),
  },
  // An offer's profile (issue "Choose with evidence"): any signed-in user; the API decides what is seen.
  {
    path: '/offers/:kind/:id',
    access: { permission: GENERAL },
    screen: page(() => import('../routes/express/OfferProfileRoute'), 'OfferProfileRoute'),
  },
  {
    path: '/express/my/playlists/list',
    access: { permission: 'CURATOR_PERMISSION' },
    screen: page(() => import('../routes/express/MyPlaylistsPage'), 'MyPlaylistsPage'),
  },
  {
    path: '/express/my/playlist/create',
    access: { permission: 'CURATOR_PERMISSION' },
    screen: page(() => import('../routes/express/PlaylistCreatePage'), 'PlaylistCreatePage'),
  },
  {
    path: '/express/my/playlist/view/:id',
    access: { permission: 'CURATOR_PERMISSION' },
    screen: page(() => import('../routes/express/PlaylistViewPage'), 'PlaylistViewPage'),
  },
  // TikTok and Instagram connections of influencers (spec section 2).
  {
    path: '/tiktok/connection/list',
    access: { permission: 'INFLUENCER_PERMISSION' },
    screen: page(() => import('../routes/connections/ConnectionsPage'), 'ConnectionsPage'),
  },
  {
    path: '/tiktok/callback',
    access: { permission: 'INFLUENCER_PERMISSION' },
    screen: page(() => import('../routes/connections/ConnectionCallbackPage'), 'ConnectionCallbackPage'),
  },
  {
    path: '/instagram/oauth',
    access: { permission: 'INFLUENCER_PERMISSION' },
    screen: page(() => import('../routes/connections/ConnectionCallbackPage'), 'ConnectionCallbackPage'),
  },
  // TikTok and Instagram express campaigns: the artist's own, an influencer's incoming.
  {
    path: '/tiktok/express/campaigns/list',
    acting: 'read',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/express/SocialCampaignsListPage'), 'TikTokCampaignsListPage'),
  },
  {
    path: '/instagram/express/campaigns/list',
    acting: 'read',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/express/SocialCampaignsListPage'), 'InstagramCampaignsListPage'),
  },
  // The artist's side of TikTok and Instagram express campaigns (spec section 2).
  {
    path: '/tiktok/platform',
    access: { permission: 'ARTIST_PERMISSION' },
    acting: 'manage',
    screen: page(() => import('../routes/express/PlatformPages'), 'TikTokPlatformPage'),
  },
  {
    path: '/create/tiktok/express/campaign',
    access: { permission: 'ARTIST_PERMISSION' },
    acting: 'manage',
    screen: page(() => import('../routes/express/NewCampaignPage'), 'NewCampaignPage'),
  },
  {
    path: '/create/tiktok/released/campaign',
    access: { permission: 'ARTIST_PERMISSION' },
    acting: 'manage',
    screen: page(() => import('../routes/express/NewCampaignPage'), 'NewCampaignPage'),
  },
  {
    path: '/create/instagram/express/campaign',
    access: { permission: 'ARTIST_PERMISSION' },
    acting: 'manage',
    screen: page(() => import('../routes/express/NewCampaignPage'), 'NewCampaignPage'),
  },
  {
    path: '/tiktok/renew/express/campaign',
    acting: 'manage',
    access: { permission: 'ARTIST_PERMISSION' },
    screen: page(() => import('../routes/express/RenewPage'), 'RenewPage'),
  },
  {
    path: '/tiktok/express-campaigns/:campaignId',
    acting: 'read',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/express/CampaignDetailPage'), 'CampaignDetailPage'),
  },
  {
    path: '/instagram/express-campaigns/:campaignId',
    acting: 'read',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/express/CampaignDetailPage'), 'CampaignDetailPage'),
  },
  {
    path: '/instagram/embed',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/express/SocialCampaignDetailPage'), 'EmbedPage'),
  },
  {
    path: '/not-found',
    access: { permission: 'ARTIST_ALL_PERMISSION' },
    screen: page(() => import('../routes/not-found/NotFoundRoute'), 'NotFoundRoute'),
  },
];

/** True when the user app has a screen at `path` (used to hide menu items of modules not built yet). */
export function hasRoute(path: string): boolean {
  return [...appRoutes, ...blankRoutes].some((route) => matchPath(route.path, path) !== null);
}
