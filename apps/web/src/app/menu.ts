import type { MenuItem } from '@lm/ui';
import {
  IconArrowsExchange,
  IconBrandInstagram,
  IconBrandSpotify,
  IconBrandTiktok,
  IconBuildingCommunity,
  IconChartBar,
  IconChartLine,
  IconCirclePlus,
  IconFileInvoice,
  IconForms,
  IconLifebuoy,
  IconListDetails,
  IconPlaylist,
  IconPlugConnected,
  IconSmartHome,
  IconSpeakerphone,
  IconTools,
  IconUsersGroup,
  IconWallet,
} from '@tabler/icons-react';

/**
 * User side menu of spec section 2: Dashboard; Campaign Management (New Campaign, Spotify/TikTok/
 * Instagram campaigns, My Playlists for curators, TikTok and Instagram campaigns for influencers);
 * Wallet (Wallet Balance: coins page for artists, payouts for curators and influencers); Tools
 * (Fan Finder). Transactions and Invoices sit in the Wallet group beside Wallet Balance. An item shows once its screen exists (see routes.tsx) and the ability allows it.
 */
export const userMenu: readonly MenuItem[] = [
  { key: 'dashboard', label: 'nav.dashboard', icon: IconSmartHome, to: '/dashboard' },
  {
    key: 'campaigns',
    label: 'nav.campaign_management',
    icon: IconSpeakerphone,
    children: [
      {
        key: 'new-campaign',
        label: 'nav.new_campaign',
        icon: IconCirclePlus,
        to: '/select/platform',
        permission: 'ARTIST_PERMISSION',
      },
      {
        key: 'my-campaigns',
        label: 'nav.my_campaigns',
        icon: IconListDetails,
        to: '/my-campaigns',
        permission: 'ARTIST_ALL_PERMISSION',
        userTypes: [1],
      },
      {
        key: 'spotify-campaigns',
        label: 'nav.spotify_campaigns',
        icon: IconBrandSpotify,
        to: '/express/campaigns/list',
        permission: 'ARTIST_ALL_PERMISSION',
        userTypes: [1, 2],
      },
      {
        key: 'custom-campaigns',
        label: 'nav.custom_campaigns',
        icon: IconBrandSpotify,
        to: '/custom/campaigns/list',
        permission: 'ARTIST_ALL_PERMISSION',
        userTypes: [1, 2],
      },
      {
        key: 'tiktok-campaigns',
        label: 'nav.tiktok_campaigns',
        icon: IconBrandTiktok,
        to: '/tiktok/express/campaigns/list',
        permission: 'ARTIST_ALL_PERMISSION',
        userTypes: [1, 3],
      },
      {
        key: 'instagram-campaigns',
        label: 'nav.instagram_campaigns',
        icon: IconBrandInstagram,
        to: '/instagram/express/campaigns/list',
        permission: 'ARTIST_ALL_PERMISSION',
        userTypes: [1, 3],
      },
      {
        key: 'results',
        label: 'results.nav',
        icon: IconChartBar,
        to: '/results',
        permission: 'ARTIST_PERMISSION',
      },
      {
        key: 'results-uploads',
        label: 'resultsUpload.nav',
        icon: IconChartLine,
        to: '/results/uploads',
        permission: 'ARTIST_PERMISSION',
        userTypes: [1],
      },
      {
        key: 'promote-track',
        label: 'nav.promote_track',
        icon: IconCirclePlus,
        to: '/express/checkout',
        permission: 'CURATOR_PERMISSION',
      },
      {
        key: 'my-playlists',
        label: 'nav.my_playlists',
        icon: IconPlaylist,
        to: '/express/my/playlists/list',
        permission: 'CURATOR_PERMISSION',
      },
      {
        key: 'social-connections',
        label: 'social.title',
        icon: IconPlugConnected,
        to: '/tiktok/connection/list',
        permission: 'INFLUENCER_PERMISSION',
      },
      {
        key: 'spotify-connections',
        label: 'express.connections.title',
        icon: IconPlugConnected,
        to: '/connection/list',
        permission: 'CURATOR_PERMISSION',
      },
    ],
  },
  {
    key: 'wallet',
    label: 'nav.wallet',
    icon: IconWallet,
    children: [
      {
        key: 'wallet-balance',
        label: 'nav.wallet_balance',
        icon: IconWallet,
        to: '/payouts/list',
        toByUserType: { 1: '/wallet/coins/packages' },
        permission: 'ARTIST_ALL_PERMISSION',
      },
      {
        key: 'wallet-transactions',
        label: 'nav.transactions',
        icon: IconArrowsExchange,
        to: '/wallet/user/transaction',
        permission: 'ARTIST_ALL_PERMISSION',
      },
      {
        key: 'invoices',
        label: 'nav.invoices',
        icon: IconFileInvoice,
        to: '/invoices/list',
        permission: 'ARTIST_PERMISSION',
      },
    ],
  },
  {
    key: 'tools',
    label: 'nav.tools',
    icon: IconTools,
    children: [
      {
        key: 'fan-finder',
        label: 'nav.fan_finder',
        icon: IconUsersGroup,
        // The dashboard; without a subscription it leads on to the landing page (plans, subscribe).
        to: '/fan-finder/dashboard',
        permission: 'ARTIST_PERMISSION',
      },
    ],
  },
  // Added by the organisations module (issue 35): every signed-in user may create or join one.
  {
    key: 'organisations',
    label: 'org.nav',
    icon: IconBuildingCommunity,
    to: '/organisations',
    permission: 'ARTIST_ALL_PERMISSION',
  },
  // Added by the tickets module (spec section 2: "ticket items are added by their modules").
  {
    key: 'support',
    label: 'nav.support',
    icon: IconLifebuoy,
    to: '/tickets',
    permission: 'ARTIST_ALL_PERMISSION',
  },
  // Added by the forms module: the artist's playlist forms, and every user's connections.
  {
    key: 'forms',
    label: 'playlist_forms.nav',
    icon: IconForms,
    to: '/forms',
    permission: 'ARTIST_ALL_PERMISSION',
  },
  {
    key: 'connections',
    label: 'artist_connections.nav',
    icon: IconPlugConnected,
    to: '/connections',
    permission: 'ARTIST_ALL_PERMISSION',
  },
];
