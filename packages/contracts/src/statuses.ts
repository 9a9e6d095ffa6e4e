/**
 * Status maps of spec section 4 with ONE semantic palette. The spec
 * gives two conflicting colour maps for express campaigns (detail vs list); instead every status
 * label maps to one semantic kind, and every kind to one colour, so the same status has the same
 * colour on every screen, badge and timeline of both apps.
 */

/** What a status means to the reader: someone must act, work is under way, it ended well or badly, or neither. */
export type StatusKind = 'waiting' | 'in_progress' | 'success' | 'failure' | 'neutral';

export const STATUS_KINDS: readonly StatusKind[] = [
  'waiting',
  'in_progress',
  'success',
  'failure',
  'neutral',
];

/** The palette (Mantine colour names): waiting yellow, in progress blue, success green, failure red, neutral grey. */
export const STATUS_KIND_COLORS: Readonly<Record<StatusKind, string>> = {
  waiting: 'yellow',
  in_progress: 'blue',
  success: 'green',
  failure: 'red',
  neutral: 'gray',
};

/**
 * Kind of every status label the product shows, keyed by the label in lower case (so "Pending For
 * Approval" and "Pending for Approval" are one status). A label missing here is neutral; the tests
 * require every label of every map below to be listed.
 */
export const STATUS_LABEL_KINDS: Readonly<Record<string, StatusKind>> = {
  pending: 'waiting',
  'pending for approval': 'waiting',
  'waiting for playlist submission': 'waiting',
  'waiting for video submission': 'waiting',
  'pending for publishing': 'waiting',
  'verifying submission': 'in_progress',
  'verifying video': 'in_progress',
  'on going': 'in_progress',
  auditing: 'in_progress',
  processing: 'in_progress',
  queued: 'waiting',
  running: 'in_progress',
  open: 'waiting',
  'in progress': 'in_progress',
  'waiting on user': 'waiting',
  resolved: 'success',
  closed: 'neutral',
  invited: 'in_progress',
  active: 'success',
  connected: 'success',
  expired: 'waiting',
  revoked: 'neutral',
  approved: 'success',
  completed: 'success',
  paid: 'success',
  published: 'success',
  released: 'success',
  declined: 'failure',
  rejected: 'failure',
  'needs information': 'waiting',
  disabled: 'failure',
  failed: 'failure',
  'failed to submit playlist': 'failure',
  'failed to submit video': 'failure',
  mismatch: 'failure',
  cancelled: 'neutral',
  deleted: 'neutral',
  inactive: 'neutral',
  'not registered': 'neutral',
  'not released': 'neutral',
  unconfirmed: 'waiting',
  confirmed: 'success',
  dismissed: 'neutral',
  unsubscribed: 'neutral',
  verified: 'success',
  passed: 'success',
  missing: 'waiting',
  draft: 'neutral',
  scheduled: 'waiting',
  sending: 'in_progress',
  paused: 'waiting',
  sent: 'success',
  // Fan Finder rating bands, NEW and analysis states.
  super: 'success',
  regular: 'in_progress',
  mixed: 'waiting',
  low: 'neutral',
  new: 'in_progress',
  analysed: 'success',
  unavailable: 'neutral',
};

/** Semantic kind of a status label (case-insensitive); unknown labels are neutral. */
export function statusKindOf(label: string): StatusKind {
  return STATUS_LABEL_KINDS[label.trim().toLowerCase()] ?? 'neutral';
}

/** Mantine colour of a semantic kind (the one palette); anything else is grey. */
export function statusColor(kind: StatusKind | string): string {
  return (STATUS_KIND_COLORS as Record<string, string>)[kind] ?? 'gray';
}

export interface StatusEntry {
  id: number;
  label: string;
  kind: StatusKind;
}

/** A map entry whose kind comes from its label ({@link statusKindOf}), so no map can disagree with another. */
export function entry(id: number, label: string): StatusEntry {
  return { id, label, kind: statusKindOf(label) };
}

/** Express campaign status ids (spec section 4). */
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

/**
 * What a staff force-end does with the coins held for an express campaign (Spotify, TikTok, Instagram):
 * `completed` pays the curator or influencer in full (less the platform fee), `refunded` gives the
 * artist every coin back.
 */
export type ForceEndOutcome = 'completed' | 'refunded';

/**
 * The force-end outcomes that fit an express campaign's status, the one rule of the
 * dialog and of `POST admin/express/campaigns/{id}/force-end`: a refund while the campaign is open;
 * paying the seller in full only once the placement or video was seen (Verifying, On Going, Auditing),
 * never for a placement that never happened (Pending for Approval, Waiting for submission). Nothing
 * once the campaign has ended.
 * @param statusId express campaign status id (1..8, {@link EXPRESS_CAMPAIGN_STATUS})
 */
export function forceEndOutcomes(statusId: number): readonly ForceEndOutcome[] {
  const S = EXPRESS_CAMPAIGN_STATUS;
  if (statusId === S.PENDING_APPROVAL || statusId === S.WAITING_SUBMISSION) return ['refunded'];
  if (statusId === S.VERIFYING || statusId === S.ON_GOING || statusId === S.AUDITING)
    return ['completed', 'refunded'];
  return [];
}

/** Express campaign status map (spec section 4), used by lists, detail pages and timelines alike. */
export const EXPRESS_CAMPAIGN_STATUSES: readonly StatusEntry[] = [
  entry(1, 'Pending for Approval'),
  entry(2, 'Waiting for Playlist submission'),
  entry(3, 'Verifying submission'),
  entry(4, 'On Going'),
  entry(5, 'Auditing'),
  entry(6, 'Completed'),
  entry(7, 'Declined'),
  entry(8, 'Failed to Submit Playlist'),
];

/**
 * The same statuses as TikTok and Instagram campaigns read them: the seller submits a
 * video, not a playlist placement.
 */
export const EXPRESS_VIDEO_CAMPAIGN_STATUSES: readonly StatusEntry[] = EXPRESS_CAMPAIGN_STATUSES.map((s) =>
  s.id === 2
    ? entry(2, 'Waiting for Video submission')
    : s.id === 3
      ? entry(3, 'Verifying video')
      : s.id === 8
        ? entry(8, 'Failed to Submit Video')
        : s,
);

/** Express playlist statuses (spec section 4 colours 1 success, 2 warning, 3 danger): 1 approved, 2 pending, 3 declined. */
export const EXPRESS_PLAYLIST_STATUSES: readonly StatusEntry[] = [
  entry(1, 'Approved'),
  entry(2, 'Pending'),
  entry(3, 'Declined'),
];

/** Custom campaign status options (spec section 4); the list filter also offers Completed (8). */
export const CUSTOM_CAMPAIGN_STATUSES: readonly StatusEntry[] = [
  entry(1, 'Pending'),
  entry(2, 'Pending for Approval'),
  entry(3, 'Approved'),
  entry(4, 'Declined'),
  entry(5, 'Deleted'),
  entry(6, 'Pending for Publishing'),
  entry(7, 'Published'),
];
export const CUSTOM_CAMPAIGN_FILTER_STATUSES: readonly StatusEntry[] = [
  ...CUSTOM_CAMPAIGN_STATUSES,
  entry(8, 'Completed'),
];

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
  not_registered: entry(1, 'Not Registered'),
  invited: entry(4, 'Invited'),
  pending_approval: entry(2, 'Pending For Approval'),
  approved: entry(3, 'Approved'),
  declined: entry(4, 'Declined'),
  disabled: entry(5, 'Disabled'),
};

/**
 * Form badge (spec section 4: id 1 warning, 2 success), with issue 36's 3 Needs information
 * (waiting: the artist must act) and 4 Rejected (failure).
 */
export function formStatus(statusId: number): StatusEntry {
  switch (statusId) {
    case 1:
      return entry(1, 'Pending');
    case 3:
      return entry(3, 'Needs information');
    case 4:
      return entry(4, 'Rejected');
    default:
      return entry(statusId, 'Completed');
  }
}

/**
 * Connected Spotify account badge: is_active 1 Active, otherwise (2, disconnected) Inactive. The spec's
 * "2 danger" is neutral in the one palette: a disconnected account is not a failure.
 */
export function spotifyConnectionStatus(isActive: number): StatusEntry {
  return isActive === 1 ? entry(1, 'Active') : entry(isActive, 'Inactive');
}

/**
 * A TikTok or Instagram account's connection: connected (spec connected_status 1), expired
 * (the platform refused its tokens: the owner must reconnect, so it waits on them), revoked.
 */
export function socialConnectionStatus(status: 'connected' | 'expired' | 'revoked'): StatusEntry {
  return { connected: entry(1, 'Connected'), expired: entry(2, 'Expired'), revoked: entry(0, 'Revoked') }[
    status
  ];
}

/** Ticket: Mark Resolved sets status 3; delete allowed only at status 1; default priority Low (3). */
export const TICKET_RULES = { resolvedStatusId: 3, deletableMaxStatusId: 1, defaultPriorityId: 3 } as const;

/** Payment badge: Paid if a transaction exists, else Pending. */
export function paymentBadge(hasTransaction: boolean): StatusEntry {
  return hasTransaction ? entry(1, 'Paid') : entry(0, 'Pending');
}

/** Release badge: Released or Not Released. */
export function releaseBadge(isReleased: boolean): StatusEntry {
  return isReleased ? entry(1, 'Released') : entry(0, 'Not Released');
}

/** Fan rating bands as statuses of the one palette: Super green, Regular blue, Mixed yellow, Low grey. */
export const FAN_RATING_STATUSES: readonly StatusEntry[] = [
  entry(1, 'Super'),
  entry(2, 'Regular'),
  entry(3, 'Mixed'),
  entry(4, 'Low'),
];

/** Fan rating bands (spec section 4): >=85 Super, >=70 Regular, >=55 Mixed, else Low. */
export function fanRating(percentage: number): 'Super' | 'Regular' | 'Mixed' | 'Low' {
  if (percentage >= 85) return 'Super';
  if (percentage >= 70) return 'Regular';
  if (percentage >= 55) return 'Mixed';
  return 'Low';
}

/** Transaction descriptions by desc_id (spec section 4). */
export const TRANSACTION_DESCRIPTIONS: Readonly<Record<number, string>> = {
  1: 'Coin purchase',
  2: 'Campaign purchase',
  3: 'Refund',
  4: 'Payout Request',
  5: 'Deducted from Balance',
  6: 'Withdraw Credits',
  7: 'Fan Finder Subscription purchase',
  8: 'Organisation funding',
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
  entry(1, 'Pending'),
  entry(2, 'Processing'),
  entry(3, 'Paid'),
  entry(4, 'Declined'),
  entry(5, 'Failed'),
];

/**
 * Job states of the queue monitor: pg-boss 12's `job_state` enum in lifecycle order, with pg-boss's
 * `created` split in two: `scheduled` is a created job whose `start_after` is still ahead (a deadline
 * check due in days, not work waiting), `created` one that a worker may take now.
 */
export const JOB_STATES = [
  'created',
  'scheduled',
  'retry',
  'active',
  'completed',
  'cancelled',
  'failed',
] as const;
export type JobState = (typeof JOB_STATES)[number];

/**
 * pg-boss job states on the queue monitor, with `scheduled` for created jobs whose start time is still
 * ahead (not a backlog): waiting for a worker, running, done, failed, or set aside.
 */
export const JOB_STATE_KINDS: Readonly<Record<string, StatusKind>> = {
  created: 'waiting',
  retry: 'waiting',
  scheduled: 'neutral',
  active: 'in_progress',
  completed: 'success',
  failed: 'failure',
  cancelled: 'neutral',
};
