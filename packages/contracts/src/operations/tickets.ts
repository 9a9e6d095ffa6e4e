import type { OperationDocs } from './types';

const T = 'Spec section 7, "Tickets".';
const BOTH = "Users reach only their own tickets (another's answers 404); staff reach every ticket.";

/** Support tickets for users and staff, departments, and the inbound mail webhook (tag `tickets`). */
export const ticketsOperations: OperationDocs = {
  'POST /api/tickets': {
    id: 'tickets.create',
    summary: 'Open a support ticket',
    description: `Subject, department, priority (default low, 3), first message, optional campaign (one of the user's, express or custom) and attachments (files uploaded first, images and PDF). A user opens one for themselves; staff open one for \`user_id\` and may assign \`admin_id\`. Unknown user, department, admin or a campaign not the user's answers 422. ${T} Spec section 5 "Ticket form".`,
  },
  'POST /api/ticket_reply': {
    id: 'tickets.reply',
    summary: 'Reply to a ticket',
    description: `Adds a message with optional attachments; staff may add an internal note (\`is_internal\`, never shown to the user; a user sending it answers 422). The other side is notified by e-mail and in the app. With \`last_seen_reply_id\` (the newest reply the sender's page showed, null for none) a newer reply on the ticket answers 409 \`TICKET_REPLY_COLLISION\` and saves nothing, unless \`send_anyway\` is true (issue 36 "Helpdesk": reply collisions; checked under the ticket's row lock, so of two answers sent at once over the same last reply one is saved and one refused). ${BOTH} ${T}`,
    errors: [404, 409],
  },
  'GET /api/ticket_replies/{id}': {
    id: 'tickets.listReplies',
    summary: "Read a ticket's replies",
    description: `The messages of ticket \`id\` in order with their attachments; users never see internal notes. ${BOTH} ${T}`,
  },
  'GET /api/ticket/{id}': {
    id: 'tickets.get',
    summary: 'Read a ticket',
    description: `Ticket \`id\` with department, priority and status badges (names and colours in the request language), campaign, assignee and attachments (spec section 3 "Ticket"). ${BOTH} ${T}`,
  },
  'GET /api/tickets_status_q': {
    id: 'tickets.searchStatuses',
    summary: 'Search ticket statuses',
    description: `Statuses with their name in the request language and colour, filtered by \`q\`, at most \`limit\`. ${T}`,
  },
  'GET /api/tickets_status_q_for_edit': {
    id: 'tickets.searchEditableStatuses',
    summary: 'Search the statuses staff may set',
    description: `The statuses a ticket can be set to by hand, filtered by \`q\`. ${T}`,
  },
  'GET /api/tickets_priority_q': {
    id: 'tickets.searchPriorities',
    summary: 'Search ticket priorities',
    description: `Priorities with name and colour, filtered by \`q\`. ${T}`,
  },
  'GET /api/tickets_department_q': {
    id: 'tickets.searchDepartments',
    summary: 'Search ticket departments',
    description: `Departments by name (\`q\`), at most \`limit\`, names in the request language. ${T}`,
  },
  'GET /api/campaign/getUserCampaignWithQ/{id}': {
    id: 'tickets.searchUserCampaigns',
    summary: "Search a user's campaigns to attach to a ticket",
    description: `Express campaigns of user \`id\` (and custom ones with \`include_custom=1\`) by name. A user may ask only for their own id (another answers 404). ${T}`,
  },
  'GET /api/user/tickets': {
    id: 'tickets.listOwn',
    summary: "List one's tickets",
    description: `The user's tickets, newest first, paged, searched and filtered; users of type above 1 may not filter by status (422; spec section 6). ${T}`,
  },
  'PUT /api/user/close_ticket/{id}': {
    id: 'tickets.close',
    summary: "Close one's ticket",
    description: `Closes ticket \`id\`; already closed answers 409, another's 404. ${T}`,
    errors: [409],
  },
  'POST /api/user/tickets/{id}/rating': {
    id: 'tickets.rate',
    summary: 'Rate the support of a resolved ticket',
    description: `A rating and optional comment on one's resolved or closed ticket; not resolved yet answers 409, another's 404. ${T}`,
    errors: [409],
  },
  'GET /api/user_tickets/{id}': {
    id: 'tickets.listForUser',
    summary: "List a user's tickets (staff)",
    description: `The tickets of user \`id\`, paged and filtered like the staff's ticket list. Spec section 7, "Admin user overview".`,
  },
  'PUT /api/update_ticket/{id}': {
    id: 'tickets.update',
    summary: 'Change a ticket (staff)',
    description: `Subject, department, priority, assignee and status; a staff member outside the ticket's department answers 403, an unknown department or a status that cannot be set 422. Audited. ${T}`,
  },
  'PUT /api/ticket_status/{id}/{status}': {
    id: 'tickets.setStatus',
    summary: "Set a ticket's status (staff)",
    description: `Sets status \`status\` (1 to 5; Mark Resolved is 3, spec section 4); a status that cannot be set by hand answers 422. Audited. ${T}`,
  },
  'DELETE /api/ticket/{id}': {
    id: 'tickets.delete',
    summary: 'Delete an open ticket (staff)',
    description: `Only while its status is 1 (spec section 4: delete disabled above 1; otherwise 409). Audited. ${T}`,
    errors: [409],
  },
  'GET /api/tickets_stats': {
    id: 'tickets.getStats',
    summary: 'Ticket counts by status, priority and department (staff)',
    description: `The back-office's ticket figures, including response-time breaches. ${T}`,
  },
  'GET /api/tickets_departments': {
    id: 'tickets.listDepartments',
    summary: 'List ticket departments (staff)',
    description: `Departments with their assigned staff. ${T}`,
  },
  'POST /api/tickets_departments': {
    id: 'tickets.createDepartment',
    summary: 'Create a ticket department (staff)',
    description: `A department with a unique name (422 otherwise). Audited. ${T}`,
  },
  'PUT /api/tickets_departments/{id}': {
    id: 'tickets.updateDepartment',
    summary: 'Rename a ticket department (staff)',
    description: `A unique name (422 otherwise). Audited. ${T}`,
  },
  'DELETE /api/delete_department/{id}': {
    id: 'tickets.deleteDepartment',
    summary: 'Delete a ticket department (staff)',
    description: `Only when no ticket uses it (409 otherwise). Audited. ${T}`,
    errors: [409],
  },
  'POST /api/assign_admins_tickets_departments': {
    id: 'tickets.assignDepartmentStaff',
    summary: 'Add staff to a ticket department',
    description: `The staff members \`admin_ids\` handle the department's tickets; unknown ones answer 422, an unknown department 404. Audited. ${T}`,
    errors: [404],
  },
  'POST /api/remove_assigned_admins_tickets_departments': {
    id: 'tickets.removeDepartmentStaff',
    summary: 'Remove staff from a ticket department',
    description: `The reverse of assigning; an unknown department answers 404. Audited. ${T}`,
    errors: [404],
  },
  'GET /api/ticket_attachments/{id}': {
    id: 'tickets.downloadAttachment',
    summary: 'Download a ticket attachment',
    description: `The file with the type detected at upload and its sender's name (never rendered inline, never cached). Only for those who may read its ticket (internal notes' files for staff only); otherwise 404. ${T}`,
  },
  'GET /api/assigned_admins_q/{id}': {
    id: 'tickets.searchDepartmentStaff',
    summary: 'Search the staff of a department',
    description: `Staff assigned to department \`id\`, by name (\`q\`), at most \`limit\` (the ticket's assignee picker). ${T}`,
  },
  'POST /api/tickets/inbound-mail': {
    id: 'webhooks.receiveInboundMail',
    summary: 'Replies to ticket mails, from the mail provider',
    description: `The configured inbound provider posts a received mail (JSON, form or multipart, up to 30 MB); a reply to a ticket's address becomes a ticket reply with its attachments (quoted text removed, HTML sanitised). **Authenticated by the provider's signature**, not by a token: \`x-inbound-signature\` (\`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">\`, within 5 minutes) or the provider's own (Mailgun's signed token, Postmark's or SendGrid's basic credentials). A bad signature or body answers 400; inbound mail not configured 503. ${T}`,
    errors: [400],
  },
};
