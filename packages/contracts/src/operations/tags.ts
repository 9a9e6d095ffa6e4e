/** A tag of the API reference: the group of operations a route declares in its `schema.tags`. */
export interface ApiTag {
  name: string;
  description: string;
}

/** Every tag the routes use, described (issue 34 "The reference": tags grouped and described). */
export const API_TAGS: readonly ApiTag[] = [
  {
    name: 'auth',
    description:
      'Sign-up, sign-in (password, e-mail code, Google), password reset, the session and the profile (spec section 7, "Auth").',
  },
  {
    name: 'settings',
    description: 'Public site settings and the maintenance check (spec section 7, "Settings/roles").',
  },
  { name: 'health', description: 'Liveness and readiness probes for load balancers and orchestrators.' },
  { name: 'files', description: 'Uploads of media files for forms and campaigns (spec section 7, "Files").' },
  {
    name: 'lookups',
    description:
      'Reference lists with search: genres, languages, tiers, statuses, moods... (spec section 7, "Lookups").',
  },
  { name: 'roles', description: 'Roles and permission names (spec section 6).' },
  { name: 'notifications', description: 'In-app notifications of the signed-in account.' },
  {
    name: 'wallet',
    description:
      'Liberty Coins: packages, balance, purchases by card or PayPal, transactions and invoices (spec section 7, "Wallet", "Payments").',
  },
  { name: 'currency', description: 'Currencies and conversion rates used to show prices and payouts.' },
  {
    name: 'payouts',
    description:
      'Curators and influencers withdrawing earned coins through Wise: recipients, quotes, transfers (spec section 7, "Payments").',
  },
  {
    name: 'express',
    description: 'What the three express platforms share (reviews, the performance checks).',
  },
  {
    name: 'express campaigns',
    description:
      "An artist's express campaigns across platforms: the list, the dashboard, one campaign's status.",
  },
  {
    name: 'express spotify',
    description:
      'Spotify express campaigns: artists buy playlist placements, curators accept or decline and add the track (spec section 7, "Spotify express").',
  },
  {
    name: 'express tiktok',
    description:
      'TikTok express campaigns: artists buy videos using their sound, influencers accept and post (spec section 7, "TikTok").',
  },
  {
    name: 'express instagram',
    description:
      'Instagram express campaigns: artists buy reels using their audio, influencers accept and post (spec section 7, "Instagram").',
  },
  {
    name: 'results',
    description: 'Results of campaigns: streams, placements, videos and their shareable reports.',
  },
  {
    name: 'custom campaigns',
    description:
      'Custom (managed) campaigns: an artist\'s request handled by staff, with its form and invoice (spec section 7, "Campaigns").',
  },
  {
    name: 'tickets',
    description: 'Support tickets and replies between users and staff (spec section 7, "Tickets").',
  },
  {
    name: 'forms',
    description: 'Playlist forms an approved artist submits about a track (spec section 7, "Forms").',
  },
  {
    name: 'connections',
    description:
      'The connected platform accounts of a user, across platforms (spec section 7, "Connections").',
  },
  {
    name: 'artist connections',
    description:
      'An artist\'s connected Spotify artist profile, its tracks and music (spec section 7, "Connections").',
  },
  {
    name: 'tiktok connections',
    description: "An influencer's TikTok accounts: connect by OAuth, tier, revoke.",
  },
  {
    name: 'instagram connections',
    description: "An influencer's Instagram accounts: connect by OAuth, tier, revoke.",
  },
  {
    name: 'fan finder',
    description:
      'Fan Finder subscriptions: Instagram fans of an artist and of related artists (spec section 7, "Fan finder").',
  },
  {
    name: 'webhooks',
    description:
      "Outbound webhooks: an account's endpoints, the events they receive (signed per Standard Webhooks) and their delivery log (issue 34).",
  },
  {
    name: 'organisations',
    description:
      'Labels, managements and agencies (issue 35): the organisation, its team and invitations, its roster of artists, the artist side, and acting for an artist with `X-Acting-For`.',
  },
  { name: 'web-vitals', description: 'Real-user page speed measurements sent by the apps (issue 37).' },
  {
    name: 'provider webhooks',
    description: 'Calls from payment and mail providers, authenticated by their signature, not by a token.',
  },
  { name: 'dev', description: 'Development tools (mailbox, demo sign-in); never served in production.' },
  { name: 'sandbox', description: 'Pages of the sandbox providers used outside production.' },
  { name: 'admin auth', description: 'Staff sign-in, 2FA, password reset and profile.' },
  { name: 'admins', description: 'Staff accounts and their roles.' },
  {
    name: 'admin users',
    description: 'Users as staff manage them: approve, decline, invite, edit, overview.',
  },
  {
    name: 'admin search',
    description: 'The back-office global search over users, campaigns, tickets, payouts and transactions.',
  },
  {
    name: 'admin wallet',
    description: 'Coin packages, coin price, transactions and invoices as staff see them.',
  },
  { name: 'admin payouts', description: 'Payout requests as staff review, fund and decline them.' },
  {
    name: 'admin express',
    description: 'Express campaigns, playlists, tiers and reasons as staff manage them.',
  },
  { name: 'admin express tiktok', description: 'TikTok express campaigns as staff manage them.' },
  { name: 'admin express instagram', description: 'Instagram express campaigns as staff manage them.' },
  { name: 'admin tiktok', description: 'TikTok tiers and influencer accounts as staff manage them.' },
  { name: 'admin instagram', description: 'Instagram tiers and influencer accounts as staff manage them.' },
  { name: 'admin fan finder', description: 'Fan Finder plans and subscriptions as staff manage them.' },
  {
    name: 'admin trust flags',
    description: 'Fraud and trust flags raised on accounts and campaigns, for staff review.',
  },
  { name: 'crm', description: 'CRM: leads, lists, templates, marketing sends and their statistics.' },
  { name: 'scraping', description: 'Scraping of public artist pages into leads.' },
  { name: 'audit', description: 'The audit log of staff and user actions.' },
  { name: 'queues', description: 'Background job queues (pg-boss): counts, failures, retries.' },
  { name: 'reports', description: 'Reports for staff.' },
  { name: 'dashboard', description: 'The back-office dashboard counts.' },
];

/** Groups of tags for the reference's side menu (`x-tagGroups`). */
export const API_TAG_GROUPS: readonly { name: string; tags: string[] }[] = [
  { name: 'Account', tags: ['auth', 'settings', 'health', 'files', 'lookups', 'roles', 'notifications'] },
  { name: 'Money', tags: ['wallet', 'currency', 'payouts'] },
  {
    name: 'Campaigns',
    tags: [
      'express',
      'express campaigns',
      'express spotify',
      'express tiktok',
      'express instagram',
      'results',
      'custom campaigns',
      'forms',
    ],
  },
  {
    name: 'Platforms',
    tags: ['connections', 'artist connections', 'tiktok connections', 'instagram connections', 'fan finder'],
  },
  { name: 'Organisations', tags: ['organisations'] },
  { name: 'Support', tags: ['tickets'] },
  { name: 'Integrations', tags: ['webhooks', 'web-vitals', 'provider webhooks'] },
  {
    name: 'Back-office',
    tags: [
      'admin auth',
      'admins',
      'admin users',
      'admin search',
      'admin wallet',
      'admin payouts',
      'admin express',
      'admin express tiktok',
      'admin express instagram',
      'admin tiktok',
      'admin instagram',
      'admin fan finder',
      'admin trust flags',
      'crm',
      'scraping',
      'audit',
      'queues',
      'reports',
      'dashboard',
    ],
  },
  { name: 'Development', tags: ['dev', 'sandbox'] },
];
