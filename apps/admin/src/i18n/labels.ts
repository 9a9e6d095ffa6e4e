import { permissionSlug, SUPER_ADMIN_ROLE } from '@lm/contracts';
import type { TFunction } from 'i18next';

/**
 * Human words for the codes the back-office shows, from its own catalog (`backoffice`
 * namespace): each function gives the label and falls back to the code itself for a value the catalog
 * does not know (an audit action from an older version), so nothing is ever blank.
 */

/** The roles every site has: their stored (English) names and their labels. */
export const DEFAULT_ROLE_KEYS: Readonly<Record<string, string>> = {
  [SUPER_ADMIN_ROLE]: 'staff.roles.defaults.super_admin',
  Artist: 'staff.roles.defaults.artist',
  Curator: 'staff.roles.defaults.curator',
  Influencer: 'staff.roles.defaults.influencer',
};

/**
 * A role's name in the reader's language: the default roles (which cannot be renamed, decisions
 * "Roles") are translated, roles staff created keep the name they were given.
 */
export function roleLabel(name: string, t: TFunction): string {
  const key = DEFAULT_ROLE_KEYS[name];
  return key ? t(key) : name;
}

/** Label of a permission name (`staff.permissions.<slug>`), e.g. "Open the Queue monitor". */
export function permissionLabel(name: string, t: TFunction): string {
  return t(`staff.permissions.${permissionSlug(name)}`, { defaultValue: name });
}

/**
 * What a permission lets its holder do, in one sentence (`staff.permission_descriptions.<slug>`: staff
 * read words, not codes such as `CHANGE_STATUS`). Empty for an unknown permission.
 */
export function permissionDescription(name: string, t: TFunction): string {
  return t(`staff.permission_descriptions.${permissionSlug(name)}`, { defaultValue: '' });
}

/** Label of an audit action, e.g. `auth.2fa_disabled` → "Two-step sign-in turned off". */
export function auditActionLabel(action: string, t: TFunction): string {
  return t(`staff.logs.actions.${action}`, { defaultValue: action });
}

/** Label of an audit target kind, e.g. `setting` → "Setting". */
export function auditTargetLabel(kind: string, t: TFunction): string {
  return t(`staff.logs.targets.${kind}`, { defaultValue: kind });
}

/** Catalog labels of the settings' keys (an audited `setting` target names one of them). */
export const SETTING_LABEL_KEYS: Readonly<Record<string, string>> = {
  maintenance_mode: 'staff.settings.maintenance_mode',
  maintenance_message: 'staff.settings.maintenance_message',
  platform_fee_percent: 'staff.settings.platform_fee',
  coin_price_pence: 'staff.settings.coin_price',
  payout_rate_pence: 'staff.settings.payout_rate',
  payout_second_approval_coins: 'staff.settings.payout_second_approval',
  playlist_submission_days: 'staff.settings.playlist_submission_days',
  on_going_days: 'staff.settings.on_going_days',
  auditing_days: 'staff.settings.auditing_days',
  answer_days: 'staff.settings.answer_days',
  min_listen_seconds: 'staff.settings.min_listen_seconds',
  min_feedback_words: 'staff.settings.min_feedback_words',
  mail_from_name: 'staff.settings.mail_from_name',
  ticket_response_hours_high: 'staff.settings.ticket_response_hours_high',
  ticket_response_hours_medium: 'staff.settings.ticket_response_hours_medium',
  ticket_response_hours_low: 'staff.settings.ticket_response_hours_low',
  ticket_resolution_hours_high: 'staff.settings.ticket_resolution_hours_high',
  ticket_resolution_hours_medium: 'staff.settings.ticket_resolution_hours_medium',
  ticket_resolution_hours_low: 'staff.settings.ticket_resolution_hours_low',
};

/**
 * What an audit entry is about, in words: "Setting: Platform fee" rather than
 * `setting #platform_fee_percent`, "User #12" rather than `user #12`.
 */
export function auditTargetText(kind: string | null, id: string | null, t: TFunction): string {
  if (!kind) return '—';
  const label = auditTargetLabel(kind, t);
  if (kind === 'setting' && id && SETTING_LABEL_KEYS[id]) return `${label}: ${t(SETTING_LABEL_KEYS[id])}`;
  return id ? `${label} #${id}` : label;
}
