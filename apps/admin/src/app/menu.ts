import { EXPRESS_ADMIN_PERMISSIONS as EXPRESS } from '@lm/contracts/permissions';
import type { MenuItem } from '@lm/ui';
import {
  IconAdjustments,
  IconBrandInstagram,
  IconBrandSpotify,
  IconBrandTiktok,
  IconBuildingBank,
  IconChartBar,
  IconDatabase,
  IconFileAnalytics,
  IconMailbox,
  IconPackage,
  IconPlaylist,
  IconReceipt,
  IconSmartHome,
  IconSpeakerphone,
  IconStack2,
  IconUserShield,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react';

/**
 * Admin side menu of spec section 2: Settings header; Admins & Roles (Admins, Roles & Permissions,
 * Audit Logs); Settings; Dashboard; Users; Campaigns (Custom, Spotify, TikTok, Instagram); Express
 * Playlists; Reports; Wallet (Main Wallet, Payout Requests, Wallet Packages); and the Dev mailbox
 * while the outbox mail driver is active. An item shows once its screen exists and the admin holds
 * its permission.
 */
export const adminMenu: readonly MenuItem[] = [
  { key: 'settings-header', label: 'nav.settings_header', kind: 'header' },
  {
    key: 'admins-roles',
    label: 'nav.admins_roles',
    icon: IconUserShield,
    children: [
      { key: 'admins', label: 'nav.admins', to: '/admin/list', permission: 'view.main.admins.tab.list' },
      { key: 'roles', label: 'nav.roles', to: '/roles/list', permission: 'view.main.roles.tab.list' },
      { key: 'logs', label: 'nav.audit_logs', to: '/logs', permission: 'view.main.logs.tab.list' },
    ],
  },
  {
    key: 'settings',
    label: 'nav.settings',
    icon: IconAdjustments,
    to: '/system/settings',
    permission: 'view.main.settings.tab.list',
  },
  {
    key: 'reference-data',
    label: 'nav.reference_data',
    icon: IconDatabase,
    children: [
      { key: 'genres', label: 'nav.genres', to: '/genres/list', permission: 'view.main.genres.tab.list' },
      {
        key: 'interests',
        label: 'nav.interests',
        to: '/interests/list',
        permission: 'view.main.genres.tab.list',
      },
      {
        key: 'user-types',
        label: 'nav.user_types',
        to: '/userTypes/list',
        permission: 'view.main.genres.tab.list',
      },
      { key: 'tiers', label: 'nav.tiers', to: '/tiers/list', permission: 'view.main.genres.tab.list' },
      { key: 'sliders', label: 'nav.sliders', to: '/sliders/list', permission: 'view.main.genres.tab.list' },
    ],
  },
  {
    key: 'horizon',
    label: 'nav.queue_monitor',
    icon: IconStack2,
    to: '/horizon',
    permission: 'view.main.queue.horizon.tab.list',
  },
  { key: 'main-header', label: 'nav.main_header', kind: 'header' },
  { key: 'dashboard', label: 'nav.dashboard', icon: IconSmartHome, to: '/dashboard' },
  {
    key: 'users',
    label: 'nav.users',
    icon: IconUsers,
    to: '/users/list',
    permission: 'view.main.users.tab.list',
  },
  {
    key: 'campaigns',
    label: 'nav.campaigns',
    icon: IconSpeakerphone,
    children: [
      {
        key: 'custom-campaigns',
        label: 'nav.custom_campaigns',
        icon: IconFileAnalytics,
        to: '/custom/campaigns/list',
        permission: 'custom.campaigns.show',
      },
      {
        key: 'spotify-campaigns',
        label: 'nav.spotify',
        icon: IconBrandSpotify,
        to: '/express/campaigns/list',
        permission: EXPRESS.campaigns,
      },
      {
        key: 'tiktok-campaigns',
        label: 'nav.tiktok',
        icon: IconBrandTiktok,
        to: '/express/tiktok/campaigns/list',
        permission: EXPRESS.campaigns,
      },
      {
        key: 'instagram-campaigns',
        label: 'nav.instagram',
        icon: IconBrandInstagram,
        to: '/express/instagram/campaigns/list',
        permission: EXPRESS.campaigns,
      },
    ],
  },
  {
    key: 'express-playlists',
    label: 'nav.express_playlists',
    icon: IconPlaylist,
    to: '/express/playlists/list',
    permission: EXPRESS.playlists,
  },
  {
    key: 'reports',
    label: 'nav.reports',
    icon: IconChartBar,
    to: '/reports',
    permission: 'main.wallet.show.all.transactions',
  },
  {
    key: 'wallet',
    label: 'nav.wallet',
    icon: IconWallet,
    children: [
      {
        key: 'main-wallet',
        label: 'nav.main_wallet',
        icon: IconBuildingBank,
        to: '/wallet/main/list',
        permission: 'main.wallet.show.all.transactions',
      },
      {
        key: 'payout-requests',
        label: 'nav.payout_requests',
        icon: IconReceipt,
        to: '/requests/list',
        permission: 'INFLUENCER_VIEW_PAYOUT_PROFILE',
      },
      {
        key: 'wallet-packages',
        label: 'nav.wallet_packages',
        icon: IconPackage,
        to: '/wallet/packages/list',
        permission: 'main.wallet.show.all.transactions',
      },
    ],
  },
  { key: 'developer-header', label: 'nav.developer_header', kind: 'header' },
  { key: 'dev-mailbox', label: 'nav.dev_mailbox', icon: IconMailbox, to: '/dev/mailbox' },
];
