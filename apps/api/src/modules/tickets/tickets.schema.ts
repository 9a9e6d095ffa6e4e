import type { Translations } from '@lm/contracts/translations';
import { sql } from 'drizzle-orm';
import * as pg from 'drizzle-orm/pg-core';
import { createdAt, timestamps } from '../../db/columns';
import { users } from '../accounts/accounts.schema';
import { admins } from '../admins/admins.schema';
import { customCampaigns } from '../custom-campaigns/custom-campaigns.schema';
import { expressCampaigns } from '../express/express.schema';

/** Support departments (`tickets_departments`): a name, unique in any case. */
export const ticketsDepartments = pg.pgTable(
  'tickets_departments',
  {
    id: pg.serial('id').primaryKey(),
    departmentName: pg.varchar('department_name', { length: 100 }).notNull(),
    /** The name in other languages; `department_name` is English, the fallback. */
    translations: pg.jsonb('translations').$type<Translations<'department_name'>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [pg.uniqueIndex('tickets_departments_name_unique').on(sql`lower(${t.departmentName})`)],
);

/** Admins assigned to a department: new tickets go to the one with the fewest open tickets. */
export const ticketsDepartmentAdmins = pg.pgTable(
  'tickets_department_admins',
  {
    departmentId: pg
      .integer('department_id')
      .notNull()
      .references(() => ticketsDepartments.id, { onDelete: 'cascade' }),
    adminId: pg
      .integer('admin_id')
      .notNull()
      .references(() => admins.id),
    createdAt: createdAt(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.departmentId, t.adminId] }),
    pg.index('tickets_department_admins_admin_idx').on(t.adminId),
  ],
);

/**
 * A support ticket (spec section 3 "Ticket"). Time promises: `first_response_due_at` and
 * `resolution_due_at` come from the priority's settings; while the ticket is not waiting on staff
 * (statuses 3, 4, 5) `paused_at` is set, and the paused time is added to `paused_seconds`, which
 * moves the resolution due time. The breach job stamps `*_breached_at` once.
 */
export const tickets = pg.pgTable(
  'tickets',
  {
    id: pg.serial('id').primaryKey(),
    userId: pg
      .integer('user_id')
      .notNull()
      .references(() => users.id),
    departmentId: pg
      .integer('department_id')
      .notNull()
      .references(() => ticketsDepartments.id),
    campaignId: pg.integer('campaign_id').references(() => expressCampaigns.id),
    /** The user's custom (managed) campaign the ticket is about; never with `campaign_id`. */
    customCampaignId: pg.integer('custom_campaign_id').references(() => customCampaigns.id),
    adminId: pg.integer('admin_id').references(() => admins.id),
    createdByAdminId: pg.integer('created_by_admin_id').references(() => admins.id),
    ticketSubject: pg.varchar('ticket_subject', { length: 150 }).notNull(),
    initialMessage: pg.text('initial_message').notNull(),
    priorityId: pg.smallint('priority_id').notNull().default(3),
    statusId: pg.smallint('status_id').notNull().default(1),
    firstResponseDueAt: pg.timestamp('first_response_due_at', { withTimezone: true }).notNull(),
    firstResponseAt: pg.timestamp('first_response_at', { withTimezone: true }),
    resolutionDueAt: pg.timestamp('resolution_due_at', { withTimezone: true }).notNull(),
    resolvedAt: pg.timestamp('resolved_at', { withTimezone: true }),
    closedAt: pg.timestamp('closed_at', { withTimezone: true }),
    pausedAt: pg.timestamp('paused_at', { withTimezone: true }),
    pausedSeconds: pg.integer('paused_seconds').notNull().default(0),
    firstResponseBreachedAt: pg.timestamp('first_response_breached_at', { withTimezone: true }),
    resolutionBreachedAt: pg.timestamp('resolution_breached_at', { withTimezone: true }),
    rating: pg.smallint('rating'),
    ratingComment: pg.text('rating_comment'),
    ratedAt: pg.timestamp('rated_at', { withTimezone: true }),
    lastReplyAt: pg.timestamp('last_reply_at', { withTimezone: true }),
    /** The ticket this one was merged into (issue 36 "Helpdesk": merge); set once, with `merged_at`. */
    mergedIntoId: pg.integer('merged_into_id').references((): pg.AnyPgColumn => tickets.id),
    mergedAt: pg.timestamp('merged_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    pg.check('tickets_merged_not_self', sql`${t.mergedIntoId} is null or ${t.mergedIntoId} <> ${t.id}`),
    pg.check('tickets_merged_at', sql`(${t.mergedIntoId} is null) = (${t.mergedAt} is null)`),
    pg.check('tickets_priority_id', sql`${t.priorityId} between 1 and 3`),
    pg.check('tickets_status_id', sql`${t.statusId} between 1 and 5`),
    pg.check('tickets_rating', sql`${t.rating} is null or ${t.rating} between 1 and 5`),
    pg.check('tickets_paused_seconds', sql`${t.pausedSeconds} >= 0`),
    pg.check('tickets_one_campaign', sql`${t.campaignId} is null or ${t.customCampaignId} is null`),
    pg.index('tickets_user_idx').on(t.userId, t.createdAt),
    pg.index('tickets_department_idx').on(t.departmentId),
    // Open work per assignee (the assignment rule counts it under the department's lock).
    pg.index('tickets_open_admin_idx').on(t.adminId).where(sql`${t.statusId} in (1, 2, 5)`),
    // The breach job and "sort by due" read the running tickets by due time.
    pg.index('tickets_running_due_idx').on(t.resolutionDueAt).where(sql`${t.statusId} in (1, 2)`),
    pg.index('tickets_created_idx').on(t.createdAt),
    // Back-office global search by subject (contains, trigram).
    pg.index('tickets_subject_trgm_idx').using('gin', sql`${t.ticketSubject} gin_trgm_ops`),
  ],
);

/**
 * A message on a ticket: a reply from the user (`author_user_id`) or from staff (`author_admin_id`).
 * `is_internal` marks a staff-only note (never shown or mailed to the user; only staff may write one,
 * a CHECK). Inbound e-mail replies carry the provider's message id, unique, so a replayed delivery
 * adds nothing.
 */
export const ticketReplies = pg.pgTable(
  'ticket_replies',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: pg
      .integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorUserId: pg.integer('author_user_id').references(() => users.id),
    authorAdminId: pg.integer('author_admin_id').references(() => admins.id),
    message: pg.text('message').notNull(),
    isInternal: pg.boolean('is_internal').notNull().default(false),
    via: pg.varchar('via', { length: 10 }).notNull().default('app').$type<'app' | 'email'>(),
    inboundMessageId: pg.varchar('inbound_message_id', { length: 300 }),
    /** The ticket this message came from when that ticket was merged into this one (issue 36). */
    mergedFromTicketId: pg
      .integer('merged_from_ticket_id')
      .references((): pg.AnyPgColumn => tickets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    pg.check('ticket_replies_one_author', sql`(${t.authorUserId} is null) <> (${t.authorAdminId} is null)`),
    pg.check('ticket_replies_internal_staff', sql`not ${t.isInternal} or ${t.authorAdminId} is not null`),
    pg.index('ticket_replies_ticket_idx').on(t.ticketId, t.createdAt),
    pg.uniqueIndex('ticket_replies_inbound_unique').on(t.inboundMessageId),
  ],
);

/** A file attached to a ticket's first message (`reply_id` null) or to a reply. */
export const ticketAttachments = pg.pgTable(
  'ticket_attachments',
  {
    id: pg.bigserial('id', { mode: 'number' }).primaryKey(),
    ticketId: pg
      .integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    replyId: pg.bigint('reply_id', { mode: 'number' }).references(() => ticketReplies.id, {
      onDelete: 'cascade',
    }),
    path: pg.varchar('path', { length: 300 }).notNull(),
    originalName: pg.varchar('original_name', { length: 255 }).notNull(),
    mime: pg.varchar('mime', { length: 100 }).notNull(),
    sizeBytes: pg.bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [pg.index('ticket_attachments_ticket_idx').on(t.ticketId)],
);

/**
 * A saved reply (canned response, issue 36 "Helpdesk"): a title and a body in English (the columns)
 * and the other languages (`translations`), for one department or, with `department_id` null, for
 * every department. The body may hold placeholders (`{{user.name}}`, `{{ticket.number}}`...) filled
 * when an agent inserts it. A title is unique per department (all departments count as one).
 */
export const ticketSavedReplies = pg.pgTable(
  'ticket_saved_replies',
  {
    id: pg.serial('id').primaryKey(),
    departmentId: pg
      .integer('department_id')
      .references(() => ticketsDepartments.id, { onDelete: 'cascade' }),
    title: pg.varchar('title', { length: 100 }).notNull(),
    body: pg.text('body').notNull(),
    translations: pg.jsonb('translations').$type<Translations<'title' | 'body'>>().notNull().default({}),
    createdByAdminId: pg.integer('created_by_admin_id').references(() => admins.id),
    ...timestamps(),
  },
  (t) => [
    pg
      .uniqueIndex('ticket_saved_replies_title_unique')
      .on(sql`coalesce(${t.departmentId}, 0)`, sql`lower(${t.title})`),
  ],
);

/**
 * "Who is replying" (issue 36 "Helpdesk": reply collisions): an agent with text in a ticket's answer
 * box beats every 15 s; the row lives until `expires_at`. Kept in PostgreSQL, not in a process's
 * memory, because the API runs several processes. One row per ticket and agent (upsert).
 */
export const ticketReplying = pg.pgTable(
  'ticket_replying',
  {
    ticketId: pg
      .integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    adminId: pg
      .integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: pg.timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.ticketId, t.adminId] }),
    pg.index('ticket_replying_expires_idx').on(t.expiresAt),
  ],
);

/**
 * A staff tag on a ticket (issue 36 "Helpdesk": tags): free text normalised to lower case, 1-32
 * characters (CHECKs), once per ticket (the key); at most 10 per ticket, counted under the ticket's
 * row lock.
 */
export const ticketTags = pg.pgTable(
  'ticket_tags',
  {
    ticketId: pg
      .integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tag: pg.varchar('tag', { length: 32 }).notNull(),
    createdByAdminId: pg.integer('created_by_admin_id').references(() => admins.id),
    createdAt: createdAt(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.ticketId, t.tag] }),
    pg.check('ticket_tags_lower', sql`${t.tag} = lower(${t.tag}) and char_length(${t.tag}) between 1 and 32`),
    pg.index('ticket_tags_tag_idx').on(t.tag),
  ],
);
