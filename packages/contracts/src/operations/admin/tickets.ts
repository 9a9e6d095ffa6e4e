import type { OperationDocs } from '../types';
import { AUDITED, PAGED } from './common';

const TICKETS = 'Spec section 7 "Tickets"; issue 14 "Support tickets".';
const STATUSES = '1 Open, 2 In Progress, 3 Resolved, 4 Closed, 5 Waiting on User';
const LIST_FILTERS = `\`filter[status_id]\` (one or more of ${STATUSES}), \`filter[priority_id]\` (1 High, 2 Medium, 3 Low), \`filter[department_id]\`, \`filter[admin_id]\` (an id or \`none\`), \`filter[due]\` (\`overdue\` or \`soon\`); an unknown value answers 422 on \`filter.<name>\`, never ignored; \`q\`; order by the ticket columns (default newest first).`;
const LOOKUP = 'Query `q` and `limit` (default 20, at most 100).';

/** Support tickets: the spec's paths both apps call, and the staff desk (spec sections 2, 4, 6, 7; issue 14). */
export const ticketsOperations: OperationDocs = {
  'POST /api/tickets': {
    id: 'admin.tickets.create',
    summary: 'Open a support ticket',
    description: `Both apps: a user opens one for themselves; staff (\`tickets.add\`) open one for a user from the new-ticket form, \`user_id\` required. Body \`ticket_subject\` (at most 150), \`initial_message\` (at most 5000), \`department_id\`, \`priority_id\` (1 High, 2 Medium, 3 Low, default 3), \`campaign_id\` or \`custom_campaign_id\` (one of the user's own), \`admin_id\` (staff only) and \`attachments\` (at most 5 uploaded keys, png, jpeg, gif or pdf, 10 MB each). Without \`admin_id\` the ticket goes to the department's admin with the fewest open tickets; due times come from the priority's settings. The assignee (or the department's admins) and, for a ticket staff opened, the user are told in-app and by mail. Answers \`{ id }\`. Field errors 422. Spec section 5 "Ticket form"; ${TICKETS}`,
    examples: {
      request: {
        user_id: 1042,
        ticket_subject: 'Payment not credited',
        initial_message: 'My card was charged but the coins are missing.',
        department_id: 2,
        priority_id: 2,
      },
      response: { data: { id: 733 } },
    },
  },
  'POST /api/ticket_reply': {
    id: 'admin.tickets.reply',
    summary: 'Add a message to a ticket',
    description: `Both apps. Body \`ticket_id\`, \`message\` (at most 5000), \`is_internal\` (staff only: an internal note, never shown to the user; a user sending it answers 422) and \`attachments\` (at most 5, as when opening). A user writes only on their own ticket (another's answers 404), which reopens it (2 In Progress) when it was waiting on them, resolved or closed; a staff reply moves it to 5 Waiting on User (pausing the time promises) and counts as its first response. The other side is told in-app and by mail. Answers \`{ id }\`. ${TICKETS}`,
    examples: {
      request: {
        ticket_id: 733,
        message: 'We have credited the coins; please check your wallet.',
        is_internal: false,
      },
    },
  },
  'GET /api/ticket_replies/{id}': {
    id: 'admin.tickets.listReplies',
    summary: "Read a ticket's conversation",
    description: `Both apps: the messages of ticket \`{id}\`, oldest first, with their attachments. A user reads only their own ticket's (another's answers 404) and never an internal note (filtered in SQL). ${TICKETS}`,
  },
  'GET /api/ticket/{id}': {
    id: 'admin.tickets.get',
    summary: 'Read a ticket',
    description: `Both apps: subject, message, department, priority and status badges, assignee, campaign, attachments, due times, created date. A user reads only their own (another's answers 404, never 403). Spec section 3 "Ticket" and section 2 "/tickets/details/{id}"; ${TICKETS}`,
  },
  'GET /api/tickets_status_q': {
    id: 'admin.tickets.listStatuses',
    summary: 'List ticket statuses with their badges',
    description: `Both apps: ${STATUSES}, each with its label in the reader's language and colour. ${LOOKUP} Spec section 7 "Lookups: tickets_status_q".`,
  },
  'GET /api/tickets_status_q_for_edit': {
    id: 'admin.tickets.listEditableStatuses',
    summary: 'List the ticket statuses staff may set',
    description: `Both apps: the statuses the Edit Ticket panel offers (Open is never set by staff), with labels and colours. ${LOOKUP} Spec section 7 "Lookups: tickets_status_q_for_edit".`,
  },
  'GET /api/tickets_priority_q': {
    id: 'admin.tickets.listPriorities',
    summary: 'List ticket priorities with their badges',
    description: `Both apps: 1 High, 2 Medium, 3 Low, each with its label in the reader's language and colour. ${LOOKUP} Spec section 7 "Lookups: tickets_priority_q".`,
  },
  'GET /api/tickets_department_q': {
    id: 'admin.tickets.searchDepartments',
    summary: 'Search ticket departments for a picker',
    description: `Both apps: departments whose name (in the reader's language, English where it has none) contains \`q\`, ordered as shown. ${LOOKUP} Spec section 7 "Lookups: tickets_department_q".`,
  },
  'GET /api/campaign/getUserCampaignWithQ/{id}': {
    id: 'admin.tickets.searchUserCampaigns',
    summary: "Search a user's campaigns for the ticket form",
    description: `Both apps: user \`{id}\`'s own campaigns, newest first: express campaigns as artist or seller with their platform and, with \`include_custom=1\`, the artist's custom campaigns; \`q\` matches the song or the number. A user may only name themself (another id answers 404). ${LOOKUP} Spec section 7 "Lookups: campaign/getUserCampaignWithQ/{id}".`,
  },
  'GET /api/ticket_attachments/{id}': {
    id: 'admin.tickets.downloadAttachment',
    summary: 'Download a ticket attachment',
    description: `Both apps: the file's bytes with its type and a \`Content-Disposition\` name. A user downloads only attachments of their own tickets, on the ticket or on a message that is not an internal note; others answer 404, so existence is not revealed. Issue 14 "Tickets: attachments and inbound mail".`,
  },
  'GET /api/admin/tickets': {
    id: 'admin.tickets.list',
    summary: 'List every ticket',
    description: `The staff desk: ${LIST_FILTERS} ${PAGED} Spec section 2 "/tickets/list"; ${TICKETS}`,
  },
  'GET /api/user_tickets/{id}': {
    id: 'admin.tickets.listForUser',
    summary: "List one user's tickets",
    description: `The Tickets tab of the user overview. ${LIST_FILTERS} ${PAGED} Spec section 7 "Admin user overview: user_tickets/{id}".`,
  },
  'PUT /api/update_ticket/{id}': {
    id: 'admin.tickets.update',
    summary: "Change a ticket's department, priority, status or assignee",
    description: `The Edit Ticket side panel: \`department_id\`, \`priority_id\`, \`status_id\`, \`admin_id\` (null: unassigned). A status change also needs \`tickets.status.edit\` (403 otherwise); a priority change moves the due times; a department change hands the ticket to the new department's least busy admin unless an assignee is named or the current one belongs to it. A new assignee is told. ${AUDITED} Spec section 2 "Edit Ticket side panel"; ${TICKETS}`,
    examples: { request: { department_id: 2, priority_id: 1, status_id: 2, admin_id: 5 } },
  },
  'PUT /api/ticket_status/{id}/{status}': {
    id: 'admin.tickets.setStatus',
    summary: "Set a ticket's status",
    description: `\`{status}\` 2 to 5 (${STATUSES}; Open is not set by staff: 422 on \`status\`). Mark Resolved is 3; resolving tells the user and asks for a rating. ${AUDITED} Spec section 4 "Ticket: Mark Resolved sets status 3"; ${TICKETS}`,
  },
  'DELETE /api/ticket/{id}': {
    id: 'admin.tickets.delete',
    summary: 'Delete an open ticket',
    description: `Only while Open (spec section 4: delete disabled above 1): 409 \`tickets.delete_not_open\`, also when a reply arrives meanwhile. ${AUDITED} ${TICKETS}`,
    errors: [409],
  },
  'GET /api/tickets_stats': {
    id: 'admin.tickets.getStats',
    summary: 'Read the support desk figures',
    description: `Open and overdue tickets, counts by department and priority, response and resolution times and satisfaction, now on the product's clock. ${TICKETS}`,
  },
  'GET /api/tickets_departments': {
    id: 'admin.tickets.listDepartments',
    summary: 'List ticket departments with their admins and counts',
    description: `Every department by name with its translations, admins, open and total tickets. Spec section 2 "/tickets/departments"; ${TICKETS}`,
  },
  'POST /api/tickets_departments': {
    id: 'admin.tickets.createDepartment',
    summary: 'Create a ticket department',
    description: `Body \`department_name\` (at most 100, unique in any case: 422 \`tickets.department_exists\`) and \`translations\` (fr, de, ar, tr). Answers \`{ id }\`. ${AUDITED} ${TICKETS}`,
  },
  'PUT /api/tickets_departments/{id}': {
    id: 'admin.tickets.updateDepartment',
    summary: 'Rename a ticket department',
    description: `The same body and rules as creating. Answers \`{ id }\`. ${AUDITED} ${TICKETS}`,
  },
  'DELETE /api/delete_department/{id}': {
    id: 'admin.tickets.deleteDepartment',
    summary: 'Delete a ticket department no ticket uses',
    description: `Tickets keep their department for history, so a department in use answers 409 \`tickets.department_in_use\` (move its tickets first). ${AUDITED} ${TICKETS}`,
    errors: [409],
  },
  'POST /api/assign_admins_tickets_departments': {
    id: 'admin.tickets.assignDepartmentAdmins',
    summary: 'Assign admins to a ticket department',
    description: `Body \`department_id\` and \`admin_ids\` (active admins, at most 100; 422 on \`admin_ids\` otherwise). Assigning twice is a no-op. 404 for an unknown department (no path parameter). ${AUDITED} ${TICKETS}`,
    errors: [404],
  },
  'POST /api/remove_assigned_admins_tickets_departments': {
    id: 'admin.tickets.removeDepartmentAdmins',
    summary: 'Remove admins from a ticket department',
    description: `Body \`department_id\` and \`admin_ids\`. Tickets already assigned keep their assignee. 404 for an unknown department (no path parameter). ${AUDITED} ${TICKETS}`,
    errors: [404],
  },
  'GET /api/assigned_admins_q/{id}': {
    id: 'admin.tickets.searchDepartmentAdmins',
    summary: "Search a department's admins for a picker",
    description: `The admins of department \`{id}\` whose name matches \`q\`. ${LOOKUP} Spec section 7 "Tickets: assigned_admins_q/{id}".`,
  },
};
