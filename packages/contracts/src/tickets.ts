import { z } from 'zod';
import { bulkIdsSchema } from './bulk';
import { UPLOAD_KEY_PATTERN } from './limits';
import { entry, type StatusEntry, TICKET_RULES } from './statuses';
import { translationsSchema } from './translations';

/**
 * Support tickets with departments (spec sections 2-7 "Tickets"). Shared by the API (request
 * validation, rules) and both apps (forms, badges), so client and server say the same thing.
 */

/**
 * Ticket status ids. Spec section 4 fixes 3 (Mark Resolved) and "delete disabled above 1"; the others
 * are decided (docs/decisions.md "Support tickets"): 1 Open (new, nobody on staff answered
 * yet), 2 In Progress (the user wrote after staff answered: staff must act), 3 Resolved, 4 Closed (the
 * user closed it), 5 Waiting on User (staff answered: the time promises are paused).
 */
export const TICKET_STATUS = {
  OPEN: 1,
  IN_PROGRESS: 2,
  RESOLVED: 3,
  CLOSED: 4,
  WAITING_ON_USER: 5,
} as const;
export type TicketStatusId = (typeof TICKET_STATUS)[keyof typeof TICKET_STATUS];

/** Status map (`tickets_status{name,color}`): colours from the one status palette. */
export const TICKET_STATUSES: readonly StatusEntry[] = [
  entry(1, 'Open'),
  entry(2, 'In Progress'),
  entry(3, 'Resolved'),
  entry(4, 'Closed'),
  entry(5, 'Waiting on User'),
];

/** Statuses in which staff owe an answer: the time promises run (1 Open, 2 In Progress). */
export const TICKET_RUNNING_STATUSES: readonly number[] = [TICKET_STATUS.OPEN, TICKET_STATUS.IN_PROGRESS];
/** Statuses counted as open work of an assignee (everything but Resolved and Closed). */
export const TICKET_OPEN_STATUSES: readonly number[] = [
  TICKET_STATUS.OPEN,
  TICKET_STATUS.IN_PROGRESS,
  TICKET_STATUS.WAITING_ON_USER,
];
/** Statuses staff may set in the Edit Ticket side panel (`tickets_status_q_for_edit`): Open only comes from a new ticket. */
export const TICKET_EDITABLE_STATUSES: readonly number[] = [2, 3, 4, 5];

/** Ticket priority ids: 1 High, 2 Medium, 3 Low (spec section 4: the default is Low, 3). */
export const TICKET_PRIORITY = { HIGH: 1, MEDIUM: 2, LOW: 3 } as const;
export type TicketPriorityId = (typeof TICKET_PRIORITY)[keyof typeof TICKET_PRIORITY];

/** Priority map (`tickets_priority{name,color}`): urgency, not a status, so its own three colours. */
export const TICKET_PRIORITIES: readonly { id: TicketPriorityId; label: string; color: string }[] = [
  { id: 1, label: 'High', color: 'red' },
  { id: 2, label: 'Medium', color: 'orange' },
  { id: 3, label: 'Low', color: 'gray' },
];

export { TICKET_RULES };

/** Limits of tickets (attachments typed by content, 10 MB and 5 files a message). */
export const TICKET_LIMITS = {
  subjectMax: 150,
  messageMax: 5_000,
  attachmentsPerMessage: 5,
  attachmentMaxBytes: 10 * 1024 * 1024,
  /** Types a ticket attachment may have (detected from the bytes by `file/upload`). */
  attachmentMimes: ['image/png', 'image/jpeg', 'image/gif', 'application/pdf'] as readonly string[],
  departmentNameMax: 100,
  savedReplyTitleMax: 100,
  ratingCommentMax: 1_000,
  /** Due-time settings are whole hours in this range. */
  dueHours: [1, 2_160] as const,
} as const;

/** Settings keys of the time promises, per priority (whole hours from the ticket's creation). */
export const TICKET_DUE_SETTINGS = {
  1: { response: 'ticket_response_hours_high', resolution: 'ticket_resolution_hours_high' },
  2: { response: 'ticket_response_hours_medium', resolution: 'ticket_resolution_hours_medium' },
  3: { response: 'ticket_response_hours_low', resolution: 'ticket_resolution_hours_low' },
} as const;

const attachments = z
  .array(z.string().regex(UPLOAD_KEY_PATTERN, 'validation.upload_key'), { error: 'validation.invalid' })
  .max(TICKET_LIMITS.attachmentsPerMessage, 'tickets.too_many_attachments')
  .default([]);

const message = z
  .string({ error: 'tickets.message_required' })
  .trim()
  .min(1, 'tickets.message_required')
  .max(TICKET_LIMITS.messageMax, 'validation.too_long');

const positiveId = (required: string) =>
  z.coerce.number({ error: required }).int(required).positive(required).max(2_147_483_647, required);

/**
 * Body of `POST tickets` (spec section 7), the four form messages of spec section 5. `user_id` and
 * `admin_id` are for staff (the new-ticket form for a user); a user's own ticket ignores them.
 */
export const ticketCreateSchema = z.object({
  user_id: positiveId('validation.invalid').optional(),
  admin_id: positiveId('validation.invalid').nullable().optional(),
  ticket_subject: z
    .string({ error: 'tickets.subject_required' })
    .trim()
    .min(1, 'tickets.subject_required')
    .max(TICKET_LIMITS.subjectMax, 'validation.too_long'),
  initial_message: message,
  department_id: positiveId('tickets.department_required'),
  priority_id: z.coerce
    .number({ error: 'tickets.priority_required' })
    .int('tickets.priority_required')
    .min(1, 'tickets.priority_required')
    .max(3, 'tickets.priority_required')
    .default(TICKET_RULES.defaultPriorityId),
  campaign_id: positiveId('validation.invalid').nullable().optional(),
  /** A custom (managed) campaign of the user's instead; never both. */
  custom_campaign_id: positiveId('validation.invalid').nullable().optional(),
  attachments,
});
export type TicketCreate = z.output<typeof ticketCreateSchema>;

/** Body of `POST ticket_reply`: a message on a ticket; `is_internal` (staff only) keeps it from the user. */
export const ticketReplySchema = z.object({
  ticket_id: positiveId('validation.invalid'),
  message,
  is_internal: z.boolean({ error: 'validation.invalid' }).default(false),
  attachments,
  /**
   * The newest reply the sender's page showed (null: none yet; absent: no check, for older clients).
   * When a newer reply was added since, the server answers 409 `TICKET_REPLY_COLLISION` and saves
   * nothing (issue 36 "Helpdesk": reply collisions).
   */
  last_seen_reply_id: positiveId('validation.invalid').nullable().optional(),
  /** Send even though newer replies were added (the second request after a 409). */
  send_anyway: z.boolean({ error: 'validation.invalid' }).default(false),
});
export type TicketReply = z.output<typeof ticketReplySchema>;

/** Body of `PUT update_ticket/{id}` (Edit Ticket side panel): department, priority, status, assignee. */
export const ticketUpdateSchema = z
  .object({
    department_id: positiveId('tickets.department_required'),
    priority_id: z.coerce
      .number({ error: 'tickets.priority_required' })
      .int('tickets.priority_required')
      .min(1, 'tickets.priority_required')
      .max(3, 'tickets.priority_required'),
    status_id: z.coerce
      .number({ error: 'validation.invalid' })
      .int('validation.invalid')
      .refine((v) => TICKET_EDITABLE_STATUSES.includes(v) || v === TICKET_STATUS.OPEN, 'validation.invalid'),
    admin_id: positiveId('validation.invalid').nullable(),
  })
  .partial()
  .strict();
export type TicketUpdate = z.output<typeof ticketUpdateSchema>;

/**
 * Body of `POST admin/tickets/bulk/status` (issue 36 "Lists"): the tickets and the status to set, one of
 * {@link TICKET_EDITABLE_STATUSES} (Open only comes from a new ticket: 422 `tickets.status_not_settable`).
 */
export const ticketBulkStatusBody = z.object({
  ids: bulkIdsSchema,
  status_id: z
    .number({ error: 'validation.required' })
    .int('validation.invalid')
    .refine((v) => TICKET_EDITABLE_STATUSES.includes(v), 'tickets.status_not_settable'),
});
export type TicketBulkStatus = z.output<typeof ticketBulkStatusBody>;

/** Body of `POST admin/tickets/bulk/priority`: the tickets and the priority (1 High, 2 Medium, 3 Low). */
export const ticketBulkPriorityBody = z.object({
  ids: bulkIdsSchema,
  priority_id: z
    .number({ error: 'tickets.priority_required' })
    .int('tickets.priority_required')
    .min(1, 'tickets.priority_required')
    .max(3, 'tickets.priority_required'),
});
export type TicketBulkPriority = z.output<typeof ticketBulkPriorityBody>;

/** Body of `POST admin/tickets/bulk/assignee`: the tickets and the staff member to assign (null: unassigned). */
export const ticketBulkAssigneeBody = z.object({
  ids: bulkIdsSchema,
  admin_id: positiveId('validation.required').nullable(),
});
export type TicketBulkAssignee = z.output<typeof ticketBulkAssigneeBody>;

/** Body of `POST tickets/{id}/rating`: 1-5 stars and an optional comment. */
export const ticketRatingSchema = z.object({
  rating: z.coerce
    .number({ error: 'tickets.rating_invalid' })
    .int('tickets.rating_invalid')
    .min(1, 'tickets.rating_invalid')
    .max(5, 'tickets.rating_invalid'),
  comment: z.string().trim().max(TICKET_LIMITS.ratingCommentMax, 'validation.too_long').optional(),
});

/** Body of `POST tickets_departments` / `PUT tickets_departments/{id}`. */
export const departmentSchema = z.object({
  department_name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(TICKET_LIMITS.departmentNameMax, 'validation.too_long'),
  /** The name in French, German, Arabic and Turkish; absent keeps the stored ones. */
  translations: translationsSchema({ department_name: TICKET_LIMITS.departmentNameMax }).optional(),
});

/** Body of `POST assign_admins_tickets_departments` and `remove_assigned_admins_tickets_departments`. */
export const departmentAdminsSchema = z.object({
  department_id: positiveId('tickets.department_required'),
  admin_ids: z
    .array(positiveId('validation.invalid'), { error: 'validation.required' })
    .min(1, 'validation.required')
    .max(100, 'validation.invalid'),
});

/** Whether a ticket of this status may be deleted (spec section 4: delete disabled when status above 1). */
export const ticketDeletable = (statusId: number): boolean => statusId <= TICKET_RULES.deletableMaxStatusId;

/**
 * Placeholders a saved reply's body may hold (issue 36 "Helpdesk"), filled when an agent inserts it:
 * the user's first name and full name, the ticket's number and subject, its department (in the
 * user's language), and the agent's name. Any other `{{...}}` is refused when the reply is saved.
 */
export const SAVED_REPLY_PLACEHOLDERS = [
  'user.name',
  'user.full_name',
  'ticket.number',
  'ticket.subject',
  'ticket.department',
  'agent.name',
] as const;
export type SavedReplyPlaceholder = (typeof SAVED_REPLY_PLACEHOLDERS)[number];

/** `{{ name }}` in a saved reply's body (spaces inside the braces allowed). */
export const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders of `text` that are not in `SAVED_REPLY_PLACEHOLDERS`. */
export function unknownPlaceholders(text: string): string[] {
  const known: readonly string[] = SAVED_REPLY_PLACEHOLDERS;
  return [...text.matchAll(PLACEHOLDER_PATTERN)]
    .map((m) => m[1] ?? '')
    .filter((name) => !known.includes(name));
}

const savedReplyBody = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(TICKET_LIMITS.messageMax, 'validation.too_long')
  .refine((v) => unknownPlaceholders(v).length === 0, 'tickets.saved_reply_placeholder_unknown');

/**
 * Body of `POST /api/admin/ticket-saved-replies` and `PUT .../{id}`: a title and a body in English,
 * the other languages in `translations` (a missing language falls back to English), and the
 * department (null: every department). A body's placeholders must be known ones.
 */
export const savedReplySchema = z
  .object({
    department_id: positiveId('validation.invalid').nullable().default(null),
    title: z
      .string({ error: 'validation.required' })
      .trim()
      .min(1, 'validation.required')
      .max(TICKET_LIMITS.savedReplyTitleMax, 'validation.too_long'),
    body: savedReplyBody,
    translations: translationsSchema({
      title: TICKET_LIMITS.savedReplyTitleMax,
      body: TICKET_LIMITS.messageMax,
    }).default({}),
  })
  .superRefine((value, ctx) => {
    for (const [lang, text] of Object.entries(value.translations.body ?? {}))
      if (text && unknownPlaceholders(text).length > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['translations', 'body', lang],
          message: 'tickets.saved_reply_placeholder_unknown',
        });
  });
export type SavedReplyInput = z.output<typeof savedReplySchema>;

/** Limits of the helpdesk's tags (issue 36 "Helpdesk"). */
export const TICKET_TAG_LIMITS = { maxLength: 32, perTicket: 10 } as const;

/**
 * A tag as stored: trimmed, inner runs of spaces made one, lower case. The API and the apps
 * normalise alike, so what an agent types is what the list filters by.
 */
export const normaliseTicketTag = (raw: string): string => raw.trim().replace(/\s+/g, ' ').toLowerCase();

/** Body of `POST /api/admin/tickets/{id}/tags`: one tag, normalised, 1-32 characters. */
export const ticketTagSchema = z.object({
  tag: z
    .string({ error: 'tickets.tag_invalid' })
    .transform(normaliseTicketTag)
    .pipe(z.string().min(1, 'tickets.tag_invalid').max(TICKET_TAG_LIMITS.maxLength, 'tickets.tag_invalid')),
});

/** Body of `POST /api/admin/tickets/{id}/merge`: the ticket that receives this one's messages. */
export const ticketMergeSchema = z.object({
  target_id: positiveId('tickets.merge_target_required'),
});
