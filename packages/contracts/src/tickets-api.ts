import { z } from 'zod';
import { translationsResponseSchema } from './translations';

/**
 * Shapes of the ticket answers (spec section 7 "Tickets"): tickets, their conversation, the pickers'
 * lookups, the departments and the back-office's figures. The API serialises its answers through
 * these, so a field missing here is missing on the wire; the apps import their types only
 * (`import type`). They live apart from `tickets.ts` (statuses, limits and request bodies the apps
 * read at run time) so that no app bundle carries these schemas.
 *
 * Times are ISO 8601 strings; durations are seconds.
 */

/** A name and a colour (`tickets_status{name,color}`, `tickets_priority{name,color}`), the name translated. */
export const ticketBadgeSchema = z.object({ name: z.string(), color: z.string() });
export type TicketBadge = z.infer<typeof ticketBadgeSchema>;

/** An attached file; `size` in bytes, `url` the API path that serves it (`/api/ticket_attachments/{id}`). */
export const ticketAttachmentSchema = z.object({
  id: z.number(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/** A ticket as `ticket/{id}` and the lists answer it (priority and status absent for users of type above 1). */
export const ticketSchema = z.object({
  id: z.number(),
  ticket_subject: z.string(),
  initial_message: z.string(),
  campaign_id: z.number().nullable(),
  /** The custom (managed) campaign the ticket is about, instead of an express one. */
  custom_campaign_id: z.number().nullable(),
  campaign_name: z.string().nullable(),
  department_id: z.number(),
  tickets_department: z.object({ department_name: z.string() }),
  user_id: z.number(),
  user_name: z.string(),
  user_email: z.string(),
  admin_id: z.number().nullable(),
  admin_name: z.string().nullable(),
  priority_id: z.number().optional(),
  tickets_priority: ticketBadgeSchema.optional(),
  status_id: z.number().optional(),
  tickets_status: ticketBadgeSchema.optional(),
  attachments: z.array(ticketAttachmentSchema),
  created_at: z.string(),
  updated_at: z.string(),
  last_reply_at: z.string().nullable(),
  first_response_due_at: z.string().nullable(),
  resolution_due_at: z.string().nullable(),
  first_response_at: z.string().nullable(),
  resolved_at: z.string().nullable(),
  due_at: z.string().nullable(),
  overdue: z.boolean(),
  rating: z.number().nullable(),
  rating_comment: z.string().nullable(),
  is_closed: z.boolean(),
  can_close: z.boolean(),
  can_rate: z.boolean(),
  can_delete: z.boolean(),
  /** The ticket this one was merged into (it is closed), or null (issue 36 "Helpdesk": merge). */
  merged_into_id: z.number().nullable(),
  /** Staff's tags, lower case (answered to staff only). */
  tags: z.array(z.string()).optional(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** A message of the conversation (`ticket_replies/{id}`); internal notes reach staff only. */
export const ticketReplyItemSchema = z.object({
  id: z.number(),
  ticket_id: z.number(),
  message: z.string(),
  is_internal: z.boolean(),
  via: z.enum(['app', 'email']),
  author: z.object({ kind: z.enum(['user', 'admin']), id: z.number(), name: z.string() }),
  attachments: z.array(ticketAttachmentSchema),
  /** The ticket this message was written on before that ticket was merged into this one, or null. */
  merged_from_ticket_id: z.number().nullable(),
  created_at: z.string(),
});
export type TicketReplyItem = z.infer<typeof ticketReplyItemSchema>;

/** A picker entry of the lookups (`assigned_admins_q/{id}`, and the base of the others). */
export const ticketLookupItemSchema = z.object({ id: z.number(), name: z.string() });
export type TicketLookupItem = z.infer<typeof ticketLookupItemSchema>;

/** A status or priority picker entry (`tickets_status_q`, `tickets_status_q_for_edit`, `tickets_priority_q`). */
export const ticketBadgeOptionSchema = ticketLookupItemSchema.extend({ color: z.string() });
export type TicketBadgeOption = z.infer<typeof ticketBadgeOptionSchema>;

/** A department picker entry (`tickets_department_q`); `department_name` repeats `name`. */
export const ticketDepartmentOptionSchema = ticketLookupItemSchema.extend({ department_name: z.string() });

/**
 * A campaign the new-ticket form offers (`campaign/getUserCampaignWithQ/{id}?include_custom=1`):
 * `name` says number, song and platform; `kind` tells an express campaign (sent as `campaign_id`)
 * from a custom one (`custom_campaign_id`).
 */
export const ticketCampaignOptionSchema = ticketLookupItemSchema.extend({
  kind: z.enum(['express', 'custom']),
  platform: z.enum(['spotify', 'tiktok', 'instagram']),
  track_name: z.string(),
});
export type TicketCampaignOption = z.infer<typeof ticketCampaignOptionSchema>;

/** A department as the back-office lists it (`tickets_departments`), with its admins and ticket counts. */
export const ticketDepartmentSchema = z.object({
  id: z.number(),
  department_name: z.string(),
  /** The name in the other languages. */
  translations: translationsResponseSchema('department_name'),
  admins: z.array(ticketLookupItemSchema),
  open_tickets: z.number(),
  tickets: z.number(),
});
export type TicketDepartment = z.infer<typeof ticketDepartmentSchema>;

/** A saved reply as its editors list it (`GET /api/admin/ticket-saved-replies`): every language. */
export const ticketSavedReplySchema = z.object({
  id: z.number(),
  /** Null: offered on every department's tickets. */
  department_id: z.number().nullable(),
  /** The department's name in the reader's language; null for every department. */
  department_name: z.string().nullable(),
  title: z.string(),
  body: z.string(),
  translations: translationsResponseSchema('title', 'body'),
  updated_at: z.string(),
});
export type TicketSavedReply = z.infer<typeof ticketSavedReplySchema>;

/**
 * A saved reply ready to insert into one ticket's answer (`GET /api/admin/tickets/{id}/saved-replies`):
 * the title in the agent's language, the body in the ticket user's language with its placeholders
 * filled.
 */
export const ticketSavedReplyFilledSchema = z.object({
  id: z.number(),
  title: z.string(),
  /** The language the body is written in (the user's, or English when the reply has none in it). */
  language: z.string(),
  body: z.string(),
  /** Null: a reply for every department. */
  department_id: z.number().nullable(),
});
export type TicketSavedReplyFilled = z.infer<typeof ticketSavedReplyFilledSchema>;

/** The back-office's figures (`tickets_stats`): open work, time to answer and resolve, satisfaction. */
export const ticketStatsSchema = z.object({
  open: z.number(),
  waiting_on_staff: z.number(),
  overdue: z.number(),
  unassigned: z.number(),
  by_department: z.array(z.object({ id: z.number(), department_name: z.string(), open: z.number() })),
  by_priority: z.array(z.object({ id: z.number(), name: z.string(), color: z.string(), open: z.number() })),
  avg_first_response_seconds: z.number().nullable(),
  avg_resolution_seconds: z.number().nullable(),
  /** Average stars (1-5) of the rated tickets, or null before the first rating. */
  satisfaction: z.object({ average: z.number().nullable(), ratings: z.number() }),
});
export type TicketStats = z.infer<typeof ticketStatsSchema>;

/**
 * Another agent with text in the ticket's answer box (`/api/admin/tickets/{id}/replying`, issue 36
 * "Helpdesk": reply collisions); `until` is when their last heartbeat expires.
 */
export const ticketReplyingSchema = z.object({
  admin_id: z.number(),
  name: z.string(),
  until: z.string(),
});
export type TicketReplying = z.infer<typeof ticketReplyingSchema>;

/**
 * What staff see beside a ticket's thread (`GET /api/admin/tickets/{id}/context`): the user's other
 * tickets and recent campaigns, each only for staff allowed on the page it links to (null otherwise).
 */
export const ticketContextSchema = z.object({
  tickets: z
    .array(
      z.object({
        id: z.number(),
        ticket_subject: z.string(),
        status_id: z.number(),
        tickets_status: ticketBadgeSchema,
        /** The ticket it was merged into (closed, no longer a merge target), or null. */
        merged_into_id: z.number().nullable(),
        created_at: z.string(),
      }),
    )
    .nullable(),
  campaigns: z
    .array(
      z.object({
        id: z.number(),
        kind: z.enum(['express', 'custom']),
        platform: z.enum(['spotify', 'tiktok', 'instagram']),
        track_name: z.string(),
        /** Of `EXPRESS_CAMPAIGN_STATUSES` (express) or `CUSTOM_CAMPAIGN_STATUSES` (custom). */
        status_id: z.number(),
        created_at: z.string(),
      }),
    )
    .nullable(),
});
export type TicketContext = z.infer<typeof ticketContextSchema>;
