/**
 * Status and colour maps of spec section 4. Badge colours are Mantine-agnostic names
 * (success, warning, danger, primary, secondary) that the UI maps to theme colours.
 */
export type BadgeColor = 'success' | 'warning' | 'danger' | 'primary' | 'secondary' | 'info';

export interface StatusEntry {
  id: number;
  label: string;
  color: BadgeColor;
}

/** Express campaign status map (spec section 4) with the detail-view colours. */
export const EXPRESS_CAMPAIGN_STATUS = {
  PENDING_APPROVAL: 1,
  WAITING_SUBMISSION: 2,
  VERIFYING: 3,
  ON_GOING: 4,
  AUDITING: 5,
  COMPLETED: 6,
  DECLINED: 7,
  FAILED_TO_SUBMIT: 8,
} as const;

export const EXPRESS_CAMPAIGN_STATUSES: readonly StatusEntry[] = [
  { id: 1, label: 'Pending for Approval', color: 'warning' },
  { id: 2, label: 'Waiting for Playlist submission', color: 'warning' },
  { id: 3, label: 'Verifying submission', color: 'warning' },
  { id: 4, label: 'On Going', color: 'warning' },
  { id: 5, label: 'Auditing', color: 'warning' },
  { id: 6, label: 'Completed', color: 'success' },
  { id: 7, label: 'Declined', color: 'danger' },
  { id: 8, label: 'Failed to Submit Playlist', color: 'danger' },
];

/** Express badge colour in campaign lists, by status id: 1 success, 2 warning, 3 and 5 danger, 6 primary, others secondary. */
export function expressListBadgeColor(statusId: number): BadgeColor {
  switch (statusId) {
    case 1:
      return 'success';
    case 2:
      return 'warning';
    case 3:
    case 5:
      return 'danger';
    case 6:
      return 'primary';
    default:
      return 'secondary';
  }
}

/** Custom campaign status options (spec section 4); the list filter also offers Completed (8). */
export const CUSTOM_CAMPAIGN_STATUSES: readonly StatusEntry[] = [
  { id: 1, label: 'Pending', color: 'warning' },
  { id: 2, label: 'Pending for Approval', color: 'warning' },
  { id: 3, label: 'Approved', color: 'success' },
  { id: 4, label: 'Declined', color: 'danger' },
  { id: 5, label: 'Deleted', color: 'danger' },
  { id: 6, label: 'Pending for Publishing', color: 'warning' },
  { id: 7, label: 'Published', color: 'success' },
];
export const CUSTOM_CAMPAIGN_FILTER_STATUSES: readonly StatusEntry[] = [
  ...CUSTOM_CAMPAIGN_STATUSES,
  { id: 8, label: 'Completed', color: 'success' },
];

/** Generic status colour map (spec section 4), keyed by label since ids repeat (1, 4). */
export const GENERIC_STATUS_COLORS: Readonly<Record<string, BadgeColor>> = {
  'Not Registered': 'secondary',
  Pending: 'warning',
  'Pending for Approval': 'warning',
  'Pending For Approval': 'warning',
  Approved: 'success',
  Invited: 'primary',
  Declined: 'danger',
  Deleted: 'danger',
  'Pending for Publishing': 'warning',
  Published: 'success',
  Completed: 'success',
};

/** Colour of a generic status label; unknown labels are secondary. */
export function genericStatusColor(label: string): BadgeColor {
  return GENERIC_STATUS_COLORS[label] ?? 'secondary';
}

/** User account statuses (spec section 4 "User statuses seen" + dictionary statuses). */
export const USER_STATUSES = {
  NOT_REGISTERED: 'not_registered',
  INVITED: 'invited',
  PENDING_APPROVAL: 'pending_approval',
  APPROVED: 'approved',
  DECLINED: 'declined',
  DISABLED: 'disabled',
} as const;
export type UserStatus = (typeof USER_STATUSES)[keyof typeof USER_STATUSES];

/** Display label and colour for each user status. */
export const USER_STATUS_LABELS: Readonly<Record<UserStatus, StatusEntry>> = {
  not_registered: { id: 1, label: 'Not Registered', color: 'secondary' },
  invited: { id: 4, label: 'Invited', color: 'primary' },
  pending_approval: { id: 2, label: 'Pending For Approval', color: 'warning' },
  approved: { id: 3, label: 'Approved', color: 'success' },
  declined: { id: 4, label: 'Declined', color: 'danger' },
  disabled: { id: 5, label: 'Disabled', color: 'danger' },
};

/** Express playlist status colours: 1 success, 2 warning, 3 danger. */
export function expressPlaylistStatusColor(statusId: number): BadgeColor {
  return statusId === 1 ? 'success' : statusId === 2 ? 'warning' : statusId === 3 ? 'danger' : 'secondary';
}

/** Form badge: id 1 warning, otherwise success. */
export function formStatusColor(statusId: number): BadgeColor {
  return statusId === 1 ? 'warning' : 'success';
}

/** Connected Spotify account is_active badge: 1 success, 2 danger, else secondary. */
export function spotifyConnectionColor(isActive: number): BadgeColor {
  return isActive === 1 ? 'success' : isActive === 2 ? 'danger' : 'secondary';
}

/** Ticket: Mark Resolved sets status 3; delete allowed only at status 1; default priority Low (3). */
export const TICKET_RULES = { resolvedStatusId: 3, deletableMaxStatusId: 1, defaultPriorityId: 3 } as const;

/** Payment badge: Paid if a transaction exists, else Pending. */
export function paymentBadge(hasTransaction: boolean): StatusEntry {
  return hasTransaction
    ? { id: 1, label: 'Paid', color: 'success' }
    : { id: 0, label: 'Pending', color: 'warning' };
}

/** Release badge: Released or Not Released. */
export function releaseBadge(isReleased: boolean): StatusEntry {
  return isReleased
    ? { id: 1, label: 'Released', color: 'success' }
    : { id: 0, label: 'Not Released', color: 'secondary' };
}

/** Fan rating bands (spec section 4): >=85 Super, >=70 Regular, >=55 Mixed, else Low. */
export function fanRating(percentage: number): 'Super' | 'Regular' | 'Mixed' | 'Low' {
  if (percentage >= 85) return 'Super';
  if (percentage >= 70) return 'Regular';
  if (percentage >= 55) return 'Mixed';
  return 'Low';
}

/** Transaction descriptions by desc_id (spec section 4, DESIGN section 4). */
export const TRANSACTION_DESCRIPTIONS: Readonly<Record<number, string>> = {
  1: 'Coin purchase',
  2: 'Campaign purchase',
  3: 'Refund',
  4: 'Payout Request',
  5: 'Deducted from Balance',
  6: 'Withdraw Credits',
  7: 'Fan Finder Subscription purchase',
};

/** Wise transfer creation sets payout status_id 1 (spec section 4). */
export const PAYOUT_CREATED_STATUS_ID = 1;

/**
 * Payout (Wise transfer) status ids (spec section 4: Wise transfer creation sets status_id 1):
 * 1 pending staff approval, 2 processing at Wise, 3 paid, 4 declined by staff, 5 failed (bounced or
 * cancelled; coins returned). Labels translate through `ui.status.*`.
 */
export const PAYOUT_STATUS = { PENDING: 1, PROCESSING: 2, PAID: 3, DECLINED: 4, FAILED: 5 } as const;

export const PAYOUT_STATUSES: readonly StatusEntry[] = [
  { id: 1, label: 'Pending', color: 'warning' },
  { id: 2, label: 'Processing', color: 'info' },
  { id: 3, label: 'Paid', color: 'success' },
  { id: 4, label: 'Declined', color: 'danger' },
  { id: 5, label: 'Failed', color: 'danger' },
];
