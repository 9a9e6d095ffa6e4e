/**
 * The messages the API writes to people outside a request's answer: in-app notifications (stored as
 * one of these keys with its parameters and written in the reader's language when read) and e-mails
 * (written in the recipient's language when sent). the catalog test checks that all five
 * catalogs carry every one of them, so a new kind cannot ship in English only.
 */

/**
 * Notification messages: `<key>.title` and `<key>.body` of the shared catalog. `notify()` takes one of
 * these and the message's parameters (numbers raw: the catalog formats them, e.g. `{{coins, coins}}`).
 */
export const NOTIFICATION_MESSAGES = [
  'express.notify.new_campaign',
  'express.notify.approved',
  'express.notify.declined',
  'express.notify.verifying',
  'express.notify.verification_failed',
  'express.notify.disclosure_missing',
  'express.notify.on_going',
  'express.notify.completed',
  'express.notify.completed_partial',
  'express.notify.paid',
  'express.notify.expired',
  'express.notify.expired_curator',
  'express.notify.removed',
  'express.notify.removed_curator',
  'express.notify.force_completed',
  'express.notify.force_refunded',
  'express.notify.force_refunded_curator',
  'express.notify.playlist_approved',
  'express.notify.playlist_declined',
  'express.notify.playlist_created_by_staff',
  'express.notify.created_by_staff',
  'express.notify.dispute_opened_influencer',
  'express.notify.dispute_upheld',
  'express.notify.dispute_upheld_influencer',
  'express.notify.dispute_rejected_influencer',
  'express.notify.answer_reminder',
  'express.notify.unanswered',
  'express.notify.unanswered_curator',
  'express.notify.withdrawn_curator',
  'express.notify.withdrawn_by_staff',
  'express.notify.message',
  'express.notify.new_campaign_video',
  'express.notify.approved_video',
  'express.notify.verifying_video',
  'express.notify.verification_failed_video',
  'express.notify.on_going_video',
  'express.notify.completed_video',
  'express.notify.expired_video',
  'express.notify.expired_curator_video',
  'express.notify.removed_video',
  'express.notify.removed_curator_video',
  'custom.notify.approved',
  'custom.notify.declined',
  'custom.notify.published',
  'custom.notify.opted_in',
  'custom.notify.completed',
  'payouts.notify.approved',
  'payouts.notify.declined',
  'payouts.notify.paid',
  'payouts.notify.failed',
  'user.notify.approved',
  'user.notify.declined',
  'user.notify.declined_reason',
  'todos.notify.pending_users',
  'todos.notify.pending_playlists',
  'todos.notify.payout_requests',
  'todos.notify.failed_jobs',
  'todos.notify.pending_forms',
  'todos.notify.form_resubmitted',
  'todos.notify.express_disputes',
  'forms.notify.completed',
  'forms.notify.completed_message',
  'forms.notify.needs_info',
  'forms.notify.rejected',
  'tickets.notify.new',
  'tickets.notify.opened_for_you',
  'tickets.notify.reply_user',
  'tickets.notify.reply_staff',
  'tickets.notify.note',
  'tickets.notify.assigned',
  'tickets.notify.resolved',
  'tickets.notify.merged',
  'tickets.notify.breached_response',
  'tickets.notify.breached_resolution',
  'crm.notify.domain_unverified',
  'fan_finder.notify.renewed',
  'fan_finder.notify.expired_no_coins',
  'fan_finder.notify.expired_plan',
  'fan_finder.notify.ended',
  'webhooks.notify.disabled',
  'organisations.notify.roster_invite',
] as const;
export type NotificationMessage = (typeof NOTIFICATION_MESSAGES)[number];

/** E-mail messages: `<key>.subject` and `<key>.body` of the shared catalog. */
export const MAIL_MESSAGES = [
  'mail.verify',
  'mail.two_factor',
  'mail.reset',
  'mail.password_changed',
  'mail.payout_code',
  'user.mail.invite',
  'user.mail.approved',
  'user.mail.declined',
  'user.mail.declined_reason',
  'user.mail.disabled',
  'admins.mail.invite',
  'admins.mail.reset',
  'tickets.mail.new',
  'tickets.mail.opened_for_you',
  'tickets.mail.reply',
  'tickets.mail.user_replied',
  'tickets.mail.resolved',
  'tickets.mail.merged',
  'crm.mail.sender_code',
  'organisations.mail.team_invite',
] as const;
export type MailMessageKey = (typeof MAIL_MESSAGES)[number];

/**
 * Every e-mail that repeats a notification is written from the notification's title (subject) and
 * body, between `mail.greeting` and the link to open.
 */
export const MAIL_GREETING = 'mail.greeting';
