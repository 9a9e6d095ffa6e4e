import type { OperationDocs } from '../types';
import { AUDITED, EXPORTED, PAGED } from './common';

const TICKETS = 'Spec section 7 "Tickets"; issue 14 "Support tickets".';
const STATUSES = '1 Open, 2 In Progress, 3 Resolved, 4 Closed, 5 Waiting on User';
const LIST_FILTERS = `\`filter[status_id]\` (one or more of ${STATUSES}), \`filter[priority_id]\` (1 High, 2 Medium, 3 Low), \`filter[department_id]\`, \`filter[admin_id]\` (an id or \`none\`), \`filter[due]\` (\`overdue\` or \`soon\`); an unknown value answers 422 on \`filter.<name>\`, never ignored; \`q\`; order by the ticket columns (default newest first).`;
const SAVED = 'Issue 36 "Helpdesk"; docs/decisions.md "Saved replies (issue 36)".';
const PLACEHOLDERS =
  'The body may hold the placeholders `{{user.name}}` (first name), `{{user.full_name}}`, `{{ticket.number}}`, `{{ticket.subject}}`, `{{ticket.department}}` and `{{agent.name}}`; any other `{{...}}` answers 422 `tickets.saved_reply_placeholder_unknown`.';
const BULK =
  'Body `ids` (1 to 100 ticket ids; 422 `bulk.none`, `bulk.too_many`). Each ticket runs through the single action (same rules, audit entry and notices; each in its own transaction with the ticket locked, so a ticket already changed by a concurrent run is left as it is), in the order given. Answers per id `ok` or the refusal with its key and words (`errors.not_found`...), and the counts.';
const _LOOKUP = 'Query `q` and `limit` (default 20, at most 100).';

/** Support tickets: the spec's paths both apps call, and the staff desk (spec sections 2, 4, 6, 7; issue 14). */
export const ticketsOperations: OperationDocs = {
  'GET /api/admin/tickets/export.csv': {
    id: 'admin.tickets.exportCsv',
    summary: 'Export tickets as CSV',
    description: `The tickets the list's \`q\` and filters select, in its order: number, opened, subject, user, department, assignee, priority and status codes, campaign, last reply, first response, resolution and next deadline. ${EXPORTED} Spec section 7 "Tickets".`,
    errors: [422, 429],
  },
  'POST /api/admin/tickets/bulk/status': {
    id: 'admin.tickets.bulkStatus',
    summary: 'Set the status of several tickets',
    description: `${BULK} \`status_id\`: 2 In Progress, 3 Resolved, 4 Closed or 5 Waiting on User (Open only comes from a new ticket: 422 \`tickets.status_not_settable\`). As \`PUT ticket_status/{id}/{status}\`: needs \`tickets.status.edit\`, resolving tells the user and asks for a rating, a ticket already in that status is left as it is. ${AUDITED} Issue 36 "Lists"; ${TICKETS}`,
    examples: { request: { ids: [12, 13], status_id: 3 } },
  },
  'POST /api/admin/tickets/bulk/priority': {
    id: 'admin.tickets.bulkPriority',
    summary: 'Set the priority of several tickets',
    description: `${BULK} \`priority_id\`: 1 High, 2 Medium, 3 Low (422 \`tickets.priority_required\`). As \`PUT update_ticket/{id}\`: needs \`tickets.edit\`; the due times move with the priority. ${AUDITED} Issue 36 "Lists"; ${TICKETS}`,
    examples: { request: { ids: [12, 13], priority_id: 1 } },
  },
  'POST /api/admin/tickets/bulk/assignee': {
    id: 'admin.tickets.bulkAssignee',
    summary: 'Assign several tickets',
    description: `${BULK} \`admin_id\`: the staff member to assign, or null to leave the tickets unassigned; one who is not an active staff member answers 422 \`tickets.admin_unknown\` and changes nothing. As \`PUT update_ticket/{id}\`: needs \`tickets.edit\`; the new assignee is told (unless it is the caller). ${AUDITED} Issue 36 "Lists"; ${TICKETS}`,
    examples: { request: { ids: [12, 13], admin_id: 4 } },
  },
  'GET /api/admin/tickets': {
    id: 'admin.tickets.list',
    summary: 'List every ticket',
    description: `The staff desk: ${LIST_FILTERS} ${PAGED} Spec section 2 "/tickets/list"; ${TICKETS}`,
  },
  'GET /api/admin/ticket-saved-replies': {
    id: 'admin.tickets.listSavedReplies',
    summary: 'List the saved replies',
    description: `Every saved reply with its texts in every language: those for every department first, then by department and title. ${SAVED}`,
  },
  'POST /api/admin/ticket-saved-replies': {
    id: 'admin.tickets.createSavedReply',
    summary: 'Create a saved reply',
    description: `A title (at most 100 characters) and a body (at most 5,000) in English, the other languages in \`translations\` (a missing one falls back to English), and \`department_id\` (null: every department). ${PLACEHOLDERS} A title used twice in one department, or an unknown department, answers 422. Audited. ${SAVED}`,
  },
  'PUT /api/admin/ticket-saved-replies/{id}': {
    id: 'admin.tickets.updateSavedReply',
    summary: 'Edit a saved reply',
    description: `Replaces the reply's title, body, translations and department, with the rules of creating one. Audited. ${SAVED}`,
  },
  'DELETE /api/admin/ticket-saved-replies/{id}': {
    id: 'admin.tickets.deleteSavedReply',
    summary: 'Delete a saved reply',
    description: `Answers already sent keep their text. Audited. ${SAVED}`,
  },
  'GET /api/admin/tickets/{id}/saved-replies': {
    id: 'admin.tickets.fillSavedReplies',
    summary: "List a ticket's saved replies, filled in",
    description: `The saved replies of the ticket's department and those for every department, ready to insert into an answer: the title in the caller's language, the body in the ticket user's language (\`language\`; English when the reply has no text in it) with its placeholders filled. Needs \`tickets.add\` (whoever may answer). ${SAVED}`,
  },
};
