import {
  ADMIN_PERMISSIONS,
  type AdminPermission,
  USER_PERMISSIONS,
  type UserPermission,
} from './permissions';

/**
 * The screens the permissions of spec section 6 belong to, in menu order: the role editor groups its
 * checkboxes by them (label + key, grouped by screen). Every permission is in exactly one
 * group (checked by a test).
 */
export const PERMISSION_GROUPS: readonly {
  group: string;
  permissions: readonly (AdminPermission | UserPermission)[];
}[] = [
  {
    group: 'users',
    permissions: [
      'view.main.users.tab.list',
      'users.edit',
      'users.show.invite',
      'users.show.reset.password',
      'users.notes.show',
      'users.notes.add',
    ],
  },
  { group: 'organisations', permissions: ['view.main.organisations.tab.list', 'organisations.edit'] },
  {
    group: 'express',
    permissions: [
      'express.campaigns.show',
      'express.messages.read',
      'express.playlist.show',
      'INFLUENCER_VIEW_TIERS',
    ],
  },
  { group: 'trust', permissions: ['trust.flags.show', 'trust.flags.review'] },
  {
    group: 'custom_campaigns',
    permissions: [
      'custom.campaigns.show',
      'custom.campaigns.add',
      'custom.campaigns.edit',
      'custom.campaigns.delete',
    ],
  },
  {
    group: 'wallet',
    permissions: [
      'main.wallet.show.all.transactions',
      'INFLUENCER_VIEW_PAYOUT_PROFILE',
      'payouts.decide',
      'transfers.show',
      'invoices.show',
    ],
  },
  {
    group: 'tickets',
    permissions: [
      'view.main.tickets.tab.list',
      'tickets.show',
      'tickets.add',
      'tickets.edit',
      'tickets.status.edit',
      'tickets.delete',
      'view.main.departments.tab.list',
      'tickets.saved.replies.edit',
    ],
  },
  {
    group: 'forms',
    permissions: ['VIEW_FORM', 'INFLUENCER_ADD_FORM', 'EDIT_FORM', 'CHANGE_STATUS', 'DELETE_FORM'],
  },
  {
    group: 'crm',
    permissions: [
      'view.main.crm.leads.tab.list',
      'crm.leads.show',
      'crm.templates.add',
      'crm.templates.edit',
      'crm.marketing.show',
    ],
  },
  { group: 'scraping', permissions: ['view.main.scraping.tab.list', 'scraping.show'] },
  { group: 'fan_finder', permissions: ['view.main.fan.finder.tab.list'] },
  { group: 'admins', permissions: ['view.main.admins.tab.list'] },
  { group: 'roles', permissions: ['view.main.roles.tab.list', 'ROLES_VIEW_LIST'] },
  { group: 'logs', permissions: ['view.main.logs.tab.list'] },
  { group: 'notifications', permissions: ['view.main.notifications.tab.list'] },
  { group: 'reference', permissions: ['view.main.genres.tab.list'] },
  { group: 'settings', permissions: ['view.main.settings.tab.list'] },
  { group: 'queue', permissions: ['view.main.queue.horizon.tab.list'] },
  { group: 'web_vitals', permissions: ['view.main.web.vitals.tab.list'] },
  { group: 'developer', permissions: ['dev.mailbox.show'] },
  { group: 'user_app', permissions: [...USER_PERMISSIONS] },
];

/** The group of a permission name, or `other` for a name this list does not know. */
export function permissionGroup(name: string): string {
  return PERMISSION_GROUPS.find((g) => (g.permissions as readonly string[]).includes(name))?.group ?? 'other';
}

/**
 * Catalog slug of a permission name: `view.main.queue.horizon.tab.list` → `view_main_queue_horizon_tab_list`,
 * `ROLES_VIEW_LIST` → `roles_view_list` (its label is `staff.permissions.<slug>`).
 */
export function permissionSlug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '_');
}

/** Every permission name the seed knows (admin and user guards). */
export const ALL_PERMISSIONS: readonly string[] = [...ADMIN_PERMISSIONS, ...USER_PERMISSIONS];
